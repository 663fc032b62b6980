import type {
  CaseStage,
  ClientCalendarEvent,
  ClientCaseDetail,
  ClientCaseEntry,
  ClientRole,
  FundRole,
} from '@dealflow/domain';
import { FUND_ROLES } from '@dealflow/domain';
import type { caseRoles } from '../../db/schema/index.ts';
import { iso, presentPerson } from '../items/presenter.ts';
import type { clientCase, clientCases, ClientEventView, RoleWithCase } from './repository.ts';

type RoleRow = typeof caseRoles.$inferSelect;

function roleFields(role: RoleRow): Omit<ClientRole, 'case'> {
  return {
    id: role.id,
    case_id: role.case_id,
    client_id: role.client_id,
    role: role.role,
    invest_money: role.invest_money,
    holdings_value: role.holdings_value,
    refunded_money: role.refunded_money,
    created_at: iso(role.created_at),
    updated_at: iso(role.updated_at),
  };
}

export function presentClientRole({ role, case: kase }: RoleWithCase): ClientRole {
  return { ...roleFields(role), case: { ...kase, status: kase.status as CaseStage } };
}

type CaseEntryRow = Awaited<ReturnType<typeof clientCases>>['rows'][number];

/** Roles in FUND_ROLES order: the lead first. */
const ordered = (roles: FundRole[]) =>
  [...roles].sort((a, b) => FUND_ROLES.indexOf(a) - FUND_ROLES.indexOf(b));

export function presentClientCaseEntry(row: CaseEntryRow): ClientCaseEntry {
  return { ...row, status: row.status as CaseStage, roles: ordered(row.roles) };
}

/** A sum over the roles that have the figure; null when none has it. */
function sumOf(roles: RoleRow[], pick: (r: RoleRow) => number | null): number | null {
  const known = roles.map(pick).filter((v): v is number => v !== null);
  // Summed in cents: the figures are stored with 2 decimals, and 0.1 + 0.2 must read 0.3.
  return known.length === 0 ? null : known.reduce((sum, v) => sum + Math.round(v * 100), 0) / 100;
}

export function presentClientCaseDetail(
  found: NonNullable<Awaited<ReturnType<typeof clientCase>>>,
): ClientCaseDetail {
  const { case: c, roles, interest } = found;
  return {
    case: {
      id: c.id,
      name: c.name,
      status: c.status as CaseStage,
      round: c.round,
      currency: c.currency,
      website: c.website,
      overview: c.overview,
      pre_money: c.pre_money,
      fund_raising: c.fund_raising,
      funding: c.funding,
      domain_keys: c.domain_keys,
      ao: presentPerson(c.ao_id, found.ao_name),
    },
    roles: roles.map(roleFields),
    in_case: roles.length > 0,
    invest_money: sumOf(roles, (r) => r.invest_money),
    holdings_value: sumOf(roles, (r) => r.holdings_value),
    refunded_money: sumOf(roles, (r) => r.refunded_money),
    interest: interest ? { id: interest.id, level: interest.level, amount: interest.amount } : null,
  };
}

export function presentClientEvent({ event, author_name, case: kase }: ClientEventView): ClientCalendarEvent {
  return {
    id: event.id,
    case_id: event.case_id,
    case: kase,
    title: event.title,
    start_at: iso(event.start_at),
    end_at: iso(event.end_at),
    location: event.location,
    author: presentPerson(event.created_by, author_name),
    created_at: iso(event.created_at),
    updated_at: iso(event.updated_at),
  };
}
