import type { Tx } from '../../db/client.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { type Changes, recordActivity } from '../activity/repository.ts';

/**
 * Writes one entry in a client's history (who, when, old → new), inside the write's transaction:
 * every write to a client or one of its sub-resources leaves one (issue 9).
 */
export async function recordClientActivity(
  tx: Tx,
  ctx: ServiceContext,
  clientId: number,
  action: string,
  changes: Changes,
) {
  await recordActivity(tx, ctx.actor, { entity_type: 'client', entity_id: clientId, action, changes });
}

/** History of a new sub-item: every field from nothing, and its id so the entry points at it. */
export function createdItem(id: number, fields: Record<string, unknown>): Changes {
  const changes: Changes = { id: { from: null, to: id } };
  for (const [key, to] of Object.entries(fields)) changes[key] = { from: null, to };
  return changes;
}

/** History of a removed sub-item: every field it had, to nothing. */
export function deletedItem(id: number, fields: Record<string, unknown>): Changes {
  const changes: Changes = { id: { from: id, to: null } };
  for (const [key, from] of Object.entries(fields)) changes[key] = { from, to: null };
  return changes;
}
