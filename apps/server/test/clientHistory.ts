import { and, desc, eq } from 'drizzle-orm';
import { activityLogs } from '../src/db/schema/index.ts';
import type { TestApp } from './helpers.ts';

/** History entries of a client or a case, newest first, read from the one activity table. */
export async function historyOf(t: TestApp, entity: 'client' | 'case', id: number) {
  return t.database.db
    .select({
      action: activityLogs.action,
      actor_type: activityLogs.actor_type,
      actor_id: activityLogs.actor_id,
      changes: activityLogs.changes,
    })
    .from(activityLogs)
    .where(and(eq(activityLogs.entity_type, entity), eq(activityLogs.entity_id, id)))
    .orderBy(desc(activityLogs.id));
}
