import { and, count, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { caseShareholderHistories, employees } from '../../db/schema/index.ts';
import { type Paging, withCount } from '../../db/paging.ts';

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
export async function listHistories(db: DbOrTx, caseId: number, paging: Paging) {
  const where = eq(table.case_id, caseId);
  const query = select(db).where(where).orderBy(desc(table.created_at), desc(table.id));
  return withCount(
    paging.limit === null ? query : query.limit(paging.limit).offset(paging.offset),
    () => db.select({ n: count() }).from(table).where(where),
    paging,
  );
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
