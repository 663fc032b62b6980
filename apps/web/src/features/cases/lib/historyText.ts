import { CASE_STAGES, type CaseLogEntry, formatDateTime } from '@dealflow/domain';

export interface ChangeLine {
  /** Field path: `overview`, or `term_sheet.total_amount` for a part of a JSON field. */
  field: string;
  from: unknown;
  to: unknown;
}

/** Fields holding JSON objects are shown part by part, so "term sheet changed" says which term. */
const NESTED = new Set(['term_sheet', 'business_plan', 'fund_info', 'company']);
const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
/** Missing, null, blank and an empty list all read as "nothing". */
const same = (a: unknown, b: unknown) => {
  const n = (v: unknown) => (v === undefined || v === '' || (Array.isArray(v) && v.length === 0) ? null : v);
  return JSON.stringify(n(a)) === JSON.stringify(n(b));
};

/** The lines of one history entry: every changed field (ids of items left out), nested objects flattened. */
export function changeLines(entry: CaseLogEntry): ChangeLine[] {
  const lines: ChangeLine[] = [];
  for (const [field, change] of Object.entries(entry.changes)) {
    if (field === 'id' || (entry.action !== 'create' && field === 'updated_at')) continue;
    // A startup's proposal and its comments are read on the 新創更新 tab; the history says that
    // they changed (the action), not their raw content.
    if (
      entry.action.startsWith('review.') &&
      (field === 'update_content' || field === 'comment' || field.startsWith('comment.'))
    )
      continue;
    if (NESTED.has(field) && (isRecord(change.from) || isRecord(change.to))) {
      const from = isRecord(change.from) ? change.from : {};
      const to = isRecord(change.to) ? change.to : {};
      for (const key of new Set([...Object.keys(from), ...Object.keys(to)])) {
        if (!same(from[key], to[key]))
          lines.push({ field: `${field}.${key}`, from: from[key] ?? null, to: to[key] ?? null });
      }
      continue;
    }
    if (!same(change.from, change.to)) lines.push({ field, from: change.from, to: change.to });
  }
  return lines;
}

/**
 * A client id, or a role's list of them, by name: `names` is what the server sent with the
 * history entry (`client_names`); an id it could not name reads as `unknown(id)`.
 */
export function clientsText(
  value: unknown,
  names: Readonly<Record<string, string>>,
  words: { none: string; unknown: (id: number) => string },
): string | null {
  const one = (id: number) => names[id] ?? words.unknown(id);
  if (value === null || value === undefined) return words.none;
  if (typeof value === 'number') return one(value);
  if (Array.isArray(value) && value.every((v) => typeof v === 'number'))
    return value.length === 0 ? words.none : value.map(one).join('、');
  return null;
}

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const MAX_TEXT = 140;

/** A value as one short line: stages by name, instants as dates, long texts cut. */
export function valueText(
  value: unknown,
  words: { none: string; yes: string; no: string; stage: (s: (typeof CASE_STAGES)[number]) => string },
): string {
  if (value === null || value === undefined || value === '') return words.none;
  if (typeof value === 'boolean') return value ? words.yes : words.no;
  if (typeof value === 'string') {
    if ((CASE_STAGES as readonly string[]).includes(value))
      return words.stage(value as (typeof CASE_STAGES)[number]);
    if (ISO_INSTANT.test(value)) return formatDateTime(value) || value;
    return value.length > MAX_TEXT ? `${value.slice(0, MAX_TEXT)}…` : value;
  }
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) {
    if (value.length === 0) return words.none;
    return value
      .map((v) =>
        isRecord(v) && 'name' in v
          ? `${String(v.name)}${'shares' in v ? ` (${String(v.shares)})` : ''}`
          : String(v),
      )
      .join('、');
  }
  // A file of the term sheet (stored or typed) reads as its name, never its id or path.
  if (isRecord(value) && typeof value.name === 'string' && value.name.trim()) return value.name;
  const json = JSON.stringify(value);
  return json.length > MAX_TEXT ? `${json.slice(0, MAX_TEXT)}…` : json;
}
