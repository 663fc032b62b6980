import type { InvestorUser, MembershipTier, ContactStage, StaffUser, StartupUser } from '@dealflow/domain';
import type { ClientRow, EmployeeRow, StartupUserRow } from './principal.ts';

export function presentStaffUser(row: EmployeeRow, reviewer: boolean): StaffUser {
  return {
    kind: 'employee',
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    status: row.status,
    reviewer,
  };
}

export function presentInvestorUser(row: ClientRow): InvestorUser {
  return {
    kind: 'client',
    id: row.id,
    email: row.email,
    name: row.name,
    firstName: row.first_name,
    lastName: row.last_name,
    type: row.type,
    status: row.status,
    membership: row.membership as MembershipTier,
    process_status: row.process_status as ContactStage,
    expiry_at: row.expiry_at?.toISOString() ?? null,
    tutorial_seen_at: row.tutorial_seen_at?.toISOString() ?? null,
    application_status: row.application_status ?? null,
  };
}

export function presentStartupUser(row: StartupUserRow, caseName: string | null): StartupUser {
  return {
    kind: 'startup',
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    status: row.status,
    scope: row.scope ?? null,
    case_review: row.case_review,
    case_id: row.case_id,
    case_name: caseName,
    expiry_at: row.expiry_at?.toISOString() ?? null,
  };
}
