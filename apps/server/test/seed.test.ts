import {
  addDays,
  CASE_STAGES,
  CONTACT_STAGES,
  MEMBERSHIP_TIERS,
  normalizeFundInfo,
  type StatusSeries,
} from '@dealflow/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  DEMO_ACCOUNTS,
  DEMO_CARD_GROUPS,
  DEMO_WORK_LOGS,
  DEMO_CARDS,
  demoPath,
  demoStepTimes,
  seedDemo,
} from '../src/db/seed/demo.ts';
import { catchUpSnapshots, reportToday } from '../src/modules/reports/snapshots.ts';
import { caseRoles, cases, clients, qaEntries } from '../src/db/schema/index.ts';
import { bearer, buildTestApp, type TestApp } from './helpers.ts';
import { signIn } from './factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});

describe('demo data', () => {
  it('loads into an empty database only, covering every stage, tier and contact stage', async () => {
    expect(await seedDemo(t.database.db, 'demo-password-1')).toBe(true);
    expect(await seedDemo(t.database.db, 'demo-password-1')).toBe(false);
    const caseRows = await t.database.db.select().from(cases);
    expect(caseRows.length).toBeGreaterThanOrEqual(12);
    expect(new Set(caseRows.map((c) => c.status))).toEqual(new Set(CASE_STAGES));
    const clientRows = await t.database.db.select().from(clients);
    expect(new Set(clientRows.map((c) => c.membership))).toEqual(new Set(MEMBERSHIP_TIERS));
    expect(new Set(clientRows.map((c) => c.process_status))).toEqual(new Set(CONTACT_STAGES));
    // Funded cases have investors: their sums are kept, and each case's fund_info lists its roles.
    const invested = clientRows.filter((c) => c.invest_money > 0);
    expect(invested.length).toBeGreaterThanOrEqual(4);
    for (const c of invested) expect(c.invested).toEqual({ NTD: c.invest_money });
    const roles = await t.database.db.select().from(caseRoles);
    for (const kase of caseRows) {
      const listed = Object.values(normalizeFundInfo(kase.fund_info))
        .flat()
        .filter((v) => v !== null);
      const held = roles.filter((r) => r.case_id === kase.id).map((r) => r.client_id);
      expect(listed.sort()).toEqual(held.sort());
    }
    // A newcomer's Q&A page has content in order, and admin has a draft to find (issue 13).
    const qa = await t.database.db.select().from(qaEntries);
    expect(qa.filter((e) => e.published).length).toBeGreaterThanOrEqual(5);
    expect(qa.some((e) => !e.published)).toBe(true);
    expect(new Set(qa.map((e) => e.position)).size).toBe(qa.length);
  });

  it('lets every demo account sign in with the demo password', async () => {
    for (const s of DEMO_ACCOUNTS.staff) {
      const token = await signIn(t.app, 'dashboard', s.email, 'demo-password-1');
      const me = await t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(token) });
      expect(me.json().data.role).toBe(s.role);
    }
    await signIn(t.app, 'investor', DEMO_ACCOUNTS.investor, 'demo-password-1');
    const token = await signIn(t.app, 'local', DEMO_ACCOUNTS.startup, 'demo-password-1');
    const user = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: bearer(token) });
    expect(user.json().user.case_name).toMatch(/有限公司$/);
  });
});

describe('demo history', () => {
  it('walks each item through the stages before its own, a drop after a few steps', () => {
    const main = ['s0', 's1', 's2', 's3'] as const;
    expect(demoPath(main, 's2', 'drop' as never, 2)).toEqual(['s0', 's1', 's2']);
    expect(demoPath<string>(main, 'drop', 'drop', 2)).toEqual(['s0', 's1', 'drop']);
    const now = Date.UTC(2026, 10, 25);
    const times = demoStepTimes(now - 10 * 86_400_000, now, 3);
    expect(times).toEqual([now - 10 * 86_400_000, now - 5.5 * 86_400_000, now - 86_400_000]);
  });

  it('gives a fresh install report feeds and trends with a past', async () => {
    // The seed of the first test is in place (same database).
    const token = await signIn(t.app, 'dashboard', 'admin@example.com', 'demo-password-1');
    const get = async <T>(url: string) => {
      const res = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
      expect(res.statusCode, url).toBe(200);
      return res.json().data as T;
    };
    const feed = await get<{ result: Array<{ action: string }> }>('/api/internal/v1/caseActivity');
    expect(feed.result.length).toBe(10);
    expect(feed.result.some((e) => e.action === 'stage')).toBe(true);
    const clientFeed = await get<{ result: unknown[] }>('/api/internal/v1/clientActivity');
    expect(clientFeed.result.length).toBe(10);

    await catchUpSnapshots({ db: t.database.db, config: t.config, log: t.app.log });
    const today = reportToday(t.config);
    const series = await get<StatusSeries>(
      `/api/internal/v2/snapshots/cases/status?start_at=${addDays(today, -60)}&end_at=${today}`,
    );
    expect(series.missing_days).toEqual([]);
    const dayCounts = (day: string) =>
      series.result
        .filter((e) => e.date === day && e.count > 0)
        .map((e) => `${e.stage}:${e.count}`)
        .join(',');
    // Sixty days ago fewer cases existed and none had reached the later stages yet.
    expect(dayCounts(addDays(today, -60))).not.toEqual(dayCounts(today));
    const past = series.result.filter((e) => e.date === addDays(today, -60)).reduce((n, e) => n + e.count, 0);
    const now = series.result.filter((e) => e.date === today).reduce((n, e) => n + e.count, 0);
    expect(past).toBeLessThan(now);
  });

  it('fills every colleague’s firm calendar around today, ir and sa through their clients', async () => {
    const day = 86_400_000;
    const range = `start_at=${new Date(Date.now() - 7 * day).toISOString()}&end_at=${new Date(Date.now() + 14 * day).toISOString()}`;
    const counts: Record<string, number> = {};
    for (const who of ['ao', 'ir', 'sa'] as const) {
      const token = await signIn(t.app, 'dashboard', `${who}@example.com`, 'demo-password-1');
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/internal/v2/calendars?${range.replaceAll('+', '%2B')}`,
        headers: bearer(token),
      });
      expect(res.statusCode).toBe(200);
      counts[who] = (res.json().data as { count: number }).count;
    }
    expect(counts.ao).toBeGreaterThanOrEqual(5);
    expect(counts.ir).toBeGreaterThan(0);
    expect(counts.sa).toBeGreaterThan(0);
  });

  it('gives the card book people in groups, one shared read-only with ir and none with sa', async () => {
    const list = async (who: string) => {
      const token = await signIn(t.app, 'dashboard', `${who}@example.com`, 'demo-password-1');
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/internal/v1/cards?all=1',
        headers: bearer(token),
      });
      expect(res.statusCode, who).toBe(200);
      return {
        token,
        data: res.json().data as { result: Array<{ id: number; name: string }>; count: number },
      };
    };
    const admin = await list('admin');
    expect(admin.data.count).toBe(DEMO_CARDS.length);
    const ao = await list('ao');
    expect(ao.data.count).toBe(DEMO_CARDS.filter((c) => c.owner === 'ao').length);
    const ir = await list('ir');
    expect(ir.data.result.map((c) => c.name).sort()).toEqual(
      DEMO_CARDS.filter((c) => c.sharedWithIr)
        .map((c) => c.name)
        .sort(),
    );
    expect((await list('sa')).data.count).toBe(0);
    // The read-only share opens but does not edit.
    const readOnly = ir.data.result.find(
      (c) => c.name === DEMO_CARDS.find((d) => d.sharedWithIr === 'read')!.name,
    )!;
    const edit = await t.app.inject({
      method: 'PUT',
      url: `/api/internal/v1/cards/${readOnly.id}`,
      headers: bearer(ir.token),
      payload: { notes: '改寫' },
    });
    expect(edit.statusCode).toBe(403);
    const groups = await t.app.inject({
      method: 'GET',
      url: '/api/internal/v1/cards/groups',
      headers: bearer(ao.token),
    });
    expect((groups.json().data as { count: number }).count).toBe(DEMO_CARD_GROUPS.length);
  });

  it('gives the ao and the ir work logs of their week, one on a case the ao runs; the sa none', async () => {
    const logsOf = async (who: string) => {
      const token = await signIn(t.app, 'dashboard', `${who}@example.com`, 'demo-password-1');
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/internal/v2/employee/log?page=1&size=20',
        headers: bearer(token),
      });
      expect(res.statusCode, who).toBe(200);
      return res.json().data as { result: Array<{ content: string; case_id: number | null }> };
    };
    const ao = await logsOf('ao');
    expect(ao.result.filter((l) => l.case_id !== null).length).toBeGreaterThanOrEqual(
      DEMO_WORK_LOGS.filter((l) => l.who === 'ao').length,
    );
    const ir = await logsOf('ir');
    expect(ir.result.map((l) => l.content)).toEqual(
      expect.arrayContaining(DEMO_WORK_LOGS.filter((l) => l.who === 'ir').map((l) => l.content)),
    );
    expect((await logsOf('sa')).result).toEqual([]);
  });
});
