import type { DbOrTx } from '../../db/client.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { type Changes, recordActivities, recordActivity } from '../activity/repository.ts';

/**
 * The one writer of a client's history (who, when, old → new; issue 9): every module that
 * changes a client or one of its sub-resources calls this, inside the write's transaction (a read
 * worth recording, such as a full account number shown, passes the database instead). Several
 * clients given at once get the same entry each, in few statements (a group's members, say).
 */
export async function recordClientActivity(
  db: DbOrTx,
  ctx: ServiceContext,
  clientId: number | readonly number[],
  action: string,
  changes: Changes = {},
  options: { reason?: string | null } = {},
): Promise<void> {
  const reason = options.reason ?? null;
  if (typeof clientId === 'number') {
    await recordActivity(db, ctx.actor, {
      entity_type: 'client',
      entity_id: clientId,
      action,
      changes,
      reason,
    });
    return;
  }
  await recordActivities(
    db,
    ctx.actor,
    clientId.map((id) => ({ entity_type: 'client', entity_id: id, action, changes, reason })),
  );
}
