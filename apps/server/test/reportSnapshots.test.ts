import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  addDays,
  type CaseBreakdown,
  type CaseSummaryReport,
  type PipelineAnalytics,
  type StatusSeries,
} from '@dealflow/domain';
import { activityLogs, clients, reportSnapshotDays, reportSnapshots } from '../src/db/schema/index.ts';
import {
  catchUpSnapshots,
  missingSnapshotDays,
  reportToday,
  snapshotJob,
  storeSnapshotDays,
} from '../src/modules/reports/snapshots.ts';
import { buildCase, buildClient, buildEmployee } from './factories.ts';
import { buildTestApp, expectErrorShape, type TestApp } from './helpers.ts';
import { buildCast, type Cast, caller, dataOf } from './staffCast.ts';

let t: TestApp;
let cast: Cast;
let call: ReturnType<typeof caller>;
let today: string;
/** Day `n` from today (T-1 is -1), YYYY-MM-DD. */
const T = (n: number) => addDays(today, n);
/** An instant of day T+n, at an hour of the report time zone (Asia/Taipei, +08:00 all year). */
const at = (n: number, hour: number) => new Date(`${T(n)}T${String(hour).padStart(2, '0')}:00:00+08:00`);
const snap = '/api/internal/v2/snapshots';
let aoId: number;
let ids: Record<'A' | 'B' | 'C' | 'E' | 'K' | 'L', number>;

const deps = () => ({ db: t.database.db, config: t.config, log: t.app.log });
const history = (
  entity_type: 'case' | 'client',
  entity_id: number,
  action: string,
  changes: Record<string, { from: unknown; to: unknown }>,
  created_at: Date,
) =>
  t.database.db
    .insert(activityLogs)
    .values({ actor_type: 'system', entity_type, entity_id, action, changes, created_at });

/** The stored cases.status counts of a day, as `{ stage: n }`. */
async function storedStatus(day: string, dimension = 'cases.status') {
  const rows = await t.database.db
    .select({ stage: reportSnapshots.stage, n: reportSnapshots.n })
    .from(reportSnapshots)
    .where(and(eq(reportSnapshots.day, day), eq(reportSnapshots.dimension, dimension)));
  return Object.fromEntries(rows.map((r) => [r.stage, r.n]));
}

/** A series' counts of a day, zero stages left out. */
const dayOf = (series: StatusSeries, day: string) =>
  Object.fromEntries(
    series.result.filter((e) => e.date === day && e.count > 0).map((e) => [e.stage, e.count]),
  );

beforeAll(async () => {
  // Days are stored and rows changed straight in the database between two reads: answers are
  // computed every time here (reportCache.test.ts checks the kept answers).
  t = await buildTestApp({ REPORT_CACHE_SECONDS: '0' });
  cast = await buildCast(t);
  call = caller(t);
  today = reportToday(t.config);
  const db = t.database.db;
  aoId = (await buildEmployee(db, { role: 'ao', name: '快照 AO' })).id;
  const sa = (await buildEmployee(db, { role: 'sa' })).id;
  /*
   * A: created T-5 in s0 (AO, raising 100), s0 → s1 on T-3, s1 → s2 on T-1.
   * B: created T-4 in s1, dropped on T-2.   C: created T-3 as a draft, deleted on T-2.
   * E: created T-5 in s3, never moved (no history at all).
   * K: a client created T-4 in p0, moved to p1 on T-2.   L: a client created T-3 in p5.
   */
  const A = await buildCase(db, { status: 's2', ao_id: aoId, fund_raising: 100, created_at: at(-5, 10) });
  const B = await buildCase(db, { status: 'drop', created_at: at(-4, 10) });
  const C = await buildCase(db, { status: 'draft', is_deleted: true, created_at: at(-3, 10) });
  const E = await buildCase(db, { status: 's3', created_at: at(-5, 10) });
  const K = await buildClient(db, { process_status: 'p1', employee_id: sa, created_at: at(-4, 10) });
  const L = await buildClient(db, { process_status: 'p5', created_at: at(-3, 10) });
  ids = { A: A.id, B: B.id, C: C.id, E: E.id, K: K.id, L: L.id };
  await history('case', A.id, 'create', { status: { from: null, to: 's0' } }, at(-5, 10));
  await history('case', A.id, 'stage', { status: { from: 's0', to: 's1' } }, at(-3, 10));
  await history('case', A.id, 'stage', { status: { from: 's1', to: 's2' } }, at(-1, 10));
  await history('case', B.id, 'stage', { status: { from: 's1', to: 'drop' } }, at(-2, 10));
  await history('case', C.id, 'delete', { is_deleted: { from: false, to: true } }, at(-2, 12));
  await history('client', K.id, 'client.create', { process_status: { from: null, to: 'p0' } }, at(-4, 10));
  await history('client', K.id, 'client.move', { process_status: { from: 'p0', to: 'p1' } }, at(-2, 10));
});

describe('the daily snapshot job', () => {
  it('rebuilds each past day from the current rows and the history', async () => {
    const stored = await catchUpSnapshots(deps());
    expect(stored).toContain(T(-1));
    expect(stored).not.toContain(today);
    expect(await storedStatus(T(-6))).toEqual({});
    expect(await storedStatus(T(-5))).toEqual({ s0: 1, s3: 1 });
    expect(await storedStatus(T(-4))).toEqual({ s0: 1, s1: 1, s3: 1 });
    expect(await storedStatus(T(-3))).toEqual({ draft: 1, s1: 2, s3: 1 });
    expect(await storedStatus(T(-2))).toEqual({ s1: 1, drop: 1, s3: 1 });
    expect(await storedStatus(T(-1))).toEqual({ s2: 1, drop: 1, s3: 1 });
    expect(await storedStatus(T(-3), 'cases.moves')).toEqual({ s1: 1 });
    expect(await storedStatus(T(-2), 'cases.moves')).toEqual({ drop: 1 });
    expect(await storedStatus(T(-4), 'clients.status')).toEqual({ p0: 1 });
    expect(await storedStatus(T(-2), 'clients.status')).toEqual({ p1: 1, p5: 1 });
    // Nothing is left to do.
    expect(await missingSnapshotDays(deps())).toEqual([]);
    expect(await catchUpSnapshots(deps())).toEqual([]);
  });

  it('run twice for the same day stores one row per (day, dimension, key, stage)', async () => {
    const job = snapshotJob(t.config);
    const ctx = { ...deps(), files: t.app.deps.files, jobs: t.app.deps.jobs };
    const count = async () => {
      const [row] = (
        (await t.database.db.execute(sql`select count(*)::int as n,
            count(distinct (dimension, key, stage))::int as cells from report_snapshots where day = ${T(-1)}`)) as unknown as {
          rows: Array<{ n: number; cells: number }>;
        }
      ).rows;
      return row;
    };
    await job.run({ days: [T(-1)] }, ctx);
    const once = await count();
    await job.run({ days: [T(-1)] }, ctx);
    await storeSnapshotDays(deps(), [T(-1), T(-1)]);
    const thrice = await count();
    expect(once?.n).toBeGreaterThan(0);
    expect(thrice).toEqual(once);
    expect(thrice?.n).toBe(thrice?.cells);
    const days = await t.database.db
      .select()
      .from(reportSnapshotDays)
      .where(eq(reportSnapshotDays.day, T(-1)));
    expect(days).toHaveLength(1);
    expect(await storedStatus(T(-1))).toEqual({ s2: 1, drop: 1, s3: 1 });
  });

  it('catches up a day missed while the server was down', async () => {
    const db = t.database.db;
    const before = await db
      .select()
      .from(reportSnapshots)
      .where(eq(reportSnapshots.day, T(-3)));
    await db.delete(reportSnapshots).where(eq(reportSnapshots.day, T(-3)));
    await db.delete(reportSnapshotDays).where(eq(reportSnapshotDays.day, T(-3)));
    expect(await missingSnapshotDays(deps())).toEqual([T(-3)]);
    // The series says so meanwhile, and has no entries for it.
    const series = dataOf<StatusSeries>(
      await call('GET', `${snap}/cases/status?start_at=${T(-4)}&end_at=${T(-2)}`, cast.ao.token),
    );
    expect(series.missing_days).toEqual([T(-3)]);
    expect(series.result.filter((e) => e.date === T(-3))).toEqual([]);

    expect(await catchUpSnapshots(deps())).toEqual([T(-3)]);
    const after = await db
      .select()
      .from(reportSnapshots)
      .where(eq(reportSnapshots.day, T(-3)));
    const sorted = (rows: typeof before) =>
      [...rows].sort((a, b) =>
        `${a.dimension}${a.key}${a.stage}`.localeCompare(`${b.dimension}${b.key}${b.stage}`),
      );
    expect(sorted(after)).toEqual(sorted(before));
  });
});

describe('status series: stored days and today live', () => {
  it('reads past days from the stored snapshots and counts today live', async () => {
    const url = `${snap}/cases/status?start_at=${T(-5)}&end_at=${today}`;
    const series = dataOf<StatusSeries>(await call('GET', url, cast.admin.token));
    expect(series).toMatchObject({ start_at: T(-5), end_at: today, live_from: today, missing_days: [] });
    expect(series.time_zone).toBe('Asia/Taipei');
    expect(series.result).toHaveLength(6 * 9);
    expect(dayOf(series, T(-3))).toEqual({ draft: 1, s1: 2, s3: 1 });
    // Today: A, B and E, and the case the cast's startup belongs to (a draft made today).
    expect(dayOf(series, today)).toEqual({ draft: 1, s2: 1, drop: 1, s3: 1 });

    // A stored day is read, not recounted: change it and the series follows.
    await t.database.db
      .update(reportSnapshots)
      .set({ n: 42 })
      .where(
        and(
          eq(reportSnapshots.day, T(-2)),
          eq(reportSnapshots.dimension, 'cases.status'),
          eq(reportSnapshots.stage, 's1'),
        ),
      );
    // A case made now counts today only.
    await buildCase(t.database.db, { status: 's0' });
    const again = dataOf<StatusSeries>(await call('GET', url, cast.admin.token));
    expect(dayOf(again, T(-2))).toEqual({ s1: 42, drop: 1, s3: 1 });
    expect(dayOf(again, today)).toEqual({ draft: 1, s0: 1, s2: 1, drop: 1, s3: 1 });
    expect(dayOf(again, T(-1))).toEqual(dayOf(series, T(-1)));
    await storeSnapshotDays(deps(), [T(-2)]);
  });

  it('leaves days after today out, and defaults to the last 30 days', async () => {
    const future = dataOf<StatusSeries>(
      await call('GET', `${snap}/cases/status?start_at=${T(-1)}&end_at=${T(5)}`, cast.ao.token),
    );
    expect(future.end_at).toBe(today);
    expect(new Set(future.result.map((e) => e.date))).toEqual(new Set([T(-1), today]));
    const plain = dataOf<StatusSeries>(await call('GET', `${snap}/cases/status`, cast.ao.token));
    expect(plain.start_at).toBe(T(-29));
    expect(plain.end_at).toBe(today);
    expect(plain.missing_days).toEqual([]);
  });

  it('gives an sa the contact stages p0–p4 and drop only', async () => {
    const series = dataOf<StatusSeries>(
      await call('GET', `${snap}/client/status?start_at=${T(-4)}&end_at=${T(-2)}`, cast.sa.token),
    );
    expect(dayOf(series, T(-4))).toEqual({ p0: 1 });
    expect(dayOf(series, T(-2))).toEqual({ p1: 1 });
    const admin = dataOf<StatusSeries>(
      await call('GET', `${snap}/client/status?start_at=${T(-2)}&end_at=${T(-2)}`, cast.admin.token),
    );
    expect(dayOf(admin, T(-2))).toEqual({ p1: 1, p5: 1 });
  });
});

describe('a stored day’s groups and summary', () => {
  it('answers as of a past day from its snapshot', async () => {
    const past = dataOf<CaseBreakdown>(await call('GET', `${snap}/cases/ao?on=${T(-4)}`, cast.ao.token));
    expect(past).toMatchObject({ on: T(-4), live: false, missing: false });
    expect(past.result.find((g) => g.key === String(aoId))).toMatchObject({
      name: '快照 AO',
      count: 1,
      in_progress: 1,
      fund_raising: { NTD: 100 },
    });
    const now = dataOf<CaseBreakdown>(await call('GET', `${snap}/cases/ao`, cast.ao.token));
    expect(now.live).toBe(true);
    expect(now.result.find((g) => g.key === String(aoId))?.stages.s2).toBe(1);
    // A day long before anything was stored: said to be missing.
    const old = dataOf<CaseBreakdown>(await call('GET', `${snap}/cases/round?on=2001-01-01`, cast.ao.token));
    expect(old).toMatchObject({ live: false, missing: true, result: [] });
  });

  it('counts the year’s stored moves in a past day’s summary', async () => {
    const summary = dataOf<CaseSummaryReport>(
      await call('GET', `${snap}/cases/summary?on=${T(-1)}`, cast.ao.token),
    );
    expect(summary).toMatchObject({ on: T(-1), live: false, total: 3, in_progress: 2 });
    // The drop of B (T-2) counts if T-2 is in T-1's year.
    expect(summary.dropped_this_year.count).toBe(T(-2).slice(0, 4) === T(-1).slice(0, 4) ? 1 : 0);
  });

  it('sums a year of stored moves per currency in SQL, and names the days not stored', async () => {
    // A year long before the others' rows (2003): 1 January to 3 March stored, but 2 March.
    const move = (day: string, key: string, n: number, amounts: Record<string, number>) => ({
      dimension: 'cases.moves',
      day,
      key,
      stage: key,
      n,
      amounts,
    });
    await t.database.db
      .insert(reportSnapshots)
      .values([
        move('2003-01-01', 'after_invest', 1, { NTD: 100.1, USD: 5 }),
        move('2003-03-01', 'after_invest', 2, { NTD: 0.2 }),
        move('2003-03-01', 'drop', 1, {}),
        move('2003-03-03', 'drop', 2, {}),
        move('2003-03-03', 's2', 4, {}),
      ]);
    const rest = Array.from({ length: 58 }, (_, i) => addDays('2003-01-02', i));
    const stored = ['2003-01-01', ...rest, '2003-03-01', '2003-03-03'];
    await t.database.db.insert(reportSnapshotDays).values(stored.map((day) => ({ day })));
    const summary = dataOf<CaseSummaryReport>(
      await call('GET', `${snap}/cases/summary?on=2003-03-03`, cast.ao.token),
    );
    expect(summary).toMatchObject({
      on: '2003-03-03',
      live: false,
      missing: false,
      year: 2003,
      funded_this_year: { count: 3, funding: { NTD: 100.3, USD: 5 } },
      dropped_this_year: { count: 3 },
      missing_days: ['2003-03-02'],
    });
  });
});

describe('a focus on one AO, owner or domain (decision 0022)', () => {
  it('reads one AO’s stored counts, one owner’s, and today live', async () => {
    const ao = dataOf<StatusSeries>(
      await call(
        'GET',
        `${snap}/cases/status?start_at=${T(-6)}&end_at=${today}&ao_id=${aoId}`,
        cast.admin.token,
      ),
    );
    expect(ao.missing_days).toEqual([]);
    expect([T(-6), T(-5), T(-4), T(-3), T(-2), T(-1), today].map((d) => dayOf(ao, d))).toEqual([
      {},
      { s0: 1 },
      { s0: 1 },
      { s1: 1 },
      { s1: 1 },
      { s2: 1 },
      { s2: 1 },
    ]);
    const owner = (await t.database.db.select().from(clients).where(eq(clients.id, ids.K)))[0]?.employee_id;
    const sa = dataOf<StatusSeries>(
      await call(
        'GET',
        `${snap}/client/status?start_at=${T(-5)}&end_at=${T(-1)}&employee_id=${owner}`,
        cast.admin.token,
      ),
    );
    expect([T(-5), T(-4), T(-3), T(-2), T(-1)].map((d) => dayOf(sa, d))).toEqual([
      {},
      { p0: 1 },
      { p0: 1 },
      { p1: 1 },
      { p1: 1 },
    ]);
    // A domain no case has counts nothing, on stored days and today.
    const none = dataOf<StatusSeries>(
      await call('GET', `${snap}/cases/status?start_at=${T(-3)}&domain=no-such-domain`, cast.admin.token),
    );
    expect(none.result.every((e) => e.count === 0)).toBe(true);
  });

  it('narrows the analytics to the focused items', async () => {
    const url = `/api/internal/v2/analytics/cases?start_at=${T(-5)}&end_at=${T(-1)}&stuck_days=4`;
    const a = dataOf<PipelineAnalytics>(await call('GET', `${url}&ao_id=${aoId}`, cast.admin.token));
    // Only A: created in s0, on to s1 and s2; E (stuck, no AO) is not this AO's.
    expect(a.funnel.map((f) => f.count)).toEqual([1, 1, 1, 1, 0, 0, 0, 0]);
    expect(a.conversion.find((c) => c.from === 's1')).toMatchObject({ entered: 1, advanced: 1, dropped: 0 });
    expect(a.stuck.items).toEqual([]);
    const none = dataOf<PipelineAnalytics>(
      await call('GET', `${url}&domain=no-such-domain`, cast.admin.token),
    );
    expect(none.funnel.every((f) => f.count === 0)).toBe(true);
  });

  it('refuses two focuses at once, and a focus of the other report', async () => {
    for (const url of [
      `${snap}/cases/status?ao_id=${aoId}&domain=ai`,
      `${snap}/cases/status?employee_id=1`,
      `${snap}/client/status?ao_id=1`,
      `/api/internal/v2/analytics/clients?employee_id=1&domain=ai`,
      `${snap}/cases/status?ao_id=0`,
      `${snap}/cases/status?domain=%00`,
    ]) {
      expectErrorShape(await call('GET', url, cast.admin.token), 400, 'VALIDATION_FAILED');
    }
  });
});

describe('pipeline analytics over the stored history', () => {
  it('converts, times and funnels the cases of the period, and finds the stuck one', async () => {
    const a = dataOf<PipelineAnalytics>(
      await call(
        'GET',
        `/api/internal/v2/analytics/cases?start_at=${T(-5)}&end_at=${T(-1)}&stuck_days=4`,
        cast.admin.token,
      ),
    );
    const step = (from: string) => a.conversion.find((c) => c.from === from);
    expect(step('s0')).toMatchObject({ entered: 1, advanced: 1, rate: 1 });
    expect(step('s1')).toMatchObject({ entered: 2, advanced: 1, dropped: 1, rate: 0.5 });
    expect(step('s2')).toMatchObject({ entered: 1, advanced: 0, rate: 0 });
    expect(step('s3')).toMatchObject({ entered: 1, advanced: 0 });
    const time = (stage: string) => a.time_in_stage.find((s) => s.stage === stage);
    expect(time('s0')).toMatchObject({ samples: 1, median_days: 2 });
    expect(time('s1')).toMatchObject({ samples: 2, median_days: 2, p90_days: 2 });
    expect(time('s2')).toMatchObject({ samples: 0, median_days: null, ongoing: 1 });
    // A, B and E were created in the period: A reached s2, B s1 (then drop), E s3.
    expect(a.funnel.map((f) => f.count)).toEqual([3, 3, 3, 2, 1, 0, 0, 0]);
    expect(a.stuck.items.map((i) => i.id)).toEqual([ids.E]);
    expect(a.stuck.items[0]).toMatchObject({ stage: 's3', since: at(-5, 10).toISOString() });
    expect(a.stuck.items[0]?.days).toBeGreaterThanOrEqual(4);
    expect(a.stuck.by_stage.s3).toBe(1);
  });

  it('finds stuck clients by the time they entered their stage, in the caller’s stages', async () => {
    const sa = dataOf<PipelineAnalytics>(
      await call('GET', '/api/internal/v2/analytics/clients?stuck_days=1', cast.sa.token),
    );
    // K entered p1 at its creation as far as the row says (stage_entered_at: now): not stuck.
    expect(sa.stuck.items.map((i) => i.id)).not.toContain(ids.K);
    expect(sa.stages).not.toContain('p5');
    expect(sa.conversion.find((c) => c.from === 'p0')).toMatchObject({ advanced: 1 });
  });
});
