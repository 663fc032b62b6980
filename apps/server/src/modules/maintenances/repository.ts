import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { caseMaintenances, employees } from '../../db/schema/index.ts';
import { type Paging, preparedList } from '../../db/paging.ts';

export type MaintenanceRow = typeof caseMaintenances.$inferSelect;
export type MaintenanceInsert = typeof caseMaintenances.$inferInsert;
export type MaintenanceView = { record: MaintenanceRow; author_name: string | null };

function select(db: DbOrTx) {
  return db
    .select({ record: caseMaintenances, author_name: employees.name })
    .from(caseMaintenances)
    .leftJoin(employees, eq(employees.id, caseMaintenances.created_by));
}

/** Latest date first. */
const recordsList = preparedList('records.list', {
  where: (_shape) => eq(caseMaintenances.case_id, sql.placeholder('caseId')),
  rows: (db, where) =>
    select(db).where(where).orderBy(desc(caseMaintenances.date), desc(caseMaintenances.id)),
  count: (db, where) => db.select({ n: count() }).from(caseMaintenances).where(where),
});
export async function listRecords(db: DbOrTx, caseId: number, paging: Paging) {
  return recordsList(db, paging, { caseId }, 'base');
}

/** A record of this case only: an id of another case's record is not found. */
export async function findRecord(db: DbOrTx, caseId: number, id: number): Promise<MaintenanceView | null> {
  const [row] = await select(db)
    .where(and(eq(caseMaintenances.case_id, caseId), eq(caseMaintenances.id, id)))
    .limit(1);
  return row ?? null;
}

export async function insertRecord(db: DbOrTx, values: MaintenanceInsert) {
  const [row] = await db.insert(caseMaintenances).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function updateRecord(
  db: DbOrTx,
  caseId: number,
  id: number,
  values: Partial<MaintenanceInsert>,
) {
  await db
    .update(caseMaintenances)
    .set({ ...values, updated_at: new Date() })
    .where(and(eq(caseMaintenances.case_id, caseId), eq(caseMaintenances.id, id)));
}

export async function deleteRecord(db: DbOrTx, caseId: number, id: number) {
  await db
    .delete(caseMaintenances)
    .where(and(eq(caseMaintenances.case_id, caseId), eq(caseMaintenances.id, id)));
}
