import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { MAIL_CODE } from '@dealflow/domain';
import { activityLogs, startupUsers } from '../src/db/schema/index.ts';
import {
  buildCase,
  buildClient,
  buildStartupUser,
  signIn,
  staffSession,
  TEST_PASSWORD,
  uniqueEmail,
} from './factories.ts';
import {
  buildTestApp,
  capturingMailer,
  codeMailedTo,
  expectErrorShape,
  lastMailTo,
  type TestApp,
  wrongCode,
} from './helpers.ts';
import { caller, dataOf } from './staffCast.ts';

/**
 * Issue 14, the startup's account: `PUT v1/cases/{id}` with a startup token and its own user id
 * changes its password or (through a code mailed to the new address) its sign-in email; both need
 * the current password, and every other session ends. Staff tokens still edit the case there.
 */
let t: TestApp;
let call: ReturnType<typeof caller>;
const mailer = capturingMailer();
let offsetMs = 0;
const clock = () => new Date(Date.now() + offsetMs);
const HOUR = 3_600_000;
const casesUrl = '/api/internal/v1/cases';
const NEW_PASSWORD = 'violet-harbour-lantern-42';

beforeAll(async () => {
  t = await buildTestApp({}, { mailer, clock });
  call = caller(t);
});

/** A startup signed in twice: `token` is the session that acts, `other` a second device. */
async function startup() {
  const user = await buildStartupUser(t.database.db);
  const token = await signIn(t.app, 'local', user.email);
  const other = await signIn(t.app, 'local', user.email);
  return { user, token, other };
}
const account = (id: number, token: string, body: unknown) => call('PUT', `${casesUrl}/${id}`, token, body);
const me = (token: string) => call('GET', '/api/auth/user', token);

describe('password change', () => {
  it('needs the right current password (the same refusal as the investor’s change)', async () => {
    const s = await startup();
    const res = await account(s.user.id, s.token, {
      action: 'password',
      current_password: 'not-my-password',
      password: NEW_PASSWORD,
    });
    expectErrorShape(res, 422, 'CURRENT_PASSWORD_INCORRECT');
    await signIn(t.app, 'local', s.user.email, TEST_PASSWORD);
  });

  it('refuses a common password and one made of the email, by the registration rule', async () => {
    const s = await startup();
    for (const password of ['password123', s.user.email]) {
      const res = await account(s.user.id, s.token, {
        action: 'password',
        current_password: TEST_PASSWORD,
        password,
      });
      const err = expectErrorShape(res, 422, 'PASSWORD_REFUSED') as { details?: { reason?: string } };
      expect(['common', 'email', 'weak']).toContain(err.details?.reason);
    }
    await signIn(t.app, 'local', s.user.email, TEST_PASSWORD);
  });

  it('sets the new password, ends the other sessions and keeps this one (with the token it returns)', async () => {
    const s = await startup();
    const data = dataOf<{ action: string; token: string }>(
      await account(s.user.id, s.token, {
        action: 'password',
        current_password: TEST_PASSWORD,
        password: NEW_PASSWORD,
      }),
    );
    expect(data.action).toBe('password');
    expect((await me(data.token)).statusCode).toBe(200);
    expectErrorShape(await me(s.other), 401);
    const old = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: s.user.email, password: TEST_PASSWORD },
    });
    expect(old.statusCode).not.toBe(200);
    await signIn(t.app, 'local', s.user.email, NEW_PASSWORD);
    const logs = await t.database.db
      .select()
      .from(activityLogs)
      .where(eq(activityLogs.entity_id, s.user.case_id as number));
    expect(logs.find((l) => l.action === 'account.password_change')).toMatchObject({
      actor_type: 'startup',
      actor_id: s.user.id,
      changes: {},
    });
  });
});

describe('email change', () => {
  const request = (s: { user: { id: number }; token: string }, email: string, current = TEST_PASSWORD) =>
    account(s.user.id, s.token, { action: 'email_request', current_password: current, email });
  const confirm = (s: { user: { id: number }; token: string }, email: string, code: string) =>
    account(s.user.id, s.token, { action: 'email_confirm', email, code });

  it('mails a code to the new address and changes nothing until it comes back', async () => {
    const s = await startup();
    const next = uniqueEmail('next');
    const data = dataOf<{ expires_in_seconds: number; resend_after_seconds: number }>(await request(s, next));
    expect(data.expires_in_seconds).toBe(MAIL_CODE.ttlMinutes * 60);
    expect(data.resend_after_seconds).toBe(MAIL_CODE.resendAfterSeconds);
    const [row] = await t.database.db.select().from(startupUsers).where(eq(startupUsers.id, s.user.id));
    expect(row?.email).toBe(s.user.email);
    expect(codeMailedTo(mailer, next)).toMatch(/^\d{6}$/);
    expect((await me(s.other)).statusCode).toBe(200);
  });

  it('needs the current password', async () => {
    const s = await startup();
    const next = uniqueEmail('next');
    expectErrorShape(await request(s, next, 'wrong-password'), 422, 'CURRENT_PASSWORD_INCORRECT');
    expect(mailer.sent.some((m) => m.to === next)).toBe(false);
  });

  it('with the right code: the email changes, the old address is told, other sessions end, the case history has it', async () => {
    const s = await startup();
    const next = uniqueEmail('next');
    dataOf(await request(s, next));
    const code = codeMailedTo(mailer, next);
    expectErrorShape(await confirm(s, next, wrongCode(code)), 422, 'INCORRECT_VERIFICATION_CODE');
    const data = dataOf<{ token: string; email: string }>(await confirm(s, next, code));
    expect(data.email).toBe(next);
    expect((await me(data.token)).statusCode).toBe(200);
    expectErrorShape(await me(s.other), 401);
    expect(lastMailTo(mailer, s.user.email).text).toContain(next);
    await signIn(t.app, 'local', next, TEST_PASSWORD);
    const old = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: s.user.email, password: TEST_PASSWORD },
    });
    expect(old.statusCode).not.toBe(200);
    const logs = await t.database.db
      .select()
      .from(activityLogs)
      .where(eq(activityLogs.entity_id, s.user.case_id as number));
    const entry = logs.find((l) => l.action === 'account.email_change');
    expect(entry).toMatchObject({ actor_type: 'startup', actor_id: s.user.id, entity_type: 'case' });
    expect(entry?.changes).toEqual({ sign_in_email: { from: s.user.email, to: next } });
    // A code is spent once.
    expectErrorShape(
      await confirm({ user: s.user, token: data.token }, next, code),
      422,
      'INCORRECT_VERIFICATION_CODE',
    );
  });

  it('a code lives 10 minutes and allows 5 tries (the clock moved, not slept)', async () => {
    const s = await startup();
    const next = uniqueEmail('late');
    dataOf(await request(s, next));
    const code = codeMailedTo(mailer, next);
    offsetMs += (MAIL_CODE.ttlMinutes * 60 + 1) * 1000;
    expectErrorShape(await confirm(s, next, code), 422, 'INCORRECT_VERIFICATION_CODE');
    dataOf(await request(s, next));
    const fresh = codeMailedTo(mailer, next);
    for (let i = 0; i < MAIL_CODE.maxAttempts; i++)
      expectErrorShape(await confirm(s, next, wrongCode(fresh)), 422, 'INCORRECT_VERIFICATION_CODE');
    expectErrorShape(await confirm(s, next, fresh), 422, 'INCORRECT_VERIFICATION_CODE');
    offsetMs += HOUR;
  });

  it('sends at most 3 codes an hour to an address', async () => {
    const s = await startup();
    const next = uniqueEmail('many');
    for (let i = 0; i < MAIL_CODE.sendsPerHour; i++) dataOf(await request(s, next));
    const res = await request(s, next);
    expectErrorShape(res, 429, 'MAIL_CODE_LIMIT');
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    offsetMs += HOUR + 1000;
    dataOf(await request(s, next));
  });

  it('does not reveal that another account has the address: the same answer, the mail says it is in use', async () => {
    const s = await startup();
    const otherStartup = await buildStartupUser(t.database.db);
    const investor = await buildClient(t.database.db);
    const free = uniqueEmail('free');
    const fresh = await request(s, free);
    for (const taken of [otherStartup.email, investor.email]) {
      const res = await request(s, taken);
      expect(res.statusCode).toBe(fresh.statusCode);
      expect(res.json()).toEqual(fresh.json());
      const mail = lastMailTo(mailer, taken);
      expect(mail.text).not.toMatch(/^\s{4}\d{6}$/m);
      expect(mail.text).toContain('already belongs to another Dealflow account');
      expect(mail.subject).toBe(lastMailTo(mailer, free).subject);
    }
  });

  it('two startups claiming one address at once: one wins, the other is refused; a taken address is EMAIL_TAKEN', async () => {
    const a = await startup();
    const b = await startup();
    const next = uniqueEmail('race');
    dataOf(await request(a, next));
    const code = codeMailedTo(mailer, next);
    // b learns nothing from a's code; but a registration (or any write) may take the address
    // between a's code and its confirmation: the unique index settles it. Here b and a confirm the
    // one live code at once (as if both had it): exactly one succeeds.
    const results = await Promise.all([confirm(a, next, code), confirm(b, next, code)]);
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses[0]).toBe(200);
    expect(statuses[1]).toBeGreaterThanOrEqual(409);
    const owners = await t.database.db.select().from(startupUsers).where(eq(startupUsers.email, next));
    expect(owners).toHaveLength(1);
    // An address taken after the code was sent is refused at confirmation, with a clear code.
    const c = await startup();
    const later = uniqueEmail('later');
    dataOf(await request(c, later));
    const laterCode = codeMailedTo(mailer, later);
    await buildStartupUser(t.database.db, { email: later });
    expectErrorShape(await confirm(c, later, laterCode), 409, 'EMAIL_TAKEN');
  });
});

describe('who may use the path', () => {
  it('a startup naming another user (or its case id) is refused, and that account is untouched', async () => {
    const s = await startup();
    const victim = await buildStartupUser(t.database.db);
    for (const id of [victim.id, s.user.case_id as number, 999_999]) {
      if (id === s.user.id) continue;
      const res = await account(id, s.token, {
        action: 'password',
        current_password: TEST_PASSWORD,
        password: NEW_PASSWORD,
      });
      expectErrorShape(res, 403, 'FORBIDDEN');
    }
    await signIn(t.app, 'local', victim.email, TEST_PASSWORD);
    // A case edit body from a startup is refused too.
    expectErrorShape(await account(s.user.id, s.token, { name: 'Mine now' }), 403, 'WRONG_STRATEGY');
  });

  it('staff on the same path still edit the case; an account body from staff is refused', async () => {
    const { token } = await staffSession(t.app, t.database.db, 'admin');
    const kase = await buildCase(t.database.db);
    const edited = dataOf<{ name: string }>(
      await call('PUT', `${casesUrl}/${kase.id}`, token, { name: '新名稱' }),
    );
    expect(edited.name).toBe('新名稱');
    expectErrorShape(
      await call('PUT', `${casesUrl}/${kase.id}`, token, {
        action: 'password',
        current_password: TEST_PASSWORD,
        password: NEW_PASSWORD,
      }),
      400,
    );
  });

  it('investors are refused; NUL characters and malformed Unicode are 400, not 500', async () => {
    const s = await startup();
    const investor = await buildClient(t.database.db);
    const investorToken = await signIn(t.app, 'investor', investor.email);
    expectErrorShape(
      await account(s.user.id, investorToken, {
        action: 'password',
        current_password: TEST_PASSWORD,
        password: NEW_PASSWORD,
      }),
      403,
    );
    expectErrorShape(
      await account(s.user.id, s.token, {
        action: 'password',
        current_password: TEST_PASSWORD,
        password: 'ab\u0000cdefgh-lantern',
      }),
      400,
    );
    const malformed = await t.app.inject({
      method: 'PUT',
      url: `${casesUrl}/${s.user.id}`,
      headers: { authorization: `Bearer ${s.token}`, 'content-type': 'application/json' },
      payload: `{"action":"email_request","current_password":"x","email":"a\\ud800@b.example"}`,
    });
    expectErrorShape(malformed, 400);
    expectErrorShape(
      await account(s.user.id, s.token, { action: 'email_confirm', email: 'x@y.example', code: '12' }),
      400,
    );
    expectErrorShape(
      await account(s.user.id, s.token, {
        action: 'email_request',
        current_password: TEST_PASSWORD,
        email: `${'a'.repeat(300)}@x.example`,
      }),
      400,
    );
  });
});
