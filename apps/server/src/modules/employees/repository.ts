import { and, asc, count, desc, eq, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { EmployeeSortField, EmployeeStatus, StaffRole } from '@dealflow/domain';
import type { DbOrTx } from '../../db/client.ts';
import { employees } from '../../db/schema/index.ts';
import { likePattern } from '../../lib/sql.ts';

export type EmployeeInsert = typeof employees.$inferInsert;

export interface EmployeeFilters {
  status?: EmployeeStatus;
  role?: StaffRole;
  /** Substring of name or email, any case. */
  text?: string;
}

export interface EmployeeSort {
  field: EmployeeSortField;
  dir: 'asc' | 'desc';
}

function filters(q: EmployeeFilters): SQL | undefined {
  const conds: SQL[] = [];
  if (q.status) conds.push(eq(employees.status, q.status));
  if (q.role) conds.push(eq(employees.role, q.role));
  if (q.text) {
    const p = likePattern(q.text);
    const match = or(ilike(employees.name, p), ilike(employees.email, p));
    if (match) conds.push(match);
  }
  return conds.length ? and(...conds) : undefined;
}

const SORT_COLUMNS = {
  id: employees.id,
  name: employees.name,
  email: employees.email,
  role: employees.role,
  status: employees.status,
  created_at: employees.created_at,
  last_login_at: employees.last_login_at,
} as const;

/** Ties fall back to id, so pages do not overlap; never signed in sorts last either way. */
function orderOf(sort: EmployeeSort): SQL[] {
  const column = SORT_COLUMNS[sort.field];
  if (sort.field === 'last_login_at') {
    return sort.dir === 'asc'
      ? [sql`${column} asc nulls last`, asc(employees.id)]
      : [sql`${column} desc nulls last`, desc(employees.id)];
  }
  if (sort.field === 'id') return [sort.dir === 'asc' ? asc(column) : desc(column)];
  return sort.dir === 'asc' ? [asc(column), asc(employees.id)] : [desc(column), desc(employees.id)];
}

export async function listEmployees(
  db: DbOrTx,
  q: EmployeeFilters & { sort: EmployeeSort; limit: number | null; offset: number },
) {
  const where = filters(q);
  const base = db
    .select()
    .from(employees)
    .where(where)
    .orderBy(...orderOf(q.sort));
  const rows = q.limit === null ? await base : await base.limit(q.limit).offset(q.offset);
  const [total] = await db.select({ n: count() }).from(employees).where(where);
  return { rows, count: Number(total?.n ?? 0) };
}

export async function findEmployee(db: DbOrTx, id: number) {
  const [row] = await db.select().from(employees).where(eq(employees.id, id)).limit(1);
  return row ?? null;
}

export async function emailInUse(db: DbOrTx, email: string, exceptId?: number) {
  const [row] = await db
    .select({ id: employees.id })
    .from(employees)
    .where(
      exceptId ? and(eq(employees.email, email), ne(employees.id, exceptId)) : eq(employees.email, email),
    )
    .limit(1);
  return Boolean(row);
}

export async function countOtherActiveAdmins(db: DbOrTx, exceptId: number) {
  const [row] = await db
    .select({ n: count() })
    .from(employees)
    .where(and(eq(employees.role, 'admin'), eq(employees.status, 'active'), ne(employees.id, exceptId)));
  return Number(row?.n ?? 0);
}

export async function insertEmployee(db: DbOrTx, values: EmployeeInsert) {
  const [row] = await db.insert(employees).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function updateEmployee(
  db: DbOrTx,
  id: number,
  values: Partial<EmployeeInsert>,
  options: { bumpTokenVersion: boolean },
) {
  const [row] = await db
    .update(employees)
    .set({
      ...values,
      updated_at: new Date(),
      ...(options.bumpTokenVersion ? { token_version: sql`${employees.token_version} + 1` } : {}),
    })
    .where(eq(employees.id, id))
    .returning();
  return row ?? null;
}

export async function listActiveDirectory(
  db: DbOrTx,
  filter: { role?: StaffRole; roles?: readonly StaffRole[] },
) {
  const conds: SQL[] = [eq(employees.status, 'active')];
  if (filter.role) conds.push(eq(employees.role, filter.role));
  if (filter.roles) conds.push(inArray(employees.role, [...filter.roles]));
  return db
    .select({ id: employees.id, name: employees.name, role: employees.role })
    .from(employees)
    .where(and(...conds))
    .orderBy(asc(employees.name), asc(employees.id));
}
