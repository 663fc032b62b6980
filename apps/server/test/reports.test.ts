import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  type CaseActivityEntry,
  type CaseBreakdown,
  type CaseSummaryReport,
  type ClientActivityEntry,
  type ClientBreakdown,
  type PipelineAnalytics,
  REPORT_MAX_DAYS,
  type StatusSeries,
} from '@dealflow/domain';
import { activityLogs } from '../src/db/schema/index.ts';
import { buildCase, buildClient, buildEmployee } from './factories.ts';
import { buildTestApp, expectErrorShape, type TestApp } from './helpers.ts';
import {
  buildCast,
  type Cast,
  caller,
  dataOf,
  expectStrangersRefused,
  failingFields,
  type ListBody,
  type Method,
} from './staffCast.ts';

let t: TestApp;
let cast: Cast;
let call: ReturnType<typeof caller>;

beforeAll(async () => {
  // A database of its own: the reports count every case and client. The tests write straight to
  // the database between two reads, so answers are computed every time (reportCache.test.ts
  // checks the kept answers and how they are dropped).
  t = await buildTestApp({ REPORT_CACHE_SECONDS: '0' });
  cast = await buildCast(t);
  call = caller(t);
});

const v1 = '/api/internal/v1';
const snap = '/api/internal/v2/snapshots';
const CASE_REPORTS = [
  `${v1}/caseActivity`,
  `${snap}/cases/status`,
  `${snap}/cases/ao`,
  `${snap}/cases/round`,
  `${snap}/cases/domain`,
  `${snap}/cases/summary`,
  '/api/internal/v2/analytics/cases',
];
const INVESTOR_REPORTS = [
  `${v1}/clientActivity`,
  `${snap}/client/status`,
  `${snap}/client/ao`,
  `${snap}/client/type`,
  `${snap}/client/domain`,
  '/api/internal/v2/analytics/clients',
];
const get = <T>(url: string, token: string) => call('GET', url, token).then((res) => dataOf<T>(res));

describe('who reads which report (policy: reports.cases, reports.investors)', () => {
  it('anonymous is 401, investors and startups 403', async () => {
    await expectStrangersRefused(
      t,
      cast,
      [...CASE_REPORTS, ...INVESTOR_REPORTS].map((url) => ['GET', url] as [Method, string]),
    );
  });

  it('admin reads both reports; ao the case report only; ir and sa the investor report only', async () => {
    const expected = [
      ['admin', CASE_REPORTS, 200],
      ['admin', INVESTOR_REPORTS, 200],
      ['ao', CASE_REPORTS, 200],
      ['ao', INVESTOR_REPORTS, 403],
      ['ir', CASE_REPORTS, 403],
      ['ir', INVESTOR_REPORTS, 200],
      ['sa', CASE_REPORTS, 403],
      ['sa', INVESTOR_REPORTS, 200],
    ] as const;
    for (const [role, urls, status] of expected) {
      for (const url of urls) {
        const res = await call('GET', url, cast[role].token);
        if (status === 403) expectErrorShape(res, 403, 'FORBIDDEN');
        else expect(res.statusCode, `${role} ${url}: ${res.body}`).toBe(200);
      }
    }
  });
});

describe('dates and paging are checked (400 with the failing field)', () => {
  const message = (res: Awaited<ReturnType<typeof call>>) =>
    (expectErrorShape(res, 400, 'VALIDATION_FAILED') as { details: Array<{ message: string }> }).details[0]
      ?.message;

  it('refuses a date that is not YYYY-MM-DD or not a real day', async () => {
    for (const bad of ['2026-13-01', '2026-02-30', '01/02/2026', 'yesterday']) {
      const res = await call('GET', `${snap}/cases/status?start_at=${bad}`, cast.admin.token);
      expect(failingFields(res)).toEqual(['querystring.start_at']);
      expect(message(res)).toBe('start_at must be a date (YYYY-MM-DD)');
    }
    expect(failingFields(await call('GET', `${snap}/cases/ao?on=2026-1-1`, cast.admin.token))).toEqual([
      'querystring.on',
    ]);
  });

  it('refuses an end before the start, and a period over three years', async () => {
    const back = await call(
      'GET',
      `${snap}/client/status?start_at=2026-03-02&end_at=2026-03-01`,
      cast.sa.token,
    );
    expect(failingFields(back)).toEqual(['querystring.end_at']);
    expect(message(back)).toBe('end_at must not be before start_at');
    const long = await call(
      'GET',
      `/api/internal/v2/analytics/cases?start_at=2020-01-01&end_at=2023-01-01`,
      cast.admin.token,
    );
    expect(message(long)).toBe(`The period can span at most ${REPORT_MAX_DAYS} days`);
    // Exactly the longest period is fine.
    const longest = await call(
      'GET',
      `${snap}/cases/status?start_at=2020-01-01&end_at=2022-12-31`,
      cast.admin.token,
    );
    expect(longest.statusCode).toBe(200);
  });

  it('refuses a bad page, size or stuck_days', async () => {
    expect(failingFields(await call('GET', `${v1}/caseActivity?page=0`, cast.ao.token))).toEqual([
      'querystring.page',
    ]);
    expect(failingFields(await call('GET', `${v1}/clientActivity?size=201`, cast.sa.token))).toEqual([
      'querystring.size',
    ]);
    expect(
      failingFields(await call('GET', '/api/internal/v2/analytics/clients?stuck_days=0', cast.ir.token)),
    ).toEqual(['querystring.stuck_days']);
  });
});

describe('case report: groups and summary, live', () => {
  it('counts an AO’s cases by stage, with the fund raising of those in progress per currency', async () => {
    const db = t.database.db;
    const ao = await buildEmployee(db, { role: 'ao', name: '報表 AO' });
    await buildCase(db, { ao_id: ao.id, status: 's1', fund_raising: 100 });
    await buildCase(db, { ao_id: ao.id, status: 's2', fund_raising: 200, currency: 'USD' });
    await buildCase(db, { ao_id: ao.id, status: 'drop', fund_raising: 999 });
    await buildCase(db, { ao_id: ao.id, status: 's3', fund_raising: 5, is_deleted: true });
    const report = await get<CaseBreakdown>(`${snap}/cases/ao`, cast.ao.token);
    expect(report.live).toBe(true);
    expect(report.missing).toBe(false);
    const mine = report.result.find((g) => g.key === String(ao.id));
    expect(mine).toMatchObject({
      name: '報表 AO',
      count: 3,
      in_progress: 2,
      fund_raising: { NTD: 100, USD: 200 },
    });
    expect(mine?.stages).toMatchObject({ s1: 1, s2: 1, drop: 1, s3: 0 });
    // Largest first.
    const counts = report.result.map((g) => g.count);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
  });

  it('counts by round, and by each domain of a case', async () => {
    const db = t.database.db;
    await buildCase(db, { round: 'Round-R1', status: 's0', domain_keys: ['dx-a', 'dx-b'] });
    await buildCase(db, { round: 'Round-R1', status: 'finish', domain_keys: ['dx-a'] });
    const rounds = await get<CaseBreakdown>(`${snap}/cases/round`, cast.admin.token);
    expect(rounds.result.find((g) => g.key === 'Round-R1')).toMatchObject({
      count: 2,
      in_progress: 1,
      name: null,
    });
    const domains = await get<CaseBreakdown>(`${snap}/cases/domain`, cast.admin.token);
    expect(domains.result.find((g) => g.key === 'dx-a')?.count).toBe(2);
    expect(domains.result.find((g) => g.key === 'dx-b')?.count).toBe(1);
  });

  it('follows a case that changes group: the live totals move with it', async () => {
    const db = t.database.db;
    const kase = await buildCase(db, { round: 'Round-M1', status: 's2' });
    await db.execute(sql`update cases set round = 'Round-M2' where id = ${kase.id}`);
    const rounds = await get<CaseBreakdown>(`${snap}/cases/round`, cast.admin.token);
    expect(rounds.result.find((g) => g.key === 'Round-M1')).toBeUndefined();
    expect(rounds.result.find((g) => g.key === 'Round-M2')?.count).toBe(1);
  });

  it('sums the summary: in progress and raising, and the year’s moves into after_invest and drop', async () => {
    const db = t.database.db;
    const before = await get<CaseSummaryReport>(`${snap}/cases/summary`, cast.ao.token);
    expect(before.total).toBe(Object.values(before.by_stage).reduce((a, b) => a + b, 0));
    expect(before.in_progress).toBe(
      before.by_stage.s0 + before.by_stage.s1 + before.by_stage.s2 + before.by_stage.s3 + before.by_stage.s4,
    );
    const funded = await buildCase(db, { status: 'after_invest', funding: 500 });
    const dropped = await buildCase(db, { status: 'drop' });
    await db.insert(activityLogs).values([
      {
        actor_type: 'system',
        entity_type: 'case',
        entity_id: funded.id,
        action: 'stage',
        changes: { status: { from: 's4', to: 'after_invest' } },
      },
      {
        actor_type: 'system',
        entity_type: 'case',
        entity_id: dropped.id,
        action: 'stage',
        changes: { status: { from: 's1', to: 'drop' } },
      },
    ]);
    const after = await get<CaseSummaryReport>(`${snap}/cases/summary`, cast.ao.token);
    expect(after.funded_this_year.count).toBe(before.funded_this_year.count + 1);
    expect(after.funded_this_year.funding.NTD ?? 0).toBe((before.funded_this_year.funding.NTD ?? 0) + 500);
    expect(after.dropped_this_year.count).toBe(before.dropped_this_year.count + 1);
    expect(after.total).toBe(before.total + 2);
    expect(after.live).toBe(true);
    expect(after.year).toBe(Number(after.on.slice(0, 4)));
  });
});

describe('investor report: only the contact stages the caller works', () => {
  it('splits clients by tier, domain and owner, sa seeing p0–p4 and drop, ir p5–p6 and drop', async () => {
    const db = t.database.db;
    const owner = await buildEmployee(db, { role: 'sa', name: '報表 SA' });
    await buildClient(db, {
      process_status: 'p2',
      membership: 'gp',
      domain_keys: ['cx-1'],
      employee_id: owner.id,
      check_size: 10,
    });
    await buildClient(db, {
      process_status: 'p5',
      membership: 'gp',
      domain_keys: ['cx-1'],
      check_size: 7,
      currency: 'USD',
    });
    await buildClient(db, { process_status: 'drop', membership: 'gp', domain_keys: ['cx-1'] });

    const sa = await get<ClientBreakdown>(`${snap}/client/domain`, cast.sa.token);
    expect(sa.stages).toEqual(['p0', 'p1', 'p2', 'p3', 'p4', 'drop']);
    expect(sa.result.find((g) => g.key === 'cx-1')).toEqual({
      key: 'cx-1',
      name: null,
      count: 2,
      stages: { p2: 1, drop: 1 },
      check_size: { NTD: 10 },
    });
    const ir = await get<ClientBreakdown>(`${snap}/client/domain`, cast.ir.token);
    expect(ir.stages).toEqual(['p5', 'p6', 'drop']);
    expect(ir.result.find((g) => g.key === 'cx-1')).toMatchObject({ count: 2, stages: { p5: 1, drop: 1 } });
    const admin = await get<ClientBreakdown>(`${snap}/client/domain`, cast.admin.token);
    expect(admin.result.find((g) => g.key === 'cx-1')?.count).toBe(3);

    const owners = await get<ClientBreakdown>(`${snap}/client/ao`, cast.sa.token);
    expect(owners.result.find((g) => g.key === String(owner.id))).toMatchObject({
      name: '報表 SA',
      count: 1,
    });
    const tiers = await get<ClientBreakdown>(`${snap}/client/type`, cast.admin.token);
    expect(tiers.result.find((g) => g.key === 'gp')?.count).toBeGreaterThanOrEqual(3);
  });

  it('gives the status series only the caller’s stages', async () => {
    const sa = await get<StatusSeries>(`${snap}/client/status`, cast.sa.token);
    expect(sa.stages).toEqual(['p0', 'p1', 'p2', 'p3', 'p4', 'drop']);
    expect(new Set(sa.result.map((e) => e.stage))).not.toContain('p5');
    const admin = await get<StatusSeries>(`${snap}/client/status`, cast.admin.token);
    expect(admin.stages).toHaveLength(8);
  });
});

describe('activity feeds', () => {
  it('caseActivity: every case’s history, newest first, 10 a page by default, each with its case', async () => {
    for (let i = 0; i < 12; i++) {
      const res = await call('POST', `${v1}/cases`, cast.ao.token, { name: `動態 ${i}` });
      expect(res.statusCode, res.body).toBe(200);
    }
    const first = await get<ListBody<CaseActivityEntry>>(`${v1}/caseActivity`, cast.ao.token);
    expect(first.result).toHaveLength(10);
    expect(first.count).toBeGreaterThanOrEqual(12);
    expect(first.result[0]).toMatchObject({
      action: 'create',
      actor: { type: 'employee', id: cast.ao.id },
      case: { name: '動態 11', status: 'draft', is_deleted: false },
    });
    const times = first.result.map((e) => e.created_at);
    expect(times).toEqual([...times].sort().reverse());
    const second = await get<ListBody<CaseActivityEntry>>(
      `${v1}/caseActivity?page=2&size=5`,
      cast.admin.token,
    );
    expect(second.result.map((e) => e.id)).toEqual(first.result.slice(5, 10).map((e) => e.id));
  });

  it('clientActivity: an sa never sees the history of a p5 client, an ir never a p2 one', async () => {
    const made = async (stage: string) => {
      const res = await call('POST', `${v1}/clients`, cast.admin.token, {
        email: `feed-${stage}-${Date.now()}@test.example`,
        name: `動態客戶 ${stage}`,
        process_status: stage,
      });
      return dataOf<{ id: number }>(res).id;
    };
    const p2 = await made('p2');
    const p5 = await made('p5');
    const ids = async (token: string) =>
      (await get<ListBody<ClientActivityEntry>>(`${v1}/clientActivity?size=200`, token)).result.map(
        (e) => e.client.id,
      );
    const sa = await ids(cast.sa.token);
    expect(sa).toContain(p2);
    expect(sa).not.toContain(p5);
    const ir = await ids(cast.ir.token);
    expect(ir).toContain(p5);
    expect(ir).not.toContain(p2);
    const admin = await get<ListBody<ClientActivityEntry>>(`${v1}/clientActivity`, cast.admin.token);
    expect(admin.result[0]).toMatchObject({
      action: 'client.create',
      client: { id: p5, name: '動態客戶 p5', process_status: 'p5', is_deleted: false },
    });
  });

  it('clientActivity: a deleted client’s history shows to admin and its owner only', async () => {
    const owned = await call('POST', `${v1}/clients`, cast.sa.token, {
      email: `feed-owned-${Date.now()}@test.example`,
      name: '已刪除客戶',
      process_status: 'p1',
    });
    const id = dataOf<{ id: number }>(owned).id;
    expect((await call('DELETE', `${v1}/clients/${id}`, cast.sa.token)).statusCode).toBe(200);
    const other = await buildEmployee(t.database.db, { role: 'sa' });
    const { signIn } = await import('./factories.ts');
    const otherToken = await signIn(t.app, 'dashboard', other.email);
    const ids = async (token: string) =>
      (await get<ListBody<ClientActivityEntry>>(`${v1}/clientActivity?size=200`, token)).result.map(
        (e) => e.client.id,
      );
    expect(await ids(cast.sa.token)).toContain(id);
    expect(await ids(cast.admin.token)).toContain(id);
    expect(await ids(otherToken)).not.toContain(id);
  });
});

describe('pipeline analytics', () => {
  it('answers for the case pipeline with every stage of the path, and for the caller’s contact stages', async () => {
    const cases = await get<PipelineAnalytics>(
      '/api/internal/v2/analytics/cases?stuck_days=1',
      cast.ao.token,
    );
    expect(cases.stages).toEqual(['draft', 's0', 's1', 's2', 's3', 's4', 'after_invest', 'finish']);
    expect(cases.conversion.map((c) => `${c.from}>${c.to}`)).toEqual([
      'draft>s0',
      's0>s1',
      's1>s2',
      's2>s3',
      's3>s4',
      's4>after_invest',
      'after_invest>finish',
    ]);
    expect(cases.stuck_days).toBe(1);
    const sa = await get<PipelineAnalytics>('/api/internal/v2/analytics/clients', cast.sa.token);
    expect(sa.stages).toEqual(['p0', 'p1', 'p2', 'p3', 'p4']);
    expect(Object.keys(sa.stuck.by_stage)).toEqual(['p0', 'p1', 'p2', 'p3', 'p4']);
  });
});

describe('live totals (migration 0015 triggers)', () => {
  it('equal the groups counted from the cases and clients themselves', async () => {
    const db = t.database.db;
    const rows = (q: ReturnType<typeof sql>) =>
      db.execute(q).then((r) => (r as unknown as { rows: unknown[] }).rows);
    const kept = await rows(sql`select dimension, key, stage, currency, n, amount::float8 as amount
      from report_live_totals where n <> 0 or amount <> 0 order by 1, 2, 3, 4`);
    const counted = await rows(sql`select * from (
        select g.dimension, g.key, g.stage, c.currency, count(*)::int as n, coalesce(sum(c.fund_raising), 0)::float8 as amount
          from cases c cross join lateral report_case_groups(c.status, c.ao_id, c.round, c.domain_keys) g
         where not c.is_deleted group by 1, 2, 3, 4
        union all
        select g.dimension, g.key, g.stage, c.currency, count(*)::int, coalesce(sum(c.check_size), 0)::float8
          from clients c cross join lateral report_client_groups(c.process_status, c.membership, c.employee_id, c.domain_keys) g
         where not c.is_deleted group by 1, 2, 3, 4) t order by 1, 2, 3, 4`);
    expect(kept.length).toBeGreaterThan(10);
    expect(kept).toEqual(counted);
  });
});
