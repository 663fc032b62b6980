import { randomUUID } from 'node:crypto';
import type { ServiceContext } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import * as repo from './repository.ts';
import type { KeyScope, StoredReply } from './repository.ts';

/** How long a reply is replayed (as payment APIs keep theirs). */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60_000;
/**
 * A claim with no reply after this long belongs to a request that died with its instance (a
 * request here answers in seconds); a retry may then take the key over instead of getting 409
 * for a day.
 */
export const IDEMPOTENCY_STALE_MS = 2 * 60_000;

type Ctx = Pick<ServiceContext, 'db'>;
export type { KeyScope, StoredReply };
export interface KeyClaim {
  scope: KeyScope;
  claimId: string;
}
export type ClaimOutcome = { kind: 'claimed'; claim: KeyClaim } | { kind: 'replay'; reply: StoredReply };

/**
 * The first request with a key claims it and runs; a later one with the same fingerprint gets
 * the stored reply, one with another fingerprint 422, and one that arrives while the first still
 * runs 409 (with Retry-After). Expired replies are pruned now and then, as sign-in failures are.
 */
export async function claimIdempotencyKey(
  ctx: Ctx,
  input: { scope: KeyScope; fingerprint: string },
): Promise<ClaimOutcome> {
  const claimId = randomUUID();
  // A key released (a 5xx) between the failed claim and the read is simply claimed again.
  for (let attempt = 0; attempt < 3; attempt++) {
    const now = new Date();
    const expiredBefore = new Date(now.getTime() - IDEMPOTENCY_TTL_MS);
    const claimed = await repo.claimKey(
      ctx.db,
      input.scope,
      { fingerprint: input.fingerprint, claim_id: claimId, now },
      { expiredBefore, staleBefore: new Date(now.getTime() - IDEMPOTENCY_STALE_MS) },
    );
    if (claimed) {
      if (Math.random() < 0.05) await repo.pruneKeys(ctx.db, expiredBefore);
      return { kind: 'claimed', claim: { scope: input.scope, claimId } };
    }
    const row = await repo.findKey(ctx.db, input.scope);
    if (!row) continue;
    if (row.fingerprint !== input.fingerprint) throw new AppError('IDEMPOTENCY_KEY_REUSED');
    if (row.status === null || row.body === null) break;
    return { kind: 'replay', reply: { status: row.status, content_type: row.content_type, body: row.body } };
  }
  throw new AppError('IDEMPOTENCY_IN_PROGRESS', { headers: { 'retry-after': '1' } });
}

/** Keeps the reply of a claimed request for its retries. */
export async function recordIdempotentReply(ctx: Ctx, input: { claim: KeyClaim; reply: StoredReply }) {
  await repo.storeReply(ctx.db, input.claim.scope, input.claim.claimId, input.reply);
}

/** Frees a claimed key without a reply (a 5xx): the next request with it runs again. */
export async function releaseIdempotencyKey(ctx: Ctx, claim: KeyClaim) {
  await repo.releaseClaim(ctx.db, claim.scope, claim.claimId);
}
