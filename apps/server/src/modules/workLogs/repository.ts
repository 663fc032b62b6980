import { and, count, desc, eq, isNotNull, or, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { cases, employees, workLogs } from '../../db/schema/index.ts';

export type WorkLogRow = typeof workLogs.$inferSelect;
export type WorkLogInsert = typeof workLogs.$inferInsert;
export type WorkLogView = { log: WorkLogRow; employee_name: string | null; case_name: string | null };

/**
 * Which logs a reader sees: all (admin), or their own and, when they may read cases, those on a
 * live case. Deleted cases' logs stay with their authors and admin.
 */
export type LogReader = { id: number; all: boolean; cases: boolean };
function visibleTo(reader: LogReader): SQL | undefined {
  if (reader.all) return undefined;
  const own = eq(workLogs.employee_id, reader.id);
  if (!reader.cases) return own;
  return or(own, and(isNotNull(workLogs.case_id), eq(cases.is_deleted, false)));
}

function select(db: DbOrTx) {
  return db
    .select({ log: workLogs, employee_name: employees.name, case_name: cases.name })
    .from(workLogs)
    .leftJoin(employees, eq(employees.id, workLogs.employee_id))
    .leftJoin(cases, eq(cases.id, workLogs.case_id));
}

export interface LogFilters {
  caseId?: number;
  employeeId?: number;
}

/** A page of the logs a reader sees, newest first, and how many there are. */
export async function listLogs(
  db: DbOrTx,
  reader: LogReader,
  filters: LogFilters,
  page: { limit: number; offset: number },
): Promise<{ rows: WorkLogView[]; count: number }> {
  const where = and(
    visibleTo(reader),
    filters.caseId === undefined ? undefined : eq(workLogs.case_id, filters.caseId),
    filters.employeeId === undefined ? undefined : eq(workLogs.employee_id, filters.employeeId),
  );
  const [rows, [total]] = await Promise.all([
    select(db)
      .where(where)
      .orderBy(desc(workLogs.happened_at), desc(workLogs.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(workLogs).leftJoin(cases, eq(cases.id, workLogs.case_id)).where(where),
  ]);
  return { rows, count: Number(total?.n ?? 0) };
}

/** One log, if the reader sees it. */
export async function findLog(db: DbOrTx, reader: LogReader, id: number): Promise<WorkLogView | null> {
  const [row] = await select(db)
    .where(and(eq(workLogs.id, id), visibleTo(reader)))
    .limit(1);
  return row ?? null;
}

/** Whether a live case has this id. */
export async function liveCaseExists(db: DbOrTx, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: cases.id })
    .from(cases)
    .where(and(eq(cases.id, id), eq(cases.is_deleted, false)))
    .limit(1);
  return row !== undefined;
}

export async function insertLog(db: DbOrTx, values: WorkLogInsert): Promise<WorkLogRow> {
  const [row] = await db.insert(workLogs).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function updateLog(db: DbOrTx, id: number, values: Partial<WorkLogInsert>) {
  await db
    .update(workLogs)
    .set({ ...values, updated_at: new Date() })
    .where(eq(workLogs.id, id));
}

export async function deleteLog(db: DbOrTx, id: number) {
  await db.delete(workLogs).where(eq(workLogs.id, id));
}
