import type { DbOrTx } from '../../db/client.ts';
import { activityLogs } from '../../db/schema/index.ts';
import type { Principal } from '../auth/principal.ts';

export type Changes = Record<string, { from: unknown; to: unknown }>;

/** Field-by-field differences between a row before and after a write (secrets are masked). */
export function diff<T extends Record<string, unknown>>(
  before: T,
  after: Partial<T>,
  secret: readonly string[] = [],
): Changes {
  const changes: Changes = {};
  for (const [key, to] of Object.entries(after)) {
    if (to === undefined) continue;
    const from = before[key];
    if (JSON.stringify(from) === JSON.stringify(to)) continue;
    changes[key] = secret.includes(key) ? { from: '***', to: '***' } : { from, to };
  }
  return changes;
}

export async function recordActivity(
  db: DbOrTx,
  actor: Principal | null,
  entry: {
    entity_type: string;
    entity_id: number;
    action: string;
    changes?: Changes;
    reason?: string | null;
  },
) {
  await db.insert(activityLogs).values({
    actor_type: actor?.kind ?? 'system',
    actor_id: actor?.id ?? null,
    entity_type: entry.entity_type,
    entity_id: entry.entity_id,
    action: entry.action,
    changes: entry.changes ?? {},
    reason: entry.reason ?? null,
  });
}
