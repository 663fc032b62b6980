import {
  type ApplicationCounts,
  MAIL_CODE,
  type RegisterBody,
  staffCan,
  type VerifyMailBody,
  type VerifyMailCodeBody,
} from '@dealflow/domain';
import { isUniqueViolation } from '../../db/errors.ts';
import { type ServiceContext, staffActor } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { issueMailCode, spendMailTicket, ticketEmail, verifyMailCode } from '../../lib/mailCodes.ts';
import { hashPassword, judgeNewPassword } from '../../lib/passwords.ts';
import { recordActivity } from '../activity/repository.ts';
import { createThrottle, tooManyAttempts } from '../auth/throttle.ts';
import { recordClientActivity } from '../clients/history.ts';
import { alreadyRegisteredMail, applicationTakenOnMail, registrationCodeMail } from './mail.ts';
import * as repo from './repository.ts';

/**
 * Self-service registration (issue 14): prove the email with a mailed code, then choose a
 * password and fill in the form of the kind chosen. A startup gets a sign-in and a draft case;
 * an investor a client in contact stage p0 with general membership, who sees no case until staff
 * approve. Nothing here tells whether an address already has an account: that mail says so.
 */

function origin(ctx: ServiceContext): string {
  return (ctx.config.publicUrl ?? `http://localhost:${ctx.config.port}`).replace(/\/+$/, '');
}

/** Sends per caller address (the sign-in limit of one address): keeps one client from mailing many inboxes. */
const sendsByAddress = createThrottle({ name: 'registration-code', windowMinutes: 60 });

export async function sendRegistrationCode(ctx: ServiceContext, body: VerifyMailBody) {
  const attempt = await sendsByAddress.admit(ctx.db, [
    { key: `address:${ctx.ip}`, limit: ctx.config.loginThrottle.perAddress },
  ]);
  if (!attempt.admitted) throw tooManyAttempts(attempt.retryAfterSeconds);
  const exists = await repo.accountExists(ctx.db, body.email);
  await issueMailCode(ctx, {
    purpose: 'register',
    email: body.email,
    live: !exists,
    compose: (code) =>
      code === null
        ? alreadyRegisteredMail(body.email, `${origin(ctx)}/login`, `${origin(ctx)}/forgot-password`)
        : registrationCodeMail(body.email, code),
  });
  ctx.log.info({ event: 'registration_code', outcome: 'sent' }, 'registration code requested');
  return {
    result: true as const,
    expires_in_seconds: MAIL_CODE.ttlMinutes * 60,
    resend_after_seconds: MAIL_CODE.resendAfterSeconds,
  };
}

export async function checkRegistrationCode(ctx: ServiceContext, body: VerifyMailCodeBody) {
  const { ticket, expiresAt } = await verifyMailCode(ctx, { purpose: 'register', ...body });
  return { result: true as const, ticket, expires_at: expiresAt.toISOString() };
}

const emailTaken = (err: unknown) =>
  isUniqueViolation(err, 'clients_email_key') || isUniqueViolation(err, 'startup_users_email_key');

/**
 * Makes the account and what comes with it, in one transaction with spending the ticket: two
 * submissions of one ticket make one account (the second waits on the ticket's row, then finds it
 * spent). Recorded in the case's or the client's history as done by the applicant.
 */
export async function register(ctx: ServiceContext, body: RegisterBody) {
  // Read (not spent) first: the password is judged against the proven address before hashing.
  const email = ticketEmail(ctx, body.ticket, 'register');
  const verdict = await judgeNewPassword(body.password, email);
  if (verdict.refusal)
    throw new AppError('PASSWORD_REFUSED', { details: { reason: verdict.refusal, score: verdict.score } });
  const passwordHash = await hashPassword(body.password);
  try {
    return await ctx.db.transaction(async (tx) => {
      const proven = await spendMailTicket(tx, ctx, body.ticket, 'register');
      if (await repo.accountExists(tx, proven)) throw new AppError('EMAIL_TAKEN');
      if (body.kind === 'startup') {
        const f = body.form;
        const draft = await repo.insertDraftCase(tx, {
          name: f.company_name,
          status: 'draft',
          website: f.website || null,
          overview: f.description,
          domain_keys: f.industry_keys,
          // The company profile (issue 14) starts from what the application said.
          company: {
            industry_keys: f.industry_keys,
            contract_name: f.contract_name,
            contract_tel: f.contract_tel,
            contract_email: proven,
            ...(f.contract_title ? { contract_title: f.contract_title } : {}),
          },
          source: 'registration',
          application_status: 'pending',
          application_form: { ...f, email: proven },
        });
        const user = await repo.insertStartupUser(tx, {
          email: proven,
          password_hash: passwordHash,
          name: f.contract_name,
          case_id: draft.id,
        });
        await recordActivity(
          tx,
          { kind: 'startup', id: user.id },
          {
            entity_type: 'case',
            entity_id: draft.id,
            action: 'registration.submit',
            changes: {
              name: { from: null, to: f.company_name },
              status: { from: null, to: 'draft' },
              contract_name: { from: null, to: f.contract_name },
            },
          },
        );
        return { kind: 'startup' as const, email: proven, id: draft.id };
      }
      const f = body.form;
      const client = await repo.insertClient(tx, {
        email: proven,
        password_hash: passwordHash,
        name: f.name,
        phone: f.phone,
        industry_keys: f.industry_keys,
        check_size: f.check_size ?? null,
        process_status: 'p0',
        membership: 'general',
        application_status: 'pending',
        application_form: { ...f, email: proven },
      });
      await recordActivity(
        tx,
        { kind: 'client', id: client.id },
        {
          entity_type: 'client',
          entity_id: client.id,
          action: 'registration.submit',
          changes: {
            name: { from: null, to: f.name },
            process_status: { from: null, to: 'p0' },
            membership: { from: null, to: 'general' },
            application_status: { from: null, to: 'pending' },
          },
        },
      );
      return { kind: 'investor' as const, email: proven, id: client.id };
    });
  } catch (err) {
    if (emailTaken(err)) throw new AppError('EMAIL_TAKEN');
    throw err;
  }
}

/** Staff approve a registered investor's application: from now on their tier decides what they see. */
export async function approveApplication(ctx: ServiceContext, clientId: number) {
  staffActor(ctx);
  await ctx.db.transaction(async (tx) => {
    const row = await repo.lockClient(tx, clientId);
    if (!row || row.is_deleted) throw new AppError('CLIENT_NOT_FOUND');
    if (row.application_status !== 'pending') throw new AppError('APPLICATION_NOT_PENDING');
    await repo.approveClient(tx, clientId);
    await recordClientActivity(tx, ctx, clientId, 'application.approve', {
      application_status: { from: 'pending', to: 'approved' },
    });
  });
  ctx.principals.forget('client', clientId);
}

/**
 * An ao (or an admin) takes on a registered startup's draft case: they become its AO and the
 * application is handled (its 新申請 mark and badge go). One wins when two click at once (the row
 * lock); the other is told it is taken. The startup is mailed who now handles it.
 */
export async function takeOnApplication(ctx: ServiceContext, caseId: number) {
  const actor = staffActor(ctx);
  await ctx.db.transaction(async (tx) => {
    const row = await repo.lockCaseApplication(tx, caseId);
    if (!row || row.is_deleted) throw new AppError('CASE_NOT_FOUND');
    if (
      row.application_status !== 'pending' ||
      row.status !== 'draft' ||
      (row.ao_id !== null && row.ao_id !== actor.id)
    )
      throw new AppError('APPLICATION_TAKEN');
    await repo.takeOnCase(tx, caseId, actor.id);
    await recordActivity(tx, ctx.actor, {
      entity_type: 'case',
      entity_id: caseId,
      action: 'application.take_on',
      changes: {
        ao_id: { from: row.ao_id, to: actor.id },
        application_status: { from: 'pending', to: 'approved' },
      },
    });
  });
  const aoName = ctx.actor?.kind === 'employee' ? ctx.actor.row.name : '';
  const emails = await repo.startupEmailsOfCase(ctx.db, caseId);
  for (const email of emails) {
    void ctx.mailer
      .send(applicationTakenOnMail(email, aoName, `${origin(ctx)}/startup`))
      .catch((err: unknown) => {
        ctx.log.error(
          { err: err instanceof Error ? err.name : 'error', case_id: caseId },
          'take-on mail not sent',
        );
      });
  }
}

/** What the badge counts: the registrations the acting staff member may handle. */
export async function applicationCounts(ctx: ServiceContext): Promise<ApplicationCounts> {
  const actor = staffActor(ctx);
  const [cases, clients] = await Promise.all([
    staffCan(actor.role, 'cases.read') ? repo.pendingCases(ctx.db) : 0,
    staffCan(actor.role, 'clients.approve') ? repo.pendingClients(ctx.db) : 0,
  ]);
  return { cases, clients };
}
