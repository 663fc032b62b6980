import { and, asc, count, countDistinct, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { FUND_ROLES, type FundRole } from '@dealflow/domain';
import type { DbOrTx } from '../../db/client.ts';
import { caseRoles, cases, clients } from '../../db/schema/index.ts';
import { type Paging, preparedList, withCount } from '../../db/paging.ts';

export type RoleRow = typeof caseRoles.$inferSelect;
export type RoleInsert = typeof caseRoles.$inferInsert;
export type RoleView = { role: RoleRow; client_name: string };

/** The lead first, then the list roles in FUND_ROLES order. */
const roleRank = (column: SQL | typeof caseRoles.role) =>
  sql<number>`array_position(array[${sql.raw(FUND_ROLES.map((r) => `'${r}'`).join(','))}]::text[], ${column})`;

function select(db: DbOrTx) {
  return db
    .select({ role: caseRoles, client_name: clients.name })
    .from(caseRoles)
    .innerJoin(clients, eq(clients.id, caseRoles.client_id));
}

const rolesList = preparedList('roles.list', {
  where: (shape) =>
    and(
      eq(caseRoles.case_id, sql.placeholder('caseId')),
      shape === 'role' ? eq(caseRoles.role, sql.placeholder('role')) : undefined,
    ),
  rows: (db, where) => select(db).where(where).orderBy(roleRank(caseRoles.role), asc(caseRoles.id)),
  count: (db, where) => db.select({ n: count() }).from(caseRoles).where(where),
});
export async function listRoles(db: DbOrTx, caseId: number, role: FundRole | undefined, paging: Paging) {
  return rolesList(db, paging, { caseId, role }, role ? 'role' : 'base');
}

/** A role of this case only: an id of another case's role is not found. */
export async function findRole(db: DbOrTx, caseId: number, id: number): Promise<RoleView | null> {
  const [row] = await select(db)
    .where(and(eq(caseRoles.case_id, caseId), eq(caseRoles.id, id)))
    .limit(1);
  return row ?? null;
}

export async function findRoleOf(
  db: DbOrTx,
  caseId: number,
  clientId: number,
  role: FundRole,
): Promise<RoleView | null> {
  const [row] = await select(db)
    .where(and(eq(caseRoles.case_id, caseId), eq(caseRoles.client_id, clientId), eq(caseRoles.role, role)))
    .limit(1);
  return row ?? null;
}

export async function roleRowsOfCase(db: DbOrTx, caseId: number) {
  return db.select().from(caseRoles).where(eq(caseRoles.case_id, caseId)).orderBy(asc(caseRoles.id));
}

export async function insertRoles(db: DbOrTx, values: RoleInsert[]) {
  if (values.length === 0) return;
  await db.insert(caseRoles).values(values);
}

export async function updateRole(db: DbOrTx, id: number, values: Partial<RoleInsert>) {
  await db
    .update(caseRoles)
    .set({ ...values, updated_at: new Date() })
    .where(eq(caseRoles.id, id));
}

export async function deleteRoles(db: DbOrTx, ids: number[]) {
  if (ids.length === 0) return;
  await db.delete(caseRoles).where(inArray(caseRoles.id, ids));
}

/** The ids among these that name a client row (deleted or not). */
export async function existingClientIds(db: DbOrTx, ids: number[]) {
  if (ids.length === 0) return new Set<number>();
  const rows = await db.select({ id: clients.id }).from(clients).where(inArray(clients.id, ids));
  return new Set(rows.map((r) => r.id));
}

const investSum = sql<number | null>`sum(${caseRoles.invest_money})`.mapWith(Number);
const roleList = sql<FundRole[]>`jsonb_agg(${caseRoles.role} order by ${roleRank(caseRoles.role)})`;

/** The clients holding a role on a case, one row each with all their roles; the lead first. */
export async function clientsOfCase(db: DbOrTx, caseId: number, paging: Paging) {
  const where = eq(caseRoles.case_id, caseId);
  const query = db
    .select({
      id: clients.id,
      name: clients.name,
      type: clients.type,
      membership: clients.membership,
      roles: roleList,
      invest_money: investSum,
    })
    .from(caseRoles)
    .innerJoin(clients, eq(clients.id, caseRoles.client_id))
    .where(where)
    .groupBy(clients.id)
    .orderBy(sql`min(${roleRank(caseRoles.role)})`, asc(clients.id));
  return withCount(
    paging.limit === null ? query : query.limit(paging.limit).offset(paging.offset),
    () =>
      db
        .select({ n: countDistinct(caseRoles.client_id) })
        .from(caseRoles)
        .where(where),
    paging,
  );
}

const CLIENT_CASE_SORT = {
  invest_money: sql`sum(${caseRoles.invest_money})`,
  name: sql`${cases.name}`,
  status: sql`${cases.status}`,
  created_at: sql`${cases.created_at}`,
  id: sql`${cases.id}`,
} as const;
export type ClientCaseSortField = keyof typeof CLIENT_CASE_SORT;

/** The cases (not deleted) a client holds a role on, one row each; unknown amounts sort last. */
export async function casesOfClient(
  db: DbOrTx,
  clientId: number,
  sort: { field: ClientCaseSortField; dir: 'asc' | 'desc' },
  paging: Paging,
) {
  const where = and(eq(caseRoles.client_id, clientId), eq(cases.is_deleted, false));
  const column = CLIENT_CASE_SORT[sort.field];
  const order =
    sort.dir === 'asc'
      ? [sql`${column} asc nulls last`, asc(cases.id)]
      : [sql`${column} desc nulls last`, desc(cases.id)];
  const query = db
    .select({
      id: cases.id,
      name: cases.name,
      status: cases.status,
      currency: cases.currency,
      roles: roleList,
      invest_money: investSum,
    })
    .from(caseRoles)
    .innerJoin(cases, eq(cases.id, caseRoles.case_id))
    .where(where)
    .groupBy(cases.id)
    .orderBy(...order);
  return withCount(
    paging.limit === null ? query : query.limit(paging.limit).offset(paging.offset),
    () =>
      db
        .select({ n: countDistinct(caseRoles.case_id) })
        .from(caseRoles)
        .innerJoin(cases, eq(cases.id, caseRoles.case_id))
        .where(where),
    paging,
  );
}
