import { beforeAll, describe, expect, it } from 'vitest';
import { clientInterests } from '../src/db/schema/index.ts';
import { buildTestApp, expectErrorShape, type TestApp } from './helpers.ts';
import { buildCase, buildClient } from './factories.ts';
import { type ClientRow, expectClientAccess, expectStageRefused, historyOf } from './clientCast.ts';
import { buildCast, caller, type Cast, dataOf, failingFields, type ListBody } from './staffCast.ts';

let t: TestApp;
let cast: Cast;
let call: ReturnType<typeof caller>;
const base = '/api/internal/v1/client/interests';
const one = (id: number | string) => `${base}/${id}`;

beforeAll(async () => {
  t = await buildTestApp();
  cast = await buildCast(t);
  call = caller(t);
});

type InterestBody = {
  id: number;
  client_id: number;
  client: { id: number; name: string };
  case_id: number;
  case: { id: number; name: string };
  level: number;
  amount: number | null;
  currency: string;
  note: string | null;
};

async function buildInterest(
  client: ClientRow,
  overrides: Partial<typeof clientInterests.$inferInsert> = {},
) {
  const case_id = overrides.case_id ?? (await buildCase(t.database.db)).id;
  const [row] = await t.database.db
    .insert(clientInterests)
    .values({ client_id: client.id, level: 1, ...overrides, case_id })
    .returning();
  return row!;
}

describe('interests of clients in cases', () => {
  it('an sa records an interest, reads it by client and by case, edits and deletes it; each write in the client history', async () => {
    const db = t.database.db;
    const client = await buildClient(db, { process_status: 'p3', name: '林投資' });
    const kase = await buildCase(db, { name: '綠能新創', currency: 'USD' });
    const created = dataOf<InterestBody>(
      await call('POST', base, cast.sa.token, {
        client_id: client.id,
        case_id: kase.id,
        level: 2,
        amount: 1_500_000,
        note: '  視估值而定  ',
      }),
    );
    expect(created).toEqual({
      id: created.id,
      client_id: client.id,
      client: { id: client.id, name: '林投資' },
      case_id: kase.id,
      case: { id: kase.id, name: '綠能新創' },
      level: 2,
      amount: 1_500_000,
      currency: 'USD',
      note: '視估值而定',
      recused: false,
      author: { id: cast.sa.id, name: expect.any(String) },
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    expect(dataOf(await call('GET', `${base}?client_id=${client.id}`, cast.sa.token))).toEqual({
      result: [created],
      count: 1,
    });
    expect(dataOf(await call('GET', `${base}?case_id=${kase.id}`, cast.sa.token))).toEqual({
      result: [created],
      count: 1,
    });
    expect(dataOf(await call('GET', one(created.id), cast.sa.token))).toEqual(created);

    const edited = dataOf<InterestBody>(
      await call('PUT', one(created.id), cast.sa.token, { level: 3, amount: null }),
    );
    expect(edited).toMatchObject({ level: 3, amount: null, note: '視估值而定' });
    dataOf(await call('DELETE', one(created.id), cast.sa.token));
    expectErrorShape(await call('GET', one(created.id), cast.sa.token), 404, 'INTEREST_NOT_FOUND');

    const log = await historyOf(t, 'client', client.id);
    expect(log.map((e) => e.action)).toEqual([
      'client.interest.delete',
      'client.interest.update',
      'client.interest.create',
    ]);
    expect(log[1]!.changes).toEqual({
      id: { from: created.id, to: created.id },
      level: { from: 2, to: 3 },
      amount: { from: 1_500_000, to: null },
    });
    expect(log[2]!.changes.case_id).toEqual({ from: null, to: kase.id });
  });

  it('lists a case by the clients the reader works: sa p0–p4, ir p5–p6, both dropped ones, admin all', async () => {
    const db = t.database.db;
    const kase = await buildCase(db);
    const byStage = {
      p1: await buildInterest(await buildClient(db, { process_status: 'p1' }), {
        case_id: kase.id,
        level: 1,
      }),
      p5: await buildInterest(await buildClient(db, { process_status: 'p5' }), {
        case_id: kase.id,
        level: 2,
      }),
      drop: await buildInterest(await buildClient(db, { process_status: 'drop' }), {
        case_id: kase.id,
        level: 3,
      }),
    };
    await buildInterest(await buildClient(db, { process_status: 'p1', is_deleted: true }), {
      case_id: kase.id,
    });
    const ids = async (token: string) =>
      dataOf<ListBody<InterestBody>>(await call('GET', `${base}?case_id=${kase.id}`, token)).result.map(
        (r) => r.id,
      );
    // The keenest first.
    expect(await ids(cast.admin.token)).toEqual([byStage.drop.id, byStage.p5.id, byStage.p1.id]);
    expect(await ids(cast.sa.token)).toEqual([byStage.drop.id, byStage.p1.id]);
    expect(await ids(cast.ir.token)).toEqual([byStage.drop.id, byStage.p5.id]);
    expectErrorShape(await call('GET', `${base}?case_id=${kase.id}`, cast.ao.token), 403, 'FORBIDDEN');
  });

  it('pages 10 rows from page 1 unless told, and needs a client or a case (SPEC sections 5 and 8)', async () => {
    const db = t.database.db;
    const client = await buildClient(db, { process_status: 'p2' });
    for (let i = 0; i < 12; i++) await buildInterest(client);
    const first = dataOf<ListBody>(await call('GET', `${base}?client_id=${client.id}`, cast.sa.token));
    expect(first.count).toBe(12);
    expect(first.result).toHaveLength(10);
    const second = dataOf<ListBody>(
      await call('GET', `${base}?client_id=${client.id}&page=2`, cast.sa.token),
    );
    expect(second.result).toHaveLength(2);
    const all = dataOf<ListBody>(await call('GET', `${base}?client_id=${client.id}&all=1`, cast.sa.token));
    expect(all.result).toHaveLength(12);

    const empty = expectErrorShape(await call('GET', base, cast.sa.token), 400, 'PARAMS_REQUIRED');
    expect(empty.message).toBe('Params is required');
    const neither = expectErrorShape(
      await call('GET', `${base}?page=1`, cast.sa.token),
      400,
      'CASE_OR_CLIENT_ID_REQUIRED',
    );
    expect(neither.message).toBe('Case ID or Client ID is required');
    expect(failingFields(await call('GET', `${base}?client_id=abc`, cast.sa.token))).toEqual([
      'querystring.client_id',
    ]);
    expect(failingFields(await call('GET', `${base}?case_id=${2 ** 31}`, cast.sa.token))).toEqual([
      'querystring.case_id',
    ]);
    expectErrorShape(await call('GET', base), 401);
  });

  it('keeps one interest per client and case: a second is 409, also when both are sent at once', async () => {
    const db = t.database.db;
    const client = await buildClient(db, { process_status: 'p2' });
    const kase = await buildCase(db);
    const body = { client_id: client.id, case_id: kase.id };
    dataOf(await call('POST', base, cast.sa.token, body));
    const again = expectErrorShape(
      await call('POST', base, cast.sa.token, { ...body, level: 3 }),
      409,
      'INTEREST_EXISTS',
    );
    expect(again.message).toMatch(/already has an interest/);

    const other = await buildCase(db);
    const both = await Promise.all([
      call('POST', base, cast.sa.token, { client_id: client.id, case_id: other.id }),
      call('POST', base, cast.admin.token, { client_id: client.id, case_id: other.id }),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });

  it('needs a live case and a client the writer works', async () => {
    const db = t.database.db;
    const client = await buildClient(db, { process_status: 'p2' });
    const deletedCase = await buildCase(db, { is_deleted: true });
    for (const caseId of [deletedCase.id, 2_000_000_000]) {
      expect(
        failingFields(await call('POST', base, cast.sa.token, { client_id: client.id, case_id: caseId })),
      ).toEqual(['body.case_id']);
    }
    const kase = await buildCase(db);
    const handedOver = await buildClient(db, { process_status: 'p6' });
    expectStageRefused(
      await call('POST', base, cast.sa.token, { client_id: handedOver.id, case_id: kase.id }),
      'p6',
    );
    expectStageRefused(await call('GET', `${base}?client_id=${handedOver.id}`, cast.sa.token), 'p6');
  });

  it('answers each route by the client access rule', async () => {
    await expectClientAccess(t, cast, async (c) => ({ method: 'GET', url: `${base}?client_id=${c.id}` }));
    await expectClientAccess(t, cast, async (c) => ({
      method: 'POST',
      url: base,
      body: { client_id: c.id, case_id: (await buildCase(t.database.db)).id, level: 2 },
    }));
    await expectClientAccess(t, cast, async (c) => ({
      method: 'GET',
      url: one((await buildInterest(c)).id),
    }));
    await expectClientAccess(t, cast, async (c) => ({
      method: 'PUT',
      url: one((await buildInterest(c)).id),
      body: { level: 3 },
    }));
    await expectClientAccess(t, cast, async (c) => ({
      method: 'DELETE',
      url: one((await buildInterest(c)).id),
    }));
  });

  it('answers a missing id with the SPEC message and refuses bad input with 400', async () => {
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const body = method === 'PUT' ? { level: 2 } : undefined;
      const error = expectErrorShape(
        await call(method, `${base}/`, cast.sa.token, body),
        400,
        'INTEREST_ID_REQUIRED',
      );
      expect(error.message).toBe('interest ID is required');
      expectErrorShape(await call(method, `${base}/`, undefined, body), 401);
    }
    const client = await buildClient(t.database.db, { process_status: 'p2' });
    const kase = await buildCase(t.database.db);
    const ok = { client_id: client.id, case_id: kase.id };
    for (const [body, fields] of [
      [{}, ['body.client_id', 'body.case_id']],
      [{ ...ok, level: 0 }, ['body.level']],
      [{ ...ok, level: 4 }, ['body.level']],
      [{ ...ok, level: 1.5 }, ['body.level']],
      [{ ...ok, amount: -1 }, ['body.amount']],
      [{ ...ok, amount: 1e16 }, ['body.amount']],
      [{ ...ok, note: 'a\u0000b' }, ['body.note']],
      [{ ...ok, client_id: 2 ** 31 }, ['body.client_id']],
    ] as const) {
      const res = await call('POST', base, cast.sa.token, body);
      expect(failingFields(res).sort(), JSON.stringify(body)).toEqual([...fields].sort());
    }
    const interest = await buildInterest(client);
    expect(failingFields(await call('PUT', one(interest.id), cast.sa.token, { case_id: kase.id }))).toEqual([
      'body',
    ]);
    expectErrorShape(
      await call('PUT', one(2_000_000_000), cast.sa.token, { level: 2 }),
      404,
      'INTEREST_NOT_FOUND',
    );
    expect(failingFields(await call('DELETE', one(2 ** 31), cast.sa.token))).toEqual(['params.id']);
    expect(await historyOf(t, 'client', client.id)).toEqual([]);
  });
});
