import { CASE_STAGES, CONTACT_STAGES, MEMBERSHIP_TIERS, normalizeFundInfo } from '@dealflow/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, seedDemo } from '../src/db/seed/demo.ts';
import { caseRoles, cases, clients } from '../src/db/schema/index.ts';
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
