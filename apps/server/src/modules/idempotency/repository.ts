import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { idempotencyKeys } from '../../db/schema/index.ts';

/** Whose key on which route: the primary key of a row. */
export interface KeyScope {
  principal_kind: string;
  principal_id: number;
  method: string;
  route: string;
  key: string;
}

export interface StoredReply {
  status: number;
  content_type: string | null;
  body: string;
}

const t = idempotencyKeys;
const byScope = (s: KeyScope) =>
  and(
    eq(t.principal_kind, s.principal_kind),
    eq(t.principal_id, s.principal_id),
    eq(t.method, s.method),
    eq(t.route, s.route),
    eq(t.key, s.key),
  );

/**
 * Claims a key in one statement: a new row, or one whose reply has expired (older than
 * `expiredBefore`) or whose request never answered (no reply, claimed before `staleBefore`) is
 * taken over. False when a live row holds the key: the caller then reads it.
 */
export async function claimKey(
  db: DbOrTx,
  scope: KeyScope,
  claim: { fingerprint: string; claim_id: string; now: Date },
  reclaimable: { expiredBefore: Date; staleBefore: Date },
): Promise<boolean> {
  const rows = await db
    .insert(t)
    .values({ ...scope, fingerprint: claim.fingerprint, claim_id: claim.claim_id, created_at: claim.now })
    .onConflictDoUpdate({
      target: [t.principal_kind, t.principal_id, t.method, t.route, t.key],
      set: {
        fingerprint: sql`excluded.fingerprint`,
        claim_id: sql`excluded.claim_id`,
        created_at: sql`excluded.created_at`,
        status: null,
        content_type: null,
        body: null,
      },
      setWhere: or(
        lt(t.created_at, reclaimable.expiredBefore),
        and(isNull(t.status), lt(t.created_at, reclaimable.staleBefore)),
      ),
    })
    .returning({ claim_id: t.claim_id });
  return rows.length === 1;
}

export async function findKey(db: DbOrTx, scope: KeyScope) {
  const [row] = await db
    .select({ fingerprint: t.fingerprint, status: t.status, content_type: t.content_type, body: t.body })
    .from(t)
    .where(byScope(scope))
    .limit(1);
  return row ?? null;
}

/** Stores the reply of the request holding the claim (and no other's). */
export async function storeReply(db: DbOrTx, scope: KeyScope, claimId: string, reply: StoredReply) {
  await db
    .update(t)
    .set(reply)
    .where(and(byScope(scope), eq(t.claim_id, claimId), isNull(t.status)));
}

/** Gives up a claim that has no reply, so a retry runs the request again. */
export async function releaseClaim(db: DbOrTx, scope: KeyScope, claimId: string) {
  await db.delete(t).where(and(byScope(scope), eq(t.claim_id, claimId), isNull(t.status)));
}

export async function pruneKeys(db: DbOrTx, before: Date) {
  await db.delete(t).where(lt(t.created_at, before));
}
