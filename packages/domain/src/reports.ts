import { CONTACT_STAGE_PATH } from './clientRules.ts';
import { CASE_STAGES, CONTACT_STAGES, type CaseStage, type ContactStage } from './stages.ts';

/**
 * Reports and daily snapshots (issue 10). A snapshot day holds the counts as they stood at the end
 * of that day in the report time zone; today's figures are always live. These are the rules both
 * the server (the job that stores the days, the routes that read them) and the web rely on.
 */

/** The stages a case is "in progress" in: under evaluation or negotiation, not yet invested. */
export const CASES_IN_PROGRESS = ['s0', 's1', 's2', 's3', 's4'] as const satisfies readonly CaseStage[];

/** The longest period a report may span (3 years and a leap day): longer asks are refused. */
export const REPORT_MAX_DAYS = 1096;
/** The status series' period when none is given: the last 30 days, today included. */
export const REPORT_DEFAULT_DAYS = 30;
/** `stuck_days` when none is given. */
export const STUCK_DAYS_DEFAULT = 30;
/** How many stuck items an analytics answer lists (the longest stuck first); `stuck.total` counts all. */
export const STUCK_LIST_LIMIT = 50;
/** Activity feeds count their entries up to this many (a feed is read from the top). */
export const ACTIVITY_COUNT_CAP = 10_000;

/**
 * What a snapshot row counts. Every dimension is split by stage (`stage`), so a report can show
 * the whole pipeline or any part of it (in progress, not dropped…) without storing it twice.
 * `key` names the group: '' for the status dimensions and for "none" (no AO, no round, no domain,
 * no owner). Amounts are summed per currency: `fund_raising` for cases, `check_size` for clients.
 * `cases.moves` is a flow, not a stock: cases moved into `stage` that day, with their `funding`.
 */
export const SNAPSHOT_DIMENSIONS = [
  'cases.status',
  'cases.ao',
  'cases.round',
  'cases.domain',
  'cases.moves',
  'clients.status',
  'clients.type',
  'clients.domain',
  'clients.owner',
] as const;
export type SnapshotDimension = (typeof SNAPSHOT_DIMENSIONS)[number];

/** One counted group of a dimension. */
export interface SnapshotCell {
  dimension: SnapshotDimension;
  key: string;
  stage: string;
}

/** What the reports know of a case: the fields its counts depend on. */
export interface CaseReportFacts {
  status: string;
  is_deleted: boolean;
  ao_id: number | null;
  round: string | null;
  domain_keys: readonly string[];
  fund_raising: number | null;
  funding: number | null;
  currency: string;
}

/** What the reports know of an investor client. */
export interface ClientReportFacts {
  process_status: string;
  is_deleted: boolean;
  membership: string;
  domain_keys: readonly string[];
  employee_id: number | null;
  check_size: number | null;
  currency: string;
}

/** One unit a live item adds to a cell, with its amount (in `currency`). */
export interface Contribution extends SnapshotCell {
  currency: string;
  amount: number;
}

const keysOf = (keys: readonly string[]): string[] => {
  const unique = [...new Set(keys.filter((k) => typeof k === 'string'))];
  return unique.length > 0 ? unique : [''];
};

/** The cells a case counts in (none once deleted). A case with several domains counts in each. */
export function caseContributions(c: CaseReportFacts): Contribution[] {
  if (c.is_deleted) return [];
  const base = { stage: c.status, currency: c.currency, amount: c.fund_raising ?? 0 };
  return [
    { dimension: 'cases.status', key: '', ...base },
    { dimension: 'cases.ao', key: c.ao_id === null ? '' : String(c.ao_id), ...base },
    { dimension: 'cases.round', key: c.round ?? '', ...base },
    ...keysOf(c.domain_keys).map((key) => ({ dimension: 'cases.domain' as const, key, ...base })),
  ];
}

/** The cells a client counts in (none once deleted). */
export function clientContributions(c: ClientReportFacts): Contribution[] {
  if (c.is_deleted) return [];
  const base = { stage: c.process_status, currency: c.currency, amount: c.check_size ?? 0 };
  return [
    { dimension: 'clients.status', key: '', ...base },
    { dimension: 'clients.type', key: c.membership, ...base },
    { dimension: 'clients.owner', key: c.employee_id === null ? '' : String(c.employee_id), ...base },
    ...keysOf(c.domain_keys).map((key) => ({ dimension: 'clients.domain' as const, key, ...base })),
  ];
}

/** A stage move of a case counts once in `cases.moves` on its day, with the case's funding. */
export function caseMoveContribution(after: CaseReportFacts): Contribution | null {
  if (after.is_deleted) return null;
  return {
    dimension: 'cases.moves',
    key: after.status,
    stage: after.status,
    currency: after.currency,
    amount: after.funding ?? 0,
  };
}

// ── Days ─────────────────────────────────────────────────────────────────────────────────────

const DAY_MS = 86_400_000;
const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether a `YYYY-MM-DD` string names a real calendar day. */
export function isCalendarDate(value: string): boolean {
  const m = DATE_RE.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === value;
}

/** `YYYY-MM-DD` plus `days` (negative to go back). */
export function addDays(day: string, days: number): string {
  const t = Date.parse(`${day}T00:00:00Z`);
  return new Date(t + days * DAY_MS).toISOString().slice(0, 10);
}

/** Days from `a` to `b` (`b - a`; 0 for the same day). */
export function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / DAY_MS);
}

/** Every day from `start` to `end`, both included, in order. */
export function daysFrom(start: string, end: string): string[] {
  const n = daysBetween(start, end);
  return Array.from({ length: Math.max(0, n + 1) }, (_, i) => addDays(start, i));
}

/** The calendar day an instant falls on in a time zone (an IANA name such as Asia/Taipei). */
export function dayInTimeZone(at: Date, timeZone: string): string {
  // en-CA formats as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);
}

/** Whether the runtime knows this IANA time zone. */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-CA', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

// ── Pipelines the analytics read ───────────────────────────────────────────────────────────────

/**
 * A pipeline for the analytics: its forward `path` (conversion is from each stage to the next),
 * the stage items leave it for (`drop`, off the path), and the stages an item can be "stuck" in
 * (the last stages are where items stay by design: post-investment, disposal, retention).
 */
export interface PipelineDefinition<S extends string = string> {
  path: readonly S[];
  drop: S;
  stuckStages: readonly S[];
}

export const CASE_PIPELINE: PipelineDefinition<CaseStage> = {
  path: CASE_STAGES.filter((s) => s !== 'drop'),
  drop: 'drop',
  stuckStages: ['draft', 's0', 's1', 's2', 's3', 's4'],
};

export const CONTACT_PIPELINE: PipelineDefinition<ContactStage> = {
  path: CONTACT_STAGE_PATH,
  drop: 'drop',
  stuckStages: ['p0', 'p1', 'p2', 'p3', 'p4', 'p5'],
};

/** Contact stages in the order reports show them (the path, then drop). */
export const CONTACT_REPORT_STAGES: readonly ContactStage[] = CONTACT_STAGES;
