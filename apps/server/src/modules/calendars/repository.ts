import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { caseCalendars, employees } from '../../db/schema/index.ts';
import { type Paging, preparedList } from '../../db/paging.ts';

export type CalendarRow = typeof caseCalendars.$inferSelect;
export type CalendarInsert = typeof caseCalendars.$inferInsert;
export type CalendarView = { event: CalendarRow; author_name: string | null };

function select(db: DbOrTx) {
  return db
    .select({ event: caseCalendars, author_name: employees.name })
    .from(caseCalendars)
    .leftJoin(employees, eq(employees.id, caseCalendars.created_by));
}

/** Events in the order they happen. */
const eventsList = preparedList('events.list', {
  where: (_shape) => eq(caseCalendars.case_id, sql.placeholder('caseId')),
  rows: (db, where) => select(db).where(where).orderBy(asc(caseCalendars.start_at), asc(caseCalendars.id)),
  count: (db, where) => db.select({ n: count() }).from(caseCalendars).where(where),
});
export async function listEvents(db: DbOrTx, caseId: number, paging: Paging) {
  return eventsList(db, paging, { caseId }, 'base');
}

/** An event of this case only: an id of another case's event is not found. */
export async function findEvent(db: DbOrTx, caseId: number, id: number): Promise<CalendarView | null> {
  const [row] = await select(db)
    .where(and(eq(caseCalendars.case_id, caseId), eq(caseCalendars.id, id)))
    .limit(1);
  return row ?? null;
}

export async function insertEvent(db: DbOrTx, values: CalendarInsert) {
  const [row] = await db.insert(caseCalendars).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function updateEvent(db: DbOrTx, caseId: number, id: number, values: Partial<CalendarInsert>) {
  await db
    .update(caseCalendars)
    .set({ ...values, updated_at: new Date() })
    .where(and(eq(caseCalendars.case_id, caseId), eq(caseCalendars.id, id)));
}

export async function deleteEvent(db: DbOrTx, caseId: number, id: number) {
  await db.delete(caseCalendars).where(and(eq(caseCalendars.case_id, caseId), eq(caseCalendars.id, id)));
}
