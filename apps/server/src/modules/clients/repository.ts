import { and, asc, count, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { clients } from '../../db/schema/index.ts';
import { likePattern } from '../../lib/sql.ts';

const nameColumns = { id: clients.id, name: clients.name, membership: clients.membership };
export type ClientNameRow = { id: number; name: string; membership: string };

/**
 * Active clients whose name or email holds `text` (any case), by name: the first `limit`, and how
 * many match in all (so a picker can say there are more than it shows).
 */
export async function searchClientNames(db: DbOrTx, text: string | undefined, limit: number) {
  const conds: SQL[] = [eq(clients.is_deleted, false), eq(clients.status, 'active')];
  if (text) {
    const p = likePattern(text);
    conds.push(or(ilike(clients.name, p), ilike(clients.email, p))!);
  }
  const where = and(...conds);
  const [rows, total] = await Promise.all([
    db
      .select(nameColumns)
      .from(clients)
      .where(where)
      .orderBy(asc(clients.name), asc(clients.id))
      .limit(limit),
    db.select({ n: count() }).from(clients).where(where),
  ]);
  return { rows, count: Number(total[0]?.n ?? 0) };
}

/**
 * These clients by id, whatever their status: a client made inactive still holds the roles and
 * comments that name them, and a picker showing such a value must still show their name.
 * Deleted clients are left out unless asked for (history names people as they were).
 */
export async function clientNamesByIds(
  db: DbOrTx,
  ids: readonly number[],
  options: { includeDeleted?: boolean } = {},
): Promise<ClientNameRow[]> {
  if (ids.length === 0) return [];
  return db
    .select(nameColumns)
    .from(clients)
    .where(
      and(options.includeDeleted ? undefined : eq(clients.is_deleted, false), inArray(clients.id, [...ids])),
    )
    .orderBy(asc(clients.name), asc(clients.id));
}
