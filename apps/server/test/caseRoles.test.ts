import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { FUND_ROLE_LISTS, type FundInfo } from '@dealflow/domain';
import { clients } from '../src/db/schema/index.ts';
import { buildTestApp, expectErrorShape, type TestApp } from './helpers.ts';
import { expectClientAccess, expectStageRefused } from './clientCast.ts';
import { buildCase, buildCaseRole, buildClient } from './factories.ts';
import {
  buildCast,
  caller,
  caseLog,
  dataOf,
  expectIrAndSaRefused,
  expectStrangersRefused,
  failingFields,
  type Cast,
  type ListBody,
} from './staffCast.ts';

let t: TestApp;
let cast: Cast;
let call: ReturnType<typeof caller>;
const v1 = '/api/internal/v1/cases';

beforeAll(async () => {
  t = await buildTestApp();
  cast = await buildCast(t);
  call = caller(t);
});

type Role = {
  id: number;
  case_id: number;
  client_id: number;
  client: { id: number; name: string };
  role: string;
  invest_money: number | null;
};
type Panel = { id: number; case_id: number; client_id: number; client: { id: number; name: string } };

const roles = async (caseId: number) =>
  dataOf<ListBody<Role>>(await call('GET', `${v1}/${caseId}/role?all=1`, cast.ao.token)).result;
const panel = async (caseId: number) =>
  dataOf<ListBody<Panel>>(await call('GET', `${v1}/${caseId}/panel`, cast.ao.token)).result;
const fundInfo = async (caseId: number) =>
  dataOf<{ fund_info: FundInfo }>(await call('GET', `${v1}/${caseId}`, cast.ao.token)).fund_info;
const postRole = (caseId: number, body: Record<string, unknown>) =>
  call('POST', `${v1}/${caseId}/role`, cast.ao.token, body);
const putRole = (caseId: number, roleId: number, body: Record<string, unknown>) =>
  call('PUT', `${v1}/${caseId}/role/${roleId}`, cast.ao.token, body);

/** fund_info of the case and its role rows say the same thing; panel entries are the panel rows. */
async function expectConsistent(caseId: number) {
  const info = await fundInfo(caseId);
  const rows = await roles(caseId);
  const fromInfo = [
    ...(info.lead_angel === null ? [] : [`${info.lead_angel}:lead_angel`]),
    ...FUND_ROLE_LISTS.flatMap((role) => info[role].map((id) => `${id}:${role}`)),
  ].sort();
  expect(rows.map((r) => `${r.client_id}:${r.role}`).sort()).toEqual(fromInfo);
  const panelRows = rows.filter((r) => r.role === 'panel');
  expect((await panel(caseId)).map((p) => p.id).sort()).toEqual(panelRows.map((r) => r.id).sort());
  return { info, rows };
}

const idOf = (rows: Role[], clientId: number, role: string) => {
  const row = rows.find((r) => r.client_id === clientId && r.role === role);
  if (!row) throw new Error(`no ${role} row for client ${clientId}: ${JSON.stringify(rows)}`);
  return row.id;
};

describe('the fund role edit rule through the role API', () => {
  it('a new lead moves the previous lead into the panel, and the panel entry appears', async () => {
    const db = t.database.db;
    const c = await buildCase(db, { ao_id: cast.ao.id });
    const alice = await buildClient(db, { name: '艾莉絲' });
    const bob = await buildClient(db, { name: '鮑伯' });

    const first = dataOf<Role>(await postRole(c.id, { client_id: alice.id, role: 'lead_angel' }));
    expect(first).toMatchObject({
      case_id: c.id,
      client_id: alice.id,
      client: { id: alice.id, name: '艾莉絲' },
      role: 'lead_angel',
      invest_money: null,
    });
    expect((await expectConsistent(c.id)).info).toEqual({
      lead_angel: alice.id,
      panel: [],
      co_invest: [],
      observer: [],
      advisor: [],
    });

    const second = dataOf<Role>(await postRole(c.id, { client_id: bob.id, role: 'lead_angel' }));
    expect(second).toMatchObject({ client_id: bob.id, role: 'lead_angel' });
    const { info, rows } = await expectConsistent(c.id);
    expect(info).toMatchObject({ lead_angel: bob.id, panel: [alice.id] });
    // Alice's row followed her into the panel: same id, now the panel entry.
    expect(idOf(rows, alice.id, 'panel')).toBe(first.id);
    expect(await panel(c.id)).toEqual([
      expect.objectContaining({
        id: first.id,
        case_id: c.id,
        client_id: alice.id,
        client: { id: alice.id, name: '艾莉絲' },
      }),
    ]);

    const [entry] = await caseLog(t, cast.ao.token, c.id);
    expect(entry).toMatchObject({
      action: 'role.create',
      actor: { type: 'employee', id: cast.ao.id },
      changes: {
        id: { from: null, to: second.id },
        client_id: { from: null, to: bob.id },
        role: { from: null, to: 'lead_angel' },
        fund_info: {
          from: { lead_angel: alice.id, panel: [] },
          to: { lead_angel: bob.id, panel: [alice.id] },
        },
      },
      // The history names the clients it mentions by id.
      client_names: { [alice.id]: '艾莉絲', [bob.id]: '鮑伯' },
    });
  });

  it('history still names a client deleted since, and only the clients an entry mentions', async () => {
    const db = t.database.db;
    const c = await buildCase(db, { ao_id: cast.ao.id });
    const carol = await buildClient(db, { name: '卡蘿' });
    const dave = await buildClient(db, { name: '戴夫' });
    dataOf(await postRole(c.id, { client_id: carol.id, role: 'observer' }));
    dataOf(await postRole(c.id, { client_id: dave.id, role: 'advisor' }));
    await db.update(clients).set({ is_deleted: true }).where(eq(clients.id, carol.id));

    const [daveEntry, carolEntry] = await caseLog(t, cast.ao.token, c.id);
    expect(carolEntry).toMatchObject({ action: 'role.create', client_names: { [carol.id]: '卡蘿' } });
    expect(Object.keys((carolEntry as unknown as { client_names: object }).client_names)).toEqual([
      String(carol.id),
    ]);
    expect(daveEntry).toMatchObject({
      action: 'role.create',
      client_names: { [carol.id]: '卡蘿', [dave.id]: '戴夫' },
    });
  });

  it('making a panel member lead takes them off the panel and puts the old lead there', async () => {
    const db = t.database.db;
    const c = await buildCase(db, { ao_id: cast.ao.id });
    const lead = await buildClient(db);
    const member = await buildClient(db);
    dataOf(await postRole(c.id, { client_id: lead.id, role: 'lead_angel' }));
    const seat = dataOf<Panel>(
      await call('POST', `${v1}/${c.id}/panel`, cast.ao.token, { client_id: member.id }),
    );

    const promoted = dataOf<Role>(await putRole(c.id, seat.id, { role: 'lead_angel', from: 'panel' }));
    expect(promoted).toMatchObject({ id: seat.id, client_id: member.id, role: 'lead_angel' });
    const { info } = await expectConsistent(c.id);
    expect(info).toMatchObject({ lead_angel: member.id, panel: [lead.id] });
    const [entry] = await caseLog(t, cast.ao.token, c.id);
    expect(entry).toMatchObject({
      action: 'role.update',
      changes: { id: { from: seat.id, to: seat.id }, role: { from: 'panel', to: 'lead_angel' } },
    });
  });

  it('editing the lead into another role clears the lead', async () => {
    const db = t.database.db;
    const c = await buildCase(db, { ao_id: cast.ao.id });
    const lead = await buildClient(db);
    const row = dataOf<Role>(await postRole(c.id, { client_id: lead.id, role: 'lead_angel' }));
    const moved = dataOf<Role>(await putRole(c.id, row.id, { role: 'co_invest' }));
    expect(moved).toMatchObject({ id: row.id, role: 'co_invest' });
    expect((await expectConsistent(c.id)).info).toEqual({
      lead_angel: null,
      panel: [],
      co_invest: [lead.id],
      observer: [],
      advisor: [],
    });
  });

  it('POST with from=lead_angel moves the lead into a list role and clears the lead', async () => {
    const db = t.database.db;
    const c = await buildCase(db, { ao_id: cast.ao.id });
    const lead = await buildClient(db);
    const row = dataOf<Role>(await postRole(c.id, { client_id: lead.id, role: 'lead_angel' }));
    const panelRow = dataOf<Role>(
      await postRole(c.id, { client_id: lead.id, role: 'panel', from: 'lead_angel' }),
    );
    expect(panelRow).toMatchObject({ id: row.id, role: 'panel' });
    expect((await expectConsistent(c.id)).info).toMatchObject({ lead_angel: null, panel: [lead.id] });
  });

  it('without from, a list role is added beside the roles a client holds (the lead keeps the lead)', async () => {
    const db = t.database.db;
    const c = await buildCase(db, { ao_id: cast.ao.id });
    const lead = await buildClient(db);
    dataOf(await postRole(c.id, { client_id: lead.id, role: 'lead_angel' }));
    dataOf(await postRole(c.id, { client_id: lead.id, role: 'advisor', invest_money: 1500000 }));
    const { info, rows } = await expectConsistent(c.id);
    expect(info).toMatchObject({ lead_angel: lead.id, advisor: [lead.id] });
    expect(rows.find((r) => r.role === 'advisor')!.invest_money).toBe(1500000);
  });

  it('moving between two list roles leaves the old one; a role already held answers with that row', async () => {
    const db = t.database.db;
    const c = await buildCase(db, { ao_id: cast.ao.id });
    const x = await buildClient(db);
    const observer = dataOf<Role>(await postRole(c.id, { client_id: x.id, role: 'observer' }));
    const coInvest = dataOf<Role>(await postRole(c.id, { client_id: x.id, role: 'co_invest' }));
    expect((await expectConsistent(c.id)).info).toMatchObject({ observer: [x.id], co_invest: [x.id] });

    const moved = dataOf<Role>(await putRole(c.id, observer.id, { role: 'advisor' }));
    expect(moved).toMatchObject({ id: observer.id, role: 'advisor' });
    expect((await expectConsistent(c.id)).info).toMatchObject({
      observer: [],
      advisor: [x.id],
      co_invest: [x.id],
    });

    const merged = dataOf<Role>(await putRole(c.id, observer.id, { role: 'co_invest' }));
    expect(merged).toMatchObject({ id: coInvest.id, role: 'co_invest' });
    const { rows } = await expectConsistent(c.id);
    expect(rows.map((r) => r.id)).toEqual([coInvest.id]);
  });

  it('deleting a role or a panel entry takes the client out of fund_info', async () => {
    const db = t.database.db;
    const c = await buildCase(db, { ao_id: cast.ao.id });
    const lead = await buildClient(db);
    const member = await buildClient(db);
    const leadRow = dataOf<Role>(await postRole(c.id, { client_id: lead.id, role: 'lead_angel' }));
    const seat = dataOf<Panel>(
      await call('POST', `${v1}/${c.id}/panel`, cast.ao.token, { client_id: member.id }),
    );
    expect(dataOf(await call('DELETE', `${v1}/${c.id}/panel/${seat.id}`, cast.ao.token))).toEqual({
      ok: true,
    });
    expect((await expectConsistent(c.id)).info).toMatchObject({ lead_angel: lead.id, panel: [] });
    expect(dataOf(await call('DELETE', `${v1}/${c.id}/role/${leadRow.id}`, cast.ao.token))).toEqual({
      ok: true,
    });
    expect((await expectConsistent(c.id)).info.lead_angel).toBeNull();
    expect((await caseLog(t, cast.ao.token, c.id)).map((l) => l.action)).toEqual([
      'role.delete',
      'panel.delete',
      'panel.create',
      'role.create',
    ]);
    expectErrorShape(
      await call('DELETE', `${v1}/${c.id}/role/${leadRow.id}`, cast.ao.token),
      404,
      'ROLE_NOT_FOUND',
    );
  });

  it('brings fund_info and the rows back in line when fund_info holds a client that is gone', async () => {
    const db = t.database.db;
    const c = await buildCase(db, {
      ao_id: cast.ao.id,
      fund_info: { lead_angel: 2147480000, panel: [2147480001, 'x'], co_invest: 'nonsense' },
    });
    const x = await buildClient(db);
    dataOf(await postRole(c.id, { client_id: x.id, role: 'lead_angel' }));
    expect((await expectConsistent(c.id)).info).toEqual({
      lead_angel: x.id,
      panel: [],
      co_invest: [],
      observer: [],
      advisor: [],
    });
  });
});

describe('panel entries', () => {
  it('adds, lists, re-seats and refuses a client twice', async () => {
    const db = t.database.db;
    const c = await buildCase(db, { ao_id: cast.ao.id });
    const a = await buildClient(db, { name: '甲' });
    const b = await buildClient(db, { name: '乙' });
    const seat = dataOf<Panel>(await call('POST', `${v1}/${c.id}/panel`, cast.ao.token, { client_id: a.id }));
    expect(seat).toEqual({
      id: seat.id,
      case_id: c.id,
      client_id: a.id,
      client: { id: a.id, name: '甲' },
      created_at: expect.any(String),
    });
    expectErrorShape(
      await call('POST', `${v1}/${c.id}/panel`, cast.ao.token, { client_id: a.id }),
      409,
      'CONFLICT',
    );
    expectErrorShape(await postRole(c.id, { client_id: a.id, role: 'panel' }), 409, 'CONFLICT');

    const reseated = dataOf<Panel>(
      await call('PUT', `${v1}/${c.id}/panel/${seat.id}`, cast.ao.token, { client_id: b.id }),
    );
    expect(reseated).toMatchObject({ id: seat.id, client_id: b.id, client: { id: b.id, name: '乙' } });
    expect((await expectConsistent(c.id)).info.panel).toEqual([b.id]);
    const [entry] = await caseLog(t, cast.ao.token, c.id);
    expect(entry).toMatchObject({
      action: 'panel.update',
      changes: { id: { from: seat.id, to: seat.id }, client_id: { from: a.id, to: b.id } },
    });

    const other = dataOf<Panel>(
      await call('POST', `${v1}/${c.id}/panel`, cast.ao.token, { client_id: a.id }),
    );
    expectErrorShape(
      await call('PUT', `${v1}/${c.id}/panel/${other.id}`, cast.ao.token, { client_id: b.id }),
      409,
      'CONFLICT',
    );
  });

  it('refuses a role id that is not a panel role, or of another case, with PANEL_NOT_FOUND', async () => {
    const db = t.database.db;
    const c = await buildCase(db, { ao_id: cast.ao.id });
    const lead = await buildCaseRole(db, { case_id: c.id, role: 'lead_angel' });
    const elsewhere = await buildCaseRole(db, { role: 'panel' });
    for (const id of [lead.id, elsewhere.id]) {
      expectErrorShape(
        await call('DELETE', `${v1}/${c.id}/panel/${id}`, cast.ao.token),
        404,
        'PANEL_NOT_FOUND',
      );
      expectErrorShape(
        await call('PUT', `${v1}/${c.id}/panel/${id}`, cast.ao.token, { client_id: lead.client_id }),
        404,
        'PANEL_NOT_FOUND',
      );
    }
    expect(await caseLog(t, cast.ao.token, c.id)).toEqual([]);
  });
});

describe('role requests that are refused', () => {
  it('404 for a missing or deleted client, and for another case’s role', async () => {
    const db = t.database.db;
    const c = await buildCase(db, { ao_id: cast.ao.id });
    const deleted = await buildClient(db, { is_deleted: true });
    for (const client_id of [deleted.id, 2147480000]) {
      expectErrorShape(await postRole(c.id, { client_id, role: 'panel' }), 404, 'CLIENT_NOT_FOUND');
      expectErrorShape(
        await call('POST', `${v1}/${c.id}/panel`, cast.ao.token, { client_id }),
        404,
        'CLIENT_NOT_FOUND',
      );
    }
    const theirs = await buildCaseRole(db, { role: 'observer' });
    expectErrorShape(await putRole(c.id, theirs.id, { role: 'panel' }), 404, 'ROLE_NOT_FOUND');
    expectErrorShape(
      await call('DELETE', `${v1}/${c.id}/role/${theirs.id}`, cast.ao.token),
      404,
      'ROLE_NOT_FOUND',
    );
    const untouched = dataOf<ListBody<Role>>(
      await call('GET', `${v1}/${theirs.case_id}/role`, cast.ao.token),
    );
    expect(untouched.result).toEqual([expect.objectContaining({ id: theirs.id, role: 'observer' })]);
  });

  it('400 with the failing fields; 409 for a stale from or a role already held', async () => {
    const db = t.database.db;
    const c = await buildCase(db, { ao_id: cast.ao.id });
    const x = await buildClient(db);
    expect(failingFields(await postRole(c.id, { role: 'boss' })).sort()).toEqual([
      'body.client_id',
      'body.role',
    ]);
    expect(failingFields(await postRole(c.id, { client_id: x.id, role: 'panel', invest_money: -1 }))).toEqual(
      ['body.invest_money'],
    );
    expect(failingFields(await postRole(c.id, { client_id: x.id, role: 'panel', from: 'advisor' }))).toEqual([
      'body.from',
    ]);
    expect(failingFields(await call('POST', `${v1}/${c.id}/panel`, cast.ao.token, {}))).toEqual([
      'body.client_id',
    ]);
    const row = dataOf<Role>(await postRole(c.id, { client_id: x.id, role: 'observer' }));
    expectErrorShape(await postRole(c.id, { client_id: x.id, role: 'observer' }), 409, 'CONFLICT');
    expectErrorShape(await putRole(c.id, row.id, { role: 'panel', from: 'advisor' }), 409, 'CONFLICT');
    expect(failingFields(await putRole(c.id, row.id, { role: 'chair' }))).toEqual(['body.role']);
    // Only what the client invested changes: no role edit, one history entry.
    const paid = dataOf<Role>(await putRole(c.id, row.id, { invest_money: 2500000 }));
    expect(paid).toMatchObject({ id: row.id, role: 'observer', invest_money: 2500000 });
    const [entry] = await caseLog(t, cast.ao.token, c.id);
    expect(entry!.changes).toEqual({
      id: { from: row.id, to: row.id },
      client_id: { from: x.id, to: x.id },
      invest_money: { from: null, to: 2500000 },
    });
    await expectConsistent(c.id);
  });

  it('pages the role list unless all=1', async () => {
    const db = t.database.db;
    const c = await buildCase(db);
    for (let i = 0; i < 22; i++) await buildCaseRole(db, { case_id: c.id, role: 'observer' });
    const first = dataOf<ListBody<Role>>(await call('GET', `${v1}/${c.id}/role`, cast.ao.token));
    expect(first.result).toHaveLength(20);
    expect(first.count).toBe(22);
    expect(
      dataOf<ListBody<Role>>(await call('GET', `${v1}/${c.id}/role?page=2`, cast.ao.token)).result,
    ).toHaveLength(2);
    expect(
      dataOf<ListBody<Role>>(await call('GET', `${v1}/${c.id}/role?all=1`, cast.ao.token)).result,
    ).toHaveLength(22);
    expect(
      dataOf<ListBody<Role>>(await call('GET', `${v1}/${c.id}/role?all=1&role=panel`, cast.ao.token)).result,
    ).toHaveLength(0);
  });
});

describe('clients of a case and cases of a client', () => {
  it('lists each client once with their roles (lead first) and what they invested', async () => {
    const db = t.database.db;
    const c = await buildCase(db);
    const lead = await buildClient(db, { name: '領投人', type: 'Lead Angel', membership: 'gp' });
    const other = await buildClient(db, { name: '跟投人' });
    await buildCaseRole(db, { case_id: c.id, client_id: other.id, role: 'co_invest', invest_money: 100 });
    await buildCaseRole(db, { case_id: c.id, client_id: lead.id, role: 'advisor', invest_money: 300 });
    await buildCaseRole(db, { case_id: c.id, client_id: lead.id, role: 'lead_angel', invest_money: 200.5 });
    for (const member of [cast.admin, cast.ao, cast.ir, cast.sa]) {
      const list = dataOf<ListBody>(await call('GET', `${v1}/${c.id}/clients`, member.token));
      expect(list).toEqual({
        count: 2,
        result: [
          {
            id: lead.id,
            name: '領投人',
            type: 'Lead Angel',
            membership: 'gp',
            roles: ['lead_angel', 'advisor'],
            invest_money: 500.5,
          },
          {
            id: other.id,
            name: '跟投人',
            type: null,
            membership: 'general',
            roles: ['co_invest'],
            invest_money: 100,
          },
        ],
      });
    }
    expectErrorShape(await call('GET', `${v1}/99999999/clients`, cast.ir.token), 404, 'CASE_NOT_FOUND');
  });

  it('lists the cases of a client by invest_money desc (unknown last), 10 a page, deleted cases left out', async () => {
    const db = t.database.db;
    const x = await buildClient(db);
    const made: Array<{ id: number; money: number | null }> = [];
    for (let i = 0; i < 11; i++) {
      const c = await buildCase(db, { name: `案 ${i}` });
      const money = i === 3 ? null : i * 1000;
      await buildCaseRole(db, { case_id: c.id, client_id: x.id, role: 'co_invest', invest_money: money });
      made.push({ id: c.id, money });
    }
    const gone = await buildCase(db, { is_deleted: true });
    await buildCaseRole(db, { case_id: gone.id, client_id: x.id, invest_money: 99999999 });
    const url = `/api/internal/v2/clients/${x.id}/cases`;
    const page1 = dataOf<ListBody<{ id: number; invest_money: number | null; roles: string[] }>>(
      await call('GET', url, cast.sa.token),
    );
    expect(page1.count).toBe(11);
    expect(page1.result).toHaveLength(10);
    const expected = [...made]
      .sort((a, b) => (b.money ?? Number.NEGATIVE_INFINITY) - (a.money ?? Number.NEGATIVE_INFINITY))
      .map((m) => m.id);
    expect(page1.result.map((r) => r.id)).toEqual(expected.slice(0, 10));
    expect(page1.result[0]).toMatchObject({
      invest_money: 10000,
      roles: ['co_invest'],
      status: 'draft',
      currency: 'NTD',
    });
    const page2 = dataOf<ListBody<{ id: number; invest_money: number | null }>>(
      await call('GET', `${url}?page=2`, cast.sa.token),
    );
    expect(page2.result).toEqual([expect.objectContaining({ id: made[3]!.id, invest_money: null })]);
    const byName = dataOf<ListBody<{ name: string }>>(
      await call('GET', `${url}?sort=name:asc&all=1`, cast.admin.token),
    );
    expect(byName.result.map((r) => r.name)).toEqual([...made.keys()].map((i) => `案 ${i}`).sort());
    expect(failingFields(await call('GET', `${url}?sort=password:asc`, cast.sa.token))).toEqual([
      'querystring.sort',
    ]);
    expectErrorShape(
      await call('GET', '/api/internal/v2/clients/2147480000/cases', cast.admin.token),
      404,
      'CLIENT_NOT_FOUND',
    );
    const deletedClient = await buildClient(db, { is_deleted: true });
    expectErrorShape(
      await call('GET', `/api/internal/v2/clients/${deletedClient.id}/cases`, cast.admin.token),
      404,
      'CLIENT_NOT_FOUND',
    );
  });

  it('reads the cases of a client by the client access rule: its stage for sa and ir, never for ao', async () => {
    const db = t.database.db;
    // x is a p0 client: sa's, not ir's; ao do not read the client book at all.
    const x = await buildClient(db, { process_status: 'p0' });
    await buildCaseRole(db, { client_id: x.id, invest_money: 1 });
    const url = `/api/internal/v2/clients/${x.id}/cases`;
    expect((await call('GET', url, cast.sa.token)).statusCode).toBe(200);
    expectStageRefused(await call('GET', url, cast.ir.token), 'p0');
    expectErrorShape(await call('GET', url, cast.ao.token), 403, 'FORBIDDEN');
    await expectClientAccess(t, cast, async (c) => ({
      method: 'GET',
      url: `/api/internal/v2/clients/${c.id}/cases`,
    }));
  });
});

describe('who may use the role, panel and client routes', () => {
  it('refuses strangers everywhere, and ir and sa on roles and panel', async () => {
    const db = t.database.db;
    const role = await buildCaseRole(db, { role: 'panel' });
    const caseWork = [
      ['GET', `${v1}/${role.case_id}/role`],
      ['POST', `${v1}/${role.case_id}/role`],
      ['PUT', `${v1}/${role.case_id}/role/${role.id}`],
      ['DELETE', `${v1}/${role.case_id}/role/${role.id}`],
      ['GET', `${v1}/${role.case_id}/panel`],
      ['POST', `${v1}/${role.case_id}/panel`],
      ['PUT', `${v1}/${role.case_id}/panel/${role.id}`],
      ['DELETE', `${v1}/${role.case_id}/panel/${role.id}`],
    ] as const;
    const clientViews = [
      ['GET', `${v1}/${role.case_id}/clients`],
      ['GET', `/api/internal/v2/clients/${role.client_id}/cases`],
    ] as const;
    await expectStrangersRefused(t, cast, [...caseWork, ...clientViews]);
    await expectIrAndSaRefused(t, cast, caseWork);
  });

  it('lets every ao read; only the AO, an agent or an admin change roles', async () => {
    const db = t.database.db;
    const theirs = await buildCase(db, { ao_id: cast.otherAo.id });
    const seat = await buildCaseRole(db, { case_id: theirs.id, role: 'panel' });
    const x = await buildClient(db);
    expect((await call('GET', `${v1}/${theirs.id}/role`, cast.ao.token)).statusCode).toBe(200);
    expect((await call('GET', `${v1}/${theirs.id}/panel`, cast.ao.token)).statusCode).toBe(200);
    expectErrorShape(await postRole(theirs.id, { client_id: x.id, role: 'panel' }), 403, 'FORBIDDEN');
    expectErrorShape(await putRole(theirs.id, seat.id, { role: 'advisor' }), 403, 'FORBIDDEN');
    expectErrorShape(
      await call('DELETE', `${v1}/${theirs.id}/role/${seat.id}`, cast.ao.token),
      403,
      'FORBIDDEN',
    );
    expectErrorShape(
      await call('POST', `${v1}/${theirs.id}/panel`, cast.ao.token, { client_id: x.id }),
      403,
      'FORBIDDEN',
    );
    expectErrorShape(
      await call('PUT', `${v1}/${theirs.id}/panel/${seat.id}`, cast.ao.token, { client_id: x.id }),
      403,
      'FORBIDDEN',
    );
    expectErrorShape(
      await call('DELETE', `${v1}/${theirs.id}/panel/${seat.id}`, cast.ao.token),
      403,
      'FORBIDDEN',
    );
    expect(await caseLog(t, cast.admin.token, theirs.id)).toEqual([]);

    const shared = await buildCase(db, { ao_id: cast.otherAo.id, agent_ids: [cast.ao.id] });
    expect((await postRole(shared.id, { client_id: x.id, role: 'panel' })).statusCode).toBe(200);
    const asAdmin = await call('POST', `${v1}/${theirs.id}/role`, cast.admin.token, {
      client_id: x.id,
      role: 'lead_angel',
    });
    expect(asAdmin.statusCode).toBe(200);
    const deletedCase = await buildCase(db, { ao_id: cast.ao.id, is_deleted: true });
    expectErrorShape(
      await postRole(deletedCase.id, { client_id: x.id, role: 'panel' }),
      404,
      'CASE_NOT_FOUND',
    );
    expectErrorShape(
      await call('GET', `${v1}/${deletedCase.id}/panel`, cast.ao.token),
      404,
      'CASE_NOT_FOUND',
    );
  });
});

describe('concurrent role edits', () => {
  it('serialize on the case row: one lead, every previous lead on the panel, rows and fund_info agreeing', async () => {
    const db = t.database.db;
    const c = await buildCase(db, { ao_id: cast.ao.id });
    const contenders = await Promise.all(Array.from({ length: 5 }, () => buildClient(db)));
    const answers = await Promise.all(
      contenders.map((x) => postRole(c.id, { client_id: x.id, role: 'lead_angel' })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const { info } = await expectConsistent(c.id);
    const ids = contenders.map((x) => x.id);
    expect(ids).toContain(info.lead_angel);
    expect([...info.panel, info.lead_angel].sort()).toEqual([...ids].sort());
    expect((await caseLog(t, cast.ao.token, c.id)).filter((l) => l.action === 'role.create')).toHaveLength(5);
  });
});
