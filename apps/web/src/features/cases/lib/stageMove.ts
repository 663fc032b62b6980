import {
  type CaseStage,
  classifyMove,
  STAGE_REQUIREMENT_LABELS,
  STAGE_REQUIREMENTS,
  type StageRequirement,
} from '@dealflow/domain';
import { ApiError } from '../../../shared/api/index.ts';
import type { Language } from '../../../shared/i18n/index.ts';

/** The refusal codes of a stage move (caseStageRules.ts) plus a plain 403. */
export const STAGE_REFUSAL_CODES = [
  'STAGE_MOVE_NOT_ALLOWED',
  'STAGE_REASON_REQUIRED',
  'STAGE_REQUIREMENTS_MISSING',
  'FORBIDDEN',
] as const;
export type StageRefusalCode = (typeof STAGE_REFUSAL_CODES)[number];

export interface StageRefusal {
  code: StageRefusalCode;
  missing: StageRequirement[];
}

const isRequirement = (v: unknown): v is StageRequirement =>
  (STAGE_REQUIREMENTS as readonly unknown[]).includes(v);

/** A refused move as the server answers it (409 or 403 with `details.missing`); null for other errors. */
export function stageRefusal(error: unknown): StageRefusal | null {
  if (!(error instanceof ApiError)) return null;
  const code = (STAGE_REFUSAL_CODES as readonly (string | null)[]).includes(error.code)
    ? (error.code as StageRefusalCode)
    : null;
  if (!code) return null;
  const details = error.details;
  const raw =
    typeof details === 'object' && details !== null && 'missing' in details
      ? (details as { missing: unknown }).missing
      : [];
  return { code, missing: Array.isArray(raw) ? raw.filter(isRequirement) : [] };
}

/** What each missing requirement asks for, in the current language, as the domain phrases it. */
export function requirementTexts(missing: readonly StageRequirement[], language: Language): string[] {
  return missing.map((key) => STAGE_REQUIREMENT_LABELS[key][language]);
}

/** Backward moves and archiving need a reason, so the modal asks before the call (the server checks too). */
export function moveNeedsReason(from: CaseStage, to: CaseStage, droppedFrom: CaseStage | null): boolean {
  const kind = classifyMove(from, to, droppedFrom);
  return kind === 'backward' || kind === 'drop';
}
