import { and, asc, count, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { caseCalendars, employees } from '../../db/schema/index.ts';
import { type Paging, withCount } from '../../db/paging.ts';

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
export async function listEvents(db: DbOrTx, caseId: number, paging: Paging) {
  const where = eq(caseCalendars.case_id, caseId);
  const query = select(db).where(where).orderBy(asc(caseCalendars.start_at), asc(caseCalendars.id));
  return withCount(
    paging.limit === null ? query : query.limit(paging.limit).offset(paging.offset),
    () => db.select({ n: count() }).from(caseCalendars).where(where),
    paging,
  );
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
