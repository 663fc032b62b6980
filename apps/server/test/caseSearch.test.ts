import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq, ilike, or } from 'drizzle-orm';
import { cases } from '../src/db/schema/index.ts';
import { bearer, buildTestApp, type TestApp } from './helpers.ts';
import { buildCase, staffSession } from './factories.ts';

// The keyword search narrows through an index of character grams (migration 0007); whatever it
// returns must be exactly what the plain ILIKE over name, source and overview returns.

let t: TestApp;
let admin: string;
let ao: { id: number; token: string };

beforeAll(async () => {
  t = await buildTestApp();
  admin = (await staffSession(t.app, t.database.db, 'admin')).token;
  const o = await staffSession(t.app, t.database.db, 'ao');
  ao = { id: o.employee.id, token: o.token };
});

const search = async (keyword: string) => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/internal/v2/cases?keyword=${encodeURIComponent(keyword)}&size=100&sort=id:asc`,
    headers: bearer(admin),
  });
  expect(res.statusCode).toBe(200);
  const data = res.json().data as { result: Array<{ id: number }>; count: number };
  expect(data.count).toBe(data.result.length);
  return data.result.map((r) => r.id);
};

/** What the search did before the index: ILIKE alone, `\`, `%` and `_` escaped. */
const ilikeIds = async (keyword: string) => {
  const p = `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await t.database.db
    .select({ id: cases.id })
    .from(cases)
    .where(
      and(
        eq(cases.is_deleted, false),
        or(ilike(cases.name, p), ilike(cases.source, p), ilike(cases.overview, p)),
      ),
    )
    .orderBy(cases.id);
  return rows.map((r) => r.id);
};

describe('case keyword search', () => {
  it('finds exactly what ILIKE finds: one and two characters, any field, any case, % and _ literal', async () => {
    const db = t.database.db;
    const inName = await buildCase(db, { name: '龘鑫科技股份有限公司' });
    const inSource = await buildCase(db, { name: 'Northwind', source: '鑫源創投推薦' });
    const inOverview = await buildCase(db, {
      name: 'Contoso',
      source: null,
      overview: '以 Quantum 量子計算\n解決產業痛點',
    });
    const literal = await buildCase(db, { name: 'Promo 100%_off', overview: 'back\\slash' });
    const spanning = await buildCase(db, { name: 'Alpha 燚', source: '焱 Beta', overview: null });
    const apart = await buildCase(db, { name: '龘 鑫 分開', source: 'AI 加速器' });

    expect(await search('鑫')).toEqual([inName.id, inSource.id, apart.id]);
    expect(await search('龘鑫')).toEqual([inName.id]);
    expect(await search('鑫源')).toEqual([inSource.id]);
    expect(await search('量子')).toEqual([inOverview.id]);
    for (const q of ['quantum', 'QUANTUM', 'qUaNtUm']) expect(await search(q)).toEqual([inOverview.id]);
    expect(await search('100%_')).toEqual([literal.id]);
    expect(await search('%')).toEqual([literal.id]);
    expect(await search('_')).toEqual([literal.id]);
    expect(await search('0%o')).toEqual([]);
    expect(await search('\\')).toEqual([literal.id]);
    // The end of the name and the start of the source are not one text.
    expect(await search('燚焱')).toEqual([]);
    expect(await search('燚 焱')).toEqual([]);
    expect(await search('燚')).toEqual([spanning.id]);

    const terms = [
      '鑫',
      '龘',
      '龘鑫',
      '龘 鑫',
      '鑫源',
      '量子',
      '量子計算',
      'quantum 量子',
      '計算\n解決',
      'ai',
      'Ai',
      'a',
      '公司',
      '%',
      '_',
      '%_',
      '\\',
      '燚焱',
      '燚 焱',
      '無此詞',
    ];
    for (const q of terms) expect(await search(q), q).toEqual(await ilikeIds(q));
  });

  it('finds an edited case by its new name and no longer by its old one', async () => {
    const c = await buildCase(t.database.db, { name: '舊名甲乙丙', ao_id: ao.id, status: 's0' });
    expect(await search('甲乙')).toEqual([c.id]);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/internal/v1/cases/${c.id}`,
      headers: bearer(ao.token),
      payload: { name: '新名丁戊己' },
    });
    expect(res.statusCode).toBe(200);
    expect(await search('甲乙')).toEqual([]);
    expect(await search('舊名')).toEqual([]);
    expect(await search('丁戊')).toEqual([c.id]);
    expect(await search('己')).toEqual([c.id]);
  });

  it('treats a keyword of only spaces as no keyword', async () => {
    expect(await search('   ')).toEqual(await search(''));
  });
});
