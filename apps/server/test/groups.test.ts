import { randomBytes } from 'node:crypto';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { activityLogs, clients } from '../src/db/schema/index.ts';
import { buildTestApp, expectErrorShape, type TestApp } from './helpers.ts';
import { expectStageRefused } from './clientCast.ts';
import { buildClient } from './factories.ts';
import {
  buildCast,
  caller,
  type Cast,
  dataOf,
  expectStrangersRefused,
  failingFields,
  type ListBody,
  type Method,
} from './staffCast.ts';

let t: TestApp;
let cast: Cast;
let call: ReturnType<typeof caller>;
const v1 = '/api/internal/v1/groups';

type Group = {
  id: number;
  name: string;
  description: string | null;
  member_count: number;
  created_at: string;
  updated_at: string;
};
type Member = {
  id: number;
  name: string;
  email: string;
  membership: string;
  process_status: string;
  joined_at: string;
};

beforeAll(async () => {
  t = await buildTestApp();
  cast = await buildCast(t);
  call = caller(t);
});

/** Group names are unique across the database: each test names its own. */
const uniqueName = (prefix = '群組') => `${prefix} ${randomBytes(4).toString('hex')}`;

async function createGroup(token = cast.admin.token, body: Record<string, unknown> = {}) {
  return dataOf<Group>(await call('POST', v1, token, { name: uniqueName(), ...body }));
}
const join = (groupId: number, clientId: number, token = cast.admin.token) =>
  call('POST', `${v1}/${groupId}/join`, token, { client_id: clientId });
const remove = (groupId: number, clientId: number, token = cast.admin.token) =>
  call('DELETE', `${v1}/${groupId}/remove`, token, { client_id: clientId });
const members = async (groupId: number, token = cast.admin.token, query = '') =>
  dataOf<ListBody<Member>>(await call('GET', `${v1}/${groupId}/clients${query}`, token));
const getGroup = async (groupId: number, token = cast.admin.token) =>
  dataOf<Group>(await call('GET', `${v1}/${groupId}`, token));

async function history(entityType: string, ids: number[]) {
  return t.database.db
    .select()
    .from(activityLogs)
    .where(and(eq(activityLogs.entity_type, entityType), inArray(activityLogs.entity_id, ids)))
    .orderBy(asc(activityLogs.id));
}

describe('who may use the group routes', () => {
  const routes = (id: number): Array<readonly [Method, string]> => [
    ['GET', v1],
    ['POST', v1],
    ['GET', `${v1}/${id}`],
    ['PUT', `${v1}/${id}`],
    ['DELETE', `${v1}/${id}`],
    ['GET', `${v1}/${id}/clients`],
    ['POST', `${v1}/${id}/join`],
    ['DELETE', `${v1}/${id}/remove`],
  ];

  it('refuses anonymous callers (401) and investor and startup sign-ins (403)', async () => {
    const group = await createGroup();
    await expectStrangersRefused(t, cast, routes(group.id));
  });

  it('refuses ao on every route (SPEC section 6 keeps ao off the group pages)', async () => {
    const group = await createGroup();
    const client = await buildClient(t.database.db, { process_status: 'p1' });
    for (const [method, url] of routes(group.id)) {
      const body = url.endsWith('/join') || url.endsWith('/remove') ? { client_id: client.id } : undefined;
      const payload = method === 'POST' || method === 'PUT' ? (body ?? { name: uniqueName() }) : body;
      expectErrorShape(await call(method, url, cast.ao.token, payload), 403, 'FORBIDDEN');
    }
    expect((await members(group.id)).count).toBe(0);
  });

  it('lets admin, ir and sa create, read, rename and delete groups', async () => {
    for (const member of [cast.admin, cast.ir, cast.sa]) {
      const name = uniqueName();
      const created = await createGroup(member.token, { name, description: '季度說明會邀請名單' });
      expect(created).toMatchObject({ name, description: '季度說明會邀請名單', member_count: 0 });
      expect(await getGroup(created.id, member.token)).toEqual(created);

      const renamed = dataOf<Group>(
        await call('PUT', `${v1}/${created.id}`, member.token, { name: `${name} 改`, description: '' }),
      );
      expect(renamed).toMatchObject({ id: created.id, name: `${name} 改`, description: null });

      expect(dataOf(await call('DELETE', `${v1}/${created.id}`, member.token))).toEqual({ ok: true });
      expectErrorShape(await call('GET', `${v1}/${created.id}`, member.token), 404, 'GROUP_NOT_FOUND');
    }
  });
});

describe('group names', () => {
  it('are unique whatever their case and surrounding spaces: 409 GROUP_NAME_TAKEN', async () => {
    const name = uniqueName('VIP Investors');
    await createGroup(cast.admin.token, { name });
    expectErrorShape(
      await call('POST', v1, cast.sa.token, { name: `  ${name.toLowerCase()} ` }),
      409,
      'GROUP_NAME_TAKEN',
    );
    const other = await createGroup();
    expectErrorShape(
      await call('PUT', `${v1}/${other.id}`, cast.ir.token, { name: name.toUpperCase() }),
      409,
      'GROUP_NAME_TAKEN',
    );
    // A group may change the case of its own name.
    const own = dataOf<Group>(
      await call('PUT', `${v1}/${other.id}`, cast.ir.token, { name: other.name.toUpperCase() }),
    );
    expect(own.name).toBe(other.name.toUpperCase());
  });

  it('two creates with the same name at once: one is made, the other is 409 (never a 500)', async () => {
    const name = uniqueName('同時');
    const replies = await Promise.all([
      call('POST', v1, cast.admin.token, { name }),
      call('POST', v1, cast.sa.token, { name }),
      call('POST', v1, cast.ir.token, { name: name.toUpperCase() }),
    ]);
    expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    for (const r of replies.filter((r) => r.statusCode === 409)) expectErrorShape(r, 409, 'GROUP_NAME_TAKEN');
    const found = dataOf<ListBody<Group>>(
      await call('GET', `${v1}?q=${encodeURIComponent(name)}`, cast.admin.token),
    );
    expect(found.count).toBe(1);
  });

  it('two renames to the same name at once: one wins, the other is 409', async () => {
    const name = uniqueName('改名');
    const [a, b] = [await createGroup(), await createGroup()];
    const replies = await Promise.all([
      call('PUT', `${v1}/${a.id}`, cast.admin.token, { name }),
      call('PUT', `${v1}/${b.id}`, cast.sa.token, { name }),
    ]);
    expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });

  it('refuses bad input with 400: empty, too long, NUL, lone surrogate, unknown fields', async () => {
    const group = await createGroup();
    const bad: Array<[Record<string, unknown>, string]> = [
      [{}, 'body.name'],
      [{ name: '   ' }, 'body.name'],
      [{ name: 'x'.repeat(101) }, 'body.name'],
      [{ name: 'a\u0000b' }, 'body.name'],
      [{ name: 'a\ud800b' }, 'body.name'],
      [{ name: uniqueName(), description: 'd\u0000' }, 'body.description'],
      [{ name: uniqueName(), description: 'x'.repeat(1001) }, 'body.description'],
      [{ name: uniqueName(), member_count: 3 }, 'body'],
    ];
    for (const [body, field] of bad) {
      expect(failingFields(await call('POST', v1, cast.admin.token, body))).toContain(field);
    }
    expect(
      failingFields(await call('PUT', `${v1}/${group.id}`, cast.admin.token, { name: 'n\u0000' })),
    ).toContain('body.name');
    expect((await getGroup(group.id)).name).toBe(group.name);
  });
});

describe('missing groups and bad ids', () => {
  it('answers 404 GROUP_NOT_FOUND for a group that does not exist', async () => {
    const client = await buildClient(t.database.db, { process_status: 'p1' });
    const id = 2_000_000_000;
    expectErrorShape(await call('GET', `${v1}/${id}`, cast.admin.token), 404, 'GROUP_NOT_FOUND');
    expectErrorShape(
      await call('PUT', `${v1}/${id}`, cast.admin.token, { name: uniqueName() }),
      404,
      'GROUP_NOT_FOUND',
    );
    expectErrorShape(await call('DELETE', `${v1}/${id}`, cast.admin.token), 404, 'GROUP_NOT_FOUND');
    expectErrorShape(await call('GET', `${v1}/${id}/clients`, cast.admin.token), 404, 'GROUP_NOT_FOUND');
    expectErrorShape(await join(id, client.id), 404, 'GROUP_NOT_FOUND');
    expectErrorShape(await remove(id, client.id), 404, 'GROUP_NOT_FOUND');
  });

  it('answers 400 for ids past 2^31, non-numeric ids, and bodies without a client_id', async () => {
    const group = await createGroup();
    expect((await call('GET', `${v1}/2147483648`, cast.admin.token)).statusCode).toBe(400);
    expect((await call('GET', `${v1}/abc`, cast.admin.token)).statusCode).toBe(400);
    expect(failingFields(await call('POST', `${v1}/${group.id}/join`, cast.admin.token, {}))).toContain(
      'body.client_id',
    );
    expect(failingFields(await join(group.id, 2_147_483_648))).toContain('body.client_id');
    expect(
      failingFields(await call('DELETE', `${v1}/${group.id}/remove`, cast.admin.token, { client_id: '1x' })),
    ).toContain('body.client_id');
    expect(failingFields(await call('GET', `${v1}?sort=password:asc`, cast.admin.token))).toContain(
      'querystring.sort',
    );
    expect(failingFields(await call('GET', `${v1}?size=100000`, cast.admin.token))).toContain(
      'querystring.size',
    );
  });
});

describe('members', () => {
  it('join, list and remove; joining twice changes nothing; removing a non-member is 404', async () => {
    const db = t.database.db;
    const group = await createGroup();
    const a = await buildClient(db, { name: 'B 投資人', process_status: 'p2', membership: 'gp' });
    const b = await buildClient(db, { name: 'A 投資人', process_status: 'p6', membership: 'paid' });

    const joined = dataOf<Member & { added: boolean }>(await join(group.id, a.id));
    expect(joined.added).toBe(true);
    expect(joined).toMatchObject({
      id: a.id,
      name: 'B 投資人',
      email: a.email,
      membership: 'gp',
      process_status: 'p2',
    });
    const again = dataOf<Member & { added: boolean }>(await join(group.id, a.id));
    expect(again).toEqual({ ...joined, added: false });
    dataOf(await join(group.id, b.id));

    const list = await members(group.id);
    expect(list.count).toBe(2);
    expect(list.result.map((m) => m.id)).toEqual([b.id, a.id]);
    expect((await getGroup(group.id)).member_count).toBe(2);

    expect(dataOf(await remove(group.id, a.id))).toEqual({ ok: true });
    expectErrorShape(await remove(group.id, a.id), 404, 'GROUP_MEMBER_NOT_FOUND');
    expect((await members(group.id)).result.map((m) => m.id)).toEqual([b.id]);

    // Only the real changes are in the history: one join each, one removal.
    const clientLog = await history('client', [a.id, b.id]);
    expect(clientLog.map((e) => [e.entity_id, e.action])).toEqual([
      [a.id, 'group_join'],
      [b.id, 'group_join'],
      [a.id, 'group_remove'],
    ]);
    expect(clientLog[0]).toMatchObject({
      actor_type: 'employee',
      actor_id: cast.admin.id,
      changes: { group_id: { from: null, to: group.id }, group: { from: null, to: group.name } },
    });
    expect(clientLog[2]?.changes).toEqual({
      group_id: { from: group.id, to: null },
      group: { from: group.name, to: null },
    });
    const groupLog = await history('group', [group.id]);
    expect(groupLog.map((e) => e.action)).toEqual(['create', 'member_join', 'member_join', 'member_remove']);
  });

  it('takes simultaneous joins and a deletion racing a join without a 500', async () => {
    const group = await createGroup();
    const client = await buildClient(t.database.db, { process_status: 'p3' });
    const joins = await Promise.all([join(group.id, client.id), join(group.id, client.id, cast.sa.token)]);
    expect(joins.map((r) => r.statusCode)).toEqual([200, 200]);
    expect((await history('client', [client.id])).map((e) => e.action)).toEqual(['group_join']);

    const other = await createGroup();
    const late = await buildClient(t.database.db, { process_status: 'p3' });
    const [joined, deleted] = await Promise.all([
      join(other.id, late.id),
      call('DELETE', `${v1}/${other.id}`, cast.admin.token),
    ]);
    expect(deleted.statusCode).toBe(200);
    expect([200, 404]).toContain(joined.statusCode);
    if (joined.statusCode === 404) expectErrorShape(joined, 404, 'GROUP_NOT_FOUND');
  });

  it('answers 404 CLIENT_NOT_FOUND for a client that is missing or deleted', async () => {
    const group = await createGroup();
    const deleted = await buildClient(t.database.db, { is_deleted: true });
    expectErrorShape(await join(group.id, 2_000_000_000), 404, 'CLIENT_NOT_FOUND');
    expectErrorShape(await join(group.id, deleted.id), 404, 'CLIENT_NOT_FOUND');
    // Deleted before the stage: an ir is not told that a deleted p2 client is out of their stages.
    const deletedEarly = await buildClient(t.database.db, { process_status: 'p2', is_deleted: true });
    expectErrorShape(await join(group.id, deletedEarly.id, cast.ir.token), 404, 'CLIENT_NOT_FOUND');
    expectErrorShape(await remove(group.id, 2_000_000_000), 404, 'CLIENT_NOT_FOUND');
  });

  it('shows, counts, adds and removes only the clients the caller may see (sa p0–p4, ir p5–p6, both drop)', async () => {
    const db = t.database.db;
    const group = await createGroup();
    const early = await buildClient(db, { name: '早期 P2', process_status: 'p2' });
    const late = await buildClient(db, { name: '後期 P5', process_status: 'p5' });
    const dropped = await buildClient(db, { name: '封存 Drop', process_status: 'drop' });
    for (const c of [early, late, dropped]) dataOf(await join(group.id, c.id));

    const ids = async (token: string) => (await members(group.id, token)).result.map((m) => m.id).sort();
    expect(await ids(cast.admin.token)).toEqual([early.id, late.id, dropped.id].sort());
    expect(await ids(cast.sa.token)).toEqual([early.id, dropped.id].sort());
    expect(await ids(cast.ir.token)).toEqual([late.id, dropped.id].sort());
    expect((await members(group.id, cast.sa.token)).count).toBe(2);
    // The group's count agrees with its list, for each of them.
    expect((await getGroup(group.id, cast.admin.token)).member_count).toBe(3);
    expect((await getGroup(group.id, cast.sa.token)).member_count).toBe(2);
    const listed = dataOf<ListBody<Group>>(
      await call('GET', `${v1}?q=${encodeURIComponent(group.name)}`, cast.ir.token),
    );
    expect(listed.result).toEqual([expect.objectContaining({ id: group.id, member_count: 2 })]);

    // sa can neither add nor take out a p5 client (403 with its stage, as on its page); ir likewise with a p2 one.
    const otherLate = await buildClient(db, { process_status: 'p5' });
    expectStageRefused(await join(group.id, otherLate.id, cast.sa.token), 'p5');
    expectStageRefused(await remove(group.id, late.id, cast.sa.token), 'p5');
    expectStageRefused(await remove(group.id, early.id, cast.ir.token), 'p2');
    expect(await ids(cast.admin.token)).toEqual([early.id, late.id, dropped.id].sort());
    expect((await history('client', [otherLate.id])).length).toBe(0);

    // A deleted client leaves the list and the count (its membership comes back with it).
    await db.update(clients).set({ is_deleted: true }).where(eq(clients.id, dropped.id));
    expect(await ids(cast.admin.token)).toEqual([early.id, late.id].sort());
    expect((await getGroup(group.id)).member_count).toBe(2);
  });

  it('pages and sorts the members', async () => {
    const db = t.database.db;
    const group = await createGroup();
    const made: number[] = [];
    for (const [name, tier, stage] of [
      ['C 三號', 'general', 'p1'],
      ['A 一號', 'paid', 'p3'],
      ['B 二號', 'gp', 'p0'],
    ] as const) {
      const c = await buildClient(db, { name, membership: tier, process_status: stage });
      made.push(c.id);
      dataOf(await join(group.id, c.id));
    }
    const [c, a, b] = made.map((id) => ({ id })) as [{ id: number }, { id: number }, { id: number }];
    const page1 = await members(group.id, cast.admin.token, '?page=1&size=2');
    expect(page1.count).toBe(3);
    expect(page1.result.map((m) => m.id)).toEqual([a.id, b.id]);
    expect((await members(group.id, cast.admin.token, '?page=2&size=2')).result.map((m) => m.id)).toEqual([
      c.id,
    ]);
    expect((await members(group.id, cast.admin.token, '?all=1&size=1')).result).toHaveLength(3);
    // Tiers from the top, stages along the pipeline.
    expect(
      (await members(group.id, cast.admin.token, '?sort=membership:asc')).result.map((m) => m.id),
    ).toEqual([b.id, a.id, c.id]);
    expect(
      (await members(group.id, cast.admin.token, '?sort=process_status:desc')).result.map((m) => m.id),
    ).toEqual([a.id, c.id, b.id]);
    expect(
      failingFields(await call('GET', `${v1}/${group.id}/clients?sort=email:asc`, cast.admin.token)),
    ).toContain('querystring.sort');
  });
});

describe('the group list', () => {
  it('searches names (any case, % and _ literal), pages, sorts and filters by client', async () => {
    const db = t.database.db;
    const tag = randomBytes(3).toString('hex');
    const small = await createGroup(cast.admin.token, { name: `Beta_${tag}` });
    const big = await createGroup(cast.admin.token, { name: `alpha_${tag}` });
    await createGroup(cast.admin.token, { name: `gamma%${tag}` });
    await createGroup(cast.admin.token, { name: `deltaX${tag}` });
    const c1 = await buildClient(db, { process_status: 'p1' });
    const c2 = await buildClient(db, { process_status: 'p2' });
    for (const c of [c1, c2]) dataOf(await join(big.id, c.id));
    dataOf(await join(small.id, c1.id));

    const list = async (query: string, token = cast.admin.token) =>
      dataOf<ListBody<Group>>(await call('GET', `${v1}?${query}`, token));
    expect((await list(`q=_${tag}`)).result.map((g) => g.name)).toEqual([`alpha_${tag}`, `Beta_${tag}`]);
    expect((await list(`q=${encodeURIComponent(`%${tag}`)}`)).result.map((g) => g.name)).toEqual([
      `gamma%${tag}`,
    ]);
    const page = await list(`q=${tag}&page=2&size=2`);
    expect(page.count).toBe(4);
    expect(page.result.map((g) => g.name)).toEqual([`deltaX${tag}`, `gamma%${tag}`]);
    expect(
      (await list(`q=_${tag}&sort=member_count:desc`)).result.map((g) => [g.id, g.member_count]),
    ).toEqual([
      [big.id, 2],
      [small.id, 1],
    ]);
    expect((await list(`client_id=${c1.id}`)).result.map((g) => g.id).sort()).toEqual(
      [small.id, big.id].sort(),
    );
    expect((await list(`client_id=${c2.id}`)).result.map((g) => g.id)).toEqual([big.id]);

    // Asking for the groups of a client one may not see is the same refusal as for the client.
    const late = await buildClient(db, { process_status: 'p6' });
    expectStageRefused(await call('GET', `${v1}?client_id=${late.id}`, cast.sa.token), 'p6');
    const gone = await buildClient(db, { process_status: 'p2', is_deleted: true });
    expectErrorShape(await call('GET', `${v1}?client_id=${gone.id}`, cast.sa.token), 404, 'CLIENT_NOT_FOUND');
  });
});

describe('history of group changes', () => {
  it('records create, rename and delete on the group, and the removal on every member', async () => {
    const db = t.database.db;
    const group = await createGroup(cast.sa.token, { description: '原說明' });
    const p3 = await buildClient(db, { process_status: 'p3' });
    const p5 = await buildClient(db, { process_status: 'p5' });
    dataOf(await join(group.id, p3.id, cast.sa.token));
    dataOf(await join(group.id, p5.id, cast.admin.token));
    const newName = uniqueName('新名稱');
    dataOf(await call('PUT', `${v1}/${group.id}`, cast.sa.token, { name: newName }));
    // Saving what is already there records nothing.
    dataOf(await call('PUT', `${v1}/${group.id}`, cast.sa.token, { name: newName, description: '原說明' }));
    dataOf(await call('DELETE', `${v1}/${group.id}`, cast.sa.token));

    const log = await history('group', [group.id]);
    expect(log.map((e) => e.action)).toEqual(['create', 'member_join', 'member_join', 'update', 'delete']);
    expect(log[0]?.changes).toEqual({
      name: { from: undefined, to: group.name },
      description: { from: undefined, to: '原說明' },
    });
    expect(log[3]?.changes).toEqual({ name: { from: group.name, to: newName } });
    expect(log[4]).toMatchObject({
      actor_id: cast.sa.id,
      changes: { name: { from: newName, to: null }, member_count: { from: 2, to: 0 } },
    });
    // The sa's deletion is on both members' timelines, the p5 one's too: the history is the record.
    const memberLog = await history('client', [p3.id, p5.id]);
    expect(
      memberLog
        .filter((e) => e.action === 'group_remove')
        .map((e) => e.entity_id)
        .sort(),
    ).toEqual([p3.id, p5.id].sort());
    // The clients themselves stay.
    expect(
      (await call('GET', `/api/internal/v1/clients/name?ids=${p3.id},${p5.id}`, cast.admin.token)).json(),
    ).toMatchObject({
      data: { count: 2 },
    });
  });
});
