import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { MAIL_CODE } from '@dealflow/domain';
import { cases, clients, startupUsers } from '../src/db/schema/index.ts';
import { historyOf } from './clientHistory.ts';
import { buildClient, buildStartupUser, signIn, uniqueEmail } from './factories.ts';
import {
  buildTestApp,
  capturingMailer,
  codeMailedTo,
  expectErrorShape,
  lastMailTo,
  type TestApp,
  wrongCode,
} from './helpers.ts';
import { buildCast, type Cast, caller, dataOf } from './staffCast.ts';

/**
 * Issue 14, self-service registration: a mailed six-digit code proves the email (10 minutes,
 * 5 tries, 3 sends an hour, one alive), a ticket from it registers a startup (a draft case) or an
 * investor (p0, general, waiting for approval) once; nothing tells a new address from a known one.
 */
let t: TestApp;
let cast: Cast;
let call: ReturnType<typeof caller>;
const mailer = capturingMailer();
// The app's clock: tests move it instead of sleeping.
let offsetMs = 0;
const clock = () => new Date(Date.now() + offsetMs);
const HOUR = 3_600_000;

const v1 = '/api/internal/v1';
const PASSWORD = 'violet-harbour-lantern-42';

beforeAll(async () => {
  t = await buildTestApp({}, { mailer, clock });
  cast = await buildCast(t);
  call = caller(t);
});

const sendCode = (email: string) => call('POST', `${v1}/clients/verifyMail`, undefined, { email });
const checkCode = (email: string, code: string) =>
  call('POST', `${v1}/clients/verifyMailCode`, undefined, { email, code });

async function ticketFor(email: string): Promise<string> {
  dataOf(await sendCode(email));
  return dataOf<{ ticket: string }>(await checkCode(email, codeMailedTo(mailer, email))).ticket;
}

const startupForm = {
  company_name: '星河智能股份有限公司',
  contract_name: '林怡君',
  contract_title: '執行長',
  contract_tel: '02-2345-6789',
  industry_keys: ['ai'],
  description: '以機器學習協助中小企業預測庫存與需求。',
};
const investorForm = {
  name: '王大明',
  phone: '0912-345-678',
  industry_keys: ['ai', 'biotech'],
  check_size: 5000000,
};

describe('mailed codes', () => {
  it('a right code gives data.result true and a ticket; the code is not reusable', async () => {
    const email = uniqueEmail('reg');
    const sent = dataOf<{ result: boolean }>(await sendCode(email));
    expect(sent.result).toBe(true);
    const code = codeMailedTo(mailer, email);
    const ok = dataOf<{ result: boolean; ticket: string }>(await checkCode(email, code));
    expect(ok.result).toBe(true);
    expect(ok.ticket.length).toBeGreaterThan(20);
    const again = expectErrorShape(await checkCode(email, code), 422, 'INCORRECT_VERIFICATION_CODE');
    expect(again.message).toBe('Incorrect verification code');
  });

  it('accepts an upper-case address as the same one', async () => {
    const email = uniqueEmail('case');
    dataOf(await sendCode(email.toUpperCase()));
    dataOf(await checkCode(email, codeMailedTo(mailer, email)));
  });

  it('a code lives 10 minutes (the clock moved, not slept)', async () => {
    const email = uniqueEmail('ttl');
    dataOf(await sendCode(email));
    const code = codeMailedTo(mailer, email);
    offsetMs += (MAIL_CODE.ttlMinutes * 60 + 1) * 1000;
    try {
      expectErrorShape(await checkCode(email, code), 422, 'INCORRECT_VERIFICATION_CODE');
    } finally {
      offsetMs = 0;
    }
    // Just inside its lifetime it works.
    dataOf(await sendCode(email));
    offsetMs += (MAIL_CODE.ttlMinutes * 60 - 5) * 1000;
    try {
      dataOf(await checkCode(email, codeMailedTo(mailer, email)));
    } finally {
      offsetMs = 0;
    }
  });

  it('five wrong tries end the code, the right one included; tries left are told', async () => {
    const email = uniqueEmail('tries');
    dataOf(await sendCode(email));
    const code = codeMailedTo(mailer, email);
    for (let i = 1; i <= MAIL_CODE.maxAttempts; i++) {
      const err = expectErrorShape(
        await checkCode(email, wrongCode(code)),
        422,
        'INCORRECT_VERIFICATION_CODE',
      );
      expect((err as { details?: { attempts_left?: number } }).details?.attempts_left).toBe(
        MAIL_CODE.maxAttempts - i,
      );
    }
    expectErrorShape(await checkCode(email, code), 422, 'INCORRECT_VERIFICATION_CODE');
  });

  it('concurrent guesses cannot exceed five tries', async () => {
    const email = uniqueEmail('race');
    dataOf(await sendCode(email));
    const code = codeMailedTo(mailer, email);
    const guesses = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        checkCode(email, String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0')),
      ),
    );
    expect(guesses.every((r) => r.statusCode === 422)).toBe(true);
    const result = await t.database.db.execute(sql`select attempts from mail_codes where email = ${email}`);
    const [row] = (result as unknown as { rows: Array<{ attempts: number }> }).rows;
    expect(row?.attempts).toBe(MAIL_CODE.maxAttempts);
    expectErrorShape(await checkCode(email, code), 422, 'INCORRECT_VERIFICATION_CODE');
  });

  it('a new code replaces the old one', async () => {
    const email = uniqueEmail('one');
    dataOf(await sendCode(email));
    const first = codeMailedTo(mailer, email);
    dataOf(await sendCode(email));
    const second = codeMailedTo(mailer, email);
    if (first !== second) expectErrorShape(await checkCode(email, first), 422, 'INCORRECT_VERIFICATION_CODE');
    dataOf(await checkCode(email, second));
  });

  it('three sends an hour per address, then 429 with Retry-After; an hour later it sends again', async () => {
    const email = uniqueEmail('limit');
    for (let i = 0; i < MAIL_CODE.sendsPerHour; i++) dataOf(await sendCode(email));
    const refused = await sendCode(email);
    expectErrorShape(refused, 429, 'MAIL_CODE_LIMIT');
    const retry = Number(refused.headers['retry-after']);
    expect(retry).toBeGreaterThan(0);
    expect(retry).toBeLessThanOrEqual(3600);
    offsetMs += HOUR + 1000;
    try {
      dataOf(await sendCode(email));
    } finally {
      offsetMs = 0;
    }
  });

  it('concurrent sends cannot exceed three', async () => {
    const email = uniqueEmail('flood');
    const before = mailer.sent.length;
    const replies = await Promise.all(Array.from({ length: 8 }, () => sendCode(email)));
    expect(replies.filter((r) => r.statusCode === 200)).toHaveLength(MAIL_CODE.sendsPerHour);
    expect(replies.filter((r) => r.statusCode === 429)).toHaveLength(8 - MAIL_CODE.sendsPerHour);
    expect(mailer.sent.slice(before).filter((m) => m.to === email)).toHaveLength(MAIL_CODE.sendsPerHour);
  });

  it('answers the same for a new address and one that has an account (the mail says which)', async () => {
    const known = await buildClient(t.database.db);
    const knownStartup = await buildStartupUser(t.database.db);
    const fresh = uniqueEmail('fresh');
    const replies = await Promise.all([sendCode(fresh), sendCode(known.email), sendCode(knownStartup.email)]);
    for (const r of replies) expect(r.statusCode).toBe(200);
    expect(new Set(replies.map((r) => r.body)).size).toBe(1);
    expect(lastMailTo(mailer, known.email).subject).toBe(lastMailTo(mailer, fresh).subject);
    expect(lastMailTo(mailer, known.email).text).toContain('已有帳號');
    expect(lastMailTo(mailer, known.email).text).not.toMatch(/^\s{4}\d{6}$/m);
    // No code was kept for it: every guess is the same 422 as a wrong one.
    const r = await checkCode(known.email, '000000');
    expectErrorShape(r, 422, 'INCORRECT_VERIFICATION_CODE');
    const limits = await checkCode(uniqueEmail('never'), '000000');
    expectErrorShape(limits, 422, 'INCORRECT_VERIFICATION_CODE');
  });

  it('refuses NUL, malformed Unicode and oversized input with 400', async () => {
    for (const payload of [
      { email: 'a\u0000b@test.example' },
      { email: `x\uD800@test.example` },
      { email: `${'a'.repeat(300)}@test.example` },
      { email: 'not-an-email' },
    ])
      expectErrorShape(await call('POST', `${v1}/clients/verifyMail`, undefined, payload), 400);
    for (const code of ['12345\u0000', '1234567', 'abcdef', '\uDC00\uDC00'])
      expectErrorShape(await checkCode(uniqueEmail('bad'), code), 400);
    expectErrorShape(
      await call('POST', `${v1}/register`, undefined, {
        kind: 'startup',
        ticket: 'x'.repeat(30),
        password: PASSWORD,
        form: { ...startupForm, company_name: 'A\u0000B' },
      }),
      400,
    );
  });
});

describe('registration', () => {
  it('a startup gets a sign-in and a draft case, recorded as its own act; the ticket works once', async () => {
    const email = uniqueEmail('startup-reg');
    const ticket = await ticketFor(email);
    const body = { kind: 'startup', ticket, password: PASSWORD, form: startupForm };
    const made = dataOf<{ kind: string; id: number }>(await call('POST', `${v1}/register`, undefined, body));
    expect(made.kind).toBe('startup');
    const [kase] = await t.database.db.select().from(cases).where(eq(cases.id, made.id));
    expect(kase).toMatchObject({
      name: startupForm.company_name,
      status: 'draft',
      application_status: 'pending',
      domain_keys: ['ai'],
    });
    // The company profile starts from the application's contact and industries.
    expect(kase?.company).toEqual({
      industry_keys: ['ai'],
      contract_name: '林怡君',
      contract_title: '執行長',
      contract_tel: '02-2345-6789',
      contract_email: email,
    });
    const [user] = await t.database.db.select().from(startupUsers).where(eq(startupUsers.email, email));
    expect(user?.case_id).toBe(made.id);
    const history = await historyOf(t, 'case', made.id);
    expect(history[0]).toMatchObject({
      action: 'registration.submit',
      actor_type: 'startup',
      actor_id: user?.id,
    });
    // Signs in on the startup sign-in.
    await signIn(t.app, 'local', email, PASSWORD);
    // The ticket is spent.
    expectErrorShape(
      await call('POST', `${v1}/register`, undefined, body),
      410,
      'REGISTRATION_TICKET_INVALID',
    );
  });

  it('an investor becomes a p0 general member waiting for approval, who signs in and sees no cases', async () => {
    const email = uniqueEmail('investor-reg');
    const ticket = await ticketFor(email);
    const made = dataOf<{ id: number }>(
      await call('POST', `${v1}/register`, undefined, {
        kind: 'investor',
        ticket,
        password: PASSWORD,
        form: investorForm,
      }),
    );
    const [client] = await t.database.db.select().from(clients).where(eq(clients.id, made.id));
    expect(client).toMatchObject({
      email,
      process_status: 'p0',
      membership: 'general',
      application_status: 'pending',
      name: investorForm.name,
    });
    const history = await historyOf(t, 'client', made.id);
    expect(history[0]).toMatchObject({
      action: 'registration.submit',
      actor_type: 'client',
      actor_id: made.id,
    });
    const token = await signIn(t.app, 'investor', email, PASSWORD);
    expectErrorShape(await call('GET', `${v1}/me/cases`, token), 403, 'APPLICATION_PENDING');

    // Counted for the badge, then approved by an sa.
    const counts = dataOf<{ clients: number; cases: number }>(
      await call('GET', `${v1}/applications/count`, cast.sa.token),
    );
    expect(counts.clients).toBeGreaterThanOrEqual(1);
    dataOf(await call('POST', `${v1}/clients/${made.id}/approve`, cast.sa.token));
    const approved = await historyOf(t, 'client', made.id);
    expect(approved[0]).toMatchObject({
      action: 'application.approve',
      actor_type: 'employee',
      actor_id: cast.sa.id,
    });
    expect(dataOf<{ count: number }>(await call('GET', `${v1}/me/cases`, token)).count).toBe(0);
    expectErrorShape(
      await call('POST', `${v1}/clients/${made.id}/approve`, cast.sa.token),
      409,
      'APPLICATION_NOT_PENDING',
    );
  });

  it('two concurrent submissions of one ticket make one account', async () => {
    const email = uniqueEmail('double');
    const ticket = await ticketFor(email);
    const body = { kind: 'investor', ticket, password: PASSWORD, form: investorForm };
    const replies = await Promise.all([1, 2, 3].map(() => call('POST', `${v1}/register`, undefined, body)));
    expect(replies.filter((r) => r.statusCode === 200)).toHaveLength(1);
    for (const r of replies.filter((x) => x.statusCode !== 200))
      expectErrorShape(r, 410, 'REGISTRATION_TICKET_INVALID');
    expect(await t.database.db.select().from(clients).where(eq(clients.email, email))).toHaveLength(1);
  });

  it('refuses common passwords, the email itself and weak ones; a forged ticket is 410', async () => {
    const email = uniqueEmail('pw');
    const ticket = await ticketFor(email);
    for (const [password, reason] of [
      ['password123', 'common'],
      ['iloveyou', 'common'],
      [email, 'email'],
      [`${email}!`, 'email'],
      ['aaaaaaaa', 'weak'],
    ] as const) {
      const err = expectErrorShape(
        await call('POST', `${v1}/register`, undefined, {
          kind: 'investor',
          ticket,
          password,
          form: investorForm,
        }),
        422,
        'PASSWORD_REFUSED',
      );
      expect((err as { details?: { reason?: string } }).details?.reason, password).toBe(reason);
    }
    const [body, mac] = ticket.split('.');
    const forged = `${body}.${mac?.slice(0, -2)}AA`;
    expectErrorShape(
      await call('POST', `${v1}/register`, undefined, {
        kind: 'investor',
        ticket: forged,
        password: PASSWORD,
        form: investorForm,
      }),
      410,
      'REGISTRATION_TICKET_INVALID',
    );
    // The refused tries did not spend the ticket.
    dataOf(
      await call('POST', `${v1}/register`, undefined, {
        kind: 'investor',
        ticket,
        password: PASSWORD,
        form: investorForm,
      }),
    );
  });

  it('an expired ticket is refused', async () => {
    const email = uniqueEmail('late');
    const ticket = await ticketFor(email);
    offsetMs += (MAIL_CODE.ticketMinutes * 60 + 1) * 1000;
    try {
      expectErrorShape(
        await call('POST', `${v1}/register`, undefined, {
          kind: 'investor',
          ticket,
          password: PASSWORD,
          form: investorForm,
        }),
        410,
        'REGISTRATION_TICKET_INVALID',
      );
    } finally {
      offsetMs = 0;
    }
  });
});

describe('staff side', () => {
  async function pendingInvestor() {
    const email = uniqueEmail('pending');
    const ticket = await ticketFor(email);
    return dataOf<{ id: number }>(
      await call('POST', `${v1}/register`, undefined, {
        kind: 'investor',
        ticket,
        password: PASSWORD,
        form: investorForm,
      }),
    ).id;
  }

  it('only admin and sa approve; ir and ao are refused, as are investors, startups and strangers', async () => {
    const id = await pendingInvestor();
    for (const token of [cast.ir.token, cast.ao.token, cast.investor, cast.startup])
      expect([403]).toContain((await call('POST', `${v1}/clients/${id}/approve`, token)).statusCode);
    expectErrorShape(await call('POST', `${v1}/clients/${id}/approve`), 401);
    dataOf(await call('POST', `${v1}/clients/${id}/approve`, cast.admin.token));
    const other = await pendingInvestor();
    dataOf(await call('POST', `${v1}/clients/${other}/approve`, cast.sa.token));
    expectErrorShape(
      await call('POST', `${v1}/clients/999999999/approve`, cast.sa.token),
      404,
      'CLIENT_NOT_FOUND',
    );
  });

  it('the badge counts what each role handles', async () => {
    const email = uniqueEmail('badge');
    const ticket = await ticketFor(email);
    dataOf(
      await call('POST', `${v1}/register`, undefined, {
        kind: 'startup',
        ticket,
        password: PASSWORD,
        form: startupForm,
      }),
    );
    await pendingInvestor();
    const admin = dataOf<{ cases: number; clients: number }>(
      await call('GET', `${v1}/applications/count`, cast.admin.token),
    );
    expect(admin.cases).toBeGreaterThanOrEqual(1);
    expect(admin.clients).toBeGreaterThanOrEqual(1);
    const ao = dataOf<{ cases: number; clients: number }>(
      await call('GET', `${v1}/applications/count`, cast.ao.token),
    );
    expect(ao).toEqual({ cases: admin.cases, clients: 0 });
    const ir = dataOf<{ cases: number; clients: number }>(
      await call('GET', `${v1}/applications/count`, cast.ir.token),
    );
    expect(ir).toEqual({ cases: 0, clients: 0 });
    expectErrorShape(await call('GET', `${v1}/applications/count`, cast.investor), 403);
  });
});

describe("taking on a registered startup's case", () => {
  async function registeredStartup() {
    const email = uniqueEmail('take-on');
    const ticket = await ticketFor(email);
    const made = dataOf<{ id: number }>(
      await call('POST', `${v1}/register`, undefined, {
        kind: 'startup',
        ticket,
        password: PASSWORD,
        form: startupForm,
      }),
    );
    return { caseId: made.id, email };
  }
  const takeOn = (caseId: number, token: string | undefined) =>
    call('POST', `${v1}/cases/${caseId}/takeOn`, token);

  it('an ao takes it on: they become its AO, the application is handled, the startup is mailed', async () => {
    const { caseId, email } = await registeredStartup();
    const before = dataOf<{ cases: number }>(await call('GET', `${v1}/applications/count`, cast.ao.token));
    dataOf(await takeOn(caseId, cast.ao.token));
    const [kase] = await t.database.db.select().from(cases).where(eq(cases.id, caseId));
    expect(kase).toMatchObject({ ao_id: cast.ao.id, application_status: 'approved', status: 'draft' });
    const history = await historyOf(t, 'case', caseId);
    expect(history[0]).toMatchObject({
      action: 'application.take_on',
      actor_type: 'employee',
      actor_id: cast.ao.id,
      changes: { ao_id: { from: null, to: cast.ao.id } },
    });
    const after = dataOf<{ cases: number }>(await call('GET', `${v1}/applications/count`, cast.ao.token));
    expect(after.cases).toBe(before.cases - 1);
    const mail = lastMailTo(mailer, email);
    expect(mail.text).toContain('/startup');
    // Now the AO edits the case as its own.
    dataOf(await call('PUT', `${v1}/cases/${caseId}`, cast.ao.token, { overview: '已承接' }));
    // Taken: another ao, or the same again, is told so.
    expectErrorShape(await takeOn(caseId, cast.otherAo.token), 409, 'APPLICATION_TAKEN');
    expectErrorShape(await takeOn(caseId, cast.ao.token), 409, 'APPLICATION_TAKEN');
  });

  it('two aos clicking at once: one becomes the AO, the other is told it is taken', async () => {
    const { caseId } = await registeredStartup();
    const replies = await Promise.all([takeOn(caseId, cast.ao.token), takeOn(caseId, cast.otherAo.token)]);
    expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const winner = replies[0]?.statusCode === 200 ? cast.ao.id : cast.otherAo.id;
    const [kase] = await t.database.db.select().from(cases).where(eq(cases.id, caseId));
    expect(kase?.ao_id).toBe(winner);
    const entries = (await historyOf(t, 'case', caseId)).filter((e) => e.action === 'application.take_on');
    expect(entries).toHaveLength(1);
  });

  it('only admin and ao; never a case that did not come from a registration or a missing one', async () => {
    const { caseId } = await registeredStartup();
    for (const token of [cast.ir.token, cast.sa.token, cast.investor, cast.startup])
      expectErrorShape(await takeOn(caseId, token), 403);
    expectErrorShape(await takeOn(caseId, undefined), 401);
    expectErrorShape(await takeOn(999_999_999, cast.ao.token), 404, 'CASE_NOT_FOUND');
    expectErrorShape(await call('POST', `${v1}/cases/abc/takeOn`, cast.ao.token), 400);
    dataOf(await takeOn(caseId, cast.admin.token));
    const [kase] = await t.database.db.select().from(cases).where(eq(cases.id, caseId));
    expect(kase?.ao_id).toBe(cast.admin.id);
    // A case staff made themselves has no application to take on.
    const made = dataOf<{ id: number }>(
      await call('POST', `${v1}/cases`, cast.admin.token, { name: `自建案件 ${Date.now()}` }),
    );
    expectErrorShape(await takeOn(made.id, cast.ao.token), 409, 'APPLICATION_TAKEN');
  });
});

describe('sends per caller address', () => {
  it('one address cannot mail many inboxes past the per-address limit', async () => {
    const strict = await buildTestApp({ LOGIN_MAX_FAILURES_PER_ADDRESS: '2' }, { mailer: capturingMailer() });
    const send = (email: string) =>
      strict.app.inject({ method: 'POST', url: `${v1}/clients/verifyMail`, payload: { email } });
    for (let i = 0; i < 2; i++) expect((await send(uniqueEmail('spread'))).statusCode).toBe(200);
    const refused = await send(uniqueEmail('spread'));
    expectErrorShape(refused, 429, 'TOO_MANY_ATTEMPTS');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });
});
