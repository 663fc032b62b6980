import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { bearer, buildTestApp, expectErrorShape, type TestApp } from './helpers.ts';
import {
  buildCase,
  buildClient,
  buildEmployee,
  buildStartupUser,
  signIn,
  staffSession,
} from './factories.ts';

let t: TestApp;
let admin: { id: number; token: string };
let ao: { id: number; token: string };
let otherAo: { id: number; token: string };
let ir: string;
let sa: string;
let investor: string;
let startup: string;

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  const a = await staffSession(t.app, db, 'admin');
  admin = { id: a.employee.id, token: a.token };
  const o = await staffSession(t.app, db, 'ao');
  ao = { id: o.employee.id, token: o.token };
  const o2 = await staffSession(t.app, db, 'ao');
  otherAo = { id: o2.employee.id, token: o2.token };
  ir = (await staffSession(t.app, db, 'ir')).token;
  sa = (await staffSession(t.app, db, 'sa')).token;
  investor = await signIn(t.app, 'investor', (await buildClient(db)).email);
  startup = await signIn(t.app, 'local', (await buildStartupUser(db)).email);
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, token?: string, payload?: Record<string, unknown>) =>
  t.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });
const v1 = '/api/internal/v1/cases';

describe('creating and reading a case', () => {
  it('an ao creates a case, becomes its AO, and reads it back', async () => {
    const res = await call('POST', v1, ao.token, {
      name: '晶創生醫股份有限公司',
      status: 's0',
      currency: 'NTD',
      fund_raising: 30000000,
      domain_keys: ['biotech'],
      term_sheet: { total_amount: 30000000, type_of_security: '特別股' },
    });
    expect(res.statusCode).toBe(200);
    const created = res.json().data;
    expect(created).toMatchObject({
      name: '晶創生醫股份有限公司',
      status: 's0',
      ao: { id: ao.id },
      fund_raising: 30000000,
    });
    expect(created.term_sheet).toEqual({ total_amount: 30000000, type_of_security: '特別股' });
    const got = await call('GET', `${v1}/${created.id}`, ao.token);
    expect(got.json().data).toMatchObject({
      id: created.id,
      ao: { id: ao.id, name: '測試員工' },
      agents: [],
    });
    const prop = await call('GET', `${v1}/${created.id}/fund_raising`, ao.token);
    expect(prop.json().data).toBe(30000000);
    expectErrorShape(await call('GET', `${v1}/${created.id}/no_such_prop`, ao.token), 404);
  });

  it('refuses a case without a name or with an unknown field, listing the fields', async () => {
    const res = await call('POST', v1, ao.token, { status: 's0', colour: 'red' });
    expectErrorShape(res, 400, 'VALIDATION_FAILED');
    const res2 = await call('POST', v1, ao.token, { name: 'x', ao_id: 999999 });
    const err = expectErrorShape(res2, 400, 'VALIDATION_FAILED') as { details: Array<{ field: string }> };
    expect(err.details[0]!.field).toBe('body.ao_id');
  });

  it('answers 404 Case not found for a missing case', async () => {
    const res = await call('GET', `${v1}/987654`, admin.token);
    expect(expectErrorShape(res, 404, 'CASE_NOT_FOUND').message).toBe('Case not found');
  });
});

describe('listing', () => {
  it('pages, sorts, filters and searches; deleted cases only when asked', async () => {
    const db = t.database.db;
    const tag = `篩選${Date.now()}`;
    const a = await buildCase(db, {
      name: `${tag} 甲`,
      status: 's1',
      fund_raising: 100,
      ao_id: ao.id,
      round: 'Seed',
    });
    const b = await buildCase(db, {
      name: `${tag} 乙`,
      status: 's2',
      fund_raising: 300,
      ao_id: otherAo.id,
      agent_ids: [ao.id],
    });
    const c = await buildCase(db, { name: `${tag} 丙`, status: 's1', fund_raising: 200, is_deleted: true });
    const q = encodeURIComponent(tag);
    const all = (
      await call('GET', `/api/internal/v2/cases?keyword=${q}&sort=fund_raising:desc`, admin.token)
    ).json().data;
    expect(all.result.map((r: { id: number }) => r.id)).toEqual([b.id, a.id]);
    expect(all.count).toBe(2);
    const s1 = (await call('GET', `/api/internal/v2/cases?keyword=${q}&status=s1`, admin.token)).json().data;
    expect(s1.result.map((r: { id: number }) => r.id)).toEqual([a.id]);
    const everyStage = (
      await call('GET', `/api/internal/v2/cases?keyword=${q}&status=all`, admin.token)
    ).json().data;
    expect(everyStage.count).toBe(2);
    const mine = (
      await call('GET', `/api/internal/v2/cases?keyword=${q}&employee_id=${ao.id}`, admin.token)
    ).json().data;
    expect(mine.count).toBe(2);
    const deleted = (
      await call('GET', `/api/internal/v2/cases?keyword=${q}&is_deleted=1`, admin.token)
    ).json().data;
    expect(deleted.result.map((r: { id: number }) => r.id)).toEqual([c.id]);
    const paged = (
      await call(
        'GET',
        `/api/internal/v2/cases?keyword=${q}&page=2&size=1&sort=fund_raising:desc`,
        admin.token,
      )
    ).json().data;
    expect(paged.result.map((r: { id: number }) => r.id)).toEqual([a.id]);
    expect(paged.count).toBe(2);
    const v1All = (await call('GET', `${v1}?q=${q}`, admin.token)).json().data;
    expect(v1All.count).toBe(2);
    const search = (await call('GET', `/api/internal/v2/cases/search?q=${q}&status=s2`, admin.token)).json()
      .data;
    expect(search.result.map((r: { id: number }) => r.id)).toEqual([b.id]);
    const stats = (await call('GET', `/api/internal/v2/cases/stats?keyword=${q}`, admin.token)).json().data;
    expect(stats).toMatchObject({
      s1: { count: 1, fund_raising: { NTD: 100 } },
      s2: { count: 1, fund_raising: { NTD: 300 } },
      s0: { count: 0, fund_raising: {} },
    });
  });

  it('treats % and _ in a search as plain characters', async () => {
    await buildCase(t.database.db, { name: '百分百_測試' });
    const res = (
      await call('GET', `/api/internal/v2/cases?keyword=${encodeURIComponent('%')}`, admin.token)
    ).json().data;
    expect(res.result.every((r: { name: string }) => r.name.includes('%'))).toBe(true);
  });

  it('refuses unknown sort fields and oversize pages', async () => {
    expectErrorShape(await call('GET', '/api/internal/v2/cases?sort=password:asc', admin.token), 400);
    expectErrorShape(await call('GET', '/api/internal/v2/cases?size=100000', admin.token), 400);
  });

  it('gives ir and sa the light and name lists only', async () => {
    for (const token of [ir, sa]) {
      expect((await call('GET', `${v1}/light`, token)).statusCode).toBe(200);
      expect((await call('GET', `${v1}/name`, token)).statusCode).toBe(200);
      expectErrorShape(await call('GET', v1, token), 403, 'FORBIDDEN');
      expectErrorShape(await call('GET', '/api/internal/v2/cases', token), 403);
    }
  });
});

describe('editing, moving and deleting', () => {
  it('an ao edits their own case and the change is in the history', async () => {
    const c = await buildCase(t.database.db, { ao_id: ao.id, status: 's0', overview: '舊的簡介' });
    const res = await call('PUT', `${v1}/${c.id}`, ao.token, { overview: '新的簡介', fund_raising: 5000000 });
    expect(res.json().data).toMatchObject({ overview: '新的簡介', fund_raising: 5000000 });
    const log = (await call('GET', `${v1}/${c.id}/log`, ao.token)).json().data;
    expect(log.result[0]).toMatchObject({
      action: 'update',
      actor: { type: 'employee', id: ao.id },
      changes: { overview: { from: '舊的簡介', to: '新的簡介' }, fund_raising: { from: null, to: 5000000 } },
    });
  });

  it('an ao may not edit, move or delete someone else’s case; an agent may', async () => {
    const theirs = await buildCase(t.database.db, { ao_id: otherAo.id, status: 's0' });
    expectErrorShape(await call('PUT', `${v1}/${theirs.id}`, ao.token, { overview: 'x' }), 403, 'FORBIDDEN');
    expectErrorShape(await call('DELETE', `${v1}/${theirs.id}`, ao.token), 403, 'FORBIDDEN');
    // Reading is allowed: every ao reads every case.
    expect((await call('GET', `${v1}/${theirs.id}`, ao.token)).statusCode).toBe(200);
    const shared = await buildCase(t.database.db, { ao_id: otherAo.id, agent_ids: [ao.id], status: 's0' });
    expect(
      (await call('PUT', `${v1}/${shared.id}`, ao.token, { overview: '代理人可以編輯' })).statusCode,
    ).toBe(200);
    expectErrorShape(await call('PUT', `${v1}/${shared.id}`, ao.token, { ao_id: ao.id }), 403);
  });

  it('moves forward one stage at a time and refuses a jump with the missing requirements', async () => {
    const c = await buildCase(t.database.db, {
      ao_id: ao.id,
      status: 's0',
      overview: '簡介',
      fund_raising: 1000000,
    });
    const s1 = await call('PUT', `${v1}/${c.id}`, ao.token, { status: 's1' });
    expect(s1.json().data.status).toBe('s1');
    const jump = await call('PUT', `${v1}/${c.id}`, ao.token, { status: 's3' });
    expectErrorShape(jump, 409, 'STAGE_MOVE_NOT_ALLOWED');
    const s2 = await call('PUT', `${v1}/${c.id}`, ao.token, { status: 's2' });
    expect(s2.json().data.status).toBe('s2');
    const s3 = await call('PUT', `${v1}/${c.id}`, ao.token, { status: 's3' });
    const err = expectErrorShape(s3, 409, 'STAGE_REQUIREMENTS_MISSING') as { details: { missing: string[] } };
    expect(err.details.missing).toEqual(['term_sheet.total_amount', 'term_sheet.type_of_security']);
    const ok = await call('PUT', `${v1}/${c.id}`, ao.token, {
      status: 's3',
      term_sheet: { total_amount: 20000000, type_of_security: '可轉換公司債' },
    });
    expect(ok.json().data.status).toBe('s3');
  });

  it('needs a reason to go back or drop, and restores a dropped case to the stage it left', async () => {
    const c = await buildCase(t.database.db, { ao_id: ao.id, status: 's2' });
    expectErrorShape(
      await call('PUT', `${v1}/${c.id}`, ao.token, { status: 's1' }),
      409,
      'STAGE_REASON_REQUIRED',
    );
    expectErrorShape(
      await call('PUT', `${v1}/${c.id}`, ao.token, { status: 'drop', reason: '   ' }),
      409,
      'STAGE_REASON_REQUIRED',
    );
    const dropped = await call('PUT', `${v1}/${c.id}`, ao.token, { status: 'drop', reason: '團隊解散' });
    expect(dropped.json().data).toMatchObject({ status: 'drop', dropped_from: 's2' });
    // List rows carry it too, so the board can offer the right restore column.
    const listed = (
      await call('GET', `/api/internal/v2/cases?status=drop&employee_id=${ao.id}&all=1`, ao.token)
    ).json().data;
    expect(listed.result.find((r: { id: number }) => r.id === c.id)).toMatchObject({ dropped_from: 's2' });
    expectErrorShape(
      await call('PUT', `${v1}/${c.id}`, ao.token, { status: 's0' }),
      409,
      'STAGE_MOVE_NOT_ALLOWED',
    );
    const restored = await call('PUT', `${v1}/${c.id}`, ao.token, { status: 's2' });
    expect(restored.json().data).toMatchObject({ status: 's2', dropped_from: null });
    const log = (await call('GET', `${v1}/${c.id}/log`, ao.token)).json().data.result;
    expect(log.map((l: { action: string }) => l.action)).toEqual(['stage', 'stage']);
    await call('PUT', `${v1}/${c.id}`, ao.token, { overview: '不是階段變動' });
    const moves = (await call('GET', `${v1}/${c.id}/log?action=stage,create`, ao.token)).json().data;
    expect(moves.result.map((l: { action: string }) => l.action)).toEqual(['stage', 'stage']);
    expect(moves.count).toBe(2);
    expectErrorShape(await call('GET', `${v1}/${c.id}/log?action=DROP%20TABLE`, ao.token), 400);
    expect(log[1]).toMatchObject({ reason: '團隊解散', changes: { status: { from: 's2', to: 'drop' } } });
  });

  it('soft-deletes after which the case is hidden, and restores it', async () => {
    const c = await buildCase(t.database.db, { ao_id: ao.id });
    expect((await call('DELETE', `${v1}/${c.id}`, ao.token)).json().data.is_deleted).toBe(true);
    expectErrorShape(await call('GET', `${v1}/${c.id}`, ao.token), 404, 'CASE_NOT_FOUND');
    expect((await call('GET', `${v1}/${c.id}?include_deleted=1`, ao.token)).statusCode).toBe(200);
    expectErrorShape(await call('PUT', `${v1}/${c.id}`, ao.token, { overview: 'x' }), 404);
    expect((await call('POST', `${v1}/${c.id}/restore`, ao.token)).json().data.is_deleted).toBe(false);
    expect((await call('GET', `${v1}/${c.id}`, ao.token)).statusCode).toBe(200);
  });

  it('pages the history 20 at a time', async () => {
    const c = await buildCase(t.database.db, { ao_id: ao.id });
    for (let i = 0; i < 23; i++) await call('PUT', `${v1}/${c.id}`, ao.token, { overview: `版本 ${i}` });
    const p1 = (await call('GET', `${v1}/${c.id}/log?page=1`, ao.token)).json().data;
    const p2 = (await call('GET', `${v1}/${c.id}/log?page=2`, ao.token)).json().data;
    expect(p1.result).toHaveLength(20);
    expect(p2.result).toHaveLength(3);
    expect(p1.count).toBe(23);
    expect(p1.result[0].changes.overview.to).toBe('版本 22');
  });
});

describe('authorization on every case route', () => {
  const routes: Array<[Method, string]> = [
    ['GET', v1],
    ['POST', v1],
    ['GET', '/api/internal/v2/cases'],
    ['GET', '/api/internal/v2/cases/stats'],
    ['GET', `${v1}/search`],
    ['GET', '/api/internal/v2/cases/search'],
    ['GET', `${v1}/light`],
    ['GET', `${v1}/name`],
    ['GET', `${v1}/1`],
    ['PUT', `${v1}/1`],
    ['DELETE', `${v1}/1`],
    ['POST', `${v1}/1/restore`],
    ['GET', `${v1}/1/log`],
    ['GET', `${v1}/1/name`],
  ];

  it('answers 401 to anonymous callers', async () => {
    for (const [m, url] of routes)
      expectErrorShape(await call(m, url, undefined, m === 'GET' ? undefined : {}), 401);
  });

  it('answers 403 to investors and startups', async () => {
    for (const token of [investor, startup]) {
      for (const [m, url] of routes)
        expectErrorShape(await call(m, url, token, m === 'GET' ? undefined : {}), 403, 'WRONG_STRATEGY');
    }
  });

  it('lets ir and sa write nothing', async () => {
    const c = await buildCase(t.database.db);
    for (const token of [ir, sa]) {
      expectErrorShape(await call('POST', v1, token, { name: 'x' }), 403);
      expectErrorShape(await call('PUT', `${v1}/${c.id}`, token, { overview: 'x' }), 403);
      expectErrorShape(await call('DELETE', `${v1}/${c.id}`, token), 403);
      expectErrorShape(await call('GET', `${v1}/${c.id}`, token), 403);
    }
  });

  it('lets admin change any case', async () => {
    const c = await buildCase(t.database.db, { ao_id: (await buildEmployee(t.database.db)).id });
    expect((await call('PUT', `${v1}/${c.id}`, admin.token, { overview: '管理員修改' })).statusCode).toBe(
      200,
    );
  });
});

describe('ids beyond the database range', () => {
  it('answers 400, not a database error', async () => {
    expectErrorShape(await call('GET', `${v1}/99999999999`, admin.token), 400, 'VALIDATION_FAILED');
    expectErrorShape(
      await call('GET', '/api/internal/v1/employees/99999999999', admin.token),
      400,
      'VALIDATION_FAILED',
    );
  });
});

describe('stage totals', () => {
  it('stay equal to counting the cases through inserts, moves, edits, deletes and restores', async () => {
    const db = t.database.db;
    const c1 = await buildCase(db, { ao_id: ao.id, status: 's0', fund_raising: 1000, overview: '簡介' });
    await buildCase(db, { status: 's2', fund_raising: 500, currency: 'USD' });
    await call('PUT', `${v1}/${c1.id}`, ao.token, { fund_raising: 2500 });
    await call('PUT', `${v1}/${c1.id}`, ao.token, { status: 's1' });
    await call('PUT', `${v1}/${c1.id}`, ao.token, { currency: 'USD' });
    await call('DELETE', `${v1}/${c1.id}`, ao.token);
    await call('POST', `${v1}/${c1.id}/restore`, ao.token);
    const gone = await buildCase(db, { status: 'draft', fund_raising: 7 });
    await call('DELETE', `${v1}/${gone.id}`, admin.token);

    // The list's total and the board's column heads come from the totals: they must agree.
    for (const deleted of ['0', '1']) {
      const fromTotals = (
        await call('GET', `/api/internal/v2/cases/stats?is_deleted=${deleted}`, admin.token)
      ).json().data;
      const listTotal = (
        await call('GET', `/api/internal/v2/cases?is_deleted=${deleted}&size=1`, admin.token)
      ).json().data.count;
      const sum = Object.values(fromTotals as Record<string, { count: number }>).reduce(
        (a, s) => a + s.count,
        0,
      );
      expect(sum).toBe(listTotal);
    }
    // Both directions of EXCEPT empty: the totals hold exactly what counting the cases gives.
    const rows = (await db.execute(
      sql`with totals as (select status, is_deleted, currency, n, fund_raising from case_stage_totals where n > 0),
           counted as (select status, is_deleted, currency, count(*)::int as n,
                              coalesce(sum(fund_raising), 0)::numeric(24, 2) as fund_raising
                       from cases group by 1, 2, 3)
         select (select count(*) from (select * from totals except select * from counted) a)
              + (select count(*) from (select * from counted except select * from totals) b) as differences`,
    )) as unknown as { rows: Array<{ differences: number | string }> };
    expect(Number(rows.rows[0]?.differences)).toBe(0);
  });
});
