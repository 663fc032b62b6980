import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { bearer, buildTestApp, type TestApp } from './helpers.ts';
import { buildClient, signIn, staffSession } from './factories.ts';

// A sign-out in one instance must end the session in every instance, without a database read per
// request: each instance keeps the revoked token ids and learns new ones through LISTEN/NOTIFY
// (docs/decisions/0009). Several instances only exist on PostgreSQL.
const onPostgres = process.env.TEST_DB_KIND === 'postgres';

let t: TestApp;
const others: Array<Awaited<ReturnType<typeof buildApp>>> = [];
/** Another instance of the app on the same database, as behind a load balancer. */
async function anotherInstance() {
  const app = await buildApp(t.config, { database: t.database, logger: false });
  await app.ready();
  others.push(app);
  return app;
}
beforeAll(async () => {
  if (onPostgres) t = await buildTestApp();
});
afterAll(async () => {
  for (const app of others) await app.close();
});

type App = TestApp['app'];
const me = (app: App, token: string) =>
  app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(token) });
const logout = (app: App, token: string) =>
  app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token) });

/** How long until `check` holds, in ms (polled), or null after `withinMs`. */
async function within(withinMs: number, check: () => Promise<boolean>): Promise<number | null> {
  const start = Date.now();
  while (Date.now() - start <= withinMs) {
    if (await check()) return Date.now() - start;
    await new Promise((r) => setTimeout(r, 20));
  }
  return null;
}

describe.skipIf(!onPostgres)('sign-out across instances (PostgreSQL)', () => {
  it('a staff sign-out in one instance is refused by another within a second', async () => {
    const other = await anotherInstance();
    const { token } = await staffSession(t.app, t.database.db, 'ao');
    // The other instance has accepted the token (and keeps the account): only the notification can stop it.
    expect((await me(other, token)).statusCode).toBe(200);
    expect((await logout(t.app, token)).statusCode).toBe(200);
    expect((await me(t.app, token)).statusCode).toBe(401);
    expect(await within(1000, async () => (await me(other, token)).statusCode === 401)).not.toBeNull();
  });

  it('an investor sign-out in one instance is refused by another within a second', async () => {
    const other = await anotherInstance();
    const token = await signIn(t.app, 'investor', (await buildClient(t.database.db)).email);
    expect((await me(other, token)).statusCode).toBe(200);
    expect((await logout(other, token)).statusCode).toBe(200);
    expect(await within(1000, async () => (await me(t.app, token)).statusCode === 401)).not.toBeNull();
  });

  it('an instance whose listener was cut off reads the sign-outs it missed once it is back', async () => {
    const other = await anotherInstance();
    const { token } = await staffSession(t.app, t.database.db, 'ao');
    expect((await me(other, token)).statusCode).toBe(200);
    const name = (
      (await t.database.db.execute(sql`select current_database() as name`)) as unknown as {
        rows: Array<{ name: string }>;
      }
    ).rows[0]!.name;
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(
      `select pg_terminate_backend(pid) from pg_stat_activity
        where datname = $1 and query ilike 'LISTEN%dealflow_revoked_tokens%'`,
      [name],
    );
    await admin.end();
    // Signed out while the listeners are down (they come back after a second): no notification reaches them.
    expect((await logout(t.app, token)).statusCode).toBe(200);
    expect(await within(3000, async () => (await me(other, token)).statusCode === 401)).not.toBeNull();
  });

  it('an instance started after a sign-out refuses the token from its first request', async () => {
    const { token } = await staffSession(t.app, t.database.db, 'ir');
    expect((await logout(t.app, token)).statusCode).toBe(200);
    const later = await anotherInstance();
    expect((await me(later, token)).statusCode).toBe(401);
  });
});
