import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { MAIL_CODE } from '@dealflow/domain';
import type { DbOrTx } from '../db/client.ts';
import { mailCodes } from '../db/schema/index.ts';
import { nowOf, type ServiceContext } from './context.ts';
import { AppError } from './errors.ts';
import type { MailMessage } from './mailer.ts';

/**
 * Six-digit codes mailed to prove an address (issue 14): registration, and a startup's new
 * sign-in email. One row per purpose and address holds the one live code; a new send replaces
 * it. Sends (3 an hour) and guesses (5 a code) are counted under that row's lock, so concurrent
 * requests cannot beat either limit. Codes are stored only as an HMAC under the server's secret.
 * A right code gives a ticket (signed, short-lived) that a later step spends once.
 */

export type MailCodePurpose = 'register' | 'email_change';

const HOUR_MS = 3_600_000;

function codeHash(ctx: Pick<ServiceContext, 'config'>, purpose: string, email: string, code: string) {
  return createHmac('sha256', ctx.config.jwtSecret)
    .update(`mail-code:${purpose}:${email}:${code}`)
    .digest('hex');
}

function sameHex(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}

/** The row of an address, created if missing, locked until the transaction ends. */
async function lockRow(tx: DbOrTx, purpose: MailCodePurpose, email: string) {
  await tx.insert(mailCodes).values({ purpose, email }).onConflictDoNothing();
  const [row] = await tx
    .select()
    .from(mailCodes)
    .where(and(eq(mailCodes.purpose, purpose), eq(mailCodes.email, email)))
    .for('update');
  if (!row) throw new Error('mail code row vanished');
  return row;
}

export interface IssueInput {
  purpose: MailCodePurpose;
  /** Lower-cased by the contract. */
  email: string;
  /**
   * False: the send is counted as any other but no code is kept (the mail says something else,
   * such as "you already have an account"): the reply cannot tell the two apart.
   */
  live: boolean;
  /** The mail to send, given the code (null when not live). */
  compose: (code: string | null) => MailMessage;
}

/**
 * Sends a new code (ending the previous one); 429 MAIL_CODE_LIMIT with Retry-After past
 * `MAIL_CODE.sendsPerHour` sends an hour. The mail goes after the commit and is not awaited, so
 * the reply takes as long whatever the mail says.
 */
export async function issueMailCode(ctx: ServiceContext, input: IssueInput): Promise<{ expiresAt: Date }> {
  const now = nowOf(ctx);
  const code = String(randomInt(0, 10 ** MAIL_CODE.digits)).padStart(MAIL_CODE.digits, '0');
  const expiresAt = new Date(now.getTime() + MAIL_CODE.ttlMinutes * 60_000);
  await ctx.db.transaction(async (tx) => {
    const row = await lockRow(tx, input.purpose, input.email);
    const recent = row.sent_at
      .filter((t) => t.getTime() > now.getTime() - HOUR_MS)
      .sort((a, b) => a.getTime() - b.getTime());
    if (recent.length >= MAIL_CODE.sendsPerHour) {
      const oldest = recent[0] as Date;
      const retryAfter = Math.max(1, Math.ceil((oldest.getTime() + HOUR_MS - now.getTime()) / 1000));
      throw new AppError('MAIL_CODE_LIMIT', {
        details: { retry_after_seconds: retryAfter },
        headers: { 'retry-after': String(retryAfter) },
      });
    }
    await tx
      .update(mailCodes)
      .set({
        code_hash: input.live ? codeHash(ctx, input.purpose, input.email, code) : null,
        attempts: 0,
        sent_at: [...recent, now],
        expires_at: expiresAt,
        verified_at: null,
        consumed_at: null,
      })
      .where(eq(mailCodes.id, row.id));
  });
  const message = input.compose(input.live ? code : null);
  void ctx.mailer.send(message).catch((err: unknown) => {
    ctx.log.error(
      { err: err instanceof Error ? err.name : 'error', purpose: input.purpose },
      'mail code not sent',
    );
  });
  return { expiresAt };
}

/**
 * Checks a code: the right one, alive, within its tries, gives a ticket for the address; anything
 * else is 422 INCORRECT_VERIFICATION_CODE (with the tries left), the same for an address that
 * never got one. A wrong guess is counted even though the reply is an error.
 */
export async function verifyMailCode(
  ctx: ServiceContext,
  input: { purpose: MailCodePurpose; email: string; code: string },
): Promise<{ ticket: string; expiresAt: Date }> {
  const now = nowOf(ctx);
  const outcome = await ctx.db.transaction(async (tx) => {
    const row = await lockRow(tx, input.purpose, input.email);
    const alive =
      row.code_hash !== null &&
      row.expires_at !== null &&
      row.expires_at.getTime() > now.getTime() &&
      row.verified_at === null &&
      row.attempts < MAIL_CODE.maxAttempts;
    if (!alive) return { ok: false as const, left: 0 };
    const attempts = row.attempts + 1;
    const right = sameHex(codeHash(ctx, input.purpose, input.email, input.code), row.code_hash as string);
    await tx
      .update(mailCodes)
      .set(right ? { attempts, verified_at: now } : { attempts })
      .where(eq(mailCodes.id, row.id));
    if (!right) return { ok: false as const, left: MAIL_CODE.maxAttempts - attempts };
    return { ok: true as const, id: row.id };
  });
  if (!outcome.ok)
    throw new AppError('INCORRECT_VERIFICATION_CODE', { details: { attempts_left: outcome.left } });
  const expiresAt = new Date(now.getTime() + MAIL_CODE.ticketMinutes * 60_000);
  const ticket = signTicket(ctx, {
    i: outcome.id,
    p: input.purpose,
    e: input.email,
    v: now.getTime(),
    x: expiresAt.getTime(),
  });
  return { ticket, expiresAt };
}

interface TicketClaims {
  /** The mail code row. */
  i: number;
  p: MailCodePurpose;
  e: string;
  /** When the code was verified (ms): a ticket of an earlier verification of the address is void. */
  v: number;
  /** Expiry (ms). */
  x: number;
}

function ticketMac(ctx: Pick<ServiceContext, 'config'>, body: string) {
  return createHmac('sha256', ctx.config.jwtSecret).update(`mail-code-ticket:${body}`).digest('base64url');
}

function signTicket(ctx: Pick<ServiceContext, 'config'>, claims: TicketClaims): string {
  const body = Buffer.from(JSON.stringify(claims)).toString('base64url');
  return `${body}.${ticketMac(ctx, body)}`;
}

function readTicket(ctx: ServiceContext, ticket: string, purpose: MailCodePurpose): TicketClaims {
  const invalid = new AppError('REGISTRATION_TICKET_INVALID');
  const [body, mac] = ticket.split('.');
  if (!body || !mac) throw invalid;
  const expected = Buffer.from(ticketMac(ctx, body));
  const given = Buffer.from(mac);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw invalid;
  let claims: TicketClaims;
  try {
    claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as TicketClaims;
  } catch {
    throw invalid;
  }
  if (claims.p !== purpose || typeof claims.e !== 'string' || claims.x <= nowOf(ctx).getTime()) throw invalid;
  return claims;
}

/**
 * Spends a ticket inside the caller's transaction (the row stays locked until it ends, so two
 * submissions of one ticket make one account): answers the proven address, or 410
 * REGISTRATION_TICKET_INVALID when it is forged, expired, already used, or superseded by a new code.
 */
export async function spendMailTicket(
  tx: DbOrTx,
  ctx: ServiceContext,
  ticket: string,
  purpose: MailCodePurpose,
): Promise<string> {
  const claims = readTicket(ctx, ticket, purpose);
  const [row] = await tx.select().from(mailCodes).where(eq(mailCodes.id, claims.i)).for('update');
  if (
    !row ||
    row.purpose !== purpose ||
    row.email !== claims.e ||
    row.consumed_at !== null ||
    row.verified_at?.getTime() !== claims.v
  )
    throw new AppError('REGISTRATION_TICKET_INVALID');
  await tx
    .update(mailCodes)
    .set({ consumed_at: nowOf(ctx) })
    .where(eq(mailCodes.id, row.id));
  return row.email;
}

/** The address a ticket proves, without spending it (a form shows it). */
export function ticketEmail(ctx: ServiceContext, ticket: string, purpose: MailCodePurpose): string {
  return readTicket(ctx, ticket, purpose).e;
}
