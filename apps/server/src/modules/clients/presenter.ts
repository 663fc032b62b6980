import type {
  Client,
  ClientLogEntry,
  ClientName,
  ClientSummary,
  ContactStage,
  MembershipTier,
} from '@dealflow/domain';
import { presentLogEntry } from '../cases/presenter.ts';
import type { ClientNameRow, ClientRow, ClientSummaryRow } from './repository.ts';

export function presentClientName(row: ClientNameRow): ClientName {
  return { id: row.id, name: row.name, membership: row.membership };
}

const iso = (d: Date | null) => (d === null ? null : d.toISOString());
/** A timestamp from json_build_object (written in the session's time zone) as ISO 8601 UTC. */
const isoOf = (value: string | null) => (value === null ? null : new Date(value).toISOString());

/** The profile both shapes share; `has_login` is whether a password is set (never the password). */
function profile(
  row: Omit<ClientSummaryRow, 'employee_name' | 'invest_money' | 'invested' | 'next_todo' | 'has_login'>,
  employeeName: string | null,
  hasLogin: boolean,
) {
  return {
    id: row.id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    name: row.name,
    type: row.type,
    status: row.status as Client['status'],
    phone: row.phone,
    membership: row.membership as MembershipTier,
    process_status: row.process_status as ContactStage,
    dropped_from: (row.dropped_from as ContactStage | null) ?? null,
    stage_entered_at: row.stage_entered_at.toISOString(),
    investe_startup: row.investe_startup,
    scale: row.scale,
    check_size: row.check_size,
    currency: row.currency,
    domain_keys: row.domain_keys,
    industry_keys: row.industry_keys,
    employee_id: row.employee_id,
    employee: row.employee_id === null ? null : { id: row.employee_id, name: employeeName ?? '' },
    expiry_at: iso(row.expiry_at),
    next_step: row.next_step,
    application_status: row.application_status ?? null,
    has_login: hasLogin,
    is_deleted: row.is_deleted,
    deleted_at: iso(row.deleted_at),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

export function presentClient(row: ClientRow, employeeName: string | null): Client {
  return {
    ...profile(row, employeeName, row.password_hash !== null),
    must_change_password: row.must_change_password,
    last_login_at: iso(row.last_login_at),
  };
}

export function presentClientSummary(row: ClientSummaryRow): ClientSummary {
  // The list's fields go onto the profile object itself: spreading it into a new object cost more
  // than the rest of presenting a page of ten.
  const summary = profile(row, row.employee_name, row.has_login) as ClientSummary;
  summary.invest_money = row.invest_money;
  // jsonb numbers arrive as numbers (money_by_currency sums are written as JSON numbers).
  summary.invested = row.invested;
  summary.next_todo = row.next_todo
    ? { id: row.next_todo.id, title: row.next_todo.title, due_at: isoOf(row.next_todo.due_at) }
    : null;
  return summary;
}

/** A history entry shaped like a case's; owners an `employee_id` change mentions are named. */
export function presentClientLogEntry(
  row: Parameters<typeof presentLogEntry>[0],
  employeeNames: ReadonlyMap<number, string>,
): ClientLogEntry {
  const names: Record<string, string> = {};
  for (const id of ownerIdsInChanges(row.changes)) {
    const name = employeeNames.get(id);
    if (name !== undefined) names[id] = name;
  }
  return { ...presentLogEntry(row, new Map()), employee_names: names };
}

/** The employee ids an owner change mentions (from and to). */
export function ownerIdsInChanges(changes: Record<string, { from: unknown; to: unknown }>): number[] {
  const change = changes.employee_id;
  if (!change) return [];
  return [change.from, change.to].filter((v): v is number => typeof v === 'number');
}
