import type { Employee, EmployeeInvitation } from '@dealflow/domain';
import type { EmployeeRow } from '../auth/principal.ts';

export function presentEmployee(row: EmployeeRow, invitation: EmployeeInvitation | null): Employee {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    status: row.status,
    phone: row.phone,
    title: row.title,
    last_login_at: row.last_login_at?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    invitation,
  };
}
