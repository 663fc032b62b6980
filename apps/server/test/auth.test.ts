import { SignJWT, base64url } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, expectErrorShape, type TestApp } from './helpers.ts';
import {
  TEST_PASSWORD,
  buildClient,
  buildEmployee,
  buildStartupUser,
  signIn,
  staffSession,
  uniqueEmail,
} from './factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as Record<string, unknown>, headers });
const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

describe('sign-in per strategy', () => {
  it('staff sign in and read themselves from /api/v1/auth/me', async () => {
    const e = await buildEmployee(t.database.db, { role: 'ir', name: '陳志豪' });
    const res = await post('/api/internal/v1/auth/employees', {
      email: e.email.toUpperCase(),
      password: TEST_PASSWORD,
    });
    expect(res.statusCode).toBe(200);
    const token = res.json().data.token as string;
    const me = await get('/api/v1/auth/me', bearer(token));
    expect(me.statusCode).toBe(200);
    expect(me.json().data).toMatchObject({
      kind: 'employee',
      id: e.id,
      role: 'ir',
      name: '陳志豪',
      reviewer: false,
    });
    expect(me.json().data).not.toHaveProperty('password_hash');
  });

  it('investors sign in and read themselves from /api/v1/auth/me', async () => {
    const c = await buildClient(t.database.db, { membership: 'gp', process_status: 'p5' });
    const token = await signIn(t.app, 'investor', c.email);
    const me = await get('/api/v1/auth/me', bearer(token));
    expect(me.statusCode).toBe(200);
    expect(me.json().data).toMatchObject({
      kind: 'client',
      id: c.id,
      membership: 'gp',
      process_status: 'p5',
    });
  });

  it('startups sign in with /api/auth/login ({ token }) and read /api/auth/user ({ user })', async () => {
    const s = await buildStartupUser(t.database.db, { status: 'drop' });
    const res = await post('/api/auth/login', { email: s.email, password: TEST_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json())).toEqual(['token']);
    const user = await get('/api/auth/user', bearer(res.json().token));
    expect(user.statusCode).toBe(200);
    expect(user.json().user).toMatchObject({ kind: 'startup', id: s.id, status: 'drop', case_id: s.case_id });
  });

  it('refuses a wrong password and an unknown email with the same answer', async () => {
    const e = await buildEmployee(t.database.db);
    const wrong = await post('/api/internal/v1/auth/employees', {
      email: e.email,
      password: 'not-the-password',
    });
    const unknown = await post('/api/internal/v1/auth/employees', {
      email: uniqueEmail(),
      password: 'not-the-password',
    });
    expectErrorShape(wrong, 401, 'INVALID_CREDENTIALS');
    expectErrorShape(unknown, 401, 'INVALID_CREDENTIALS');
    expect(wrong.body).toBe(unknown.body);
  });

  it('does not let an account sign in through another strategy (the right password is told where)', async () => {
    const e = await buildEmployee(t.database.db);
    expectErrorShape(
      await post('/api/internal/v1/auth/clients', { email: e.email, password: TEST_PASSWORD }),
      403,
      'WRONG_SIGN_IN_TAB',
    );
    expectErrorShape(
      await post('/api/auth/login', { email: e.email, password: TEST_PASSWORD }),
      403,
      'WRONG_SIGN_IN_TAB',
    );
    expectErrorShape(
      await post('/api/internal/v1/auth/clients', { email: e.email, password: 'wrong-password' }),
      401,
      'INVALID_CREDENTIALS',
    );
  });

  it('refuses inactive accounts (saying so only to the right password)', async () => {
    const e = await buildEmployee(t.database.db, { status: 'inactive' });
    expectErrorShape(
      await post('/api/internal/v1/auth/employees', { email: e.email, password: TEST_PASSWORD }),
      403,
      'ACCOUNT_DEACTIVATED',
    );
    expectErrorShape(
      await post('/api/internal/v1/auth/employees', { email: e.email, password: 'wrong-password' }),
      401,
      'INVALID_CREDENTIALS',
    );
    const c = await buildClient(t.database.db, { status: 'inactive' });
    expectErrorShape(
      await post('/api/internal/v1/auth/clients', { email: c.email, password: TEST_PASSWORD }),
      403,
      'ACCOUNT_DEACTIVATED',
    );
    const s = await buildStartupUser(t.database.db, { status: 'inactive' });
    expectErrorShape(
      await post('/api/auth/login', { email: s.email, password: TEST_PASSWORD }),
      403,
      'ACCOUNT_DEACTIVATED',
    );
  });

  it('validates the body with field details', async () => {
    const res = await post('/api/internal/v1/auth/employees', { email: 'not-an-email' });
    const error = expectErrorShape(res, 400, 'VALIDATION_FAILED') as { details?: Array<{ field: string }> };
    expect(error.details?.map((d) => d.field)).toEqual(
      expect.arrayContaining(['body.email', 'body.password']),
    );
    // A stable kind beside the English message, so the web translates it (issue #8).
    expect(error.details).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'body.email', kind: 'invalid_format', format: 'email' }),
        expect.objectContaining({ field: 'body.password', kind: 'required' }),
      ]),
    );
    const short = await post('/api/internal/v1/auth/employees', { email: 'a@example.com', password: '' });
    expect((expectErrorShape(short, 400, 'VALIDATION_FAILED') as { details?: unknown }).details).toEqual([
      {
        field: 'body.password',
        message: 'Enter your password',
        kind: 'too_small',
        minimum: 1,
        origin: 'string',
      },
    ]);
  });
});

describe('tokens', () => {
  it('answers 401 without a token and for a malformed header', async () => {
    expectErrorShape(await get('/api/v1/auth/me'), 401, 'UNAUTHENTICATED');
    expectErrorShape(await get('/api/v1/auth/me', { authorization: 'Token abc' }), 401, 'UNAUTHENTICATED');
    expectErrorShape(await get('/api/v1/auth/me', bearer('not.a.jwt')), 401, 'INVALID_TOKEN');
  });

  it('refuses a token of one strategy on another area with 403', async () => {
    const { token: staff } = await staffSession(t.app, t.database.db, 'admin');
    const investor = await signIn(t.app, 'investor', (await buildClient(t.database.db)).email);
    const startup = await signIn(t.app, 'local', (await buildStartupUser(t.database.db)).email);
    expectErrorShape(await get('/api/auth/user', bearer(staff)), 403, 'WRONG_STRATEGY');
    expectErrorShape(await get('/api/auth/user', bearer(investor)), 403, 'WRONG_STRATEGY');
    expectErrorShape(await get('/api/v1/auth/me', bearer(startup)), 403, 'WRONG_STRATEGY');
    expectErrorShape(await get('/api/internal/v1/employees', bearer(investor)), 403, 'WRONG_STRATEGY');
    expectErrorShape(await get('/api/internal/v1/employees', bearer(startup)), 403, 'WRONG_STRATEGY');
  });

  it('refuses a tampered token', async () => {
    const { token } = await staffSession(t.app, t.database.db, 'ao');
    const [h, p, s] = token.split('.') as [string, string, string];
    const payload = JSON.parse(new TextDecoder().decode(base64url.decode(p)));
    const forged = `${h}.${base64url.encode(JSON.stringify({ ...payload, sub: '1' }))}.${s}`;
    expectErrorShape(await get('/api/v1/auth/me', bearer(forged)), 401, 'INVALID_TOKEN');
    const badSig = `${h}.${p}.${s.slice(0, -4)}AAAA`;
    expectErrorShape(await get('/api/v1/auth/me', bearer(badSig)), 401, 'INVALID_TOKEN');
  });

  it('refuses alg: none and tokens signed with another secret', async () => {
    const { employee, token } = await staffSession(t.app, t.database.db, 'admin');
    const [, p] = token.split('.') as [string, string];
    const none = `${base64url.encode(JSON.stringify({ alg: 'none', typ: 'JWT' }))}.${p}.`;
    expectErrorShape(await get('/api/v1/auth/me', bearer(none)), 401, 'INVALID_TOKEN');
    const other = await new SignJWT({ tv: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('dealflow')
      .setAudience('dealflow:staff')
      .setSubject(String(employee.id))
      .setJti('x')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('another-secret-that-is-long-enough-000000'));
    expectErrorShape(await get('/api/v1/auth/me', bearer(other)), 401, 'INVALID_TOKEN');
  });

  it('refuses an expired token', async () => {
    const { employee } = await staffSession(t.app, t.database.db, 'admin');
    const expired = await new SignJWT({ tv: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('dealflow')
      .setAudience('dealflow:staff')
      .setSubject(String(employee.id))
      .setJti('expired')
      .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 3600)
      .sign(t.config.jwtSecret);
    expectErrorShape(await get('/api/v1/auth/me', bearer(expired)), 401, 'INVALID_TOKEN');
  });

  it('ends sessions of a deactivated employee', async () => {
    const { token: admin } = await staffSession(t.app, t.database.db, 'admin');
    const { employee, token } = await staffSession(t.app, t.database.db, 'ao');
    expect((await get('/api/v1/auth/me', bearer(token))).statusCode).toBe(200);
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/internal/v1/employees/${employee.id}`,
      headers: bearer(admin),
    });
    expect(del.statusCode).toBe(200);
    expectErrorShape(await get('/api/v1/auth/me', bearer(token)), 401, 'INVALID_TOKEN');
    expectErrorShape(
      await post('/api/internal/v1/auth/employees', { email: employee.email, password: TEST_PASSWORD }),
      403,
      'ACCOUNT_DEACTIVATED',
    );
  });

  it('revokes a startup token on generic sign-out', async () => {
    const s = await buildStartupUser(t.database.db);
    const token = await signIn(t.app, 'local', s.email);
    expect((await get('/api/auth/user', bearer(token))).statusCode).toBe(200);
    const out = await post('/api/auth/logout', {}, bearer(token));
    expect(out.statusCode).toBe(200);
    expectErrorShape(await get('/api/auth/user', bearer(token)), 401, 'INVALID_TOKEN');
    // Signing out without a token (or twice) still succeeds: the client clears its state anyway.
    expect((await post('/api/auth/logout', {})).statusCode).toBe(200);
  });
});

describe('throttling', () => {
  it('answers 429 with Retry-After after repeated failures on one account, even with the right password', async () => {
    const e = await buildEmployee(t.database.db);
    for (let i = 0; i < t.config.loginThrottle.perAccount; i++) {
      expectErrorShape(
        await post('/api/internal/v1/auth/employees', { email: e.email, password: `wrong-${i}` }),
        401,
      );
    }
    const blocked = await post('/api/internal/v1/auth/employees', {
      email: e.email,
      password: TEST_PASSWORD,
    });
    const error = expectErrorShape(blocked, 429, 'TOO_MANY_ATTEMPTS');
    expect(error.message).toMatch(/try again in \d+ minute/);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // Other accounts are not affected by this account's lock.
    const other = await buildEmployee(t.database.db);
    expect(
      (await post('/api/internal/v1/auth/employees', { email: other.email, password: TEST_PASSWORD }))
        .statusCode,
    ).toBe(200);
  });

  it('locks unknown emails the same way, so a lock does not reveal that an account exists', async () => {
    const email = uniqueEmail();
    for (let i = 0; i < t.config.loginThrottle.perAccount; i++)
      await post('/api/internal/v1/auth/clients', { email, password: 'x' });
    expectErrorShape(
      await post('/api/internal/v1/auth/clients', { email, password: 'x' }),
      429,
      'TOO_MANY_ATTEMPTS',
    );
  });

  it('throttles one address trying many accounts', async () => {
    const local = await buildTestApp({ LOGIN_MAX_FAILURES_PER_ADDRESS: '3' });
    const attempt = (email: string, password: string) =>
      local.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password },
        remoteAddress: '203.0.113.7',
      });
    for (let i = 0; i < 3; i++) expectErrorShape(await attempt(uniqueEmail(), 'x'), 401);
    const s = await buildStartupUser(local.database.db);
    expectErrorShape(await attempt(s.email, TEST_PASSWORD), 429, 'TOO_MANY_ATTEMPTS');
    const fromElsewhere = await local.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: s.email, password: TEST_PASSWORD },
      remoteAddress: '198.51.100.1',
    });
    expect(fromElsewhere.statusCode).toBe(200);
  });

  it('clears the account counter after a successful sign-in', async () => {
    const e = await buildEmployee(t.database.db);
    for (let i = 0; i < t.config.loginThrottle.perAccount - 1; i++) {
      await post('/api/internal/v1/auth/employees', { email: e.email, password: 'wrong' });
    }
    expect(
      (await post('/api/internal/v1/auth/employees', { email: e.email, password: TEST_PASSWORD })).statusCode,
    ).toBe(200);
    for (let i = 0; i < t.config.loginThrottle.perAccount - 1; i++) {
      await post('/api/internal/v1/auth/employees', { email: e.email, password: 'wrong' });
    }
    expect(
      (await post('/api/internal/v1/auth/employees', { email: e.email, password: TEST_PASSWORD })).statusCode,
    ).toBe(200);
  });
});

describe('throttling concurrent guesses (the count is taken before the password is checked)', () => {
  const staffLogin = (app: TestApp['app'], email: string, password: string, remoteAddress = '127.0.0.1') =>
    app.inject({
      method: 'POST',
      url: '/api/internal/v1/auth/employees',
      payload: { email, password },
      remoteAddress,
    });

  /** Answers that had their password evaluated (200 or 401) and answers refused before (429). */
  function tally(responses: Array<{ statusCode: number; headers: Record<string, unknown> }>) {
    const evaluated = responses.filter((r) => r.statusCode === 200 || r.statusCode === 401).length;
    const throttled = responses.filter((r) => r.statusCode === 429);
    for (const r of throttled) expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
    expect(evaluated + throttled.length).toBe(responses.length);
    return { evaluated, throttled: throttled.length };
  }

  it('evaluates at most the account limit of 50 parallel wrong passwords against one account', async () => {
    const e = await buildEmployee(t.database.db);
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) => staffLogin(t.app, e.email, `wrong-${i}`)),
    );
    const { evaluated } = tally(responses);
    expect(evaluated).toBeLessThanOrEqual(t.config.loginThrottle.perAccount);
  });

  it('evaluates every attempt of a burst that stays within the limit', async () => {
    const e = await buildEmployee(t.database.db);
    const n = t.config.loginThrottle.perAccount - 1;
    const responses = await Promise.all(
      Array.from({ length: n }, (_, i) => staffLogin(t.app, e.email, `wrong-${i}`)),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(Array(n).fill(401));
  });

  it('does not let the right password hidden in a burst be tried beyond the limit', async () => {
    const e = await buildEmployee(t.database.db);
    const passwords = [...Array.from({ length: 24 }, (_, i) => `wrong-${i}`), TEST_PASSWORD];
    const responses = await Promise.all(passwords.map((p) => staffLogin(t.app, e.email, p)));
    expect(tally(responses).evaluated).toBeLessThanOrEqual(t.config.loginThrottle.perAccount);
  });

  it('does not extend a lock with refused attempts', async () => {
    const e = await buildEmployee(t.database.db);
    for (let i = 0; i < t.config.loginThrottle.perAccount; i++) {
      expect((await staffLogin(t.app, e.email, `wrong-${i}`)).statusCode).toBe(401);
    }
    const first = await staffLogin(t.app, e.email, 'wrong-again');
    for (let i = 0; i < 5; i++) await staffLogin(t.app, e.email, 'wrong-again');
    const last = await staffLogin(t.app, e.email, 'wrong-again');
    expect([first.statusCode, last.statusCode]).toEqual([429, 429]);
    // Refused attempts are not failures: the lock still ends when the evaluated failures age out.
    expect(Number(last.headers['retry-after'])).toBeLessThanOrEqual(Number(first.headers['retry-after']));
  });

  it('evaluates at most the address limit of parallel guesses across many accounts from one address', async () => {
    const limited = await buildTestApp({ LOGIN_MAX_FAILURES_PER_ADDRESS: '4' });
    const responses = await Promise.all(
      Array.from({ length: 30 }, () => staffLogin(limited.app, uniqueEmail(), 'wrong', '203.0.113.20')),
    );
    expect(tally(responses).evaluated).toBeLessThanOrEqual(4);
    // A successful sign-in does not count against its address.
    const e = await buildEmployee(limited.database.db);
    for (let i = 0; i < 6; i++) {
      expect((await staffLogin(limited.app, e.email, TEST_PASSWORD, '203.0.113.21')).statusCode).toBe(200);
    }
  });
});

describe('known addresses (a lock cannot be used as a weapon against the owner)', () => {
  const attempt = (url: string, email: string, password: string, remoteAddress: string) =>
    t.app.inject({ method: 'POST', url, payload: { email, password }, remoteAddress });
  const EMPLOYEES = '/api/internal/v1/auth/employees';

  it('after an attacker reaches the account limit, the owner still signs in from an address used before, not from a new one', async () => {
    const e = await buildEmployee(t.database.db);
    expect((await attempt(EMPLOYEES, e.email, TEST_PASSWORD, '198.51.100.10')).statusCode).toBe(200);
    for (let i = 0; i < t.config.loginThrottle.perAccount; i++) {
      expect((await attempt(EMPLOYEES, e.email, `guess-${i}`, '203.0.113.66')).statusCode).toBe(401);
    }
    expectErrorShape(
      await attempt(EMPLOYEES, e.email, TEST_PASSWORD, '203.0.113.66'),
      429,
      'TOO_MANY_ATTEMPTS',
    );
    expectErrorShape(
      await attempt(EMPLOYEES, e.email, TEST_PASSWORD, '198.51.100.11'),
      429,
      'TOO_MANY_ATTEMPTS',
    );
    expect((await attempt(EMPLOYEES, e.email, TEST_PASSWORD, '198.51.100.10')).statusCode).toBe(200);
  });

  it('gives an attacker sharing the owner’s address only the per-account number of guesses', async () => {
    const c = await buildClient(t.database.db);
    const url = '/api/internal/v1/auth/clients';
    expect((await attempt(url, c.email, TEST_PASSWORD, '198.51.100.20')).statusCode).toBe(200);
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) => attempt(url, c.email, `guess-${i}`, '198.51.100.20')),
    );
    const evaluated = responses.filter((r) => r.statusCode === 401).length;
    expect(evaluated).toBeLessThanOrEqual(t.config.loginThrottle.perAccount);
    for (let i = evaluated; i < t.config.loginThrottle.perAccount; i++) {
      await attempt(url, c.email, `more-${i}`, '198.51.100.20');
    }
    expectErrorShape(await attempt(url, c.email, TEST_PASSWORD, '198.51.100.20'), 429, 'TOO_MANY_ATTEMPTS');
    // Those guesses were the known pair's, not the account's: the account is not locked elsewhere.
    expect((await attempt(url, c.email, TEST_PASSWORD, '198.51.100.21')).statusCode).toBe(200);
  });

  it('lets a known address through even when its address limit is used up by guesses at other accounts', async () => {
    const limited = await buildTestApp({ LOGIN_MAX_FAILURES_PER_ADDRESS: '3' });
    const s = await buildStartupUser(limited.database.db);
    const login = (email: string, password: string) =>
      limited.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password },
        remoteAddress: '192.0.2.50',
      });
    expect((await login(s.email, TEST_PASSWORD)).statusCode).toBe(200);
    for (let i = 0; i < 3; i++) expect((await login(uniqueEmail(), 'x')).statusCode).toBe(401);
    expectErrorShape(await login(uniqueEmail(), 'x'), 429, 'TOO_MANY_ATTEMPTS');
    expect((await login(s.email, TEST_PASSWORD)).statusCode).toBe(200);
  });
});

describe('token claims', () => {
  const forge = (claims: { iss?: boolean; iat?: number | null; exp: number; aud?: string; sub: string }) => {
    let jwt = new SignJWT({ tv: 0 })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setAudience(claims.aud ?? 'dealflow:staff')
      .setSubject(claims.sub)
      .setJti(`forged-${Math.random()}`)
      .setExpirationTime(claims.exp);
    if (claims.iss !== false) jwt = jwt.setIssuer('dealflow');
    if (claims.iat !== null) jwt = jwt.setIssuedAt(claims.iat ?? Math.floor(Date.now() / 1000));
    return jwt.sign(t.config.jwtSecret);
  };
  const now = () => Math.floor(Date.now() / 1000);

  it('accepts a well-formed forged token (the forgery itself is right)', async () => {
    const { employee } = await staffSession(t.app, t.database.db, 'ao');
    const token = await forge({ sub: String(employee.id), exp: now() + 3600 });
    expect((await get('/api/v1/auth/me', bearer(token))).statusCode).toBe(200);
  });

  it('refuses a session token without iss or without iat', async () => {
    const { employee } = await staffSession(t.app, t.database.db, 'ao');
    const noIss = await forge({ iss: false, sub: String(employee.id), exp: now() + 3600 });
    expectErrorShape(await get('/api/v1/auth/me', bearer(noIss)), 401, 'INVALID_TOKEN');
    const noIat = await forge({ iat: null, sub: String(employee.id), exp: now() + 3600 });
    expectErrorShape(await get('/api/v1/auth/me', bearer(noIat)), 401, 'INVALID_TOKEN');
  });

  it('refuses a session token living longer than TOKEN_TTL_MINUTES, or issued in the future', async () => {
    const { employee } = await staffSession(t.app, t.database.db, 'ao');
    const ttl = t.config.tokenTtlMinutes * 60;
    const farFuture = await forge({ sub: String(employee.id), exp: now() + 10 * 365 * 86400 });
    expectErrorShape(await get('/api/v1/auth/me', bearer(farFuture)), 401, 'INVALID_TOKEN');
    const justOver = await forge({ sub: String(employee.id), iat: now(), exp: now() + ttl + 60 });
    expectErrorShape(await get('/api/v1/auth/me', bearer(justOver)), 401, 'INVALID_TOKEN');
    const future = await forge({ sub: String(employee.id), iat: now() + 86400, exp: now() + 86400 + 3600 });
    expectErrorShape(await get('/api/v1/auth/me', bearer(future)), 401, 'INVALID_TOKEN');
    const atLimit = await forge({ sub: String(employee.id), iat: now(), exp: now() + ttl });
    expect((await get('/api/v1/auth/me', bearer(atLimit))).statusCode).toBe(200);
  });

  it('refuses a reviewer link without iss or living longer than REVIEWER_TOKEN_TTL_MINUTES', async () => {
    const e = await buildEmployee(t.database.db);
    const aud = 'dealflow:reviewer';
    const noIss = await forge({ aud, iss: false, sub: String(e.id), exp: now() + 600 });
    expectErrorShape(await post('/api/internal/v1/auth/reviewer', { token: noIss }), 401, 'INVALID_TOKEN');
    const tooLong = await forge({
      aud,
      sub: String(e.id),
      exp: now() + (t.config.reviewerTokenTtlMinutes + 1) * 60,
    });
    expectErrorShape(await post('/api/internal/v1/auth/reviewer', { token: tooLong }), 401, 'INVALID_TOKEN');
    const fine = await forge({ aud, sub: String(e.id), exp: now() + 600 });
    expect((await post('/api/internal/v1/auth/reviewer', { token: fine })).statusCode).toBe(200);
  });
});

describe('sign-out revokes the token on the server', () => {
  it('refuses a staff token and an investor token after POST /api/auth/logout with them', async () => {
    const { token: staff } = await staffSession(t.app, t.database.db, 'ao');
    const investor = await signIn(t.app, 'investor', (await buildClient(t.database.db)).email);
    for (const token of [staff, investor]) {
      expect((await get('/api/v1/auth/me', bearer(token))).statusCode).toBe(200);
      expect((await post('/api/auth/logout', {}, bearer(token))).statusCode).toBe(200);
      expectErrorShape(await get('/api/v1/auth/me', bearer(token)), 401, 'INVALID_TOKEN');
    }
  });

  it('ends only the signed-out session: another session of the same account goes on', async () => {
    const e = await buildEmployee(t.database.db);
    const first = await signIn(t.app, 'dashboard', e.email);
    const second = await signIn(t.app, 'dashboard', e.email);
    await post('/api/auth/logout', {}, bearer(first));
    expectErrorShape(await get('/api/v1/auth/me', bearer(first)), 401, 'INVALID_TOKEN');
    expect((await get('/api/v1/auth/me', bearer(second))).statusCode).toBe(200);
  });

  it('revokes a reviewer session too', async () => {
    const { employee, token } = await staffSession(t.app, t.database.db, 'admin');
    const link = (
      await post('/api/internal/v1/auth/reviewer-tokens', { employee_id: employee.id }, bearer(token))
    ).json().data;
    const session = (await post('/api/internal/v1/auth/reviewer', { token: link.token })).json().data.token;
    await post('/api/auth/logout', {}, bearer(session));
    expectErrorShape(await get('/api/v1/auth/me', bearer(session)), 401, 'INVALID_TOKEN');
  });
});

describe('reviewer sign-in', () => {
  it('issues a single-use link that opens a read-only staff session', async () => {
    const { token: admin } = await staffSession(t.app, t.database.db, 'admin');
    const reviewer = await buildEmployee(t.database.db, { role: 'ao' });
    const issued = await post(
      '/api/internal/v1/auth/reviewer-tokens',
      { employee_id: reviewer.id, ttl_minutes: 10 },
      bearer(admin),
    );
    expect(issued.statusCode).toBe(200);
    const link = issued.json().data as { token: string; url: string; expires_at: string };
    expect(link.url).toContain('/dashboard?token=');
    expect(new Date(link.expires_at).getTime()).toBeLessThanOrEqual(Date.now() + 10 * 60_000 + 1000);

    // The link token itself is not a session token.
    expectErrorShape(await get('/api/v1/auth/me', bearer(link.token)), 401, 'INVALID_TOKEN');

    const exchanged = await post('/api/internal/v1/auth/reviewer', { token: link.token });
    expect(exchanged.statusCode).toBe(200);
    const session = exchanged.json().data.token as string;
    const me = await get('/api/v1/auth/me', bearer(session));
    expect(me.json().data).toMatchObject({ id: reviewer.id, reviewer: true });

    expectErrorShape(
      await post('/api/internal/v1/auth/reviewer', { token: link.token }),
      401,
      'INVALID_TOKEN',
    );
  });

  it('keeps reviewer sessions read-only', async () => {
    const { employee: admin, token } = await staffSession(t.app, t.database.db, 'admin');
    const link = (
      await post('/api/internal/v1/auth/reviewer-tokens', { employee_id: admin.id }, bearer(token))
    ).json().data;
    const session = (await post('/api/internal/v1/auth/reviewer', { token: link.token })).json().data.token;
    expect((await get('/api/internal/v1/employees', bearer(session))).statusCode).toBe(200);
    const write = await post(
      '/api/internal/v1/employees',
      { email: uniqueEmail(), name: 'x', role: 'ao', password: 'long-enough-1' },
      bearer(session),
    );
    expectErrorShape(write, 403, 'FORBIDDEN');
  });

  it('lets non-admin staff issue links only for themselves', async () => {
    const { employee, token } = await staffSession(t.app, t.database.db, 'ir');
    const other = await buildEmployee(t.database.db);
    expectErrorShape(
      await post('/api/internal/v1/auth/reviewer-tokens', { employee_id: other.id }, bearer(token)),
      403,
      'FORBIDDEN',
    );
    expect(
      (await post('/api/internal/v1/auth/reviewer-tokens', { employee_id: employee.id }, bearer(token)))
        .statusCode,
    ).toBe(200);
  });

  it('limits failed exchanges per address', async () => {
    const limited = await buildTestApp({ LOGIN_MAX_FAILURES_PER_ADDRESS: '3' });
    const { employee, token } = await staffSession(limited.app, limited.database.db, 'admin');
    const exchange = (link: string, remoteAddress: string) =>
      limited.app.inject({
        method: 'POST',
        url: '/api/internal/v1/auth/reviewer',
        payload: { token: link },
        remoteAddress,
      });
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, i) => exchange(`garbage-garbage-${i}`, '203.0.113.30')),
    );
    const evaluated = responses.filter((r) => r.statusCode === 401).length;
    expect(evaluated).toBeLessThanOrEqual(3);
    expect(evaluated + responses.filter((r) => r.statusCode === 429).length).toBe(10);
    for (let i = evaluated; i < 3; i++) await exchange('garbage-garbage', '203.0.113.30');
    const issue = async () =>
      (
        await limited.app.inject({
          method: 'POST',
          url: '/api/internal/v1/auth/reviewer-tokens',
          payload: { employee_id: employee.id },
          headers: bearer(token),
        })
      ).json().data.token as string;
    const refused = await exchange(await issue(), '203.0.113.30');
    expectErrorShape(refused, 429, 'TOO_MANY_ATTEMPTS');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await exchange(await issue(), '198.51.100.30')).statusCode).toBe(200);
  });

  it('refuses garbage and tokens of other kinds', async () => {
    const { token } = await staffSession(t.app, t.database.db, 'admin');
    expectErrorShape(
      await post('/api/internal/v1/auth/reviewer', { token: 'garbage-garbage' }),
      401,
      'INVALID_TOKEN',
    );
    expectErrorShape(await post('/api/internal/v1/auth/reviewer', { token }), 401, 'INVALID_TOKEN');
  });
});
