import type { StaffRole } from './roles.ts';
import { CASE_STAGES, type CaseStage } from './stages.ts';

/**
 * Stage moves of a case. SPEC section 4 leaves the transition rules open, so they are ours
 * (issue 3, "Stage moves"); they live here as data so the server enforces them and the board
 * shades its columns from the same source.
 */

/** The forward path. drop is off the path: any stage may leave for it, and only a restore comes back. */
export const CASE_STAGE_PATH = [
  'draft',
  's0',
  's1',
  's2',
  's3',
  's4',
  'after_invest',
  'finish',
] as const satisfies readonly CaseStage[];

/** Every requirement a stage can set on a case entering it; the keys are what a refused move lists. */
export const STAGE_REQUIREMENTS = [
  'name',
  'overview',
  'fund_raising',
  'ao',
  'term_sheet.total_amount',
  'term_sheet.type_of_security',
  'term_sheet.investment_amount',
  'funding',
] as const;
export type StageRequirement = (typeof STAGE_REQUIREMENTS)[number];

/**
 * What a case must have to enter each stage. Only the target stage's own list is checked, so
 * data missing from earlier stages does not block a later move (it was checked on the way in).
 */
export const STAGE_ENTRY_REQUIREMENTS: Record<CaseStage, readonly StageRequirement[]> = {
  draft: [],
  s0: ['name'],
  s1: ['overview', 'fund_raising'],
  s2: ['ao'],
  s3: ['term_sheet.total_amount', 'term_sheet.type_of_security'],
  s4: ['term_sheet.investment_amount'],
  after_invest: ['funding'],
  finish: [],
  drop: [],
};

/** Phrased as what to do, because the board shows them to the person whose move was refused. */
export const STAGE_REQUIREMENT_LABELS: Record<StageRequirement, { 'zh-TW': string; en: string }> = {
  name: { 'zh-TW': '填寫公司名稱', en: 'Enter the company name' },
  overview: { 'zh-TW': '填寫案件概述', en: 'Write the case overview' },
  fund_raising: { 'zh-TW': '填寫募資金額（大於 0）', en: 'Enter the amount being raised (more than 0)' },
  ao: { 'zh-TW': '指派負責的投資經理 (AO)', en: 'Assign an account officer (AO)' },
  'term_sheet.total_amount': {
    'zh-TW': '在投資條件書填寫總金額（大於 0）',
    en: 'Enter the total amount in the term sheet (more than 0)',
  },
  'term_sheet.type_of_security': {
    'zh-TW': '在投資條件書填寫證券類型',
    en: 'Enter the type of security in the term sheet',
  },
  'term_sheet.investment_amount': {
    'zh-TW': '在投資條件書填寫投資金額（大於 0）',
    en: 'Enter the investment amount in the term sheet (more than 0)',
  },
  funding: { 'zh-TW': '填寫實際投資金額（大於 0）', en: 'Enter the amount funded (more than 0)' },
};

export interface StageMoveFacts {
  /** Current stage. */
  status: CaseStage;
  /** Stage a dropped case left; null when unknown (for example a case created as dropped). */
  droppedFrom: CaseStage | null;
  name: string | null;
  overview: string | null;
  fundRaising: number | null;
  aoId: number | null;
  agentIds: readonly number[];
  funding: number | null;
  /** May hold total_amount, type_of_security, investment_amount; numbers may arrive as numeric strings. */
  termSheet: Record<string, unknown>;
}

export interface StageMoveActor {
  id: number;
  role: StaffRole;
}

export type StageMoveKind = 'forward' | 'backward' | 'drop' | 'restore';

export type StageMoveDecision =
  | { ok: true; kind: StageMoveKind; reasonRequired: boolean }
  | {
      ok: false;
      code: 'FORBIDDEN' | 'STAGE_MOVE_NOT_ALLOWED' | 'STAGE_REASON_REQUIRED' | 'STAGE_REQUIREMENTS_MISSING';
      missing: StageRequirement[];
    };

/** Moves that undo progress or archive a case need a reason, so the history explains them. */
const REASON_REQUIRED: Record<StageMoveKind, boolean> = {
  forward: false,
  backward: true,
  drop: true,
  restore: false,
};

/** Only moves into a stage are gated: stepping back or archiving must stay possible with data missing. */
const CHECKS_REQUIREMENTS: Record<StageMoveKind, boolean> = {
  forward: true,
  backward: false,
  drop: false,
  restore: true,
};

function pathIndex(stage: CaseStage): number {
  return (CASE_STAGE_PATH as readonly CaseStage[]).indexOf(stage);
}

/**
 * A forward jump is refused (one stage at a time), but the user still learns what every stage on
 * the way asks for, so the board can say what to fill in before taking the steps one by one.
 */
function missingAlongSkip(facts: StageMoveFacts, to: CaseStage): StageRequirement[] {
  const from = pathIndex(facts.status);
  const target = pathIndex(to);
  if (facts.status === 'drop' || from < 0 || target <= from + 1) return [];
  const missing = new Set<StageRequirement>();
  for (const stage of (CASE_STAGE_PATH as readonly CaseStage[]).slice(from + 1, target + 1)) {
    for (const m of missingRequirements(facts, stage)) missing.add(m);
  }
  return [...missing];
}

/** admin moves any case; an ao only the cases they run or help on; ir and sa work with investors, not cases. */
export function canMoveCase(
  actor: StageMoveActor,
  facts: Pick<StageMoveFacts, 'aoId' | 'agentIds'>,
): boolean {
  if (actor.role === 'admin') return true;
  if (actor.role === 'ao') return facts.aoId === actor.id || facts.agentIds.includes(actor.id);
  return false;
}

/** The kind of a move from one stage to another, or null when the move is not allowed at all. */
export function classifyMove(
  from: CaseStage,
  to: CaseStage,
  droppedFrom: CaseStage | null,
): StageMoveKind | null {
  if (from === 'drop') {
    // A case dropped before we tracked where it came from (or with corrupt data) restarts as a draft.
    const restoreTo = droppedFrom === null || droppedFrom === 'drop' ? 'draft' : droppedFrom;
    return to === restoreTo ? 'restore' : null;
  }
  if (to === 'drop') return 'drop';
  // A disposed case may only be reopened into post-investment management, not rewound further.
  if (from === 'finish') return to === 'after_invest' ? 'backward' : null;
  const step = pathIndex(to) - pathIndex(from);
  if (step === 1) return 'forward';
  if (step < 0) return 'backward';
  // Staying put (step 0) is not a move, and skipping stages would bypass their entry requirements.
  return null;
}

/** The stages a case may be moved to from its current stage (ignoring requirements and actor) — the board uses it to shade columns. */
export function allowedTargets(facts: Pick<StageMoveFacts, 'status' | 'droppedFrom'>): CaseStage[] {
  return CASE_STAGES.filter((to) => classifyMove(facts.status, to, facts.droppedFrom) !== null);
}

function isNonBlank(value: unknown): boolean {
  return typeof value === 'string' && value.trim() !== '';
}

/**
 * Plain decimals only ('1500000', '12.5'): the term sheet is free JSON and money columns may come
 * back from the database as strings, but '1e6', '0x10' or '1,000' are not amounts anyone typed.
 */
const DECIMAL = /^\d+(?:\.\d+)?$/;

function isPositiveAmount(value: unknown): boolean {
  if (typeof value === 'number') return Number.isFinite(value) && value > 0;
  if (typeof value === 'string') {
    const text = value.trim();
    return DECIMAL.test(text) && Number(text) > 0;
  }
  return false;
}

const REQUIREMENT_MET: Record<StageRequirement, (facts: StageMoveFacts) => boolean> = {
  name: (facts) => isNonBlank(facts.name),
  overview: (facts) => isNonBlank(facts.overview),
  fund_raising: (facts) => isPositiveAmount(facts.fundRaising),
  // typeof rather than !== null: a caller that forgot the field passes undefined, which is not an AO.
  ao: (facts) => typeof facts.aoId === 'number',
  'term_sheet.total_amount': (facts) => isPositiveAmount(facts.termSheet.total_amount),
  'term_sheet.type_of_security': (facts) => isNonBlank(facts.termSheet.type_of_security),
  'term_sheet.investment_amount': (facts) => isPositiveAmount(facts.termSheet.investment_amount),
  funding: (facts) => isPositiveAmount(facts.funding),
};

/** Every entry requirement of `to` the case does not meet, in the order of STAGE_ENTRY_REQUIREMENTS. */
export function missingRequirements(facts: StageMoveFacts, to: CaseStage): StageRequirement[] {
  return STAGE_ENTRY_REQUIREMENTS[to].filter((requirement) => !REQUIREMENT_MET[requirement](facts));
}

/**
 * Whether `actor` may move the case to `to`. Checked in the order a person would fix things:
 * who may act, whether the move exists, the reason, then the case's data — so a refusal names
 * the first obstacle, and all missing requirements at once.
 */
export function evaluateStageMove(input: {
  facts: StageMoveFacts;
  to: CaseStage;
  reason?: string | null;
  actor: StageMoveActor;
}): StageMoveDecision {
  const { facts, to, reason, actor } = input;
  if (!canMoveCase(actor, facts)) return { ok: false, code: 'FORBIDDEN', missing: [] };
  const kind = classifyMove(facts.status, to, facts.droppedFrom);
  if (kind === null)
    return { ok: false, code: 'STAGE_MOVE_NOT_ALLOWED', missing: missingAlongSkip(facts, to) };
  const reasonRequired = REASON_REQUIRED[kind];
  if (reasonRequired && !isNonBlank(reason)) return { ok: false, code: 'STAGE_REASON_REQUIRED', missing: [] };
  if (CHECKS_REQUIREMENTS[kind]) {
    const missing = missingRequirements(facts, to);
    if (missing.length > 0) return { ok: false, code: 'STAGE_REQUIREMENTS_MISSING', missing };
  }
  return { ok: true, kind, reasonRequired };
}
