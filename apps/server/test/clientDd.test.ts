import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, expectErrorShape, type TestApp } from './helpers.ts';
import { buildCase, buildClient, buildDdComment } from './factories.ts';
import { expectClientAccess, historyOf } from './clientCast.ts';
import { buildCast, caller, type Cast, dataOf, failingFields, type ListBody } from './staffCast.ts';

let t: TestApp;
let cast: Cast;
let call: ReturnType<typeof caller>;
const v2 = '/api/internal/v2/clients';
const dd = (clientId: number | string, id?: number | string) =>
  `${v2}/${clientId}/dd${id === undefined ? '' : `/${id}`}`;

beforeAll(async () => {
  t = await buildTestApp();
  cast = await buildCast(t);
  call = caller(t);
});

type DdBody = {
  id: number;
  case_id: number;
  case: { id: number; name: string };
  client_id: number | null;
  client: { id: number; name: string } | null;
  content: string;
};

describe('due-diligence comments by a client', () => {
  it("an ir writes a client's comment on a case; the case sees it too, and both histories record it", async () => {
    const db = t.database.db;
    const client = await buildClient(db, { process_status: 'p5', name: '陳董' });
    const kase = await buildCase(db, { name: '智慧製造', ao_id: cast.ao.id });
    const created = dataOf<DdBody>(
      await call('POST', dd(client.id), cast.ir.token, {
        case_id: kase.id,
        content: '  營收認列方式需再確認  ',
      }),
    );
    expect(created).toEqual({
      id: created.id,
      case_id: kase.id,
      case: { id: kase.id, name: '智慧製造' },
      client_id: client.id,
      client: { id: client.id, name: '陳董' },
      content: '營收認列方式需再確認',
      author: { id: cast.ir.id, name: expect.any(String) },
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    // A comment about another client, on the same case, is not this client's.
    await buildDdComment(db, { case_id: kase.id, client_id: (await buildClient(db)).id });
    expect(dataOf(await call('GET', dd(client.id), cast.ir.token))).toEqual({ result: [created], count: 1 });
    const ofCase = dataOf<ListBody<DdBody>>(
      await call('GET', `/api/internal/v2/cases/${kase.id}/dd`, cast.ao.token),
    );
    expect(ofCase.result.map((r) => r.id)).toContain(created.id);

    const edited = dataOf<DdBody>(
      await call('PUT', dd(client.id, created.id), cast.ir.token, { content: '已確認' }),
    );
    expect(edited).toMatchObject({ content: '已確認', case_id: kase.id });
    dataOf(await call('DELETE', dd(client.id, created.id), cast.ir.token));

    const clientLog = await historyOf(t, 'client', client.id);
    expect(clientLog.map((e) => e.action)).toEqual([
      'client.dd.delete',
      'client.dd.update',
      'client.dd.create',
    ]);
    expect(clientLog[1]!.changes).toEqual({
      id: { from: created.id, to: created.id },
      content: { from: '營收認列方式需再確認', to: '已確認' },
    });
    const caseLog = await historyOf(t, 'case', kase.id);
    expect(caseLog.map((e) => e.action)).toEqual(['dd.delete', 'dd.update', 'dd.create']);
    expect(caseLog[2]!.changes).toMatchObject({ client_id: { from: null, to: client.id } });
  });

  it('writes only on a live case, and reaches only the comments of this client', async () => {
    const db = t.database.db;
    const client = await buildClient(db, { process_status: 'p1' });
    for (const caseId of [(await buildCase(db, { is_deleted: true })).id, 2_000_000_000]) {
      expect(
        failingFields(await call('POST', dd(client.id), cast.sa.token, { case_id: caseId, content: 'x' })),
      ).toEqual(['body.case_id']);
    }
    const kase = await buildCase(db);
    const anonymous = await buildDdComment(db, { case_id: kase.id, client_id: null });
    const someoneElse = await buildDdComment(db, { case_id: kase.id, client_id: (await buildClient(db)).id });
    for (const other of [anonymous, someoneElse]) {
      expectErrorShape(
        await call('PUT', dd(client.id, other.id), cast.sa.token, { content: 'x' }),
        404,
        'DD_NOT_FOUND',
      );
      expectErrorShape(await call('DELETE', dd(client.id, other.id), cast.sa.token), 404, 'DD_NOT_FOUND');
    }
    expect(await historyOf(t, 'client', client.id)).toEqual([]);
  });

  it('refuses bad input with 400 and the failing fields', async () => {
    const client = await buildClient(t.database.db, { process_status: 'p1' });
    const kase = await buildCase(t.database.db);
    for (const [body, fields] of [
      [{}, ['body.case_id', 'body.content']],
      [{ case_id: kase.id, content: '' }, ['body.content']],
      [{ case_id: kase.id, content: 'a\u0000b' }, ['body.content']],
      [{ case_id: kase.id, content: 'x'.repeat(10_001) }, ['body.content']],
      [{ case_id: 2 ** 31, content: 'x' }, ['body.case_id']],
      [{ case_id: kase.id, content: 'x', client_id: 3 }, ['body']],
    ] as const) {
      const res = await call('POST', dd(client.id), cast.sa.token, body);
      expect(failingFields(res).sort(), JSON.stringify(body).slice(0, 60)).toEqual([...fields].sort());
    }
    const mine = await buildDdComment(t.database.db, { case_id: kase.id, client_id: client.id });
    // The case of a comment stays: an edit changes its content only.
    expect(
      failingFields(await call('PUT', dd(client.id, mine.id), cast.sa.token, { case_id: kase.id })).sort(),
    ).toEqual(['body', 'body.content']);
  });

  it('answers each route by the client access rule', async () => {
    const db = t.database.db;
    const kase = await buildCase(db);
    await expectClientAccess(t, cast, async (c) => ({ method: 'GET', url: dd(c.id) }));
    await expectClientAccess(t, cast, async (c) => ({
      method: 'POST',
      url: dd(c.id),
      body: { case_id: kase.id, content: '估值偏高' },
    }));
    await expectClientAccess(t, cast, async (c) => ({
      method: 'PUT',
      url: dd(c.id, (await buildDdComment(db, { case_id: kase.id, client_id: c.id })).id),
      body: { content: '改過' },
    }));
    await expectClientAccess(t, cast, async (c) => ({
      method: 'DELETE',
      url: dd(c.id, (await buildDdComment(db, { case_id: kase.id, client_id: c.id })).id),
    }));
  });
});
