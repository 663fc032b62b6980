import { and, asc, eq, gte, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { activityLogs, caseCalendars } from '../../db/schema/index.ts';

/** The case's creation and stage moves, oldest first: only their time and the stage entered. */
export async function stageMoves(db: DbOrTx, caseId: number) {
  return db
    .select({
      action: activityLogs.action,
      changes: activityLogs.changes,
      created_at: activityLogs.created_at,
    })
    .from(activityLogs)
    .where(
      and(
        eq(activityLogs.entity_type, 'case'),
        eq(activityLogs.entity_id, caseId),
        inArray(activityLogs.action, ['create', 'stage']),
      ),
    )
    .orderBy(asc(activityLogs.created_at), asc(activityLogs.id))
    .limit(100);
}

/** The case's meetings that have not ended, soonest first. */
export async function upcomingMeetings(db: DbOrTx, caseId: number, now: Date) {
  return db
    .select({
      id: caseCalendars.id,
      title: caseCalendars.title,
      start_at: caseCalendars.start_at,
      end_at: caseCalendars.end_at,
      location: caseCalendars.location,
    })
    .from(caseCalendars)
    .where(and(eq(caseCalendars.case_id, caseId), gte(caseCalendars.end_at, now)))
    .orderBy(asc(caseCalendars.start_at), asc(caseCalendars.id))
    .limit(20);
}
