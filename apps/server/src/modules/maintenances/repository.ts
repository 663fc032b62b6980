import { and, count, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { caseMaintenances, employees } from '../../db/schema/index.ts';
import { type Paging, withCount } from '../../db/paging.ts';

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
export async function listRecords(db: DbOrTx, caseId: number, paging: Paging) {
  const where = eq(caseMaintenances.case_id, caseId);
  const query = select(db).where(where).orderBy(desc(caseMaintenances.date), desc(caseMaintenances.id));
  return withCount(
    paging.limit === null ? query : query.limit(paging.limit).offset(paging.offset),
    () => db.select({ n: count() }).from(caseMaintenances).where(where),
    paging,
  );
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
