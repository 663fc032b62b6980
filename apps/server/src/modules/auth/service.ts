import { type SignInArea, staffCan, type Strategy } from '@dealflow/domain';
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
import type { RevokedTokens } from './revokedTokens.ts';
import { createThrottle, tooManyAttempts } from './throttle.ts';

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
export async function findAccount(ctx: Pick<ServiceContext, 'db'>, strategy: Strategy, email: string) {
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
    // A deleted client signs in no more than a deactivated one (and gets no reset link).
    return (
      row && {
        id: row.id,
        hash: row.password_hash,
        active: row.status === 'active' && !row.is_deleted,
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

const AREA_OF: Record<Strategy, SignInArea> = {
  dashboard: 'dashboard',
  investor: 'investor',
  local: 'startup',
};

/** The first account with this email under another strategy that has a password, if any. */
async function findAccountElsewhere(ctx: ServiceContext, strategy: Strategy, email: string) {
  for (const other of ['dashboard', 'investor', 'local'] as const) {
    if (other === strategy) continue;
    const account = await findAccount(ctx, other, email);
    if (account?.hash) return { account, area: AREA_OF[other] };
  }
  return null;
}

/** How long an address an account signed in from stays known (the known-address rule of sign-in). */
const KNOWN_ADDRESS_DAYS = 90;

/** Failed sign-ins per account, per address and per known (account, address) pair. */
function signInThrottle(ctx: ServiceContext) {
  return createThrottle({ name: 'sign-in', windowMinutes: ctx.config.loginThrottle.windowMinutes });
}

/**
 * Password sign-in for any strategy. The attempt is counted before the password is checked
 * (throttle.ts), so concurrent guesses cannot pass the limits, on any number of instances:
 * - from an address the account signed in from before (within 90 days), only that pair's own
 *   failures count, up to the per-account limit: an attacker elsewhere cannot lock the owner out of
 *   their usual address, and one sharing that address gets no more guesses than the account limit;
 * - from any other address, the account's failures and the address's (across accounts) count.
 * A success clears the account's failures and is not one of the address's. The reply never says
 * whether the email exists: unknown emails are counted and answered as wrong passwords.
 */
export async function signIn(ctx: ServiceContext, input: Credentials): Promise<string> {
  const { perAccount, perAddress } = ctx.config.loginThrottle;
  const account = `${input.strategy}:${input.email}`;
  const keys = {
    account: `account:${account}`,
    address: `address:${ctx.ip}`,
    pair: `pair:${account}|${ctx.ip}`,
  };
  const audit = { event: 'sign_in', strategy: input.strategy, email: input.email, ip: ctx.ip };
  const throttle = signInThrottle(ctx);

  const known = await repo.isKnownAddress(ctx.db, account, ctx.ip, KNOWN_ADDRESS_DAYS);
  const attempt = await throttle.admit(
    ctx.db,
    known
      ? [{ key: keys.pair, limit: perAccount }]
      : [
          { key: keys.account, limit: perAccount },
          { key: keys.address, limit: perAddress },
        ],
  );
  if (!attempt.admitted) {
    ctx.log.warn({ ...audit, known, outcome: 'throttled' }, 'sign-in refused: too many failures');
    throw tooManyAttempts(attempt.retryAfterSeconds);
  }

  const found = await findAccount(ctx, input.strategy, input.email);
  // Not here: the account of another sign-in with this email, checked instead (one password check
  // either way, so timing tells nothing), to tell the right password which sign-in to use.
  const elsewhere = found ? null : await findAccountElsewhere(ctx, input.strategy, input.email);
  const candidate = found ?? elsewhere?.account ?? null;
  const passwordOk = candidate?.hash
    ? await verifyPassword(input.password, candidate.hash)
    : await verifyAgainstDummy(input.password);
  if (!found || !passwordOk || !found.active) {
    const reason = !passwordOk
      ? found
        ? 'wrong_password'
        : 'unknown_account'
      : !candidate?.active
        ? 'inactive_account'
        : 'wrong_sign_in';
    ctx.log.info({ ...audit, known, outcome: 'refused', reason }, 'sign-in refused');
    // Only the right password learns more than INVALID_CREDENTIALS; the attempt still counts.
    if (reason === 'inactive_account') throw new AppError('ACCOUNT_DEACTIVATED');
    if (reason === 'wrong_sign_in' && elsewhere) {
      throw new AppError('WRONG_SIGN_IN_TAB', { details: { use: elsewhere.area } });
    }
    throw new AppError('INVALID_CREDENTIALS');
  }

  await Promise.all([
    throttle.reset(ctx.db, [keys.account, keys.pair]),
    throttle.forgive(ctx.db, attempt),
    repo.rememberAddress(ctx.db, account, ctx.ip),
    repo.touchLastLogin(ctx.db, ACCOUNT_OF[input.strategy], found.id),
  ]);
  if (Math.random() < 0.01) await repo.pruneKnownAddresses(ctx.db, KNOWN_ADDRESS_DAYS);
  ctx.log.info({ ...audit, known, outcome: 'accepted', subject: found.id }, 'sign-in accepted');
  return signSessionToken(ctx.config.jwtSecret, {
    strategy: input.strategy,
    subjectId: found.id,
    tokenVersion: found.tokenVersion,
    ttlMinutes: ctx.config.tokenTtlMinutes,
  });
}

/**
 * Turns a bearer token into a principal: the signature, claims and lifetime are checked, the token
 * id against the revoked ones this instance keeps, then the account (kept briefly for staff and
 * investors), so a deactivated account, a changed password or a signed-out session stops at once.
 */
export async function resolvePrincipal(
  ctx: Pick<ServiceContext, 'db' | 'config' | 'principals' | 'revocations'>,
  token: string,
): Promise<Principal> {
  const verified = await verifySessionToken(ctx.config.jwtSecret, token, ctx.config.tokenTtlMinutes);
  if (!verified.ok) throw new AppError('INVALID_TOKEN');
  const c = verified.claims;
  if (ctx.revocations.has(c.jti)) throw new AppError('INVALID_TOKEN');
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
  // Startup sessions are few, so their account and revocation are read every time as well.
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

/**
 * Sign-out of any strategy: the token's id is revoked in the database, in this instance at once, and
 * in every other instance through the trigger's notification (docs/decisions/0009). Without a valid
 * token there is nothing to end, and the reply is the same.
 */
export async function signOut(ctx: ServiceContext): Promise<void> {
  const actor = ctx.actor;
  if (!actor) return;
  await repo.revokeJti(ctx.db, actor.jti, actor.expiresAt);
  ctx.revocations.add(actor.jti, actor.expiresAt);
  if (Math.random() < 0.05) await repo.pruneRevoked(ctx.db, new Date());
  ctx.log.info({ event: 'sign_out', kind: actor.kind, subject: actor.id }, 'signed out');
}

/** Reads the revoked ids of unexpired tokens into this instance's list (at start, and after a missed notification). */
export async function loadRevokedTokens(db: ServiceContext['db'], revocations: RevokedTokens): Promise<void> {
  revocations.load(await repo.listRevokedUnexpired(db));
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

/**
 * Exchanges a reviewer link for a read-only staff session; each link works once. Failed exchanges
 * are counted per address (the sign-in address limit), before the link is checked.
 */
export async function exchangeReviewerToken(ctx: ServiceContext, token: string): Promise<string> {
  const throttle = signInThrottle(ctx);
  const attempt = await throttle.admit(ctx.db, [
    { key: `reviewer-address:${ctx.ip}`, limit: ctx.config.loginThrottle.perAddress },
  ]);
  const audit = { event: 'reviewer_sign_in', ip: ctx.ip };
  if (!attempt.admitted) {
    ctx.log.warn({ ...audit, outcome: 'throttled' }, 'reviewer sign-in refused: too many failures');
    throw tooManyAttempts(attempt.retryAfterSeconds);
  }
  const refuse = (reason: 'invalid' | 'inactive_account' | 'replayed') => {
    if (reason === 'replayed') ctx.log.warn({ ...audit, outcome: 'refused', reason }, 'reviewer link reused');
    else ctx.log.info({ ...audit, outcome: 'refused', reason }, 'reviewer sign-in refused');
    return new AppError('INVALID_TOKEN');
  };
  const claims = await verifyReviewerToken(ctx.config.jwtSecret, token, ctx.config.reviewerTokenTtlMinutes);
  if (!claims) throw refuse('invalid');
  const employee = await repo.findEmployeeById(ctx.db, claims.employeeId);
  if (employee?.status !== 'active') throw refuse('inactive_account');
  const fresh = await repo.revokeJti(ctx.db, claims.jti, claims.expiresAt);
  if (!fresh) throw refuse('replayed');
  await throttle.forgive(ctx.db, attempt);
  ctx.log.info({ ...audit, outcome: 'accepted', subject: employee.id }, 'reviewer sign-in');
  return signSessionToken(ctx.config.jwtSecret, {
    strategy: 'dashboard',
    subjectId: employee.id,
    tokenVersion: employee.token_version,
    reviewer: true,
    ttlMinutes: Math.min(ctx.config.tokenTtlMinutes, 120),
  });
}
