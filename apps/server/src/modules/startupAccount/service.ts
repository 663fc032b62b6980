import { MAIL_CODE, type StartupAccountBody, type StartupAccountResult } from '@dealflow/domain';
import { isUniqueViolation } from '../../db/errors.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { issueMailCode, spendMailTicket, verifyMailCode } from '../../lib/mailCodes.ts';
import { judgeNewPassword, verifyPassword } from '../../lib/passwords.ts';
import { signSessionToken } from '../../lib/tokens.ts';
import { changePassword } from '../accounts/service.ts';
import { recordActivity } from '../activity/repository.ts';
import type { Principal } from '../auth/principal.ts';
import { createThrottle, tooManyAttempts } from '../auth/throttle.ts';
import { accountExists } from '../registration/repository.ts';
import { emailChangeCodeMail, emailChangedNoticeMail, emailInUseMail } from './mail.ts';
import * as repo from './repository.ts';

/**
 * A startup's own account (issue 14; docs/decisions/0036): the password and the sign-in email,
 * through `PUT v1/cases/{id}` with the startup's own user id. Both need the current password;
 * a new email takes effect only once the code mailed to it comes back. Every other session ends.
 */

type Startup = Extract<Principal, { kind: 'startup' }>;

function ownAccount(ctx: ServiceContext, userId: number): Startup {
  const actor = ctx.actor;
  if (actor?.kind !== 'startup') throw new AppError('FORBIDDEN');
  // Another user's id never reaches an account: the same refusal whether or not that id exists.
  if (actor.id !== userId)
    throw new AppError('FORBIDDEN', { message: 'A startup may only change its own account' });
  return actor;
}

async function checkCurrentPassword(ctx: ServiceContext, actor: Startup, given: string) {
  // Wrong current passwords are counted per account, together with those of the password change.
  const emailRequests = createThrottle({
    name: 'password-change',
    windowMinutes: ctx.config.loginThrottle.windowMinutes,
  });
  const key = `account:startup:${actor.id}`;
  const attempt = await emailRequests.admit(ctx.db, [{ key, limit: ctx.config.loginThrottle.perAccount }]);
  if (!attempt.admitted) throw tooManyAttempts(attempt.retryAfterSeconds);
  const current = actor.row.password_hash;
  if (!current || !(await verifyPassword(given, current))) throw new AppError('CURRENT_PASSWORD_INCORRECT');
  await emailRequests.reset(ctx.db, [key]);
}

export async function changeStartupAccount(
  ctx: ServiceContext,
  userId: number,
  body: StartupAccountBody,
): Promise<StartupAccountResult> {
  const actor = ownAccount(ctx, userId);
  if (body.action === 'password') {
    const verdict = await judgeNewPassword(body.password, actor.row.email);
    if (verdict.refusal)
      throw new AppError('PASSWORD_REFUSED', { details: { reason: verdict.refusal, score: verdict.score } });
    const token = await changePassword(ctx, {
      current_password: body.current_password,
      password: body.password,
    });
    if (actor.caseId !== null)
      await recordActivity(ctx.db, actor, {
        entity_type: 'case',
        entity_id: actor.caseId,
        action: 'account.password_change',
      });
    return { action: 'password', token };
  }
  if (body.action === 'email_request') return requestEmailChange(ctx, actor, body);
  return confirmEmailChange(ctx, actor, body);
}

async function requestEmailChange(
  ctx: ServiceContext,
  actor: Startup,
  body: Extract<StartupAccountBody, { action: 'email_request' }>,
): Promise<StartupAccountResult> {
  await checkCurrentPassword(ctx, actor, body.current_password);
  if (body.email === actor.row.email.toLowerCase())
    throw new AppError('EMAIL_TAKEN', { message: 'This is already your sign-in email' });
  // Whether another account has the address is said only in the mail to that address.
  const taken = await accountExists(ctx.db, body.email);
  await issueMailCode(ctx, {
    purpose: 'email_change',
    email: body.email,
    live: !taken,
    compose: (code) => (code === null ? emailInUseMail(body.email) : emailChangeCodeMail(body.email, code)),
  });
  ctx.log.info({ event: 'email_change_code', subject: actor.id }, 'email change code requested');
  return {
    action: 'email_request',
    expires_in_seconds: MAIL_CODE.ttlMinutes * 60,
    resend_after_seconds: MAIL_CODE.resendAfterSeconds,
  };
}

async function confirmEmailChange(
  ctx: ServiceContext,
  actor: Startup,
  body: Extract<StartupAccountBody, { action: 'email_confirm' }>,
): Promise<StartupAccountResult> {
  const { ticket } = await verifyMailCode(ctx, {
    purpose: 'email_change',
    email: body.email,
    code: body.code,
  });
  let done: { from: string; tokenVersion: number };
  try {
    done = await ctx.db.transaction(async (tx) => {
      const proven = await spendMailTicket(tx, ctx, ticket, 'email_change');
      const user = await repo.lockUser(tx, actor.id);
      if (!user) throw new AppError('UNAUTHENTICATED');
      // Taken since the code was sent (by a registration or another change): the unique index
      // settles a race between two startups; this covers staff and investor addresses too.
      if (await accountExists(tx, proven)) throw new AppError('EMAIL_TAKEN');
      const row = await repo.setEmail(tx, actor.id, proven);
      if (!row) throw new AppError('UNAUTHENTICATED');
      if (user.caseId !== null)
        await recordActivity(tx, actor, {
          entity_type: 'case',
          entity_id: user.caseId,
          action: 'account.email_change',
          changes: { sign_in_email: { from: user.email, to: proven } },
        });
      return { from: user.email, tokenVersion: row.tokenVersion };
    });
  } catch (err) {
    if (isUniqueViolation(err, 'startup_users_email_key')) throw new AppError('EMAIL_TAKEN');
    throw err;
  }
  void ctx.mailer.send(emailChangedNoticeMail(done.from, body.email)).catch((err: unknown) => {
    ctx.log.error({ err: err instanceof Error ? err.name : 'error' }, 'email change notice not sent');
  });
  ctx.log.info({ event: 'email_changed', subject: actor.id }, 'sign-in email changed: other sessions ended');
  const token = await signSessionToken(ctx.config.jwtSecret, {
    strategy: 'local',
    subjectId: actor.id,
    tokenVersion: done.tokenVersion,
    ttlMinutes: ctx.config.tokenTtlMinutes,
  });
  return { action: 'email_confirm', token, email: body.email };
}
