import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { caseInfoUpdates, employees } from '../../db/schema/index.ts';
import { type Paging, preparedList } from '../../db/paging.ts';

export type InfoRow = typeof caseInfoUpdates.$inferSelect;
export type InfoInsert = typeof caseInfoUpdates.$inferInsert;
export type InfoView = { info: InfoRow; author_name: string | null };

function select(db: DbOrTx) {
  return db
    .select({ info: caseInfoUpdates, author_name: employees.name })
    .from(caseInfoUpdates)
    .leftJoin(employees, eq(employees.id, caseInfoUpdates.created_by));
}

/** Newest first. */
const infoList = preparedList('info.list', {
  where: (_shape) => eq(caseInfoUpdates.case_id, sql.placeholder('caseId')),
  rows: (db, where) =>
    select(db).where(where).orderBy(desc(caseInfoUpdates.created_at), desc(caseInfoUpdates.id)),
  count: (db, where) => db.select({ n: count() }).from(caseInfoUpdates).where(where),
});
export async function listInfo(db: DbOrTx, caseId: number, paging: Paging) {
  return infoList(db, paging, { caseId }, 'base');
}

/** An info update of this case only: an id of another case's update is not found. */
export async function findInfo(db: DbOrTx, caseId: number, id: number): Promise<InfoView | null> {
  const [row] = await select(db)
    .where(and(eq(caseInfoUpdates.case_id, caseId), eq(caseInfoUpdates.id, id)))
    .limit(1);
  return row ?? null;
}

export async function insertInfo(db: DbOrTx, values: InfoInsert) {
  const [row] = await db.insert(caseInfoUpdates).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function updateInfo(db: DbOrTx, caseId: number, id: number, values: Partial<InfoInsert>) {
  await db
    .update(caseInfoUpdates)
    .set({ ...values, updated_at: new Date() })
    .where(and(eq(caseInfoUpdates.case_id, caseId), eq(caseInfoUpdates.id, id)));
}

export async function deleteInfo(db: DbOrTx, caseId: number, id: number) {
  await db
    .delete(caseInfoUpdates)
    .where(and(eq(caseInfoUpdates.case_id, caseId), eq(caseInfoUpdates.id, id)));
}
