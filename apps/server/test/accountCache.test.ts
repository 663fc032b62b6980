import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { clients, employees } from '../src/db/schema/index.ts';
import { bearer, buildTestApp, type TestApp } from './helpers.ts';
import { buildClient, signIn, staffSession, TEST_PASSWORD } from './factories.ts';

// Accounts read for authentication are reused for a while (docs/decisions/0006); any change to
// an account must still take effect at once, in this instance and in every other one.
let t: TestApp;
let other: Awaited<ReturnType<typeof buildApp>>;
beforeAll(async () => {
  t = await buildTestApp();
  // A second instance of the app on the same database, as behind a load balancer.
  other = await buildApp(t.config, { database: t.database, logger: false });
  await other.ready();
});
afterAll(async () => {
  await other.close();
});

const me = (app: typeof other, token: string) =>
  app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(token) });

/** Notifications arrive when the writing transaction commits, a moment after the write returns. */
async function eventually(check: () => Promise<boolean>) {
  for (let i = 0; i < 100; i++) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 20));
  }
  return false;
}

describe('account cache', () => {
  it('a deactivation through the API ends the session at once in the instance that made it', async () => {
    const admin = await staffSession(t.app, t.database.db, 'admin');
    const ao = await staffSession(t.app, t.database.db, 'ao');
    expect((await me(t.app, ao.token)).statusCode).toBe(200);
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/internal/v1/employees/${ao.employee.id}`,
      headers: bearer(admin.token),
    });
    expect(res.statusCode).toBeLessThan(300);
    expect((await me(t.app, ao.token)).statusCode).toBe(401);
  });

  it('a change made in another instance reaches this one', async () => {
    const admin = await staffSession(t.app, t.database.db, 'admin');
    const ao = await staffSession(t.app, t.database.db, 'ao');
    expect((await me(other, ao.token)).statusCode).toBe(200);
    await t.app.inject({
      method: 'PUT',
      url: `/api/internal/v1/employees/${ao.employee.id}`,
      headers: bearer(admin.token),
      payload: { role: 'ir' },
    });
    expect(await eventually(async () => (await me(other, ao.token)).json().data?.role === 'ir')).toBe(true);
  });

  it('a change made straight in the database (no service involved) reaches every instance', async () => {
    const ao = await staffSession(t.app, t.database.db, 'ao');
    expect((await me(other, ao.token)).statusCode).toBe(200);
    expect((await me(t.app, ao.token)).statusCode).toBe(200);
    await t.database.db.update(employees).set({ status: 'inactive' }).where(eq(employees.id, ao.employee.id));
    expect(await eventually(async () => (await me(other, ao.token)).statusCode === 401)).toBe(true);
    expect(await eventually(async () => (await me(t.app, ao.token)).statusCode === 401)).toBe(true);
  });

  it('an investor whose token version moves is signed out everywhere', async () => {
    const client = await buildClient(t.database.db);
    const token = await signIn(t.app, 'investor', client.email, TEST_PASSWORD);
    expect((await me(other, token)).statusCode).toBe(200);
    await t.database.db
      .update(clients)
      .set({ token_version: client.token_version + 1 })
      .where(eq(clients.id, client.id));
    expect(await eventually(async () => (await me(other, token)).statusCode === 401)).toBe(true);
  });
});
