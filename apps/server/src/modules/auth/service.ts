import { staffCan, type Strategy } from '@dealflow/domain';
import { AppError } from '../../lib/errors.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { verifyAgainstDummy, verifyPassword } from '../../lib/passwords.ts';
import {
  signReviewerToken,
  signSessionToken,
  verifyReviewerToken,
  verifySessionToken,
} from '../../lib/tokens.ts';
import type { Principal } from './principal.ts';
import type { AccountKind, AccountRows } from './principalCache.ts';
import * as repo from './repository.ts';

type SignInStrategy = Strategy;

interface Credentials {
  strategy: SignInStrategy;
  email: string;
  password: string;
}

const ACCOUNT_OF: Record<Strategy, 'employee' | 'client' | 'startup'> = {
  dashboard: 'employee',
  investor: 'client',
  local: 'startup',
};

/** Looks up the account for a strategy, with its password hash and whether it may sign in. */
async function findAccount(ctx: ServiceContext, strategy: Strategy, email: string) {
  if (strategy === 'dashboard') {
    const row = await repo.findEmployeeByEmail(ctx.db, email);
    return (
      row && {
        id: row.id,
        hash: row.password_hash,
        active: row.status === 'active',
        tokenVersion: row.token_version,
      }
    );
  }
  if (strategy === 'investor') {
    const row = await repo.findClientByEmail(ctx.db, email);
    return (
      row && {
        id: row.id,
        hash: row.password_hash,
        active: row.status === 'active',
        tokenVersion: row.token_version,
      }
    );
  }
  const row = await repo.findStartupUserByEmail(ctx.db, email);
  // A dropped startup still signs in: its layout shows the leave dialog (SPEC section 2).
  return (
    row && {
      id: row.id,
      hash: row.password_hash,
      active: row.status !== 'inactive',
      tokenVersion: row.token_version,
    }
  );
}

/**
 * Password sign-in for any strategy. Failures are counted per account and per address in the
 * database (so the limit holds across instances); the reply never says whether the email exists.
 */
export async function signIn(ctx: ServiceContext, input: Credentials): Promise<string> {
  const { perAccount, perAddress, windowMinutes } = ctx.config.loginThrottle;
  const windowMs = windowMinutes * 60_000;
  const since = new Date(Date.now() - windowMs);
  const accountKey = `account:${input.strategy}:${input.email}`;
  const addressKey = `address:${ctx.ip}`;
  const audit = { event: 'sign_in', strategy: input.strategy, email: input.email, ip: ctx.ip };

  const [byAccount, byAddress] = await Promise.all([
    repo.countFailuresSince(ctx.db, accountKey, since),
    repo.countFailuresSince(ctx.db, addressKey, since),
  ]);
  const blocked =
    byAccount.count >= perAccount ? byAccount : byAddress.count >= perAddress ? byAddress : null;
  if (blocked) {
    const retryMs = Math.max(1000, (blocked.oldest?.getTime() ?? Date.now()) + windowMs - Date.now());
    const minutes = Math.ceil(retryMs / 60_000);
    ctx.log.warn({ ...audit, outcome: 'throttled' }, 'sign-in refused: too many failures');
    throw new AppError('TOO_MANY_ATTEMPTS', {
      message: `Too many failed sign-in attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      headers: { 'retry-after': String(Math.ceil(retryMs / 1000)) },
      details: { retry_after_seconds: Math.ceil(retryMs / 1000) },
    });
  }

  const account = await findAccount(ctx, input.strategy, input.email);
  const passwordOk = account?.hash
    ? await verifyPassword(input.password, account.hash)
    : await verifyAgainstDummy(input.password);
  if (!account || !passwordOk || !account.active) {
    await repo.recordFailures(ctx.db, [accountKey, addressKey]);
    if (Math.random() < 0.05) await repo.pruneFailures(ctx.db, since);
    const reason = !account ? 'unknown_account' : !passwordOk ? 'wrong_password' : 'inactive_account';
    ctx.log.info({ ...audit, outcome: 'refused', reason }, 'sign-in refused');
    throw new AppError('INVALID_CREDENTIALS');
  }

  await repo.clearFailures(ctx.db, accountKey);
  await repo.touchLastLogin(ctx.db, ACCOUNT_OF[input.strategy], account.id);
  ctx.log.info({ ...audit, outcome: 'accepted', subject: account.id }, 'sign-in accepted');
  return signSessionToken(ctx.config.jwtSecret, {
    strategy: input.strategy,
    subjectId: account.id,
    tokenVersion: account.tokenVersion,
    ttlMinutes: ctx.config.tokenTtlMinutes,
  });
}

/**
 * Turns a bearer token into a principal: the signature and expiry are checked, then the account is
 * read again so a deactivated account, a changed password or a signed-out session stops at once.
 */
export async function resolvePrincipal(
  ctx: Pick<ServiceContext, 'db' | 'config' | 'principals'>,
  token: string,
): Promise<Principal> {
  const verified = await verifySessionToken(ctx.config.jwtSecret, token, ctx.config.tokenTtlMinutes);
  if (!verified.ok) throw new AppError('INVALID_TOKEN');
  const c = verified.claims;
  const base = { id: c.subjectId, jti: c.jti, expiresAt: c.expiresAt };
  if (c.strategy === 'dashboard') {
    const row = await cachedAccount(ctx, 'employee', c.subjectId, repo.findEmployeeById);
    if (row?.status !== 'active' || row.token_version !== c.tokenVersion) throw new AppError('INVALID_TOKEN');
    return { kind: 'employee', ...base, role: row.role, reviewer: c.reviewer, row };
  }
  if (c.strategy === 'investor') {
    const row = await cachedAccount(ctx, 'client', c.subjectId, repo.findClientById);
    if (row?.status !== 'active' || row.token_version !== c.tokenVersion) throw new AppError('INVALID_TOKEN');
    return { kind: 'client', ...base, row };
  }
  // Startup sessions are few and end by revoking their token id, so they are read every time.
  const [row, revoked] = await Promise.all([
    repo.findStartupUserById(ctx.db, c.subjectId),
    repo.isJtiRevoked(ctx.db, c.jti),
  ]);
  if (!row || row.status === 'inactive' || row.token_version !== c.tokenVersion || revoked) {
    throw new AppError('INVALID_TOKEN');
  }
  return { kind: 'startup', ...base, caseId: row.case_id, row };
}

/** The account row from the cache, or read (and kept) when missing. */
async function cachedAccount<K extends AccountKind>(
  ctx: Pick<ServiceContext, 'db' | 'principals'>,
  kind: K,
  id: number,
  read: (db: ServiceContext['db'], id: number) => Promise<AccountRows[K] | null>,
): Promise<AccountRows[K] | null> {
  const hit = ctx.principals.get(kind, id);
  if (hit) return hit;
  const generation = ctx.principals.begin();
  const row = await read(ctx.db, id);
  if (row) ctx.principals.set(kind, row, generation);
  return row;
}

/** Generic sign-out: the startup token is revoked (dashboard and investor sign-outs are local only). */
export async function signOut(ctx: ServiceContext): Promise<void> {
  const actor = ctx.actor;
  if (actor?.kind === 'startup') {
    await repo.revokeJti(ctx.db, actor.jti, actor.expiresAt);
    if (Math.random() < 0.05) await repo.pruneRevoked(ctx.db, new Date());
  }
}

/**
 * Issues a single-use reviewer link (SPEC section 6 `?token=`). Admin may issue one for any
 * active colleague; other staff only for themselves (for example to open the dashboard on a
 * meeting-room screen). The session it opens is read-only.
 */
export async function issueReviewerToken(
  ctx: ServiceContext,
  input: { employee_id: number; ttl_minutes: number },
): Promise<{ token: string; expires_at: string; url: string }> {
  const actor = ctx.actor;
  if (actor?.kind !== 'employee' || actor.reviewer || !staffCan(actor.role, 'reviewer-tokens.issue')) {
    throw new AppError('FORBIDDEN');
  }
  if (actor.role !== 'admin' && input.employee_id !== actor.id) throw new AppError('FORBIDDEN');
  const target = await repo.findEmployeeById(ctx.db, input.employee_id);
  if (target?.status !== 'active') throw new AppError('EMPLOYEE_NOT_FOUND');
  const ttl = Math.min(input.ttl_minutes, ctx.config.reviewerTokenTtlMinutes);
  const { token, expiresAt } = await signReviewerToken(ctx.config.jwtSecret, {
    employeeId: target.id,
    issuedBy: actor.id,
    ttlMinutes: ttl,
  });
  ctx.log.info({ event: 'reviewer_token_issued', by: actor.id, for: target.id, ttl }, 'reviewer link issued');
  const base = ctx.config.publicUrl ?? '';
  return {
    token,
    expires_at: expiresAt.toISOString(),
    url: `${base}/dashboard?token=${encodeURIComponent(token)}`,
  };
}

/** Exchanges a reviewer link for a read-only staff session; each link works once. */
export async function exchangeReviewerToken(ctx: ServiceContext, token: string): Promise<string> {
  const claims = await verifyReviewerToken(ctx.config.jwtSecret, token, ctx.config.reviewerTokenTtlMinutes);
  if (!claims) {
    ctx.log.info(
      { event: 'reviewer_sign_in', ip: ctx.ip, outcome: 'refused', reason: 'invalid' },
      'reviewer sign-in refused',
    );
    throw new AppError('INVALID_TOKEN');
  }
  const employee = await repo.findEmployeeById(ctx.db, claims.employeeId);
  if (employee?.status !== 'active') throw new AppError('INVALID_TOKEN');
  const fresh = await repo.revokeJti(ctx.db, claims.jti, claims.expiresAt);
  if (!fresh) {
    ctx.log.warn(
      { event: 'reviewer_sign_in', ip: ctx.ip, outcome: 'refused', reason: 'replayed' },
      'reviewer link reused',
    );
    throw new AppError('INVALID_TOKEN');
  }
  ctx.log.info(
    { event: 'reviewer_sign_in', ip: ctx.ip, outcome: 'accepted', subject: employee.id },
    'reviewer sign-in',
  );
  return signSessionToken(ctx.config.jwtSecret, {
    strategy: 'dashboard',
    subjectId: employee.id,
    tokenVersion: employee.token_version,
    reviewer: true,
    ttlMinutes: Math.min(ctx.config.tokenTtlMinutes, 120),
  });
}
