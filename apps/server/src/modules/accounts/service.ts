import { createHash, randomBytes } from 'node:crypto';
import type {
  InvitationAcceptBody,
  PasswordChangeBody,
  PasswordForgotBody,
  PasswordResetBody,
  Strategy,
} from '@dealflow/domain';
import type { DbOrTx } from '../../db/client.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import type { MailMessage } from '../../lib/mailer.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { signSessionToken } from '../../lib/tokens.ts';
import * as authRepo from '../auth/repository.ts';
import { findAccount } from '../auth/service.ts';
import { createThrottle, tooManyAttempts } from '../auth/throttle.ts';
import { clientInvitationMail, invitationMail, passwordResetMail } from './mail.ts';
import * as repo from './repository.ts';
import type { AccountKind } from './repository.ts';

// Mailed single-use links: password resets and staff invitations (docs/decisions/0012).

export const RESET_TTL_SECONDS = 30 * 60;
export const INVITATION_TTL_SECONDS = 7 * 24 * 60 * 60;

const KIND_OF: Record<Strategy, AccountKind> = {
  dashboard: 'employee',
  investor: 'client',
  local: 'startup',
};
const STRATEGY_OF: Record<AccountKind, Strategy> = {
  employee: 'dashboard',
  client: 'investor',
  startup: 'local',
};

/** A fresh link token and the hash that is stored: the token itself is only ever in the mail. */
function newToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * A link to a web page with the token in the fragment: browsers send neither the fragment to a
 * server nor it in a Referer, so the token stays out of access logs. The origin is the configured
 * PUBLIC_URL, never the request's Host header (which a requester could forge to receive the link).
 */
function linkTo(ctx: ServiceContext, path: string, token: string): string {
  const origin = (ctx.config.publicUrl ?? `http://localhost:${ctx.config.port}`).replace(/\/+$/, '');
  return `${origin}${path}#token=${token}`;
}

/** Sends a mail; a failure is logged (without the message, which holds the link), never thrown. */
async function deliver(ctx: ServiceContext, message: MailMessage, event: string): Promise<boolean> {
  try {
    await ctx.mailer.send(message);
    return true;
  } catch (err) {
    ctx.log.error({ event, err: err instanceof Error ? err.name : 'error' }, 'account mail not sent');
    return false;
  }
}

function throttleOf(ctx: ServiceContext, name: string) {
  return createThrottle({ name, windowMinutes: ctx.config.loginThrottle.windowMinutes });
}

/** Ends an account's sessions in this instance at once (others: the accounts trigger, or the per-request read of startups). */
function forgetAccount(ctx: ServiceContext, kind: AccountKind, id: number): void {
  if (kind === 'employee' || kind === 'client') ctx.principals.forget(kind, id);
}

/**
 * Mails a reset link if the email has an account that may sign in with this strategy. The reply is
 * the same either way. Every request is counted before anything is looked up (per account and per
 * address, the sign-in limits), so a flood neither mails nor reveals more. A new link ends the older ones.
 */
export async function requestPasswordReset(ctx: ServiceContext, input: PasswordForgotBody): Promise<void> {
  const { perAccount, perAddress } = ctx.config.loginThrottle;
  const attempt = await throttleOf(ctx, 'password-forgot').admit(ctx.db, [
    { key: `account:${input.strategy}:${input.email}`, limit: perAccount },
    { key: `address:${ctx.ip}`, limit: perAddress },
  ]);
  const audit = { event: 'password_forgot', strategy: input.strategy, ip: ctx.ip };
  if (!attempt.admitted) {
    ctx.log.warn({ ...audit, outcome: 'throttled' }, 'password reset request refused: too many');
    throw tooManyAttempts(attempt.retryAfterSeconds);
  }
  const found = await findAccount(ctx, input.strategy, input.email);
  if (!found?.active) {
    ctx.log.info({ ...audit, outcome: 'no_account' }, 'password reset requested');
    return;
  }
  const kind = KIND_OF[input.strategy];
  const { token, hash } = newToken();
  await ctx.db.transaction(async (tx) => {
    await repo.invalidateOpenTokens(tx, kind, found.id, 'password_reset');
    await repo.insertToken(tx, {
      purpose: 'password_reset',
      kind,
      accountId: found.id,
      hash,
      ttlSeconds: RESET_TTL_SECONDS,
    });
  });
  ctx.log.info({ ...audit, outcome: 'mailed', subject: found.id }, 'password reset requested');
  // Not awaited: the reply takes as long whether or not a mail goes out.
  void deliver(ctx, passwordResetMail(input.email, linkTo(ctx, '/reset-password', token)), 'password_forgot');
}

/** Failed uses of links per address; a link is 256 random bits, this only keeps floods away. */
async function admitLinkUse(ctx: ServiceContext) {
  const throttle = throttleOf(ctx, 'account-link');
  const attempt = await throttle.admit(ctx.db, [
    { key: `address:${ctx.ip}`, limit: ctx.config.loginThrottle.perAddress },
  ]);
  if (!attempt.admitted) throw tooManyAttempts(attempt.retryAfterSeconds);
  return { forgive: () => throttle.forgive(ctx.db, attempt) };
}

/**
 * Spends a link of one purpose and sets the account's password in one transaction: the token is
 * consumed by a conditional update (one winner under concurrency), every other open link of the
 * account ends, and the token version is bumped so every session of the account ends.
 */
async function spendLinkAndSetPassword(
  ctx: ServiceContext,
  uses: readonly repo.LinkUse[],
  token: string,
  password: string,
  refusal: 'RESET_LINK_INVALID' | 'INVITATION_LINK_INVALID',
) {
  const passwordHash = await hashPassword(password);
  const result = await ctx.db.transaction(async (tx) => {
    const spent = await repo.consumeToken(tx, hashToken(token), uses);
    if (!spent) throw new AppError(refusal);
    const row = await repo.setPassword(tx, spent.kind, spent.accountId, passwordHash);
    // A deactivated (or deleted) account gets no password (the throw undoes the whole transaction).
    if (!row || row.status === 'inactive') throw new AppError(refusal);
    await repo.invalidateOpenTokens(tx, spent.kind, spent.accountId);
    return { kind: spent.kind, id: row.id, tokenVersion: row.tokenVersion };
  });
  forgetAccount(ctx, result.kind, result.id);
  return result;
}

/**
 * What the reset page spends: reset links, and the invitations of clients (the investor area has
 * no page of its own for them: choosing a first password is the same form, and the reply names the
 * investor sign-in). Staff invitations are spent by acceptInvitation, which signs them in.
 */
const RESET_USES: readonly repo.LinkUse[] = [
  { purpose: 'password_reset' },
  { purpose: 'invitation', kinds: ['client'] },
];
const STAFF_INVITATION_USES: readonly repo.LinkUse[] = [{ purpose: 'invitation', kinds: ['employee'] }];

export async function resetPassword(ctx: ServiceContext, input: PasswordResetBody): Promise<Strategy> {
  const admission = await admitLinkUse(ctx);
  const done = await spendLinkAndSetPassword(
    ctx,
    RESET_USES,
    input.token,
    input.password,
    'RESET_LINK_INVALID',
  ).catch((err: unknown) => {
    ctx.log.info({ event: 'password_reset', ip: ctx.ip, outcome: 'refused' }, 'password reset refused');
    throw err;
  });
  await admission.forgive();
  ctx.log.info(
    { event: 'password_reset', ip: ctx.ip, outcome: 'accepted', kind: done.kind, subject: done.id },
    'password reset: every session of the account ended',
  );
  return STRATEGY_OF[done.kind];
}

/** Creates (or replaces) a staff member's invitation and mails it; false if the mail could not be sent. */
export async function sendInvitation(
  ctx: ServiceContext,
  employee: { id: number; email: string; name: string },
): Promise<boolean> {
  const { token, hash } = newToken();
  await ctx.db.transaction(async (tx) => {
    await repo.invalidateOpenTokens(tx, 'employee', employee.id, 'invitation');
    await repo.insertToken(tx, {
      purpose: 'invitation',
      kind: 'employee',
      accountId: employee.id,
      hash,
      ttlSeconds: INVITATION_TTL_SECONDS,
    });
  });
  ctx.log.info({ event: 'invitation_sent', subject: employee.id }, 'staff invitation sent');
  return deliver(
    ctx,
    invitationMail(employee.email, employee.name, linkTo(ctx, '/accept-invitation', token)),
    'invitation',
  );
}

/**
 * Stores a client's invitation to the investor area (7 days, replacing an older one) in the
 * caller's transaction, and gives back the sending of its mail, to call once that has committed
 * (a rolled-back client gets no mail). The link opens the reset page: the client chooses a
 * password there, and signs in with it (RESET_USES).
 */
export async function storeClientInvitation(
  ctx: ServiceContext,
  tx: DbOrTx,
  client: { id: number; email: string; name: string },
): Promise<() => Promise<boolean>> {
  const { token, hash } = newToken();
  await repo.invalidateOpenTokens(tx, 'client', client.id, 'invitation');
  await repo.insertToken(tx, {
    purpose: 'invitation',
    kind: 'client',
    accountId: client.id,
    hash,
    ttlSeconds: INVITATION_TTL_SECONDS,
  });
  return async () => {
    ctx.log.info({ event: 'client_invitation_sent', subject: client.id }, 'client invitation sent');
    return deliver(
      ctx,
      clientInvitationMail(client.email, client.name, linkTo(ctx, '/reset-password', token)),
      'client_invitation',
    );
  };
}

/** Who an open invitation is for, so the page can greet them; refused once expired or used. */
export async function checkInvitation(ctx: ServiceContext, token: string) {
  const admission = await admitLinkUse(ctx);
  const open = await repo.findOpenToken(ctx.db, hashToken(token), STAFF_INVITATION_USES);
  const employee = open ? await authRepo.findEmployeeById(ctx.db, open.accountId) : null;
  if (!open || employee?.status !== 'active') throw new AppError('INVITATION_LINK_INVALID');
  await admission.forgive();
  return { email: employee.email, name: employee.name, expires_at: open.expiresAt.toISOString() };
}

/** Sets the invited person's password and signs them in to the dashboard. */
export async function acceptInvitation(ctx: ServiceContext, input: InvitationAcceptBody): Promise<string> {
  const admission = await admitLinkUse(ctx);
  const done = await spendLinkAndSetPassword(
    ctx,
    STAFF_INVITATION_USES,
    input.token,
    input.password,
    'INVITATION_LINK_INVALID',
  );
  await Promise.all([admission.forgive(), authRepo.touchLastLogin(ctx.db, 'employee', done.id)]);
  ctx.log.info({ event: 'invitation_accepted', subject: done.id }, 'staff invitation accepted');
  return signSessionToken(ctx.config.jwtSecret, {
    strategy: 'dashboard',
    subjectId: done.id,
    tokenVersion: done.tokenVersion,
    ttlMinutes: ctx.config.tokenTtlMinutes,
  });
}

/**
 * A signed-in user changes their password, giving the current one (counted per account like a
 * sign-in). Every other session ends; this one continues with the new token returned.
 */
export async function changePassword(ctx: ServiceContext, input: PasswordChangeBody): Promise<string> {
  const actor = ctx.actor;
  if (!actor || (actor.kind === 'employee' && actor.reviewer)) throw new AppError('FORBIDDEN');
  const kind: AccountKind = actor.kind;
  const throttle = throttleOf(ctx, 'password-change');
  const key = `account:${kind}:${actor.id}`;
  const attempt = await throttle.admit(ctx.db, [{ key, limit: ctx.config.loginThrottle.perAccount }]);
  if (!attempt.admitted) throw tooManyAttempts(attempt.retryAfterSeconds);
  const current = actor.row.password_hash;
  if (!current || !(await verifyPassword(input.current_password, current))) {
    throw new AppError('CURRENT_PASSWORD_INCORRECT');
  }
  const passwordHash = await hashPassword(input.password);
  const row = await ctx.db.transaction(async (tx) => {
    const updated = await repo.setPassword(tx, kind, actor.id, passwordHash);
    await repo.invalidateOpenTokens(tx, kind, actor.id, 'password_reset');
    return updated;
  });
  if (!row) throw new AppError('UNAUTHENTICATED');
  forgetAccount(ctx, kind, actor.id);
  await throttle.reset(ctx.db, [key]);
  ctx.log.info(
    { event: 'password_changed', kind, subject: actor.id },
    'password changed: other sessions ended',
  );
  return signSessionToken(ctx.config.jwtSecret, {
    strategy: STRATEGY_OF[kind],
    subjectId: actor.id,
    tokenVersion: row.tokenVersion,
    ttlMinutes: ctx.config.tokenTtlMinutes,
  });
}
