import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { redactUrl, safeError } from '../src/plugins/logging.ts';
import { bearer, buildTestApp } from './helpers.ts';
import { buildClient, signIn, staffSession, TEST_PASSWORD } from './factories.ts';
import { contentSecurityPolicy } from '../src/plugins/security.ts';
import { loadConfig } from '../src/config.ts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../src/db/client.ts';

async function investorSession(app: FastifyInstance, db: Db) {
  const client = await buildClient(db);
  return { client, token: await signIn(app, 'investor', client.email) };
}

let shared: Awaited<ReturnType<typeof buildTestApp>> | null = null;
/** One app for the checks that need no settings of their own. */
async function sharedApp() {
  shared ??= await buildTestApp();
  return shared;
}

/** Every log line the app writes, as text. */
function captureLogs(): {
  stream: Writable;
  text: () => string;
  lines: () => Array<Record<string, unknown>>;
} {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      chunks.push(String(chunk));
      done();
    },
  });
  const text = () => chunks.join('');
  return {
    stream,
    text,
    lines: () =>
      text()
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as Record<string, unknown>),
  };
}

describe('security headers', () => {
  it('every page carries a CSP without inline scripts, nosniff, no framing, no referrer and HSTS', async () => {
    const t = await sharedApp();
    for (const url of ['/dashboard/login', '/investor', '/api/docs']) {
      const res = await t.app.inject({ method: 'GET', url });
      const csp = String(res.headers['content-security-policy']);
      const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1] ?? '';
      expect(scriptSrc, url).toBe("'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).not.toContain('upgrade-insecure-requests');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(String(res.headers['strict-transport-security'])).toMatch(/max-age=\d+/);
      expect(res.headers['permissions-policy']).toContain('camera=()');
    }
  });

  it('every API reply, found or not, signed in or not, carries the short set that lets it load nothing', async () => {
    const t = await sharedApp();
    for (const [url, status] of [
      ['/api/health', 200],
      ['/api/nope', 404],
      ['/api/internal/v2/cases', 401],
      ['/static_api/v1/platform', 200],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(status);
      expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(String(res.headers['strict-transport-security'])).toMatch(/max-age=\d+/);
      // What only a document reads is left off.
      expect(res.headers['permissions-policy']).toBeUndefined();
      expect(res.headers['cross-origin-opener-policy']).toBeUndefined();
    }
    // A route's own CSP and cache policy (a file's sandbox, `private, no-store`) replace these:
    // files.test.ts, dataRoom.test.ts, pdfs.test.ts.
  });

  it('asks the browser to upgrade requests only when the public address is HTTPS', () => {
    const https = loadConfig({ NODE_ENV: 'test', PUBLIC_URL: 'https://dealflow.example.com' });
    const http = loadConfig({ NODE_ENV: 'test', PUBLIC_URL: 'http://10.0.0.5:3000' });
    expect(contentSecurityPolicy(https)['upgrade-insecure-requests']).toEqual([]);
    expect(contentSecurityPolicy(http)['upgrade-insecure-requests']).toBeUndefined();
  });

  it('API replies, signed in or not, successful or not, are never stored by a cache', async () => {
    const t = await sharedApp();
    const admin = await staffSession(t.app, t.database.db, 'admin');
    const investor = await investorSession(t.app, t.database.db);
    const replies = await Promise.all([
      t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(admin.token) }),
      t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(investor.token) }),
      t.app.inject({ method: 'GET', url: '/api/internal/v2/cases', headers: bearer(admin.token) }),
      t.app.inject({ method: 'GET', url: '/api/internal/v2/cases' }),
      t.app.inject({ method: 'GET', url: '/static_api/v1/platform' }),
    ]);
    for (const res of replies) expect(res.headers['cache-control']).toBe('no-store');
  });
});

describe('API documentation', () => {
  it('is open outside production', async () => {
    const t = await sharedApp();
    expect((await t.app.inject({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(200);
  });

  it('in production, the description is served to signed-in staff only; the page loads and sends the staff session', async () => {
    const t = await buildTestApp({ NODE_ENV: 'production' });
    const admin = await staffSession(t.app, t.database.db, 'ao');
    const investor = await investorSession(t.app, t.database.db);
    expect((await t.app.inject({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/docs/yaml' })).statusCode).toBe(401);
    const asInvestor = await t.app.inject({
      method: 'GET',
      url: '/api/docs/json',
      headers: bearer(investor.token),
    });
    expect(asInvestor.statusCode).toBe(403);
    const asStaff = await t.app.inject({
      method: 'GET',
      url: '/api/docs/json',
      headers: bearer(admin.token),
    });
    expect(asStaff.statusCode).toBe(200);
    expect(asStaff.json().openapi).toMatch(/^3\./);
    expect((await t.app.inject({ method: 'GET', url: '/api/docs' })).statusCode).toBe(200);
    const init = await t.app.inject({ method: 'GET', url: '/api/docs/static/swagger-initializer.js' });
    expect(init.statusCode).toBe(200);
    expect(init.body).toContain('auth._token.dashboard');
  });
});

describe('what the logs hold', () => {
  const logs = captureLogs();
  let logged: Awaited<ReturnType<typeof buildTestApp>> | null = null;
  const loggedApp = async () => {
    logged ??= await buildTestApp({ LOG_LEVEL: 'trace' }, { logStream: logs.stream });
    return logged;
  };

  it('a failed account write logs the error code and the request id, never the hash, the email or the name', async () => {
    const t = await loggedApp();
    const admin = await staffSession(t.app, t.database.db, 'admin');
    // Any database fault on the insert: a trigger refuses every new employee.
    await t.database.db.execute(sql`
      create or replace function refuse_employee() returns trigger language plpgsql as $$
      begin raise exception 'refused by test' using errcode = 'P0001'; end $$`);
    await t.database.db.execute(
      sql`create trigger refuse_employee before insert on employees for each row execute function refuse_employee()`,
    );
    const email = 'leaky-person@test.example';
    const name = '洩漏測試員';
    const password = 'Leaky-password-123';
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/internal/v1/employees',
      headers: bearer(admin.token),
      payload: { email, name, role: 'ao', password },
    });
    await t.database.db.execute(sql`drop trigger refuse_employee on employees`);
    expect(res.statusCode).toBe(500);
    expect(res.json().error.message).toBe('Internal Server Error');
    const text = logs.text();
    expect(text).not.toContain('scrypt$');
    expect(text).not.toContain(email);
    expect(text).not.toContain(name);
    expect(text).not.toContain(password);
    const line = logs.lines().find((l) => l.msg === 'unhandled error');
    expect(line).toBeDefined();
    expect(line?.reqId).toBeDefined();
    expect(line?.err).toMatchObject({ db: { code: 'P0001' } });
  });

  it('a reviewer link, a password and a bearer token never reach the logs', async () => {
    const t = await loggedApp();
    const admin = await staffSession(t.app, t.database.db, 'admin');
    const link = 'eyJhbGciOiJIUzI1NiJ9.secret-reviewer-link.signature';
    await t.app.inject({ method: 'GET', url: `/dashboard?token=${link}&tab=1` });
    await t.app.inject({
      method: 'POST',
      url: '/api/internal/v1/auth/employees',
      payload: { email: admin.employee.email, password: 'Wrong-password-999' },
    });
    await t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(admin.token) });
    const text = logs.text();
    expect(text).toContain('token=[redacted]&tab=1');
    expect(text).not.toContain(link);
    expect(text).not.toContain('Wrong-password-999');
    expect(text).not.toContain(TEST_PASSWORD);
    expect(text).not.toContain(admin.token);
  });
});

describe('log helpers', () => {
  it('redacts the values of secret query parameters only', () => {
    expect(redactUrl('/dashboard?token=abc&tab=2')).toBe('/dashboard?token=[redacted]&tab=2');
    expect(redactUrl('/verify?CODE=123456')).toBe('/verify?CODE=[redacted]');
    expect(redactUrl('/x?keyword=token')).toBe('/x?keyword=token');
    expect(redactUrl('/x?%74oken=abc')).toBe('/x?%74oken=[redacted]');
    expect(redactUrl('/x?%zz=1')).toBe('/x?%zz=1');
    expect(redactUrl('/plain')).toBe('/plain');
  });

  it('keeps a query wrapper’s parameters and a database message out of a logged error', () => {
    const pgError = Object.assign(new Error('invalid input syntax for type integer: "secret-value"'), {
      code: '22P02',
      severity: 'ERROR',
      detail: 'Key (email)=(someone@example.com) already exists.',
      table: 'employees',
    });
    const wrapper = Object.assign(new Error('Failed query: insert into x values ($1)\nparams: scrypt$hash'), {
      query: 'insert into x values ($1)',
      params: ['scrypt$hash'],
      cause: pgError,
    });
    const logged = JSON.stringify(safeError(wrapper));
    expect(logged).not.toContain('scrypt$hash');
    expect(logged).not.toContain('secret-value');
    expect(logged).not.toContain('someone@example.com');
    expect(logged).toContain('22P02');
    expect(logged).toContain('employees');
  });
});
