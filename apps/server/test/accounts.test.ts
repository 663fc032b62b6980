import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { accountTokens, employees } from '../src/db/schema/index.ts';
import { bearer, buildTestApp, capturingMailer, expectErrorShape, json, type TestApp } from './helpers.ts';
import {
  buildClient,
  buildEmployee,
  buildStartupUser,
  signIn,
  staffSession,
  TEST_PASSWORD,
  uniqueEmail,
} from './factories.ts';

// Forgotten passwords, staff invitations, password changes and honest sign-in answers
// (docs/decisions/0012), on PGlite and PostgreSQL.

const mailer = capturingMailer();
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ PUBLIC_URL: 'https://dealflow.example.com' }, { mailer });
});

type Strategy = 'dashboard' | 'investor' | 'local';
const NEW_PASSWORD = 'a-brand-new-secret';

const forgot = (email: string, strategy: Strategy) =>
  t.app.inject({ method: 'POST', url: '/api/auth/password/forgot', payload: { email, strategy } });
const reset = (token: string, password = NEW_PASSWORD) =>
  t.app.inject({ method: 'POST', url: '/api/auth/password/reset', payload: { token, password } });
const login = (strategy: Strategy, email: string, password: string) =>
  t.app.inject({
    method: 'POST',
    url: {
      dashboard: '/api/internal/v1/auth/employees',
      investor: '/api/internal/v1/auth/clients',
      local: '/api/auth/login',
    }[strategy],
    payload: { email, password },
  });
const whoAmI = (strategy: Strategy, token: string) =>
  t.app.inject({
    method: 'GET',
    url: strategy === 'local' ? '/api/auth/user' : '/api/v1/auth/me',
    headers: bearer(token),
  });

/** The messages mailed to `to`, newest last. */
const mailsTo = (to: string) => mailer.sent.filter((m) => m.to === to);
/** The token of the newest link mailed to `to` (they travel in the fragment: `#token=`). */
function linkToken(to: string): string {
  const text = mailsTo(to).at(-1)?.text ?? '';
  const match = /#token=([A-Za-z0-9_-]+)/.exec(text);
  if (!match?.[1]) throw new Error(`no link mailed to ${to}`);
  return match[1];
}
/** The mail is sent after the reply (so replies take as long with or without one): wait for it. */
async function waitForMail(to: string, count = 1) {
  for (let i = 0; i < 100 && mailsTo(to).length < count; i++) await new Promise((r) => setTimeout(r, 10));
  expect(mailsTo(to).length).toBe(count);
}

async function accountOf(strategy: Strategy, overrides: Record<string, unknown> = {}) {
  if (strategy === 'dashboard') return buildEmployee(t.database.db, overrides);
  if (strategy === 'investor') return buildClient(t.database.db, overrides);
  return buildStartupUser(t.database.db, overrides);
}

describe('forgotten password: request', () => {
  it('answers the same for an unknown email, and mails only an existing account', async () => {
    const known = await buildClient(t.database.db);
    const unknown = uniqueEmail('nobody');
    const a = await forgot(known.email, 'investor');
    const b = await forgot(unknown, 'investor');
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.body).toBe(b.body);
    expect(json(a)).toEqual({ data: { ok: true } });
    await waitForMail(known.email);
    expect(mailsTo(unknown)).toHaveLength(0);
  });

  it('mails in Chinese and English a link to the configured site, with the token only in the fragment', async () => {
    const client = await buildClient(t.database.db);
    await forgot(client.email, 'investor');
    await waitForMail(client.email);
    const mail = mailsTo(client.email)[0]!;
    expect(mail.text).toContain('重設');
    expect(mail.text).toContain('reset your Dealflow password');
    expect(mail.text).toMatch(/https:\/\/dealflow\.example\.com\/reset-password#token=[A-Za-z0-9_-]{40,}/);
    expect(mail.text).toContain('30');
  });

  it('ignores a forged Host header: the link is always to PUBLIC_URL', async () => {
    const client = await buildClient(t.database.db);
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/password/forgot',
      headers: { host: 'evil.example.net', 'x-forwarded-host': 'evil.example.net' },
      payload: { email: client.email, strategy: 'investor' },
    });
    await waitForMail(client.email);
    expect(mailsTo(client.email)[0]!.text).not.toContain('evil');
  });

  it('stores only a hash of the token', async () => {
    const client = await buildClient(t.database.db);
    await forgot(client.email, 'investor');
    await waitForMail(client.email);
    const token = linkToken(client.email);
    const rows = await t.database.db
      .select()
      .from(accountTokens)
      .where(eq(accountTokens.account_id, client.id));
    const mine = rows.filter((r) => r.account_kind === 'client');
    expect(mine).toHaveLength(1);
    expect(mine[0]!.token_hash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('mails nobody for a deactivated account or another sign-in’s email, with the same reply', async () => {
    const inactive = await buildClient(t.database.db, { status: 'inactive' });
    const staff = await buildEmployee(t.database.db);
    expect(json(await forgot(inactive.email, 'investor'))).toEqual({ data: { ok: true } });
    expect(json(await forgot(staff.email, 'investor'))).toEqual({ data: { ok: true } });
    await new Promise((r) => setTimeout(r, 50));
    expect(mailsTo(inactive.email)).toHaveLength(0);
    expect(mailsTo(staff.email)).toHaveLength(0);
  });

  it('holds the per-account limit under 50 concurrent requests, counted before any work', async () => {
    const client = await buildClient(t.database.db);
    const replies = await Promise.all(Array.from({ length: 50 }, () => forgot(client.email, 'investor')));
    const ok = replies.filter((r) => r.statusCode === 200).length;
    const limited = replies.filter((r) => r.statusCode === 429);
    expect(ok).toBeLessThanOrEqual(t.config.loginThrottle.perAccount);
    expect(ok + limited.length).toBe(50);
    expectErrorShape(limited[0]!, 429, 'TOO_MANY_ATTEMPTS');
    await new Promise((r) => setTimeout(r, 100));
    expect(mailsTo(client.email).length).toBe(ok);
    // An unknown address is limited the same way: the 429 tells nothing either.
    const nobody = uniqueEmail('nobody');
    const unknown = await Promise.all(Array.from({ length: 50 }, () => forgot(nobody, 'investor')));
    expect(unknown.filter((r) => r.statusCode === 200).length).toBeLessThanOrEqual(
      t.config.loginThrottle.perAccount,
    );
  });

  it('refuses an invalid body', async () => {
    expectErrorShape(await forgot('not-an-email', 'investor'), 400, 'VALIDATION_FAILED');
    expectErrorShape(await forgot(uniqueEmail(), 'admin' as Strategy), 400, 'VALIDATION_FAILED');
  });
});

describe.each(['dashboard', 'investor', 'local'] as const)(
  'forgotten password round trip (%s)',
  (strategy) => {
    it('sets the new password, ends every session and spends the link', async () => {
      const account = await accountOf(strategy);
      const session1 = await signIn(t.app, strategy, account.email);
      const session2 = await signIn(t.app, strategy, account.email);
      expect((await whoAmI(strategy, session1)).statusCode).toBe(200);

      await forgot(account.email, strategy);
      await waitForMail(account.email);
      const res = await reset(linkToken(account.email));
      expect(res.statusCode).toBe(200);
      expect(json(res)).toEqual({ data: { strategy } });

      for (const session of [session1, session2])
        expect((await whoAmI(strategy, session)).statusCode).toBe(401);
      expectErrorShape(await login(strategy, account.email, TEST_PASSWORD), 401, 'INVALID_CREDENTIALS');
      expect((await login(strategy, account.email, NEW_PASSWORD)).statusCode).toBe(200);
      expectErrorShape(await reset(linkToken(account.email), 'yet-another-one'), 410, 'RESET_LINK_INVALID');
    });
  },
);

describe('forgotten password: the link', () => {
  async function freshLink() {
    const client = await buildClient(t.database.db);
    await forgot(client.email, 'investor');
    await waitForMail(client.email);
    return { client, token: linkToken(client.email) };
  }

  it('works once when two resets race with it', async () => {
    const { client, token } = await freshLink();
    const [a, b] = await Promise.all([reset(token, 'first-password-1'), reset(token, 'second-password-2')]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 410]);
    const winner = a.statusCode === 200 ? 'first-password-1' : 'second-password-2';
    expect((await login('investor', client.email, winner)).statusCode).toBe(200);
  });

  it('is refused once expired (30 minutes)', async () => {
    const { client, token } = await freshLink();
    const [row] = await t.database.db
      .select({
        ttl: sql<number>`extract(epoch from ${accountTokens.expires_at} - ${accountTokens.created_at})`,
      })
      .from(accountTokens)
      .where(eq(accountTokens.account_id, client.id));
    expect(Math.round(Number(row!.ttl))).toBe(30 * 60);
    await t.database.db
      .update(accountTokens)
      .set({ expires_at: sql`now() - interval '1 second'` })
      .where(eq(accountTokens.account_id, client.id));
    expectErrorShape(await reset(token), 410, 'RESET_LINK_INVALID');
    expect((await login('investor', client.email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('is replaced by a newer link', async () => {
    const { client, token: older } = await freshLink();
    await forgot(client.email, 'investor');
    await waitForMail(client.email, 2);
    const newer = linkToken(client.email);
    expect(newer).not.toBe(older);
    expectErrorShape(await reset(older), 410, 'RESET_LINK_INVALID');
    expect((await reset(newer)).statusCode).toBe(200);
  });

  it('refuses unknown tokens and short passwords', async () => {
    expectErrorShape(await reset('x'.repeat(43)), 410, 'RESET_LINK_INVALID');
    const { token } = await freshLink();
    expectErrorShape(await reset(token, 'short'), 400, 'VALIDATION_FAILED');
    expect((await reset(token)).statusCode).toBe(200);
  });

  it('does not set a password on an account deactivated since the link was sent', async () => {
    const staff = await buildEmployee(t.database.db);
    await forgot(staff.email, 'dashboard');
    await waitForMail(staff.email);
    await t.database.db.update(employees).set({ status: 'inactive' }).where(eq(employees.id, staff.id));
    expectErrorShape(await reset(linkToken(staff.email)), 410, 'RESET_LINK_INVALID');
    const [row] = await t.database.db.select().from(employees).where(eq(employees.id, staff.id));
    expect(row!.password_hash).toBe(staff.password_hash);
  });
});

describe('staff invitations', () => {
  const employeesUrl = '/api/internal/v1/employees';
  let admin: string;
  beforeAll(async () => {
    admin = (await staffSession(t.app, t.database.db, 'admin')).token;
  });
  const invite = (email: string) =>
    t.app.inject({
      method: 'POST',
      url: employeesUrl,
      headers: bearer(admin),
      payload: { email, name: '新同事', role: 'ir' },
    });
  const check = (token: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/invitation/check', payload: { token } });
  const accept = (token: string, password = NEW_PASSWORD) =>
    t.app.inject({ method: 'POST', url: '/api/auth/invitation/accept', payload: { token, password } });
  const resend = (id: number, token = admin) =>
    t.app.inject({ method: 'POST', url: `${employeesUrl}/${id}/invitation`, headers: bearer(token) });

  it('the admin gives name, email and role; the person sets their own password and is signed in', async () => {
    const email = uniqueEmail('invited');
    const created = await invite(email);
    expect(created.statusCode).toBe(200);
    const employee = json<{ data: { id: number; invitation: { status: string; expires_at: string } } }>(
      created,
    ).data;
    expect(employee.invitation.status).toBe('pending');
    const days = (Date.parse(employee.invitation.expires_at) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThan(7.01);

    await waitForMail(email);
    expect(mailsTo(email)[0]!.text).toMatch(/https:\/\/dealflow\.example\.com\/accept-invitation#token=/);
    const token = linkToken(email);
    expect(json(await check(token))).toMatchObject({ data: { email, name: '新同事' } });
    // Nobody knows the password the account was created with.
    expectErrorShape(await login('dashboard', email, TEST_PASSWORD), 401, 'INVALID_CREDENTIALS');

    const accepted = await accept(token);
    expect(accepted.statusCode).toBe(200);
    const session = json<{ data: { token: string } }>(accepted).data.token;
    expect(json(await whoAmI('dashboard', session))).toMatchObject({ data: { email, role: 'ir' } });
    expect((await login('dashboard', email, NEW_PASSWORD)).statusCode).toBe(200);

    const listed = json<{ data: { result: Array<{ id: number; invitation: unknown }> } }>(
      await t.app.inject({ method: 'GET', url: `${employeesUrl}?q=${email}`, headers: bearer(admin) }),
    ).data.result;
    expect(listed.find((e) => e.id === employee.id)?.invitation).toBeNull();
    expectErrorShape(await accept(token, 'second-try-pass'), 410, 'INVITATION_LINK_INVALID');
    expectErrorShape(await check(token), 410, 'INVITATION_LINK_INVALID');
  });

  it('expires after 7 days: shown as expired, refused, and a resend works again', async () => {
    const email = uniqueEmail('late');
    const id = json<{ data: { id: number } }>(await invite(email)).data.id;
    await waitForMail(email);
    const old = linkToken(email);
    await t.database.db
      .update(accountTokens)
      .set({ expires_at: sql`now() - interval '1 minute'` })
      .where(eq(accountTokens.account_id, id));
    const shown = json<{ data: { invitation: { status: string } } }>(
      await t.app.inject({ method: 'GET', url: `${employeesUrl}/${id}`, headers: bearer(admin) }),
    );
    expect(shown.data.invitation.status).toBe('expired');
    expectErrorShape(await accept(old), 410, 'INVITATION_LINK_INVALID');

    const again = await resend(id);
    expect(json<{ data: { invitation: { status: string } } }>(again).data.invitation.status).toBe('pending');
    await waitForMail(email, 2);
    expect((await accept(linkToken(email))).statusCode).toBe(200);
  });

  it('a resend ends the previous link', async () => {
    const email = uniqueEmail('resent');
    const id = json<{ data: { id: number } }>(await invite(email)).data.id;
    await waitForMail(email);
    const first = linkToken(email);
    expect((await resend(id)).statusCode).toBe(200);
    await waitForMail(email, 2);
    const second = linkToken(email);
    expectErrorShape(await accept(first), 410, 'INVITATION_LINK_INVALID');
    expect((await accept(second)).statusCode).toBe(200);
  });

  it('only staff who manage accounts may resend; a deactivated account is not invited', async () => {
    const email = uniqueEmail('guarded');
    const id = json<{ data: { id: number } }>(await invite(email)).data.id;
    const { token: ao } = await staffSession(t.app, t.database.db, 'ao');
    expectErrorShape(await resend(id, ao), 403, 'FORBIDDEN');
    expectErrorShape(await resend(999_999), 404, 'EMPLOYEE_NOT_FOUND');
    await t.app.inject({ method: 'DELETE', url: `${employeesUrl}/${id}`, headers: bearer(admin) });
    expectErrorShape(await resend(id), 409, 'CONFLICT');
    await waitForMail(email);
    expectErrorShape(await accept(linkToken(email)), 410, 'INVITATION_LINK_INVALID');
  });

  it('still accepts a password from API callers (SPEC section 7), and then invites nobody', async () => {
    const email = uniqueEmail('direct');
    const res = await t.app.inject({
      method: 'POST',
      url: employeesUrl,
      headers: bearer(admin),
      payload: { email, name: '直接建立', role: 'sa', password: 'set-by-api-1' },
    });
    expect(json<{ data: { invitation: unknown } }>(res).data.invitation).toBeNull();
    expect((await login('dashboard', email, 'set-by-api-1')).statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 50));
    expect(mailsTo(email)).toHaveLength(0);
  });
});

describe('honest sign-in answers', () => {
  it('tells a deactivated account with the right password, and nothing to a wrong one', async () => {
    for (const strategy of ['dashboard', 'investor', 'local'] as const) {
      const account = await accountOf(strategy, { status: 'inactive' });
      expectErrorShape(await login(strategy, account.email, TEST_PASSWORD), 403, 'ACCOUNT_DEACTIVATED');
      expectErrorShape(await login(strategy, account.email, 'wrong-password'), 401, 'INVALID_CREDENTIALS');
    }
  });

  it.each([
    ['investor', 'dashboard', 'investor'],
    ['local', 'investor', 'startup'],
    ['dashboard', 'local', 'dashboard'],
  ] as const)(
    'a %s account on the %s sign-in with the right password is told to use %s',
    async (owner, tried, use) => {
      const account = await accountOf(owner);
      const res = await login(tried, account.email, TEST_PASSWORD);
      const error = expectErrorShape(res, 403, 'WRONG_SIGN_IN_TAB');
      expect((res.json() as { error: { details: unknown } }).error.details).toEqual({ use });
      expect(error.message).not.toContain(account.email);
      expectErrorShape(await login(tried, account.email, 'wrong-password'), 401, 'INVALID_CREDENTIALS');
    },
  );

  it('still counts those refusals: the throttle locks the account after the limit', async () => {
    const client = await buildClient(t.database.db);
    const limit = t.config.loginThrottle.perAccount;
    for (let i = 0; i < limit; i++) await login('dashboard', client.email, TEST_PASSWORD);
    expectErrorShape(await login('dashboard', client.email, TEST_PASSWORD), 429, 'TOO_MANY_ATTEMPTS');
  });
});

describe('changing one’s own password', () => {
  const change = (token: string, current_password: string, password = NEW_PASSWORD) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/password/change',
      headers: bearer(token),
      payload: { current_password, password },
    });

  it.each(['investor', 'local', 'dashboard'] as const)(
    '%s: needs the current password, ends other sessions',
    async (strategy) => {
      const account = await accountOf(strategy);
      const here = await signIn(t.app, strategy, account.email);
      const elsewhere = await signIn(t.app, strategy, account.email);
      expectErrorShape(await change(here, 'not-my-password'), 422, 'CURRENT_PASSWORD_INCORRECT');
      const res = await change(here, TEST_PASSWORD);
      expect(res.statusCode).toBe(200);
      const fresh = json<{ data: { token: string } }>(res).data.token;
      expect((await whoAmI(strategy, fresh)).statusCode).toBe(200);
      expect((await whoAmI(strategy, here)).statusCode).toBe(401);
      expect((await whoAmI(strategy, elsewhere)).statusCode).toBe(401);
      expect((await login(strategy, account.email, NEW_PASSWORD)).statusCode).toBe(200);
    },
  );

  it('needs a session', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password/change',
      payload: { current_password: 'x', password: NEW_PASSWORD },
    });
    expectErrorShape(res, 401, 'UNAUTHENTICATED');
  });
});

describe('logs', () => {
  it('never hold a link token, on request or use', async () => {
    let logged = '';
    const { Writable } = await import('node:stream');
    const stream = new Writable({
      write(chunk, _enc, done) {
        logged += String(chunk);
        done();
      },
    });
    const logMailer = capturingMailer();
    const loggedApp = await buildTestApp({ LOG_LEVEL: 'trace' }, { logStream: stream, mailer: logMailer });
    const client = await buildClient(loggedApp.database.db);
    await loggedApp.app.inject({
      method: 'POST',
      url: '/api/auth/password/forgot',
      payload: { email: client.email, strategy: 'investor' },
    });
    for (let i = 0; i < 100 && logMailer.sent.length === 0; i++) await new Promise((r) => setTimeout(r, 10));
    const token = /#token=([A-Za-z0-9_-]+)/.exec(logMailer.sent[0]?.text ?? '')?.[1];
    expect(token).toBeDefined();
    const res = await loggedApp.app.inject({
      method: 'POST',
      url: '/api/auth/password/reset',
      payload: { token, password: NEW_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    expect(logged).toContain('password_reset');
    expect(logged).not.toContain(token!);
  });
});
