import {
  EMPLOYEE_SORT_FIELDS,
  type EmployeeSortField,
  LIST_DEFAULTS,
  type StaffRole,
  type StaffAssignment,
  assignableRoles,
  type EmployeeCreateBody,
  type EmployeeListQuery,
  type EmployeeUpdateBody,
} from '@dealflow/domain';
import { AppError } from '../../lib/errors.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { randomBytes } from 'node:crypto';
import type { Employee } from '@dealflow/domain';
import { hashPassword } from '../../lib/passwords.ts';
import type { EmployeeRow } from '../auth/principal.ts';
import { openInvitations } from '../accounts/repository.ts';
import { sendInvitation } from '../accounts/service.ts';
import { presentEmployee } from './presenter.ts';
import { diff, recordActivity } from '../activity/repository.ts';
import * as repo from './repository.ts';

export async function listEmployees(ctx: ServiceContext, q: EmployeeListQuery) {
  const size = q.size ?? LIST_DEFAULTS.employees.size;
  const page = q.page ?? LIST_DEFAULTS.employees.page;
  // SPEC section 7: a list call without paging asks for every row.
  const all = q.all ?? (q.page === undefined && q.size === undefined);
  const [field, dir] = (q.sort ?? LIST_DEFAULTS.employees.sort).split(':') as [
    EmployeeSortField,
    'asc' | 'desc',
  ];
  if (!(EMPLOYEE_SORT_FIELDS as readonly string[]).includes(field)) throw new AppError('INVALID_SORT');
  return repo.listEmployees(ctx.db, {
    status: q.status,
    role: q.role,
    text: q.q || undefined,
    sort: { field, dir },
    limit: all ? null : size,
    offset: (page - 1) * size,
  });
}

/** Active colleagues for pickers, open to every staff role; `assignable` keeps those who can take that work. */
export async function listStaffDirectory(
  ctx: ServiceContext,
  q: { role?: StaffRole | undefined; assignable?: StaffAssignment | undefined },
) {
  return repo.listActiveDirectory(ctx.db, {
    ...(q.role ? { role: q.role } : {}),
    ...(q.assignable ? { roles: assignableRoles(q.assignable) } : {}),
  });
}

export async function getEmployee(ctx: ServiceContext, id: number) {
  const row = await repo.findEmployee(ctx.db, id);
  if (!row) throw new AppError('EMPLOYEE_NOT_FOUND');
  return row;
}

/** Staff accounts as the API shows them, each with its open invitation (one query for all). */
export async function presentEmployees(ctx: ServiceContext, rows: EmployeeRow[]): Promise<Employee[]> {
  const open = await openInvitations(
    ctx.db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => {
    const invitation = open.get(row.id);
    return presentEmployee(
      row,
      invitation
        ? { status: invitation.valid ? 'pending' : 'expired', expires_at: invitation.expiresAt.toISOString() }
        : null,
    );
  });
}

export async function presentOne(ctx: ServiceContext, row: EmployeeRow): Promise<Employee> {
  const [one] = await presentEmployees(ctx, [row]);
  if (!one) throw new Error('presenting returned nothing');
  return one;
}

/**
 * Creates a staff account. Without a password (the web never sends one) the account gets an
 * unusable random one and the person is mailed an invitation to choose their own (7 days).
 */
export async function createEmployee(ctx: ServiceContext, input: EmployeeCreateBody) {
  const created = await ctx.db.transaction(async (tx) => {
    if (await repo.emailInUse(tx, input.email)) throw new AppError('EMAIL_TAKEN');
    const { password, ...fields } = input;
    const row = await repo.insertEmployee(tx, {
      ...fields,
      phone: fields.phone ?? null,
      title: fields.title ?? null,
      // A real hash of a secret nobody knows: sign-in attempts cost the same as for any account.
      password_hash: await hashPassword(password ?? randomBytes(32).toString('base64url')),
    });
    await recordActivity(tx, ctx.actor, {
      entity_type: 'employee',
      entity_id: row.id,
      action: 'create',
      changes: diff({}, { email: row.email, name: row.name, role: row.role, status: row.status }),
    });
    return row;
  });
  if (!input.password && created.status === 'active') await sendInvitation(ctx, created);
  return created;
}

/** Mails a new invitation to an active staff member; the previous link stops working. */
export async function resendInvitation(ctx: ServiceContext, id: number) {
  const row = await repo.findEmployee(ctx.db, id);
  if (!row) throw new AppError('EMPLOYEE_NOT_FOUND');
  if (row.status !== 'active') {
    throw new AppError('CONFLICT', { message: 'Reactivate the account before inviting its owner' });
  }
  await sendInvitation(ctx, row);
  return row;
}

/**
 * Edits a staff account. Deactivating or changing the password ends the account's sessions; the
 * last active admin can be neither deactivated nor demoted, so the firm never locks itself out.
 */
export async function updateEmployee(ctx: ServiceContext, id: number, input: EmployeeUpdateBody) {
  const row = await ctx.db.transaction(async (tx) => {
    const before = await repo.findEmployee(tx, id);
    if (!before) throw new AppError('EMPLOYEE_NOT_FOUND');
    if (input.email && (await repo.emailInUse(tx, input.email, id))) throw new AppError('EMAIL_TAKEN');
    const losesAdmin =
      before.role === 'admin' &&
      before.status === 'active' &&
      ((input.role && input.role !== 'admin') || input.status === 'inactive');
    if (losesAdmin && (await repo.countOtherActiveAdmins(tx, id)) === 0) {
      throw new AppError('CONFLICT', {
        message: 'The last active admin cannot be deactivated or given another role',
      });
    }
    const { password, ...fields } = input;
    const values = { ...fields, ...(password ? { password_hash: await hashPassword(password) } : {}) };
    const endsSessions = Boolean(password) || (input.status === 'inactive' && before.status !== 'inactive');
    const row = await repo.updateEmployee(tx, id, values, { bumpTokenVersion: endsSessions });
    if (!row) throw new AppError('EMPLOYEE_NOT_FOUND');
    const changes = diff(before, values, ['password_hash']);
    if (Object.keys(changes).length > 0) {
      await recordActivity(tx, ctx.actor, {
        entity_type: 'employee',
        entity_id: id,
        action: 'update',
        changes,
      });
    }
    return row;
  });
  // Role, status and token version decide what this account's requests may do: from now on.
  ctx.principals.forget('employee', id);
  return row;
}

/** DELETE deactivates: staff history (cases, logs) keeps pointing at the account. */
export async function deactivateEmployee(ctx: ServiceContext, id: number) {
  return updateEmployee(ctx, id, { status: 'inactive' });
}
