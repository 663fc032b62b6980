import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { caseShareholderHistories, employees } from '../../db/schema/index.ts';
import { type Paging, preparedList } from '../../db/paging.ts';

export type HistoryRow = typeof caseShareholderHistories.$inferSelect;
export type HistoryInsert = typeof caseShareholderHistories.$inferInsert;
export type HistoryView = { history: HistoryRow; author_name: string | null };

const table = caseShareholderHistories;

function select(db: DbOrTx) {
  return db
    .select({ history: table, author_name: employees.name })
    .from(table)
    .leftJoin(employees, eq(employees.id, table.created_by));
}

/** Newest first. */
const historiesList = preparedList('histories.list', {
  where: (_shape) => eq(table.case_id, sql.placeholder('caseId')),
  rows: (db, where) => select(db).where(where).orderBy(desc(table.created_at), desc(table.id)),
  count: (db, where) => db.select({ n: count() }).from(table).where(where),
});
export async function listHistories(db: DbOrTx, caseId: number, paging: Paging) {
  return historiesList(db, paging, { caseId }, 'base');
}

/** A history of this case only: an id of another case's history is not found. */
export async function findHistory(db: DbOrTx, caseId: number, id: number): Promise<HistoryView | null> {
  const [row] = await select(db)
    .where(and(eq(table.case_id, caseId), eq(table.id, id)))
    .limit(1);
  return row ?? null;
}

export async function insertHistory(db: DbOrTx, values: HistoryInsert) {
  const [row] = await db.insert(table).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function updateHistory(db: DbOrTx, caseId: number, id: number, values: Partial<HistoryInsert>) {
  await db
    .update(table)
    .set({ ...values, updated_at: new Date() })
    .where(and(eq(table.case_id, caseId), eq(table.id, id)));
}

export async function deleteHistory(db: DbOrTx, caseId: number, id: number) {
  await db.delete(table).where(and(eq(table.case_id, caseId), eq(table.id, id)));
}
