import { beforeAll, describe, expect, it } from 'vitest';
import { clientInterests } from '../src/db/schema/index.ts';
import { expectStageRefused } from './clientCast.ts';
import { historyOf } from './clientHistory.ts';
import { buildTestApp, expectErrorShape, type TestApp } from './helpers.ts';
import { buildCalendarEvent, buildCase, buildCaseRole, buildClient } from './factories.ts';
import {
  buildCast,
  caller,
  dataOf,
  expectOtherInvestorsRefused,
  expectStrangersRefused,
  failingFields,
  type Cast,
  type ListBody,
  type Method,
} from './staffCast.ts';

let t: TestApp;
let cast: Cast;
let call: ReturnType<typeof caller>;

beforeAll(async () => {
  t = await buildTestApp();
  cast = await buildCast(t);
  call = caller(t);
});

const base = (clientId: number) => `/api/internal/v1/clients/${clientId}`;

async function interest(clientId: number, caseId: number, level = 2, amount: number | null = null) {
  const [row] = await t.database.db
    .insert(clientInterests)
    .values({ client_id: clientId, case_id: caseId, level, amount })
    .returning();
  return row!;
}

type Portfolio = {
  currency: string;
  initial_investment: number;
  holdings_value: number;
  refunded_investment: number;
  realized_unrealized_value: number;
  cases: number;
};
type Role = {
  id: number;
  case_id: number;
  client_id: number;
  case: { id: number; name: string; status: string; currency: string };
  role: string;
  invest_money: number | null;
  holdings_value: number | null;
  refunded_money: number | null;
};
type Entry = {
  id: number;
  name: string;
  roles: string[];
  in_case: boolean;
  invest_money: number | null;
  interest: { id: number; level: number; amount: number | null } | null;
};

const portfolio = async (clientId: number, token = cast.admin.token) =>
  dataOf<ListBody<Portfolio>>(await call('GET', `${base(clientId)}/portfolio`, token));

describe('who may read a client’s roles, cases, portfolio and calendar', () => {
  it('refuses strangers and ao; only admin and ir set holdings', async () => {
    const client = await buildClient(t.database.db, { process_status: 'p5' });
    const role = await buildCaseRole(t.database.db, { client_id: client.id, invest_money: 1000 });
    const reads: Array<[Method, string]> = [
      ['GET', `${base(client.id)}/roles`],
      ['GET', `${base(client.id)}/cases`],
      ['GET', `${base(client.id)}/cases/${role.case_id}`],
      ['GET', `${base(client.id)}/portfolio`],
      ['GET', `${base(client.id)}/calendars`],
    ];
    const put: [Method, string] = ['PUT', `${base(client.id)}/roles/${role.id}`];
    const [staffOnly, ...ownReads] = [reads[2]!, ...reads.filter((_, i) => i !== 2)];
    await expectStrangersRefused(t, cast, [staffOnly, put]);
    await expectOtherInvestorsRefused(t, cast, ownReads);
    for (const [method, url] of [...reads, put]) {
      expectErrorShape(
        await call(method, url, cast.ao.token, method === 'PUT' ? {} : undefined),
        403,
        'FORBIDDEN',
      );
    }
    const dropped = await buildClient(t.database.db, { process_status: 'drop' });
    const droppedRole = await buildCaseRole(t.database.db, { client_id: dropped.id });
    expectErrorShape(
      await call('PUT', `${base(dropped.id)}/roles/${droppedRole.id}`, cast.sa.token, { holdings_value: 1 }),
      403,
      'FORBIDDEN',
    );
    for (const member of [cast.admin, cast.ir]) {
      const res = await call('PUT', `${base(dropped.id)}/roles/${droppedRole.id}`, member.token, {
        holdings_value: member.id,
      });
      expect(res.statusCode, res.body).toBe(200);
    }
  });

  it('follows the client access rule: sa p0–p4, ir p5–p6, both drop; others get 403 with the stage', async () => {
    const db = t.database.db;
    for (const [stage, allowed] of [
      ['p0', { admin: true, sa: true, ir: false }],
      ['p5', { admin: true, sa: false, ir: true }],
      ['drop', { admin: true, sa: true, ir: true }],
    ] as const) {
      const client = await buildClient(db, { process_status: stage });
      const role = await buildCaseRole(db, { client_id: client.id, invest_money: 10 });
      const urls = ['roles', 'cases', `cases/${role.case_id}`, 'portfolio', 'calendars'].map(
        (p) => `${base(client.id)}/${p}`,
      );
      for (const who of ['admin', 'sa', 'ir'] as const) {
        for (const url of urls) {
          const res = await call('GET', url, cast[who].token);
          if (allowed[who]) expect(res.statusCode, `${who} ${url}: ${res.body}`).toBe(200);
          else expectStageRefused(res, stage);
        }
      }
      const put = await call('PUT', `${base(client.id)}/roles/${role.id}`, cast.ir.token, {
        holdings_value: 5,
      });
      if (allowed.ir) expect(put.statusCode).toBe(200);
      else expectStageRefused(put, stage);
    }
  });
});

describe('portfolio value', () => {
  it('sums per currency over the roles with money, deleted cases and other clients left out', async () => {
    const db = t.database.db;
    const client = await buildClient(db, { process_status: 'p6' });
    const other = await buildClient(db, { process_status: 'p6' });
    const a = await buildCase(db, { currency: 'NTD' });
    const b = await buildCase(db, { currency: 'NTD' });
    const c = await buildCase(db, { currency: 'USD' });
    const gone = await buildCase(db, { currency: 'USD', is_deleted: true });
    const watched = await buildCase(db, { currency: 'JPY' });
    await buildCaseRole(db, {
      case_id: a.id,
      client_id: client.id,
      role: 'co_invest',
      invest_money: 1_000_000,
      holdings_value: 1_500_000,
      refunded_money: 200_000,
    });
    await buildCaseRole(db, { case_id: a.id, client_id: client.id, role: 'panel' });
    await buildCaseRole(db, {
      case_id: b.id,
      client_id: client.id,
      role: 'lead_angel',
      invest_money: 2_500_000.5,
      refunded_money: 300_000.25,
    });
    await buildCaseRole(db, {
      case_id: c.id,
      client_id: client.id,
      role: 'co_invest',
      invest_money: 50_000,
      holdings_value: 80_000,
      refunded_money: 0,
    });
    await buildCaseRole(db, {
      case_id: gone.id,
      client_id: client.id,
      invest_money: 999,
      holdings_value: 999,
    });
    await buildCaseRole(db, { case_id: watched.id, client_id: client.id, role: 'observer' });
    await buildCaseRole(db, {
      case_id: a.id,
      client_id: other.id,
      invest_money: 7_777_777,
      holdings_value: 1,
    });

    expect(await portfolio(client.id)).toEqual({
      count: 2,
      result: [
        {
          currency: 'NTD',
          initial_investment: 3_500_000.5,
          holdings_value: 1_500_000,
          refunded_investment: 500_000.25,
          realized_unrealized_value: 2_000_000.25,
          cases: 2,
        },
        {
          currency: 'USD',
          initial_investment: 50_000,
          holdings_value: 80_000,
          refunded_investment: 0,
          realized_unrealized_value: 80_000,
          cases: 1,
        },
      ],
    });
    expect(await portfolio((await buildClient(db)).id)).toEqual({ result: [], count: 0 });
  });

  it('follows a holding revalued by ir, and records it in the client and the case history', async () => {
    const db = t.database.db;
    const client = await buildClient(db, { process_status: 'p5' });
    const kase = await buildCase(db, { currency: 'NTD', name: '星河科技' });
    const role = await buildCaseRole(db, {
      case_id: kase.id,
      client_id: client.id,
      invest_money: 3_000_000,
      holdings_value: 3_000_000,
    });
    const url = `${base(client.id)}/roles/${role.id}`;
    const updated = dataOf<Role>(
      await call('PUT', url, cast.ir.token, { holdings_value: 4_200_000, refunded_money: 600_000 }),
    );
    expect(updated).toMatchObject({
      id: role.id,
      case: { id: kase.id, name: '星河科技', status: 'draft', currency: 'NTD' },
      invest_money: 3_000_000,
      holdings_value: 4_200_000,
      refunded_money: 600_000,
    });
    expect((await portfolio(client.id, cast.ir.token)).result).toEqual([
      {
        currency: 'NTD',
        initial_investment: 3_000_000,
        holdings_value: 4_200_000,
        refunded_investment: 600_000,
        realized_unrealized_value: 4_800_000,
        cases: 1,
      },
    ]);
    const moneyChanges = {
      holdings_value: { from: 3_000_000, to: 4_200_000 },
      refunded_money: { from: null, to: 600_000 },
    };
    expect((await historyOf(t, 'client', client.id))[0]).toEqual({
      action: 'role.update',
      actor_type: 'employee',
      actor_id: cast.ir.id,
      changes: {
        id: { from: role.id, to: role.id },
        case_id: { from: kase.id, to: kase.id },
        role: { from: 'co_invest', to: 'co_invest' },
        ...moneyChanges,
      },
    });
    expect((await historyOf(t, 'case', kase.id))[0]).toEqual({
      action: 'role.update',
      actor_type: 'employee',
      actor_id: cast.ir.id,
      changes: {
        id: { from: role.id, to: role.id },
        client_id: { from: client.id, to: client.id },
        ...moneyChanges,
      },
    });

    // The same values again change nothing and write no history; null clears a figure.
    const entries = (await historyOf(t, 'client', client.id)).length;
    await call('PUT', url, cast.ir.token, { holdings_value: 4_200_000 });
    expect(await historyOf(t, 'client', client.id)).toHaveLength(entries);
    expect(
      dataOf<Role>(await call('PUT', url, cast.admin.token, { refunded_money: null })).refunded_money,
    ).toBeNull();
  });

  it('refuses bad values, and roles that are not this client’s', async () => {
    const db = t.database.db;
    const client = await buildClient(db, { process_status: 'p5' });
    const other = await buildClient(db, { process_status: 'p5' });
    const role = await buildCaseRole(db, { client_id: client.id });
    const theirs = await buildCaseRole(db, { client_id: other.id });
    const gone = await buildCaseRole(db, {
      client_id: client.id,
      case_id: (await buildCase(db, { is_deleted: true })).id,
    });
    const url = `${base(client.id)}/roles/${role.id}`;
    expect(failingFields(await call('PUT', url, cast.ir.token, {}))).toEqual(['body']);
    expect(failingFields(await call('PUT', url, cast.ir.token, { holdings_value: -1 }))).toEqual([
      'body.holdings_value',
    ]);
    expect(failingFields(await call('PUT', url, cast.ir.token, { holdings_value: 1e16 }))).toEqual([
      'body.holdings_value',
    ]);
    expect(failingFields(await call('PUT', url, cast.ir.token, { refunded_money: '12' }))).toEqual([
      'body.refunded_money',
    ]);
    // An unknown field: refused (strict), and nothing known was sent.
    expect(new Set(failingFields(await call('PUT', url, cast.ir.token, { invest_money: 5 })))).toEqual(
      new Set(['body']),
    );
    expectErrorShape(
      await call('PUT', `${base(client.id)}/roles/${theirs.id}`, cast.ir.token, { holdings_value: 1 }),
      404,
      'ROLE_NOT_FOUND',
    );
    expectErrorShape(
      await call('PUT', `${base(client.id)}/roles/${gone.id}`, cast.ir.token, { holdings_value: 1 }),
      404,
      'ROLE_NOT_FOUND',
    );
    expect(
      failingFields(
        await call('PUT', `${base(client.id)}/roles/2147483648`, cast.ir.token, { holdings_value: 1 }),
      ),
    ).toEqual(['params.roleId']);
  });
});

describe('roles and cases of a client', () => {
  it('lists the roles with their case, by case name, the lead first; role filter and paging', async () => {
    const db = t.database.db;
    const client = await buildClient(db, { process_status: 'p2' });
    const beta = await buildCase(db, { name: 'Beta 公司', status: 's2', currency: 'USD' });
    const alpha = await buildCase(db, { name: 'Alpha 公司' });
    const gone = await buildCase(db, { name: 'Aardvark', is_deleted: true });
    const r1 = await buildCaseRole(db, { case_id: beta.id, client_id: client.id, role: 'panel' });
    const r2 = await buildCaseRole(db, {
      case_id: beta.id,
      client_id: client.id,
      role: 'lead_angel',
      invest_money: 500,
    });
    const r3 = await buildCaseRole(db, { case_id: alpha.id, client_id: client.id, role: 'observer' });
    await buildCaseRole(db, { case_id: gone.id, client_id: client.id });
    await buildCaseRole(db, { case_id: alpha.id, role: 'co_invest' });

    const all = dataOf<ListBody<Role>>(await call('GET', `${base(client.id)}/roles`, cast.sa.token));
    expect(all.count).toBe(3);
    expect(all.result.map((r) => r.id)).toEqual([r3.id, r2.id, r1.id]);
    expect(all.result[1]).toMatchObject({
      case_id: beta.id,
      client_id: client.id,
      case: { id: beta.id, name: 'Beta 公司', status: 's2', currency: 'USD' },
      role: 'lead_angel',
      invest_money: 500,
      holdings_value: null,
      refunded_money: null,
    });
    const panel = dataOf<ListBody<Role>>(
      await call('GET', `${base(client.id)}/roles?role=panel`, cast.sa.token),
    );
    expect(panel.result.map((r) => r.id)).toEqual([r1.id]);
    const page = dataOf<ListBody<Role>>(
      await call('GET', `${base(client.id)}/roles?page=2&size=2`, cast.sa.token),
    );
    expect(page).toMatchObject({ count: 3, result: [expect.objectContaining({ id: r1.id })] });
    expect(failingFields(await call('GET', `${base(client.id)}/roles?role=owner`, cast.sa.token))).toEqual([
      'querystring.role',
    ]);
  });

  it('lists cases with roles and interest: page 1, size 10, invest_money:desc; in_case filters', async () => {
    const db = t.database.db;
    const client = await buildClient(db, { process_status: 'p4' });
    const invested: number[] = [];
    for (let i = 0; i < 11; i++) {
      const c = await buildCase(db, { name: `案件 ${String(i).padStart(2, '0')}` });
      await buildCaseRole(db, {
        case_id: c.id,
        client_id: client.id,
        invest_money: i === 4 ? null : i * 100,
      });
      invested.push(c.id);
    }
    // Two roles on one case: summed.
    await buildCaseRole(db, {
      case_id: invested[0]!,
      client_id: client.id,
      role: 'panel',
      invest_money: 5000,
    });
    const interestedOnly = await buildCase(db, { name: '觀望中' });
    const interestRow = await interest(client.id, interestedOnly.id, 3, 200_000);
    const both = invested[1]!;
    await interest(client.id, both, 1);
    await buildCase(db, { name: '無關' });
    const gone = await buildCase(db, { is_deleted: true });
    await interest(client.id, gone.id);

    const url = `${base(client.id)}/cases`;
    const page1 = dataOf<ListBody<Entry>>(await call('GET', url, cast.sa.token));
    expect(page1.count).toBe(12);
    expect(page1.result).toHaveLength(10);
    expect(page1.result[0]).toMatchObject({
      id: invested[0],
      roles: ['panel', 'co_invest'],
      in_case: true,
      invest_money: 5000,
      interest: null,
    });
    expect(page1.result.slice(1, 4).map((r) => r.invest_money)).toEqual([1000, 900, 800]);
    const page2 = dataOf<ListBody<Entry>>(await call('GET', `${url}?page=2`, cast.sa.token));
    // Unknown amounts last (newest case first among them): the watched case, the one without an amount.
    expect(page2.result.map((r) => r.id)).toEqual([interestedOnly.id, invested[4]]);
    expect(page2.result[0]).toEqual({
      id: interestedOnly.id,
      name: '觀望中',
      status: 'draft',
      currency: 'NTD',
      roles: [],
      in_case: false,
      invest_money: null,
      interest: { id: interestRow.id, level: 3, amount: 200_000 },
    });

    const inCase = dataOf<ListBody<Entry>>(await call('GET', `${url}?in_case=1&all=1`, cast.sa.token));
    expect(inCase.count).toBe(11);
    expect(inCase.result.every((r) => r.in_case)).toBe(true);
    expect(inCase.result.find((r) => r.id === both)?.interest).toMatchObject({ level: 1 });
    const watching = dataOf<ListBody<Entry>>(await call('GET', `${url}?in_case=0`, cast.sa.token));
    expect(watching).toMatchObject({ count: 1, result: [{ id: interestedOnly.id, in_case: false }] });

    const byName = dataOf<ListBody<Entry>>(await call('GET', `${url}?sort=name:asc&size=3`, cast.sa.token));
    expect(byName.result.map((r) => r.name)).toEqual(['案件 00', '案件 01', '案件 02']);
    expect(failingFields(await call('GET', `${url}?sort=email:asc`, cast.sa.token))).toEqual([
      'querystring.sort',
    ]);
    expect(failingFields(await call('GET', `${url}?in_case=2`, cast.sa.token))).toEqual([
      'querystring.in_case',
    ]);
    expect(failingFields(await call('GET', `${url}?size=201`, cast.sa.token))).toEqual(['querystring.size']);
  });

  it('shows one case as the client is involved in it', async () => {
    const db = t.database.db;
    const client = await buildClient(db, { process_status: 'p5' });
    const kase = await buildCase(db, {
      name: '綠能電池',
      round: 'Series A',
      currency: 'USD',
      fund_raising: 2_000_000,
      overview: '固態電池',
      ao_id: cast.ao.id,
    });
    const lead = await buildCaseRole(db, {
      case_id: kase.id,
      client_id: client.id,
      role: 'lead_angel',
      invest_money: 100_000.1,
      holdings_value: 150_000,
    });
    await buildCaseRole(db, { case_id: kase.id, client_id: client.id, role: 'advisor', invest_money: 0.2 });
    const liked = await interest(client.id, kase.id, 3, 50_000);

    const detail = dataOf<Record<string, unknown>>(
      await call('GET', `${base(client.id)}/cases/${kase.id}`, cast.ir.token),
    );
    expect(detail).toMatchObject({
      case: {
        id: kase.id,
        name: '綠能電池',
        status: 'draft',
        round: 'Series A',
        currency: 'USD',
        fund_raising: 2_000_000,
        overview: '固態電池',
        ao: { id: cast.ao.id },
      },
      in_case: true,
      invest_money: 100_000.3,
      holdings_value: 150_000,
      refunded_money: null,
      interest: { id: liked.id, level: 3, amount: 50_000 },
    });
    expect((detail.roles as Role[]).map((r) => [r.id, r.role])).toEqual([
      [lead.id, 'lead_angel'],
      [expect.any(Number), 'advisor'],
    ]);

    const watched = await buildCase(db);
    await interest(client.id, watched.id);
    expect(dataOf(await call('GET', `${base(client.id)}/cases/${watched.id}`, cast.ir.token))).toMatchObject({
      in_case: false,
      roles: [],
      invest_money: null,
    });
    const unrelated = await buildCase(db);
    const gone = await buildCase(db, { is_deleted: true });
    await buildCaseRole(db, { case_id: gone.id, client_id: client.id });
    for (const caseId of [unrelated.id, gone.id, 2147480000]) {
      expectErrorShape(
        await call('GET', `${base(client.id)}/cases/${caseId}`, cast.ir.token),
        404,
        'CASE_NOT_FOUND',
      );
    }
    expect(failingFields(await call('GET', `${base(client.id)}/cases/0`, cast.ir.token))).toEqual([
      'params.caseId',
    ]);
  });
});

describe('calendar of a client', () => {
  it('lists the events of the cases the client holds a role on, by start time; from and paging', async () => {
    const db = t.database.db;
    const client = await buildClient(db, { process_status: 'p1' });
    const mine = await buildCase(db, { name: '我的案件' });
    const second = await buildCase(db);
    const watched = await buildCase(db);
    const gone = await buildCase(db, { is_deleted: true });
    await buildCaseRole(db, { case_id: mine.id, client_id: client.id });
    await buildCaseRole(db, { case_id: mine.id, client_id: client.id, role: 'panel' });
    await buildCaseRole(db, { case_id: second.id, client_id: client.id });
    await buildCaseRole(db, { case_id: gone.id, client_id: client.id });
    await interest(client.id, watched.id);
    const at = (iso: string, hours = 1) => ({
      start_at: new Date(iso),
      end_at: new Date(Date.parse(iso) + hours * 3_600_000),
    });
    const late = await buildCalendarEvent(db, {
      case_id: mine.id,
      title: '董事會',
      ...at('2030-03-01T02:00:00Z'),
    });
    const early = await buildCalendarEvent(db, {
      case_id: second.id,
      title: '盡調訪談',
      location: '台北',
      created_by: cast.ao.id,
      ...at('2030-01-05T02:00:00Z'),
    });
    const middle = await buildCalendarEvent(db, {
      case_id: mine.id,
      title: '簽約',
      ...at('2030-02-01T02:00:00Z', 48),
    });
    await buildCalendarEvent(db, { case_id: watched.id, ...at('2030-01-01T00:00:00Z') });
    await buildCalendarEvent(db, { case_id: gone.id, ...at('2030-01-01T00:00:00Z') });

    const url = `${base(client.id)}/calendars`;
    const all = dataOf<ListBody<Record<string, unknown>>>(await call('GET', url, cast.sa.token));
    expect(all.count).toBe(3);
    expect(all.result.map((e) => e.id)).toEqual([early.id, middle.id, late.id]);
    expect(all.result[0]).toMatchObject({
      case_id: second.id,
      case: { id: second.id, name: second.name },
      title: '盡調訪談',
      start_at: '2030-01-05T02:00:00.000Z',
      end_at: '2030-01-05T03:00:00.000Z',
      location: '台北',
      author: { id: cast.ao.id },
    });
    // From 2 Feb: the two-day signing still runs, the January interview is over.
    const upcoming = dataOf<ListBody<{ id: number }>>(
      await call('GET', `${url}?from=${encodeURIComponent('2030-02-02T00:00:00+08:00')}`, cast.sa.token),
    );
    expect(upcoming.result.map((e) => e.id)).toEqual([middle.id, late.id]);
    const page = dataOf<ListBody<{ id: number }>>(await call('GET', `${url}?page=2&size=2`, cast.sa.token));
    expect(page).toEqual({ count: 3, result: [expect.objectContaining({ id: late.id })] });
    expect(failingFields(await call('GET', `${url}?from=yesterday`, cast.sa.token))).toEqual([
      'querystring.from',
    ]);
  });
});
