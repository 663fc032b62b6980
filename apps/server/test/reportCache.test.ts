import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CaseBreakdown } from '@dealflow/domain';
import { buildApp } from '../src/app.ts';
import { ReportCache } from '../src/modules/reports/cache.ts';
import { buildCase, buildEmployee, signIn, TEST_PASSWORD } from './factories.ts';
import { buildTestApp, type TestApp } from './helpers.ts';
import { buildCast, type Cast, caller, dataOf } from './staffCast.ts';

// Report answers are kept until what they count changes (docs/decisions/0044): a change must still
// show in the next report, at once in the instance that made it and soon in every other one.

describe('ReportCache', () => {
  it('answers a second call from what it kept, and computes again after a drop', async () => {
    const cache = new ReportCache(60_000);
    let computed = 0;
    const compute = async () => ++computed;
    expect(await cache.get('k', compute)).toBe(1);
    expect(await cache.get('k', compute)).toBe(1);
    expect(await cache.get('other', compute)).toBe(2);
    cache.clear();
    expect(cache.size).toBe(0);
    expect(await cache.get('k', compute)).toBe(3);
  });

  it('does not keep an answer whose computation began before a drop', async () => {
    const cache = new ReportCache(60_000);
    let release!: () => void;
    const slow = cache.get('k', () => new Promise<string>((resolve) => (release = () => resolve('old'))));
    cache.clear();
    release();
    expect(await slow).toBe('old');
    expect(cache.size).toBe(0);
    expect(await cache.get('k', async () => 'new')).toBe('new');
  });

  it('keeps only what `keep` accepts, nothing with no lifetime, and at most its bound', async () => {
    const cache = new ReportCache(60_000, 2);
    await cache.get(
      'partial',
      async () => ({ missing: true }),
      (a) => !a.missing,
    );
    expect(cache.size).toBe(0);
    await cache.get('a', async () => 1);
    await cache.get('b', async () => 2);
    await cache.get('c', async () => 3);
    expect(cache.size).toBe(2);
    expect(await cache.get('a', async () => 10)).toBe(10); // the oldest went first
    const off = new ReportCache(0);
    await off.get('k', async () => 1);
    expect(off.size).toBe(0);
  });

  it('computes again once an answer has lived its time', async () => {
    const cache = new ReportCache(20);
    let computed = 0;
    await cache.get('k', async () => ++computed);
    await new Promise((r) => setTimeout(r, 40));
    expect(await cache.get('k', async () => ++computed)).toBe(2);
  });
});

let t: TestApp;
let cast: Cast;
let call: ReturnType<typeof caller>;
let other: Awaited<ReturnType<typeof buildApp>>;
beforeAll(async () => {
  t = await buildTestApp();
  cast = await buildCast(t);
  call = caller(t);
  // A second instance on the same database, as behind a load balancer.
  other = await buildApp(t.config, { database: t.database, logger: false });
  await other.ready();
});
afterAll(async () => {
  await other.close();
});

const ROUNDS = '/api/internal/v2/snapshots/cases/round';
const roundCount = async (app: typeof other, round: string) => {
  const res = await app.inject({
    method: 'GET',
    url: ROUNDS,
    headers: { authorization: `Bearer ${cast.admin.token}` },
  });
  return dataOf<CaseBreakdown>(res).result.find((g) => g.key === round)?.count ?? 0;
};

/** Notifications arrive when the writing transaction commits, a moment after the write returns. */
async function eventually(check: () => Promise<boolean>) {
  for (let i = 0; i < 100; i++) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 20));
  }
  return false;
}

describe('kept report answers', () => {
  it('keeps an answer, and a write through this instance shows in its next report at once', async () => {
    const kase = await buildCase(t.database.db, { round: 'Round-K1', status: 's1' });
    // The case's insert notifies asynchronously: an answer read before that notification lands is
    // dropped by it (CI saw 0 kept), so wait until one is read and kept after it.
    expect(
      await eventually(
        async () => (await roundCount(t.app, 'Round-K1')) === 1 && t.app.deps.reportAnswers.size > 0,
      ),
    ).toBe(true);
    const res = await call('PUT', `/api/internal/v1/cases/${kase.id}`, cast.admin.token, {
      round: 'Round-K2',
    });
    expect(res.statusCode).toBe(200);
    expect(await roundCount(t.app, 'Round-K1')).toBe(0);
    expect(await roundCount(t.app, 'Round-K2')).toBe(1);
  });

  it('a write through another instance reaches this one', async () => {
    const kase = await buildCase(t.database.db, { round: 'Round-K3', status: 's2' });
    expect(await eventually(async () => (await roundCount(other, 'Round-K3')) === 1)).toBe(true);
    const res = await other.inject({
      method: 'PUT',
      url: `/api/internal/v1/cases/${kase.id}`,
      headers: { authorization: `Bearer ${cast.admin.token}` },
      payload: { round: 'Round-K4' },
    });
    expect(res.statusCode).toBe(200);
    expect(await eventually(async () => (await roundCount(t.app, 'Round-K4')) === 1)).toBe(true);
    expect(await roundCount(t.app, 'Round-K3')).toBe(0);
  });

  it('a change made straight in the database (no service involved) reaches every instance', async () => {
    const kase = await buildCase(t.database.db, { round: 'Round-K5', status: 's3' });
    expect(await eventually(async () => (await roundCount(t.app, 'Round-K5')) === 1)).toBe(true);
    expect(await eventually(async () => (await roundCount(other, 'Round-K5')) === 1)).toBe(true);
    await t.database.db.execute(sql`update cases set is_deleted = true where id = ${kase.id}`);
    expect(await eventually(async () => (await roundCount(t.app, 'Round-K5')) === 0)).toBe(true);
    expect(await eventually(async () => (await roundCount(other, 'Round-K5')) === 0)).toBe(true);
  });

  it('any write that succeeds here drops them before its reply leaves (no notification needed)', async () => {
    // Kept once any notification of the earlier tests' writes has landed.
    expect(
      await eventually(
        async () => (await roundCount(t.app, 'Round-K1')) >= 0 && t.app.deps.reportAnswers.size > 0,
      ),
    ).toBe(true);
    // A work log changes no case or client, so no trigger notifies: only the reply's hook drops.
    const res = await call('POST', '/api/internal/v1/employee/log', cast.admin.token, {
      content: '報表快取',
      kind: 'call',
      happened_at: '2026-11-20T10:00:00+08:00',
    });
    expect(res.statusCode).toBeLessThan(300);
    expect(t.app.deps.reportAnswers.size).toBe(0);
  });

  it('a sign-in, a sign-out and a change to nothing a report counts keep them', async () => {
    const kase = await buildCase(t.database.db, { round: 'Round-K6', status: 's1' });
    const someone = await buildEmployee(t.database.db, { role: 'ir' });
    expect(await eventually(async () => (await roundCount(t.app, 'Round-K6')) === 1)).toBe(true);
    const kept = t.app.deps.reportAnswers.size;
    expect(kept).toBeGreaterThan(0);
    // A sign-in writes last_login_at (no counted column), a sign-out revokes a token.
    const token = await signIn(t.app, 'dashboard', someone.email, TEST_PASSWORD);
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { authorization: `Bearer ${token}` },
    });
    // Straight in the database: a column no report reads. Whatever would notify has by then.
    await t.database.db.execute(sql`update cases set overview = 'x' where id = ${kase.id}`);
    await new Promise((r) => setTimeout(r, 300));
    expect(t.app.deps.reportAnswers.size).toBe(kept);
  });

  it('an employee renamed shows under the new name (the AO breakdown names them)', async () => {
    const ao = await buildEmployee(t.database.db, { role: 'ao', name: '舊名 AO' });
    await buildCase(t.database.db, { ao_id: ao.id, status: 's1' });
    const aoName = async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/internal/v2/snapshots/cases/ao',
        headers: { authorization: `Bearer ${cast.admin.token}` },
      });
      return dataOf<CaseBreakdown>(res).result.find((g) => g.key === String(ao.id))?.name;
    };
    expect(await eventually(async () => (await aoName()) === '舊名 AO')).toBe(true);
    await t.database.db.execute(sql`update employees set name = '新名 AO' where id = ${ao.id}`);
    expect(await eventually(async () => (await aoName()) === '新名 AO')).toBe(true);
  });

  it('a refused write keeps the answers', async () => {
    await roundCount(t.app, 'Round-K1');
    const kept = t.app.deps.reportAnswers.size;
    expect(kept).toBeGreaterThan(0);
    const res = await call('PUT', '/api/internal/v1/cases/987654', cast.admin.token, { round: 'x' });
    expect(res.statusCode).toBe(404);
    expect(t.app.deps.reportAnswers.size).toBe(kept);
  });
});
