import { FUND_ROLES } from './fundRoles.ts';

type Changes = Record<string, { from: unknown; to: unknown }>;

const isClientId = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v > 0;
const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * History fields whose values are client ids: `client_id` of a role, panel seat or dd comment, and
 * the roles of `fund_info` as the history shows them part by part (`fund_info.panel`).
 */
export function isClientField(field: string): boolean {
  if (field === 'client_id') return true;
  const [head, role, ...rest] = field.split('.');
  return head === 'fund_info' && rest.length === 0 && (FUND_ROLES as readonly string[]).includes(role ?? '');
}

/** Every client id a history entry's changes mention (once each), so their names can be sent along. */
export function clientIdsInChanges(changes: Changes): number[] {
  const ids = new Set<number>();
  const add = (v: unknown) => {
    if (isClientId(v)) ids.add(v);
    else if (Array.isArray(v)) for (const x of v) if (isClientId(x)) ids.add(x);
  };
  for (const [field, change] of Object.entries(changes)) {
    for (const value of [change.from, change.to]) {
      if (field === 'client_id') add(value);
      else if (field === 'fund_info' && isRecord(value)) for (const role of FUND_ROLES) add(value[role]);
    }
  }
  return [...ids];
}
