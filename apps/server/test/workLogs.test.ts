import { beforeAll, describe, expect, it } from 'vitest';
import type { WorkLog } from '@dealflow/domain';
import { buildCase } from './factories.ts';
import { buildTestApp, expectErrorShape, type TestApp } from './helpers.ts';
import {
  buildCast,
  type Cast,
  caller,
  dataOf,
  expectStrangersRefused,
  failingFields,
  type ListBody,
} from './staffCast.ts';

let t: TestApp;
let cast: Cast;
let call: ReturnType<typeof caller>;
const v1 = '/api/internal/v1/employee/log';
const v2 = '/api/internal/v2/employee/log';

beforeAll(async () => {
  t = await buildTestApp();
  cast = await buildCast(t);
  call = caller(t);
});

const write = async (token: string, body: Record<string, unknown>) =>
  dataOf<WorkLog>(await call('POST', v1, token, body));
const ids = (list: ListBody<WorkLog>) => list.result.map((l) => l.id);

describe('work logs', () => {
  it('refuses anonymous, investors and startups on every route', async () => {
    await expectStrangersRefused(t, cast, [
      ['GET', v1],
      ['GET', v2],
      ['GET', `${v1}/1`],
      ['POST', v1],
      ['PUT', `${v1}/1`],
      ['DELETE', `${v1}/1`],
    ]);
  });

  it('records one’s own work, on a case one may read, newest first', async () => {
    const kase = await buildCase(t.database.db, { name: '工作紀錄案' });
    const call1 = await write(cast.ao.token, {
      content: '與創辦人電話討論估值',
      kind: 'call',
      happened_at: '2026-11-20T10:00:00+08:00',
      case_id: kase.id,
    });
    expect(call1).toMatchObject({
      kind: 'call',
      case: { id: kase.id, name: '工作紀錄案' },
      employee: { id: cast.ao.id },
      happened_at: '2026-11-20T02:00:00.000Z',
    });
    const visit = await write(cast.ao.token, {
      content: '拜訪工廠',
      kind: 'visit',
      happened_at: '2026-11-21T10:00:00+08:00',
    });
    expect(visit.case).toBeNull();
    // Without a time it happened now; without a kind it is "other".
    const now = await write(cast.ir.token, { content: '整理投資人名單' });
    expect(now.kind).toBe('other');
    expect(Math.abs(Date.parse(now.happened_at) - Date.now())).toBeLessThan(60_000);

    const mine = dataOf<ListBody<WorkLog>>(await call('GET', v1, cast.ao.token));
    expect(ids(mine).indexOf(visit.id)).toBeLessThan(ids(mine).indexOf(call1.id));
    const onCase = dataOf<ListBody<WorkLog>>(
      await call('GET', `${v2}?case_id=${kase.id}`, cast.otherAo.token),
    );
    expect(ids(onCase)).toEqual([call1.id]);
    expect(onCase.count).toBe(1);
  });

  it('lets admin read every log, others their own and those on cases they may read', async () => {
    const kase = await buildCase(t.database.db);
    const onCase = await write(cast.ao.token, { content: '盡職調查會議', kind: 'meeting', case_id: kase.id });
    const private_ = await write(cast.ao.token, { content: '個人備忘' });
    const irs = await write(cast.ir.token, { content: '投資人說明會' });
    const get = (id: number, token: string) => call('GET', `${v1}/${id}`, token);

    // Another ao reads the case's log, not the private one; ir and sa read neither.
    expect((await get(onCase.id, cast.otherAo.token)).statusCode).toBe(200);
    expectErrorShape(await get(private_.id, cast.otherAo.token), 404, 'WORK_LOG_NOT_FOUND');
    for (const m of [cast.ir, cast.sa])
      expectErrorShape(await get(onCase.id, m.token), 404, 'WORK_LOG_NOT_FOUND');
    expectErrorShape(await get(irs.id, cast.sa.token), 404, 'WORK_LOG_NOT_FOUND');
    for (const id of [onCase.id, private_.id, irs.id])
      expect((await get(id, cast.admin.token)).statusCode).toBe(200);

    // The lists agree with the get.
    const list = async (token: string, query = '') =>
      ids(dataOf<ListBody<WorkLog>>(await call('GET', `${v1}?size=100${query}`, token)));
    expect(await list(cast.otherAo.token)).toContain(onCase.id);
    expect(await list(cast.otherAo.token)).not.toContain(private_.id);
    expect(await list(cast.sa.token)).toEqual([]);
    expect(await list(cast.ir.token)).toEqual(expect.arrayContaining([irs.id]));
    expect(await list(cast.ir.token)).not.toContain(onCase.id);
    expect(await list(cast.admin.token, `&employee_id=${cast.ao.id}`)).toEqual(
      expect.arrayContaining([onCase.id, private_.id]),
    );
    // Asking for a colleague's logs shows only what one may read of them.
    expect(await list(cast.otherAo.token, `&employee_id=${cast.ao.id}`)).not.toContain(private_.id);
    expect(await list(cast.sa.token, `&employee_id=${cast.ao.id}`)).toEqual([]);

    // A soft-deleted case's logs stay with their author and admin.
    await call('DELETE', `/api/internal/v1/cases/${kase.id}`, cast.admin.token);
    expectErrorShape(await get(onCase.id, cast.otherAo.token), 404, 'WORK_LOG_NOT_FOUND');
    expect((await get(onCase.id, cast.ao.token)).statusCode).toBe(200);
  });

  it('lets only the author or an admin change or delete a log', async () => {
    const kase = await buildCase(t.database.db);
    const log = await write(cast.ao.token, { content: '初稿', case_id: kase.id });
    const url = `${v1}/${log.id}`;
    expectErrorShape(await call('PUT', url, cast.otherAo.token, { content: '改' }), 403, 'FORBIDDEN');
    expectErrorShape(await call('DELETE', url, cast.otherAo.token), 403, 'FORBIDDEN');
    expectErrorShape(await call('PUT', url, cast.sa.token, { content: '改' }), 404, 'WORK_LOG_NOT_FOUND');
    const edited = dataOf<WorkLog>(
      await call('PUT', url, cast.ao.token, { content: '定稿', kind: 'email', case_id: null }),
    );
    expect(edited).toMatchObject({ content: '定稿', kind: 'email', case: null });
    expect(dataOf<WorkLog>(await call('PUT', url, cast.admin.token, { kind: 'meeting' })).kind).toBe(
      'meeting',
    );
    expect((await call('DELETE', url, cast.admin.token)).statusCode).toBe(200);
    expectErrorShape(await call('GET', url, cast.ao.token), 404, 'WORK_LOG_NOT_FOUND');
  });

  it('refuses bad input with the failing field, and a case one may not read', async () => {
    expect(failingFields(await call('POST', v1, cast.ao.token, { content: '  ' }))).toEqual(['body.content']);
    expect(failingFields(await call('POST', v1, cast.ao.token, { content: 'x', kind: 'lunch' }))).toEqual([
      'body.kind',
    ]);
    expect(
      failingFields(await call('POST', v1, cast.ao.token, { content: 'x', happened_at: '2026-11-20' })),
    ).toEqual(['body.happened_at']);
    expect(failingFields(await call('POST', v1, cast.ao.token, { content: 'x'.repeat(5001) }))).toEqual([
      'body.content',
    ]);
    expect(
      failingFields(await call('POST', v1, cast.ao.token, { content: 'x', case_id: 2_000_000_000 })),
    ).toEqual(['body.case_id']);
    const kase = await buildCase(t.database.db);
    // An sa reads no case: a log of theirs cannot name one.
    expect(failingFields(await call('POST', v1, cast.sa.token, { content: 'x', case_id: kase.id }))).toEqual([
      'body.case_id',
    ]);
    // v2 takes page, size and case_id only (SPEC section 9).
    expect(failingFields(await call('GET', `${v2}?employee_id=1`, cast.ao.token))).toEqual(['querystring']);
    expect(failingFields(await call('GET', `${v1}?size=1000`, cast.ao.token))).toEqual(['querystring.size']);
    // NUL and lone surrogates never reach the database as a 500.
    const nul = await call('POST', v1, cast.ao.token, { content: 'a\u0000b' });
    expect(nul.statusCode).toBe(400);
    const surrogate = await call('POST', v1, cast.ao.token, { content: 'a\ud800b' });
    expect([200, 400]).toContain(surrogate.statusCode);
  });

  it('pages 20 at a time: fewer than 20 means no next page', async () => {
    const kase = await buildCase(t.database.db);
    for (let i = 0; i < 23; i++)
      await write(cast.otherAo.token, {
        content: `第 ${i} 筆`,
        case_id: kase.id,
        happened_at: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString(),
      });
    const page = async (n: number) =>
      dataOf<ListBody<WorkLog>>(await call('GET', `${v2}?case_id=${kase.id}&page=${n}`, cast.ao.token));
    const first = await page(1);
    const second = await page(2);
    expect(first.result).toHaveLength(20);
    expect(second.result).toHaveLength(3);
    expect(first.count).toBe(23);
    expect(first.result[0]?.content).toBe('第 22 筆');
    expect(second.result.at(-1)?.content).toBe('第 0 筆');
  });
});
