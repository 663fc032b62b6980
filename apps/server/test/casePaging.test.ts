import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, type TestApp } from './helpers.ts';
import { buildCase, staffSession } from './factories.ts';

// Deep pages of the case list start from a remembered first row instead of stepping over every
// row before them (docs/decisions/0008). Whatever happens to the cases in between, every page
// must be exactly the page an OFFSET query gives at that moment.

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await buildTestApp();
  admin = (await staffSession(t.app, t.database.db, 'admin')).token;
  // 45 cases; some share a creation time to the microsecond, so ties are broken by id.
  for (let i = 0; i < 45; i++) {
    const c = await buildCase(t.database.db, { status: i % 3 === 0 ? 's1' : 's2', name: `分頁測試 ${i}` });
    await t.database.db.execute(
      sql`update cases set created_at = timestamptz '2026-01-01 00:00:00.000001+00' + ${Math.floor(i / 2)} * interval '1 second 1 microsecond' where id = ${c.id}`,
    );
  }
});

const page = async (p: number, extra = '') => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/internal/v2/cases?page=${p}&size=10${extra}`,
    headers: bearer(admin),
  });
  expect(res.statusCode).toBe(200);
  const data = res.json().data as { result: Array<{ id: number }>; count: number };
  return { ids: data.result.map((r) => r.id), count: data.count };
};

/** The same page by a plain OFFSET query: what the list must show. */
const expected = async (p: number, status?: string) => {
  const result = (await t.database.db.execute(
    sql`select id from cases where is_deleted = false ${status ? sql`and status = ${status}` : sql``}
        order by created_at desc, id desc limit 10 offset ${(p - 1) * 10}`,
  )) as unknown as { rows: Array<{ id: number }> };
  return result.rows.map((r) => Number(r.id));
};

const checkAll = async (status?: string) => {
  const extra = status ? `&status=${status}` : '';
  // Deep pages first: a page read before them would already refresh the start of the next one.
  for (const p of [5, 3, 6, 4, 2, 1, 2, 3, 4, 5, 6]) {
    expect((await page(p, extra)).ids).toEqual(await expected(p, status));
  }
};

describe('case list paging', () => {
  it('gives every page exactly, read twice (the second time from remembered starts)', async () => {
    await checkAll();
    await checkAll('s1');
  });

  it('stays exact after a new case, a deletion, a restore and a stage move', async () => {
    await checkAll();
    const fresh = await buildCase(t.database.db, { status: 's1', name: '新案件' });
    await checkAll();
    await checkAll('s1');
    const victim = (await expected(3))[4]!;
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/internal/v1/cases/${victim}`,
      headers: bearer(admin),
    });
    expect(del.statusCode).toBeLessThan(300);
    await checkAll();
    await t.database.db.execute(sql`update cases set is_deleted = false where id = ${victim}`);
    await checkAll();
    await t.database.db.execute(sql`update cases set status = 's2' where id = ${fresh.id}`);
    await checkAll('s1');
    await checkAll('s2');
  });

  it('pages past the end are empty and keep the count', async () => {
    const { ids, count } = await page(40);
    expect(ids).toEqual([]);
    expect(count).toBe((await page(1)).count);
  });
});
