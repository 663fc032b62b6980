import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, expectErrorShape, type TestApp } from './helpers.ts';
import { buildCase, buildClient, buildDdComment } from './factories.ts';
import {
  buildCast,
  caller,
  caseLog,
  dataOf,
  expectStrangersRefused,
  failingFields,
  type Cast,
  type ListBody,
} from './staffCast.ts';

let t: TestApp;
let cast: Cast;
let call: ReturnType<typeof caller>;
const v2 = '/api/internal/v2/cases';
const dd = (caseId: number | string, ddId?: number | string) =>
  `${v2}/${caseId}/dd${ddId === undefined ? '' : `/${ddId}`}`;

beforeAll(async () => {
  t = await buildTestApp();
  cast = await buildCast(t);
  call = caller(t);
});

type DdBody = {
  id: number;
  case_id: number;
  content: string;
  client_id: number | null;
  client: { id: number; name: string } | null;
  author: { id: number; name: string } | null;
  created_at: string;
  updated_at: string;
  case?: { id: number; name: string };
};

describe('due-diligence comments of a case', () => {
  it('an ao adds, reads, edits and deletes a comment on their case, each write in the history', async () => {
    const db = t.database.db;
    const c = await buildCase(db, { ao_id: cast.ao.id });
    const client = await buildClient(db, { name: '王大明' });
    const created = dataOf<DdBody>(
      await call('POST', dd(c.id), cast.ao.token, {
        content: '  核對股東名冊，與登記一致。 ',
        client_id: client.id,
      }),
    );
    expect(created).toEqual({
      id: expect.any(Number),
      case_id: c.id,
      content: '核對股東名冊，與登記一致。',
      client_id: client.id,
      client: { id: client.id, name: '王大明' },
      author: { id: cast.ao.id, name: expect.any(String) },
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    expect(dataOf<ListBody<DdBody>>(await call('GET', dd(c.id), cast.ao.token))).toEqual({
      result: [created],
      count: 1,
    });
    expect(dataOf<DdBody>(await call('GET', dd(c.id, created.id), cast.ao.token))).toEqual(created);

    const edited = dataOf<DdBody>(
      await call('PUT', dd(c.id, created.id), cast.ao.token, { content: '股東名冊已更新', client_id: null }),
    );
    expect(edited).toEqual({
      ...created,
      content: '股東名冊已更新',
      client_id: null,
      client: null,
      updated_at: expect.any(String),
    });
    // The same edit again changes nothing and leaves no history entry.
    dataOf(await call('PUT', dd(c.id, created.id), cast.ao.token, { content: '股東名冊已更新' }));

    expect(dataOf(await call('DELETE', dd(c.id, created.id), cast.ao.token))).toEqual({ ok: true });
    expect(dataOf<ListBody>(await call('GET', dd(c.id), cast.ao.token))).toEqual({ result: [], count: 0 });
    expectErrorShape(await call('GET', dd(c.id, created.id), cast.ao.token), 404, 'DD_NOT_FOUND');

    const log = await caseLog(t, cast.ao.token, c.id);
    expect(log.map((l) => l.action)).toEqual(['dd.delete', 'dd.update', 'dd.create']);
    for (const entry of log) expect(entry.actor).toMatchObject({ type: 'employee', id: cast.ao.id });
    expect(log[2]!.changes).toEqual({
      id: { from: null, to: created.id },
      content: { from: null, to: '核對股東名冊，與登記一致。' },
      client_id: { from: null, to: client.id },
    });
    expect(log[1]!.changes).toEqual({
      id: { from: created.id, to: created.id },
      content: { from: '核對股東名冊，與登記一致。', to: '股東名冊已更新' },
      client_id: { from: client.id, to: null },
    });
    expect(log[0]!.changes).toEqual({
      id: { from: created.id, to: null },
      content: { from: '股東名冊已更新', to: null },
      client_id: { from: null, to: null },
    });
  });

  it('lists newest first and pages when asked', async () => {
    const db = t.database.db;
    const c = await buildCase(db);
    const old = await buildDdComment(db, { case_id: c.id, created_at: new Date('2024-01-01T00:00:00Z') });
    const recent = await buildDdComment(db, { case_id: c.id, created_at: new Date('2025-01-01T00:00:00Z') });
    const middle = await buildDdComment(db, { case_id: c.id, created_at: new Date('2024-06-01T00:00:00Z') });
    const all = dataOf<ListBody<DdBody>>(await call('GET', dd(c.id), cast.admin.token));
    expect(all.result.map((r) => r.id)).toEqual([recent.id, middle.id, old.id]);
    expect(all.result[0]!.created_at).toBe('2025-01-01T00:00:00.000Z');
    const page = dataOf<ListBody<DdBody>>(await call('GET', `${dd(c.id)}?page=2&size=2`, cast.admin.token));
    expect(page).toMatchObject({ count: 3, result: [{ id: old.id }] });
    expect(
      dataOf<ListBody>(await call('GET', `${dd(c.id)}?all=1&size=1`, cast.admin.token)).result,
    ).toHaveLength(3);
  });

  it('refuses a comment of another case with 404 DD_NOT_FOUND and leaves it alone', async () => {
    const db = t.database.db;
    const mine = await buildCase(db, { ao_id: cast.ao.id });
    const other = await buildDdComment(db, { content: '別案的查核' });
    for (const [m, body] of [
      ['GET', undefined],
      ['PUT', { content: 'x' }],
      ['DELETE', undefined],
    ] as const) {
      expectErrorShape(await call(m, dd(mine.id, other.id), cast.ao.token, body), 404, 'DD_NOT_FOUND');
    }
    expectErrorShape(await call('DELETE', dd(mine.id, 2147483647), cast.ao.token), 404, 'DD_NOT_FOUND');
    const still = dataOf<ListBody<DdBody>>(await call('GET', dd(other.case_id), cast.admin.token));
    expect(still.result).toMatchObject([{ id: other.id, content: '別案的查核' }]);
    expect(await caseLog(t, cast.ao.token, mine.id)).toEqual([]);
  });

  it('answers 404 Case not found for a missing or soft-deleted case', async () => {
    const db = t.database.db;
    const gone = await buildCase(db, { ao_id: cast.ao.id, is_deleted: true });
    const item = await buildDdComment(db, { case_id: gone.id });
    for (const caseId of [gone.id, 99999999]) {
      expectErrorShape(await call('GET', dd(caseId), cast.ao.token), 404, 'CASE_NOT_FOUND');
      expectErrorShape(
        await call('POST', dd(caseId), cast.ao.token, { content: 'x' }),
        404,
        'CASE_NOT_FOUND',
      );
    }
    expectErrorShape(await call('GET', dd(gone.id, item.id), cast.ir.token), 404, 'CASE_NOT_FOUND');
    expectErrorShape(
      await call('PUT', dd(gone.id, item.id), cast.ao.token, { content: 'x' }),
      404,
      'CASE_NOT_FOUND',
    );
    expectErrorShape(await call('DELETE', dd(gone.id, item.id), cast.ao.token), 404, 'CASE_NOT_FOUND');
  });

  it('lists the failing fields of a bad body, params or query', async () => {
    const db = t.database.db;
    const c = await buildCase(db, { ao_id: cast.ao.id });
    const item = await buildDdComment(db, { case_id: c.id });
    const deleted = await buildClient(db, { is_deleted: true });
    expect(failingFields(await call('POST', dd(c.id), cast.ao.token, {}))).toEqual(['body.content']);
    expect(
      failingFields(await call('POST', dd(c.id), cast.ao.token, { content: '   ', client_id: 'x' })).sort(),
    ).toEqual(['body.client_id', 'body.content']);
    expect(
      failingFields(await call('POST', dd(c.id), cast.ao.token, { content: 'x'.repeat(10_001) })),
    ).toEqual(['body.content']);
    expect(
      failingFields(await call('POST', dd(c.id), cast.ao.token, { content: 'x', colour: 'red' })),
    ).toEqual(['body']);
    for (const client_id of [deleted.id, 2147483000]) {
      const res = await call('POST', dd(c.id), cast.ao.token, { content: 'x', client_id });
      expect(failingFields(res)).toEqual(['body.client_id']);
    }
    expect(
      failingFields(await call('PUT', dd(c.id, item.id), cast.ao.token, { client_id: deleted.id })),
    ).toEqual(['body.client_id']);
    expect(failingFields(await call('GET', dd('abc'), cast.ao.token))).toEqual(['params.caseId']);
    expect(failingFields(await call('GET', dd(c.id, 'x1'), cast.ao.token))).toEqual(['params.ddId']);
    expect(failingFields(await call('GET', dd(c.id, 2147483648), cast.ao.token))).toEqual(['params.ddId']);
    expect(failingFields(await call('GET', `${dd(c.id)}?size=100000`, cast.ao.token))).toEqual([
      'querystring.size',
    ]);
    expect(await caseLog(t, cast.ao.token, c.id)).toEqual([]);
  });

  it('answers a missing id in the path with the SPEC messages, after authentication', async () => {
    const c = await buildCase(t.database.db, { ao_id: cast.ao.id });
    for (const [method, url] of [
      ['GET', `${v2}/${c.id}/dd/`],
      ['PUT', `${v2}/${c.id}/dd/`],
      ['DELETE', `${v2}/${c.id}/dd/`],
      ['PUT', `${v2}//dd/5`],
      ['GET', `${v2}//dd`],
      ['POST', `${v2}//dd`],
    ] as const) {
      const body = method === 'PUT' || method === 'POST' ? { content: 'x' } : undefined;
      const error = expectErrorShape(
        await call(method, url, cast.ao.token, body),
        400,
        'MISSING_CASE_OR_DD_ID',
      );
      expect(error.message).toBe('miss case-id or dd-id');
      expectErrorShape(await call(method, url, undefined, body), 401);
    }
    const error = expectErrorShape(
      await call('POST', `${v2}//dd/import`, cast.ao.token),
      400,
      'MISSING_CASE_ID',
    );
    expect(error.message).toBe('miss case-id');
  });
});

describe('v2/dd: comments across cases and clients', () => {
  it('filters by cases, by clients or both, skips deleted cases, and carries case and client', async () => {
    const db = t.database.db;
    const [a, b, gone] = [
      await buildCase(db, { name: '甲公司' }),
      await buildCase(db, { name: '乙公司' }),
      await buildCase(db, { is_deleted: true }),
    ];
    const [x, y] = [await buildClient(db, { name: '投資人甲' }), await buildClient(db, { name: '投資人乙' })];
    const ax = await buildDdComment(db, {
      case_id: a.id,
      client_id: x.id,
      created_at: new Date('2025-01-03'),
    });
    const a0 = await buildDdComment(db, { case_id: a.id, created_at: new Date('2025-01-02') });
    const by = await buildDdComment(db, {
      case_id: b.id,
      client_id: y.id,
      created_at: new Date('2025-01-01'),
    });
    await buildDdComment(db, { case_id: gone.id, client_id: x.id });

    const byCases = dataOf<ListBody<DdBody>>(
      await call('GET', `/api/internal/v2/dd?case_ids=${a.id},%20${b.id}`, cast.sa.token),
    );
    expect(byCases.count).toBe(3);
    expect(byCases.result.map((r) => r.id)).toEqual([ax.id, a0.id, by.id]);
    expect(byCases.result[0]).toMatchObject({
      case: { id: a.id, name: '甲公司' },
      client: { id: x.id, name: '投資人甲' },
    });

    const byClient = dataOf<ListBody<DdBody>>(
      await call('GET', `/api/internal/v2/dd?client_ids=${x.id}`, cast.ir.token),
    );
    expect(byClient.result.map((r) => r.id)).toEqual([ax.id]);

    const both = dataOf<ListBody<DdBody>>(
      await call('GET', `/api/internal/v2/dd?case_ids=${b.id}&client_ids=${x.id},${y.id}`, cast.ao.token),
    );
    expect(both.result.map((r) => r.id)).toEqual([by.id]);

    const paged = dataOf<ListBody<DdBody>>(
      await call('GET', `/api/internal/v2/dd?case_ids=${a.id},${b.id}&page=2&size=2`, cast.admin.token),
    );
    expect(paged).toMatchObject({ count: 3, result: [{ id: by.id }] });
  });

  it('needs case_ids or client_ids (SPEC message) and refuses a malformed list', async () => {
    for (const query of ['', '?case_ids=', '?case_ids=&client_ids=', '?page=1']) {
      const error = expectErrorShape(
        await call('GET', `/api/internal/v2/dd${query}`, cast.admin.token),
        400,
        'CASE_OR_CLIENT_ID_REQUIRED',
      );
      expect(error.message).toBe('Case ID or Client ID is required');
    }
    expect(failingFields(await call('GET', '/api/internal/v2/dd?case_ids=1,abc', cast.admin.token))).toEqual([
      'querystring.case_ids',
    ]);
    // The id at fault is named by its place in the list.
    expect(failingFields(await call('GET', '/api/internal/v2/dd?client_ids=5,0', cast.admin.token))).toEqual([
      'querystring.client_ids.1',
    ]);
  });
});

describe('due-diligence comments: who may call', () => {
  it('refuses anonymous callers (401), investors and startups (403)', async () => {
    const c = await buildCase(t.database.db);
    const item = await buildDdComment(t.database.db, { case_id: c.id });
    await expectStrangersRefused(t, cast, [
      ['GET', dd(c.id)],
      ['POST', dd(c.id)],
      ['GET', dd(c.id, item.id)],
      ['PUT', dd(c.id, item.id)],
      ['DELETE', dd(c.id, item.id)],
      ['POST', `${dd(c.id)}/import`],
      ['GET', `/api/internal/v2/dd?case_ids=${c.id}`],
    ]);
  });

  it('lets ir and sa read for their investor work, and write nothing', async () => {
    const c = await buildCase(t.database.db);
    const item = await buildDdComment(t.database.db, { case_id: c.id });
    for (const member of [cast.ir, cast.sa]) {
      expect(dataOf<ListBody>(await call('GET', dd(c.id), member.token)).count).toBe(1);
      expect(dataOf<DdBody>(await call('GET', dd(c.id, item.id), member.token)).id).toBe(item.id);
      expect(
        dataOf<ListBody>(await call('GET', `/api/internal/v2/dd?case_ids=${c.id}`, member.token)).count,
      ).toBe(1);
      expectErrorShape(await call('POST', dd(c.id), member.token, { content: 'x' }), 403, 'FORBIDDEN');
      expectErrorShape(
        await call('PUT', dd(c.id, item.id), member.token, { content: 'x' }),
        403,
        'FORBIDDEN',
      );
      expectErrorShape(await call('DELETE', dd(c.id, item.id), member.token), 403, 'FORBIDDEN');
      expectErrorShape(await call('POST', `${dd(c.id)}/import`, member.token), 403, 'FORBIDDEN');
    }
    expect(await caseLog(t, cast.admin.token, c.id)).toEqual([]);
  });

  it('lets every ao read; only the AO, an agent or an admin write', async () => {
    const db = t.database.db;
    const theirs = await buildCase(db, { ao_id: cast.otherAo.id });
    const item = await buildDdComment(db, { case_id: theirs.id });
    expect(dataOf<ListBody>(await call('GET', dd(theirs.id), cast.ao.token)).count).toBe(1);
    expectErrorShape(await call('POST', dd(theirs.id), cast.ao.token, { content: 'x' }), 403, 'FORBIDDEN');
    expectErrorShape(
      await call('PUT', dd(theirs.id, item.id), cast.ao.token, { content: 'x' }),
      403,
      'FORBIDDEN',
    );
    expectErrorShape(await call('DELETE', dd(theirs.id, item.id), cast.ao.token), 403, 'FORBIDDEN');
    expect(await caseLog(t, cast.admin.token, theirs.id)).toEqual([]);

    const shared = await buildCase(db, { ao_id: cast.otherAo.id, agent_ids: [cast.ao.id] });
    expect((await call('POST', dd(shared.id), cast.ao.token, { content: '代理人新增' })).statusCode).toBe(
      200,
    );
    expect((await call('POST', dd(theirs.id), cast.otherAo.token, { content: 'AO 新增' })).statusCode).toBe(
      200,
    );
    expect(
      (await call('PUT', dd(theirs.id, item.id), cast.admin.token, { content: '管理員修改' })).statusCode,
    ).toBe(200);
    expect((await call('DELETE', dd(theirs.id, item.id), cast.admin.token)).statusCode).toBe(200);
    expect((await caseLog(t, cast.admin.token, theirs.id)).map((l) => l.action)).toEqual([
      'dd.delete',
      'dd.update',
      'dd.create',
    ]);
  });
});
