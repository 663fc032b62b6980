import { eq, sql } from 'drizzle-orm';
import { INVESTOR_CASE_STAGE_FILTER, type MembershipTier } from '@dealflow/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { cases, clientInterests } from '../src/db/schema/index.ts';
import { buildCase, buildCaseRole, buildClient, signIn, staffSession } from './factories.ts';
import { bearer, buildTestApp, type TestApp } from './helpers.ts';

/**
 * The investor case list counts its cases from `case_stage_counts` (migration 0035), which
 * statement triggers on cases keep exact. Whatever happens to cases — created in bulk, moved,
 * shown on the fund platform or not, deleted softly and restored, deleted for good, edited without
 * moving — the stored counts equal a live count, and every tier's list count equals the rows it
 * lists, in every stage filter.
 */
let t: TestApp;
let aoId: number;

beforeAll(async () => {
  t = await buildTestApp();
  aoId = (await staffSession(t.app, t.database.db, 'ao')).employee.id;
});

async function storedCounts() {
  const rows = await t.database.db.execute(
    sql`select status, shown, n from case_stage_counts where n <> 0 order by status, shown`,
  );
  return (rows as unknown as { rows: Array<{ status: string; shown: boolean; n: number }> }).rows.map(
    (r) => ({
      ...r,
      n: Number(r.n),
    }),
  );
}

async function liveCounts() {
  const rows = await t.database.db.execute(sql`select status,
      coalesce((term_sheet->>'is_show_fund_platform') = 'true', false) as shown, count(*)::int as n
    from cases where not is_deleted group by 1, 2 order by 1, 2`);
  return (rows as unknown as { rows: Array<{ status: string; shown: boolean; n: number }> }).rows.map(
    (r) => ({
      ...r,
      n: Number(r.n),
    }),
  );
}

const shown = (on: boolean) => ({ is_show_fund_platform: on });

async function listAll(token: string, status?: string) {
  const ids: number[] = [];
  let count = -1;
  for (let page = 1; page < 50; page += 1) {
    const qs = new URLSearchParams({ page: String(page), size: '50', ...(status ? { status } : {}) });
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/internal/v1/me/cases?${qs}`,
      headers: bearer(token),
    });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    const body = res.json() as { data: { result: Array<{ id: number }>; count: number } };
    count = body.data.count;
    ids.push(...body.data.result.map((r) => r.id));
    if (body.data.result.length < 50) break;
  }
  return { ids, count };
}

describe('case_stage_counts', () => {
  it('stays equal to a live count through inserts, moves, flags, soft and hard deletes', async () => {
    const db = t.database.db;
    expect(await storedCounts()).toEqual(await liveCounts());

    // Several rows in one statement (a bulk insert), in several stages, shown or not.
    const made = await db
      .insert(cases)
      .values(
        ['s1', 's1', 's2', 's3', 'drop', 'draft', 'after_invest'].map((status, i) => ({
          name: `計數測試 ${i}`,
          status,
          term_sheet: shown(i % 2 === 0),
        })),
      )
      .returning({ id: cases.id });
    expect(await storedCounts()).toEqual(await liveCounts());

    const [a, b, c] = made.map((m) => m.id) as [number, number, number];
    // A stage move; an edit that moves nothing; the flag switched; a soft delete and a restore.
    await db.update(cases).set({ status: 's4' }).where(eq(cases.id, a));
    await db.update(cases).set({ overview: '只是編輯' }).where(eq(cases.id, b));
    await db
      .update(cases)
      .set({ term_sheet: shown(true) })
      .where(eq(cases.id, b));
    await db.update(cases).set({ is_deleted: true }).where(eq(cases.id, c));
    expect(await storedCounts()).toEqual(await liveCounts());
    await db.update(cases).set({ is_deleted: false }).where(eq(cases.id, c));
    // Many rows in one statement, some moving and some not.
    await db.update(cases).set({ status: 's2' }).where(sql`${cases.name} like '計數測試 %'`);
    expect(await storedCounts()).toEqual(await liveCounts());
    // Deleted for good (a case without references).
    await db.delete(cases).where(eq(cases.id, a));
    expect(await storedCounts()).toEqual(await liveCounts());
  });

  it('an edit that moves no case between groups writes no count row (no lock on the counters)', async () => {
    const db = t.database.db;
    const kase = await buildCase(db, { status: 's2' });
    // Inside one transaction: after a plain edit the counters can still be locked NOWAIT elsewhere.
    await db.transaction(async (tx) => {
      await tx.update(cases).set({ overview: '只是編輯' }).where(eq(cases.id, kase.id));
      const seen = await tx.execute(sql`select xmin::text as x from case_stage_counts where status = 's2'`);
      const before = (seen as unknown as { rows: Array<{ x: string }> }).rows.map((r) => r.x);
      const current = await tx.execute(sql`select txid_current()::text as x`);
      const mine = (current as unknown as { rows: Array<{ x: string }> }).rows[0]?.x;
      expect(before).not.toContain(mine);
    });
  });

  it("every tier's list count equals what it lists, in every stage filter", async () => {
    const db = t.database.db;
    const stages = ['s0', 's1', 's2', 's3', 's4', 'after_invest', 'finish', 'drop', 'draft'] as const;
    const built: number[] = [];
    for (const status of stages)
      for (const on of [true, false]) built.push((await buildCase(db, { status, term_sheet: shown(on) })).id);
    await db
      .update(cases)
      .set({ is_deleted: true })
      .where(eq(cases.id, built[3] as number));

    const tiers: MembershipTier[] = ['gp', 'lp_cvc', 'general'];
    for (const tier of tiers) {
      const investor = await buildClient(db, { membership: tier });
      // A role on a pre-s1 case and on a dropped one; an invitation to a draft-free s0 case.
      await buildCaseRole(db, { case_id: built[0] as number, client_id: investor.id, role: 'co_invest' });
      await buildCaseRole(db, { case_id: built[14] as number, client_id: investor.id, role: 'co_invest' });
      await db
        .insert(clientInterests)
        .values({ case_id: built[1] as number, client_id: investor.id, created_by: aoId });
      const token = await signIn(t.app, 'investor', investor.email);
      for (const status of [undefined, ...INVESTOR_CASE_STAGE_FILTER]) {
        const { ids, count } = await listAll(token, status);
        expect(count, `${tier} ${status ?? 'all'}`).toBe(ids.length);
        expect(new Set(ids).size).toBe(ids.length);
      }
    }
  });
});
