import { beforeAll, describe, expect, it } from 'vitest';
import { buildCase, buildCaseRole, buildClient } from './factories.ts';
import { buildTestApp, expectErrorShape, type TestApp } from './helpers.ts';
import { buildCast, type Cast, caller, caseLog, dataOf, expectStrangersRefused } from './staffCast.ts';

let t: TestApp;
let cast: Cast;
let call: ReturnType<typeof caller>;
const v1 = '/api/internal/v1/cases';

beforeAll(async () => {
  t = await buildTestApp();
  cast = await buildCast(t);
  call = caller(t);
});

interface Brief {
  id: number;
  name: string;
  status: string;
  round: string | null;
  currency: string;
  fund_raising: number | null;
  overview: string | null;
  term_sheet: Record<string, unknown>;
  roles: Array<{ role: string; clients: Array<{ id: number; name: string }> }>;
  rating_ao_score: number | null;
  rating_ir_score: number | null;
  rating_ir_by: { id: number; name: string } | null;
}

/** A case with every kind of term (admin-only, front-end, shared), a lead and two co-investors. */
async function presentedCase() {
  const db = t.database.db;
  const kase = await buildCase(db, {
    status: 's2',
    ao_id: cast.ao.id,
    round: 'Pre-A',
    currency: 'USD',
    fund_raising: 3_000_000,
    overview: '智慧農業感測器',
    rating_ao_score: 4,
    rating_ao_id: cast.ao.id,
    term_sheet: {
      total_amount: 1_000_000,
      type_of_security: '特別股',
      anti_dilution: '完全棘輪',
      priority_exit: '1x',
      is_show_fund_platform: true,
      loi: '意向書內容',
    },
  });
  const lead = await buildClient(db, { name: '領投甲' });
  const coA = await buildClient(db, { name: '共投乙' });
  const coB = await buildClient(db, { name: '共投丙' });
  await buildCaseRole(db, { case_id: kase.id, client_id: coA.id, role: 'co_invest' });
  await buildCaseRole(db, { case_id: kase.id, client_id: lead.id, role: 'lead_angel' });
  await buildCaseRole(db, { case_id: kase.id, client_id: coB.id, role: 'co_invest' });
  return { kase, lead, coA, coB };
}

describe('GET v1/cases/{id}/summary', () => {
  it('refuses anonymous callers (401) and investor and startup tokens (403)', async () => {
    const kase = await buildCase(t.database.db);
    await expectStrangersRefused(t, cast, [
      ['GET', `${v1}/${kase.id}/summary`],
      ['PUT', `${v1}/${kase.id}/rating`],
    ]);
  });

  it('is read by every staff role: overview, stage, amounts, roles by name, ratings', async () => {
    const { kase, lead, coA, coB } = await presentedCase();
    for (const member of [cast.admin, cast.ao, cast.ir, cast.sa]) {
      const brief = dataOf<Brief>(await call('GET', `${v1}/${kase.id}/summary`, member.token));
      expect(brief).toMatchObject({
        id: kase.id,
        name: kase.name,
        status: 's2',
        round: 'Pre-A',
        currency: 'USD',
        fund_raising: 3_000_000,
        overview: '智慧農業感測器',
        rating_ao_score: 4,
        rating_ir_score: null,
        rating_ir_by: null,
      });
      expect(brief.roles).toEqual([
        { role: 'lead_angel', clients: [{ id: lead.id, name: '領投甲' }] },
        {
          role: 'co_invest',
          clients: [
            { id: coA.id, name: '共投乙' },
            { id: coB.id, name: '共投丙' },
          ],
        },
      ]);
    }
  });

  it('shows the front-end and shared terms only, never an admin-only term', async () => {
    const { kase } = await presentedCase();
    const res = await call('GET', `${v1}/${kase.id}/summary`, cast.sa.token);
    expect(dataOf<Brief>(res).term_sheet).toEqual({
      total_amount: 1_000_000,
      type_of_security: '特別股',
      loi: '意向書內容',
    });
    for (const secret of ['anti_dilution', 'priority_exit', 'is_show_fund_platform', '完全棘輪'])
      expect(res.body).not.toContain(secret);
  });

  it('answers 404 for a missing or deleted case, 400 for an id out of range', async () => {
    const gone = await buildCase(t.database.db, { is_deleted: true });
    expectErrorShape(await call('GET', `${v1}/2147483000/summary`, cast.ir.token), 404, 'CASE_NOT_FOUND');
    expectErrorShape(await call('GET', `${v1}/${gone.id}/summary`, cast.sa.token), 404, 'CASE_NOT_FOUND');
    expectErrorShape(await call('GET', `${v1}/4294967296/summary`, cast.ir.token), 400);
  });
});

describe('PUT v1/cases/{id}/rating', () => {
  it('lets ir set the IR rating, names them as the rater and records it in the case history', async () => {
    const kase = await buildCase(t.database.db, { ao_id: cast.ao.id });
    const brief = dataOf<Brief>(
      await call('PUT', `${v1}/${kase.id}/rating`, cast.ir.token, { rating_ir_score: 4 }),
    );
    expect(brief.rating_ir_score).toBe(4);
    expect(brief.rating_ir_by?.id).toBe(cast.ir.id);
    const read = dataOf<Brief>(await call('GET', `${v1}/${kase.id}/summary`, cast.sa.token));
    expect(read.rating_ir_score).toBe(4);

    const [entry] = await caseLog(t, cast.ao.token, kase.id);
    expect(entry).toMatchObject({
      action: 'rating',
      actor: { type: 'employee', id: cast.ir.id },
      changes: {
        rating_ir_score: { from: null, to: 4 },
        rating_ir_id: { from: null, to: cast.ir.id },
      },
    });
  });

  it('lets an admin change and clear it; the same score again writes no history', async () => {
    const kase = await buildCase(t.database.db, { rating_ir_score: 2, rating_ir_id: cast.ir.id });
    const changed = dataOf<Brief>(
      await call('PUT', `${v1}/${kase.id}/rating`, cast.admin.token, { rating_ir_score: 5 }),
    );
    expect(changed).toMatchObject({ rating_ir_score: 5, rating_ir_by: { id: cast.admin.id } });
    await call('PUT', `${v1}/${kase.id}/rating`, cast.admin.token, { rating_ir_score: 5 });
    const cleared = dataOf<Brief>(
      await call('PUT', `${v1}/${kase.id}/rating`, cast.admin.token, { rating_ir_score: null }),
    );
    expect(cleared).toMatchObject({ rating_ir_score: null, rating_ir_by: null });
    const log = await caseLog(t, cast.admin.token, kase.id);
    expect(log.map((e) => [e.action, e.changes.rating_ir_score])).toEqual([
      ['rating', { from: 5, to: null }],
      ['rating', { from: 2, to: 5 }],
    ]);
  });

  it('refuses sa and ao (403) and leaves the rating as it was', async () => {
    const kase = await buildCase(t.database.db, { ao_id: cast.ao.id, rating_ir_score: 3 });
    for (const member of [cast.sa, cast.ao])
      expectErrorShape(
        await call('PUT', `${v1}/${kase.id}/rating`, member.token, { rating_ir_score: 1 }),
        403,
        'FORBIDDEN',
      );
    const brief = dataOf<Brief>(await call('GET', `${v1}/${kase.id}/summary`, cast.ir.token));
    expect(brief.rating_ir_score).toBe(3);
    expect(await caseLog(t, cast.ao.token, kase.id)).toEqual([]);
  });

  it('answers 404 for a missing or deleted case', async () => {
    const gone = await buildCase(t.database.db, { is_deleted: true });
    for (const id of [2147483000, gone.id])
      expectErrorShape(
        await call('PUT', `${v1}/${id}/rating`, cast.ir.token, { rating_ir_score: 3 }),
        404,
        'CASE_NOT_FOUND',
      );
  });

  it('takes a whole score from 1 to 5 or null, and nothing else', async () => {
    const kase = await buildCase(t.database.db);
    for (const body of [
      {},
      { rating_ir_score: 0 },
      { rating_ir_score: 6 },
      { rating_ir_score: 2.5 },
      { rating_ir_score: '4' },
      { rating_ir_score: 4, rating_ao_score: 4 },
    ])
      expectErrorShape(await call('PUT', `${v1}/${kase.id}/rating`, cast.ir.token, body), 400);
  });
});
