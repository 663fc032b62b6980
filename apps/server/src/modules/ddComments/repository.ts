import { and, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { caseDdComments, cases, clients, employees } from '../../db/schema/index.ts';
import { type Paging, preparedList, withCount } from '../../db/paging.ts';

export type DdRow = typeof caseDdComments.$inferSelect;
export type DdInsert = typeof caseDdComments.$inferInsert;
export type DdView = {
  dd: DdRow;
  author_name: string | null;
  client_name: string | null;
  case_name: string;
};

/** Newest first; an import may back-date `created_at`, so the id breaks ties only. */
const ORDER = [desc(caseDdComments.created_at), desc(caseDdComments.id)];

function select(db: DbOrTx) {
  return db
    .select({
      dd: caseDdComments,
      author_name: employees.name,
      client_name: clients.name,
      case_name: cases.name,
    })
    .from(caseDdComments)
    .innerJoin(cases, eq(cases.id, caseDdComments.case_id))
    .leftJoin(employees, eq(employees.id, caseDdComments.created_by))
    .leftJoin(clients, eq(clients.id, caseDdComments.client_id));
}

async function page(db: DbOrTx, where: SQL | undefined, paging: Paging) {
  const query = select(db)
    .where(where)
    .orderBy(...ORDER);
  return withCount(
    paging.limit === null ? query : query.limit(paging.limit).offset(paging.offset),
    () =>
      db
        .select({ n: count() })
        .from(caseDdComments)
        .innerJoin(cases, eq(cases.id, caseDdComments.case_id))
        .where(where),
    paging,
  );
}

const ddList = preparedList('dd.list', {
  where: () => eq(caseDdComments.case_id, sql.placeholder('caseId')),
  rows: (db, where) =>
    select(db)
      .where(where)
      .orderBy(...ORDER),
  count: (db, where) => db.select({ n: count() }).from(caseDdComments).where(where),
});
export async function listDd(db: DbOrTx, caseId: number, paging: Paging) {
  return ddList(db, paging, { caseId });
}

/** Comments of these cases and/or about these clients, on cases that are not deleted. */
export async function searchDd(
  db: DbOrTx,
  f: { caseIds?: number[] | undefined; clientIds?: number[] | undefined },
  paging: Paging,
) {
  const conds: SQL[] = [eq(cases.is_deleted, false)];
  if (f.caseIds) conds.push(inArray(caseDdComments.case_id, f.caseIds));
  if (f.clientIds) conds.push(inArray(caseDdComments.client_id, f.clientIds));
  return page(db, and(...conds), paging);
}

/** Comments are reached through their case, or through the client who wrote them (issue 9). */
export type DdOwner = 'case_id' | 'client_id';
const ofOwner = (owner: DdOwner, ownerId: number, id: number) =>
  and(eq(caseDdComments[owner], ownerId), eq(caseDdComments.id, id));

/** A comment of this case (or client) only: an id of another one's comment is not found. */
export async function findDd(
  db: DbOrTx,
  ownerId: number,
  id: number,
  owner: DdOwner = 'case_id',
): Promise<DdView | null> {
  const [row] = await select(db)
    .where(ofOwner(owner, ownerId, id))
    .limit(1);
  return row ?? null;
}

export async function insertDd(db: DbOrTx, values: DdInsert) {
  const [row] = await db.insert(caseDdComments).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

/** Many rows in one statement; returns their ids in the order given. */
export async function insertManyDd(db: DbOrTx, values: DdInsert[]): Promise<number[]> {
  if (values.length === 0) return [];
  const rows = await db.insert(caseDdComments).values(values).returning({ id: caseDdComments.id });
  return rows.map((r) => r.id);
}

export async function updateDd(
  db: DbOrTx,
  ownerId: number,
  id: number,
  values: Partial<DdInsert>,
  owner: DdOwner = 'case_id',
) {
  await db
    .update(caseDdComments)
    .set({ ...values, updated_at: new Date() })
    .where(ofOwner(owner, ownerId, id));
}

export async function deleteDd(db: DbOrTx, ownerId: number, id: number, owner: DdOwner = 'case_id') {
  await db.delete(caseDdComments).where(ofOwner(owner, ownerId, id));
}

/** Clients that are not deleted, by email (any letter case) and by id. */
export async function findLiveClients(db: DbOrTx, emails: string[], ids: number[]) {
  const byEmail = emails.length
    ? inArray(
        sql`lower(${clients.email})`,
        emails.map((e) => e.toLowerCase()),
      )
    : undefined;
  const byId = ids.length ? inArray(clients.id, ids) : undefined;
  if (!byEmail && !byId) return [];
  return db
    .select({ id: clients.id, email: clients.email })
    .from(clients)
    .where(
      and(eq(clients.is_deleted, false), byEmail && byId ? sql`(${byEmail} or ${byId})` : (byEmail ?? byId)),
    );
}
