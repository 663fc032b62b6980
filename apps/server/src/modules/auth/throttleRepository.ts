import { and, inArray, like, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { authFailures } from '../../db/schema/index.ts';

// The SQL of the throttle (throttle.ts). Times are the database's own `now()`, so instances whose
// clocks differ still agree on every window.

/** One row per key; committed on return (never call this inside a transaction). */
export async function insertAttempts(
  db: DbOrTx,
  keys: string[],
): Promise<Array<{ id: number; key: string }>> {
  return db
    .insert(authFailures)
    .values(keys.map((key) => ({ key })))
    .returning({ id: authFailures.id, key: authFailures.key });
}

/** Rows per key within the window, and the seconds until the oldest of them leaves it. */
export async function countAttempts(
  db: DbOrTx,
  keys: string[],
  windowSeconds: number,
): Promise<Map<string, { count: number; oldestLeavesIn: number }>> {
  const window = sql`make_interval(secs => ${windowSeconds})`;
  const rows = await db
    .select({
      key: authFailures.key,
      count: sql<number>`count(*)::int`,
      oldestLeavesIn: sql<number>`ceil(extract(epoch from min(${authFailures.at}) + ${window} - now()))::int`,
    })
    .from(authFailures)
    .where(and(inArray(authFailures.key, keys), sql`${authFailures.at} > now() - ${window}`))
    .groupBy(authFailures.key);
  return new Map(
    rows.map((r) => [r.key, { count: Number(r.count), oldestLeavesIn: Number(r.oldestLeavesIn) }]),
  );
}

export async function deleteAttempts(db: DbOrTx, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.delete(authFailures).where(inArray(authFailures.id, ids));
}

export async function deleteKeys(db: DbOrTx, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  await db.delete(authFailures).where(inArray(authFailures.key, keys));
}

/** Drops the rows of one throttle (`prefix` is its name and a colon) that left its window. */
export async function pruneAttempts(db: DbOrTx, prefix: string, windowSeconds: number): Promise<void> {
  await db
    .delete(authFailures)
    .where(
      and(
        like(authFailures.key, `${prefix}%`),
        sql`${authFailures.at} <= now() - make_interval(secs => ${windowSeconds})`,
      ),
    );
}
