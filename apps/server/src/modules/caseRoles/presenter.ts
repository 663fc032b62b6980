import {
  FUND_ROLES,
  type CaseClient,
  type CaseRole,
  type CaseStage,
  type ClientCase,
  type FundRole,
  type PanelEntry,
} from '@dealflow/domain';
import { iso } from '../items/presenter.ts';
import type { RoleView } from './repository.ts';

export function presentRole({ role, client_name }: RoleView): CaseRole {
  return {
    id: role.id,
    case_id: role.case_id,
    client_id: role.client_id,
    client: { id: role.client_id, name: client_name },
    role: role.role,
    invest_money: role.invest_money,
    created_at: iso(role.created_at),
    updated_at: iso(role.updated_at),
  };
}

export function presentPanelEntry({ role, client_name }: RoleView): PanelEntry {
  return {
    id: role.id,
    case_id: role.case_id,
    client_id: role.client_id,
    client: { id: role.client_id, name: client_name },
    created_at: iso(role.created_at),
  };
}

/** Roles in FUND_ROLES order: the lead first. */
const ordered = (roles: FundRole[]) =>
  [...roles].sort((a, b) => FUND_ROLES.indexOf(a) - FUND_ROLES.indexOf(b));

export function presentCaseClient(row: {
  id: number;
  name: string;
  type: string | null;
  membership: string;
  roles: FundRole[];
  invest_money: number | null;
}): CaseClient {
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    membership: row.membership,
    roles: ordered(row.roles),
    invest_money: row.invest_money,
  };
}

export function presentClientCase(row: {
  id: number;
  name: string;
  status: string;
  currency: string;
  roles: FundRole[];
  invest_money: number | null;
}): ClientCase {
  return {
    id: row.id,
    name: row.name,
    status: row.status as CaseStage,
    currency: row.currency,
    roles: ordered(row.roles),
    invest_money: row.invest_money,
  };
}
