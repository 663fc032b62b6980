import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, type TestApp } from './helpers.ts';
import { buildCase, buildCaseRole, buildClient, staffSession } from './factories.ts';

// Deep pages of the client list start from a remembered first row instead of stepping over every
// row before them (docs/decisions/0008, migration 0015). Whatever happens to the clients in
// between — a new one, a deletion, a stage move, money put in or taken out of a case, which
// reorders the default invest_money order — every page must be exactly what OFFSET gives then.

let t: TestApp;
let admin: string;
let sa: string;
let caseId: number;
beforeAll(async () => {
  t = await buildTestApp();
  admin = (await staffSession(t.app, t.database.db, 'admin')).token;
  sa = (await staffSession(t.app, t.database.db, 'sa')).token;
  caseId = (await buildCase(t.database.db)).id;
  // 45 clients over p1, p3 and p5; a third invested (some the same amount: ties go by id), and
  // pairs share a creation time to the microsecond.
  for (let i = 0; i < 45; i++) {
    const c = await buildClient(t.database.db, {
      name: `分頁投資人 ${i}`,
      process_status: ['p1', 'p3', 'p5'][i % 3]!,
    });
    if (i % 3 === 1)
      await buildCaseRole(t.database.db, { case_id: caseId, client_id: c.id, invest_money: 1000 * (i % 4) });
    await t.database.db.execute(
      sql`update clients set created_at = timestamptz '2026-01-01 00:00:00.000001+00' + ${Math.floor(i / 2)} * interval '1 second 1 microsecond' where id = ${c.id}`,
    );
  }
});

const ORDERS = {
  invest_money: sql`invest_money desc, id desc`,
  created_at: sql`created_at desc, id desc`,
} as const;

const page = async (token: string, p: number, extra: string) => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/internal/v2/clients?page=${p}&size=10${extra}`,
    headers: bearer(token),
  });
  expect(res.statusCode).toBe(200);
  const data = res.json().data as { result: Array<{ id: number }>; count: number };
  return { ids: data.result.map((r) => r.id), count: data.count };
};

/** The same page by a plain OFFSET query: what the list must show. */
const expected = async (p: number, order: keyof typeof ORDERS, stages?: string[]) => {
  const result = (await t.database.db.execute(
    sql`select id from clients where is_deleted = false
        ${
          stages
            ? sql`and process_status in (${sql.join(
                stages.map((s) => sql`${s}`),
                sql`, `,
              )})`
            : sql``
        }
        order by ${ORDERS[order]} limit 10 offset ${(p - 1) * 10}`,
  )) as unknown as { rows: Array<{ id: number }> };
  return result.rows.map((r) => Number(r.id));
};

/** Every page for admin (all stages, and p3 alone) and for sa (p0–p4 and drop), in both orders. */
const checkAll = async () => {
  for (const order of ['invest_money', 'created_at'] as const) {
    const sort = order === 'invest_money' ? '' : '&sort=created_at:desc';
    const views: Array<[string, string, string[] | undefined]> = [
      [admin, sort, undefined],
      [admin, `${sort}&process_status=p3`, ['p3']],
      [sa, sort, ['p0', 'p1', 'p2', 'p3', 'p4', 'drop']],
    ];
    for (const [token, extra, stages] of views) {
      // Deep pages first: a page read before them would already refresh the start of the next one.
      for (const p of [5, 3, 4, 2, 1, 2, 3, 4, 5]) {
        expect((await page(token, p, extra)).ids).toEqual(await expected(p, order, stages));
      }
    }
  }
};

describe('client list paging', () => {
  it('gives every page exactly, read twice (the second time from remembered starts)', async () => {
    await checkAll();
    await checkAll();
  });

  it('stays exact after money moves, a new client, a deletion, a restore and a stage move', async () => {
    await checkAll();
    // Money put in by a client far down the default order lifts it to the top.
    const last = (await expected(5, 'invest_money'))[0]!;
    const role = await buildCaseRole(t.database.db, {
      case_id: caseId,
      client_id: last,
      invest_money: 50_000,
    });
    await checkAll();
    await t.database.db.execute(sql`update case_roles set invest_money = 1 where id = ${role.id}`);
    await checkAll();
    await t.database.db.execute(sql`delete from case_roles where id = ${role.id}`);
    await checkAll();
    const fresh = await buildClient(t.database.db, { name: '新投資人', process_status: 'p3' });
    await checkAll();
    const victim = (await expected(3, 'invest_money'))[4]!;
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/internal/v1/clients/${victim}`,
      headers: bearer(admin),
    });
    expect(del.statusCode).toBeLessThan(300);
    await checkAll();
    await t.database.db.execute(sql`update clients set is_deleted = false where id = ${victim}`);
    await checkAll();
    await t.database.db.execute(sql`update clients set process_status = 'p5' where id = ${fresh.id}`);
    await checkAll();
  });

  it('pages past the end are empty and keep the count', async () => {
    const { ids, count } = await page(admin, 40, '');
    expect(ids).toEqual([]);
    expect(count).toBe((await page(admin, 1, '')).count);
  });
});
