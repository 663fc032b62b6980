import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type {
  Client,
  ClientDuplicate,
  ClientStageStats,
  ClientSummary,
  ContactStage,
} from '@dealflow/domain';
import { caseRoles, cases, clientGroupMembers, clientGroups, clients } from '../src/db/schema/index.ts';
import { bearer, buildTestApp, capturingMailer, expectErrorShape, type TestApp } from './helpers.ts';
import {
  buildCase,
  buildCaseRole,
  buildClient,
  buildEmployee,
  signIn,
  staffSession,
  uniqueEmail,
} from './factories.ts';
import { expectStageRefused } from './clientCast.ts';
import {
  buildCast,
  caller,
  dataOf,
  expectStrangersRefused,
  failingFields,
  type Cast,
  type ListBody,
  type Member,
} from './staffCast.ts';

const v1 = '/api/internal/v1/clients';
const v2 = '/api/internal/v2/clients';
const NEW_PASSWORD = 'a-much-longer-passphrase-42';

const mailer = capturingMailer();
let t: TestApp;
let cast: Cast;
let call: ReturnType<typeof caller>;

beforeAll(async () => {
  // A database of its own: lists and stats span every client, so other files' rows must not count.
  t = await buildTestApp({}, { mailer });
  cast = await buildCast(t);
  call = caller(t);
});

/** A word no other row holds, to scope a list or stats call to one test's clients. */
const tag = () => `tag${randomBytes(4).toString('hex')}`;

type LogEntry = {
  action: string;
  actor: { type: string; id: number | null; name: string | null };
  changes: Record<string, { from: unknown; to: unknown }>;
  reason: string | null;
  employee_names: Record<string, string>;
  created_at: string;
};

const list = async (url: string, member: Member = cast.admin) =>
  dataOf<ListBody<ClientSummary>>(await call('GET', url, member.token));
const ids = (body: ListBody<{ id: number }>) => body.result.map((r) => r.id);
const stats = async (query: string, member: Member = cast.admin) =>
  dataOf<ClientStageStats>(await call('GET', `${v2}/stats${query}`, member.token));
const detail = async (id: number, member: Member = cast.admin) =>
  dataOf<Client>(await call('GET', `${v1}/${id}`, member.token));
const put = (id: number, body: Record<string, unknown>, member: Member = cast.admin) =>
  call('PUT', `${v1}/${id}`, member.token, body);
const log = async (id: number, member: Member = cast.admin, query = '') =>
  dataOf<ListBody<LogEntry>>(await call('GET', `${v1}/${id}/log${query}`, member.token));
const stageOf = async (id: number) =>
  (await t.database.db.select().from(clients).where(eq(clients.id, id)))[0]!;

describe('who may call the client book', () => {
  it('refuses anonymous callers (401) and investor and startup tokens (403)', async () => {
    const c = await buildClient(t.database.db);
    await expectStrangersRefused(t, cast, [
      ['GET', v1],
      ['GET', v2],
      ['GET', `${v2}/stats`],
      ['GET', `${v1}/duplicates?email=a@b.example`],
      ['POST', v1],
      ['GET', `${v1}/${c.id}`],
      ['PUT', `${v1}/${c.id}`],
      ['DELETE', `${v1}/${c.id}`],
      ['POST', `${v1}/${c.id}/restore`],
      ['POST', `${v1}/${c.id}/invitation`],
      ['GET', `${v1}/${c.id}/log`],
    ]);
  });

  it('refuses ao (403): they read names and tiers through the directory only', async () => {
    const c = await buildClient(t.database.db);
    const routes: Array<[Parameters<typeof call>[0], string, unknown?]> = [
      ['GET', v1],
      ['GET', v2],
      ['GET', `${v2}/stats`],
      ['GET', `${v1}/duplicates?email=${encodeURIComponent(c.email)}`],
      ['POST', v1, { email: uniqueEmail('ao'), name: 'ao' }],
      ['GET', `${v1}/${c.id}`],
      ['PUT', `${v1}/${c.id}`, { name: 'x' }],
      ['DELETE', `${v1}/${c.id}`],
      ['POST', `${v1}/${c.id}/restore`],
      ['GET', `${v1}/${c.id}/log`],
    ];
    for (const [method, url, body] of routes) {
      expectErrorShape(await call(method, url, cast.ao.token, body), 403, 'FORBIDDEN');
    }
    expect((await detail(c.id)).name).toBe(c.name);
  });
});

describe('who sees which client (sa p0–p4, ir p5–p6, both drop, admin all)', () => {
  it('agrees between the detail, both lists and the stats: out of stage is 403 with the stage, never listed', async () => {
    const db = t.database.db;
    const word = tag();
    const at = (stage: ContactStage) =>
      buildClient(db, { name: `${word} ${stage}`, process_status: stage, check_size: 100 });
    const p2 = await at('p2');
    const p5 = await at('p5');
    const dropped = await at('drop');

    const seen = {
      admin: [p2.id, p5.id, dropped.id],
      sa: [p2.id, dropped.id],
      ir: [p5.id, dropped.id],
    } as const;
    for (const role of ['admin', 'sa', 'ir'] as const) {
      const member = cast[role];
      const expected = [...seen[role]].sort();
      expect(ids(await list(`${v2}?q=${word}&all=1`, member)).sort()).toEqual(expected);
      const all = ids(await list(`${v1}?all=1`, member));
      for (const c of [p2, p5, dropped]) {
        expect(all.includes(c.id)).toBe(expected.includes(c.id));
        const res = await call('GET', `${v1}/${c.id}`, member.token);
        if (expected.includes(c.id)) expect(res.statusCode).toBe(200);
        else expectStageRefused(res, c.process_status as ContactStage);
      }
      const s = await stats(`?q=${word}`, member);
      expect(s.p2.count).toBe(role === 'ir' ? 0 : 1);
      expect(s.p5.count).toBe(role === 'sa' ? 0 : 1);
      expect(s.drop.count).toBe(1);
    }
    // Asking for a stage one does not work finds nothing rather than the stage's clients.
    expect((await list(`${v2}?q=${word}&process_status=p5`, cast.sa)).count).toBe(0);
    expect((await list(`${v2}?q=${word}&process_status=p2`, cast.ir)).count).toBe(0);
    // A sub-read (the history) and a write answer the same.
    expectStageRefused(await call('GET', `${v1}/${p5.id}/log`, cast.sa.token), 'p5');
    expectStageRefused(await call('GET', `${v1}/${p2.id}/log`, cast.ir.token), 'p2');
    expectStageRefused(await call('PUT', `${v1}/${p5.id}`, cast.sa.token, { name: 'x' }), 'p5');
    expectStageRefused(await call('DELETE', `${v1}/${p2.id}`, cast.ir.token), 'p2');
  });

  it('answers 404 for a missing client and 400 for ids that cannot name one', async () => {
    expectErrorShape(await call('GET', `${v1}/2147483000`, cast.admin.token), 404, 'CLIENT_NOT_FOUND');
    for (const bad of ['99999999999', '2147483648', '0', '-1', 'abc', '1.5', '%00']) {
      expectErrorShape(await call('GET', `${v1}/${bad}`, cast.admin.token), 400, 'VALIDATION_FAILED');
      expectErrorShape(await call('PUT', `${v1}/${bad}`, cast.admin.token, { name: 'x' }), 400);
      expectErrorShape(await call('DELETE', `${v1}/${bad}`, cast.admin.token), 400);
    }
    expect(failingFields(await call('GET', `${v2}?q=a%00b`, cast.admin.token))).toContain('querystring.q');
    expect(failingFields(await call('GET', `${v2}?employee_id=99999999999`, cast.admin.token))).toContain(
      'querystring.employee_id',
    );
    expect(failingFields(await call('GET', `${v2}?group_id=2147483648`, cast.admin.token))).toContain(
      'querystring.group_id',
    );
    const res = await t.app.inject({
      method: 'POST',
      url: v1,
      headers: { ...bearer(cast.admin.token), 'content-type': 'application/json' },
      payload: `{"email":"${uniqueEmail('nul')}","name":"a\\u0000b"}`,
    });
    expect(failingFields(res)).toContain('body.name');
  });
});

describe('GET v1/clients', () => {
  it('gives page 1 of 10 by invest_money (the sum of the client’s roles) descending, with the count', async () => {
    const db = t.database.db;
    const big: number[] = [];
    // Larger than anything else in this file's database, so they lead the default order.
    for (let i = 0; i < 12; i++) {
      const c = await buildClient(db, { name: `Big ${i}` });
      await buildCaseRole(db, { client_id: c.id, invest_money: 1e12 + i * 1000 });
      await buildCaseRole(db, { client_id: c.id, invest_money: 500, role: 'panel' });
      big.push(c.id);
    }
    const visible = await db.$count(clients, eq(clients.is_deleted, false));
    const page = await list(v1);
    expect(page.count).toBe(visible);
    expect(page.result).toHaveLength(10);
    expect(ids(page)).toEqual([...big].reverse().slice(0, 10));
    expect(page.result[0]!.invest_money).toBe(1e12 + 11 * 1000 + 500);

    const second = await list(`${v1}?page=2&size=10`);
    expect(ids(second).slice(0, 2)).toEqual([big[1], big[0]]);
    expect((await list(`${v1}?all=1`)).result).toHaveLength(visible);
    expect((await list(`${v1}?size=3&sort=invest_money:asc`)).result.map((r) => r.invest_money)).toEqual(
      [...(await list(`${v1}?all=1`)).result.map((r) => r.invest_money)].sort((a, b) => a - b).slice(0, 3),
    );

    // The sum follows every role write: an amount changed, a role removed, all removed.
    const top = big[11]!;
    const [panel] = await db
      .select()
      .from(caseRoles)
      .where(and(eq(caseRoles.client_id, top), eq(caseRoles.role, 'panel')));
    await db.update(caseRoles).set({ invest_money: 7 }).where(eq(caseRoles.id, panel!.id));
    expect((await detailSummary(top)).invest_money).toBe(1e12 + 11_000 + 7);
    await db.delete(caseRoles).where(eq(caseRoles.id, panel!.id));
    expect((await detailSummary(top)).invest_money).toBe(1e12 + 11_000);
    await db.delete(caseRoles).where(eq(caseRoles.client_id, top));
    expect((await detailSummary(top)).invest_money).toBe(0);
  });

  it('keeps what a client invested per currency: NT$ sorts, other currencies shown apart, deleted cases out', async () => {
    const db = t.database.db;
    const c = await buildClient(db, { name: `Currencies ${tag()}` });
    const ntd = await buildCase(db, { currency: 'NTD' });
    const usd = await buildCase(db, { currency: 'USD' });
    await buildCaseRole(db, { client_id: c.id, case_id: ntd.id, invest_money: 3_000_000 });
    await buildCaseRole(db, { client_id: c.id, case_id: usd.id, invest_money: 20_000 });
    const summary = await detailSummary(c.id);
    expect(summary.invest_money).toBe(3_000_000);
    expect(summary.invested).toEqual({ NTD: 3_000_000, USD: 20_000 });

    // A case whose currency changes moves its amounts; a deleted case's amounts leave, a restored one's come back.
    await db.update(cases).set({ currency: 'NTD' }).where(eq(cases.id, usd.id));
    expect((await detailSummary(c.id)).invested).toEqual({ NTD: 3_020_000 });
    expect((await detailSummary(c.id)).invest_money).toBe(3_020_000);
    await db.update(cases).set({ currency: 'USD' }).where(eq(cases.id, usd.id));
    await db.update(cases).set({ is_deleted: true }).where(eq(cases.id, ntd.id));
    expect(await detailSummary(c.id)).toMatchObject({ invest_money: 0, invested: { USD: 20_000 } });
    await db.update(cases).set({ is_deleted: false }).where(eq(cases.id, ntd.id));
    expect(await detailSummary(c.id)).toMatchObject({
      invest_money: 3_000_000,
      invested: { NTD: 3_000_000, USD: 20_000 },
    });
  });

  it('sorts by the fields it knows and refuses any other with 400', async () => {
    const word = tag();
    const db = t.database.db;
    const b = await buildClient(db, { name: `${word} b`, check_size: null });
    const a = await buildClient(db, { name: `${word} a`, check_size: 5 });
    const c = await buildClient(db, { name: `${word} c`, check_size: 9 });
    expect(ids(await list(`${v2}?q=${word}&sort=name:asc`))).toEqual([a.id, b.id, c.id]);
    expect(ids(await list(`${v2}?q=${word}&sort=name:desc`))).toEqual([c.id, b.id, a.id]);
    // An empty check size comes last either way.
    expect(ids(await list(`${v2}?q=${word}&sort=check_size:desc`))).toEqual([c.id, a.id, b.id]);
    expect(ids(await list(`${v2}?q=${word}&sort=check_size:asc`))).toEqual([a.id, c.id, b.id]);
    for (const sort of ['password_hash:asc', 'email:desc', 'name', 'name:up', 'invest_money:DESC']) {
      expect(failingFields(await call('GET', `${v1}?sort=${sort}`, cast.admin.token))).toContain(
        'querystring.sort',
      );
    }
    expect(failingFields(await call('GET', `${v1}?size=1000`, cast.admin.token))).toContain(
      'querystring.size',
    );
  });
});

/** A client as the list shows it (v2, found by id through its unique email). */
async function detailSummary(id: number) {
  const row = await stageOf(id);
  const found = await list(`${v2}?q=${encodeURIComponent(row.email)}`);
  expect(found.count).toBe(1);
  return found.result[0]!;
}

describe('GET v2/clients filters', () => {
  it('filters by text over name, email and phone, tier, stage, type, owner, keys, expiry and group', async () => {
    const db = t.database.db;
    const word = tag();
    const day = 86_400_000;
    const mk = (o: Partial<typeof clients.$inferInsert> & { name: string }) =>
      buildClient(db, { ...o, name: `${word} ${o.name}` });
    const gp = await mk({ name: '王大明', membership: 'gp', type: 'Lead Angel', phone: '0912-000-111' });
    const panel = await mk({
      name: 'Lin',
      membership: 'panel',
      process_status: 'p3',
      employee_id: cast.sa.id,
      domain_keys: ['ai', 'biotech'],
      industry_keys: ['semiconductor'],
    });
    const expired = await mk({ name: 'Old', expiry_at: new Date(Date.now() - day) });
    const expiring = await mk({ name: 'Soon', expiry_at: new Date(Date.now() + 10 * day) });
    const later = await mk({ name: 'Later', expiry_at: new Date(Date.now() + 90 * day) });
    const everyone = [gp, panel, expired, expiring, later].map((c) => c.id).sort();

    const q = (extra: string) => list(`${v2}?q=${word}${extra}&all=1`).then((b) => ids(b).sort());
    expect(await q('')).toEqual(everyone);
    expect(await q('&process_status=all')).toEqual(everyone);
    expect(ids(await list(`${v2}?q=${encodeURIComponent('王大')}`))).toEqual([gp.id]);
    expect(ids(await list(`${v2}?q=${encodeURIComponent(panel.email.toUpperCase())}`))).toEqual([panel.id]);
    expect(ids(await list(`${v2}?q=0912-000`))).toEqual([gp.id]);
    expect(await q('&membership=gp')).toEqual([gp.id]);
    expect(await q('&process_status=p3')).toEqual([panel.id]);
    expect(await q(`&type=${encodeURIComponent('Lead Angel')}`)).toEqual([gp.id]);
    expect(await q(`&employee_id=${cast.sa.id}`)).toEqual([panel.id]);
    expect(await q('&domain=biotech')).toEqual([panel.id]);
    expect(await q('&domain=bio')).toEqual([]);
    expect(await q('&industry=semiconductor')).toEqual([panel.id]);
    expect(await q('&expiry=expired')).toEqual([expired.id]);
    expect(await q('&expiry=expiring')).toEqual([expiring.id]);

    const [group] = await db
      .insert(clientGroups)
      .values({ name: `group ${word}` })
      .returning();
    await db.insert(clientGroupMembers).values([
      { group_id: group!.id, client_id: gp.id },
      { group_id: group!.id, client_id: later.id },
    ]);
    expect(await q(`&group_id=${group!.id}`)).toEqual([gp.id, later.id].sort());
    expect(await q(`&group_id=${group!.id}&membership=gp`)).toEqual([gp.id]);

    // Paged: the count is of every match.
    const paged = await list(`${v2}?q=${word}&page=2&size=2&sort=name:asc`);
    expect(paged.count).toBe(5);
    expect(paged.result).toHaveLength(2);
    for (const bad of ['membership=vip', 'process_status=p9', 'expiry=soon', 'is_deleted=yes']) {
      expect(failingFields(await call('GET', `${v2}?${bad}`, cast.admin.token))).toHaveLength(1);
    }
  });

  it('lists deleted clients apart: every one for admin, their own for sa and ir', async () => {
    const db = t.database.db;
    const word = tag();
    const mine = await buildClient(db, { name: `${word} mine`, is_deleted: true, employee_id: cast.sa.id });
    const theirs = await buildClient(db, { name: `${word} theirs`, is_deleted: true });
    await buildClient(db, { name: `${word} live`, employee_id: cast.sa.id });
    expect(ids(await list(`${v2}?q=${word}&is_deleted=1`)).sort()).toEqual([mine.id, theirs.id].sort());
    expect(ids(await list(`${v2}?q=${word}&is_deleted=1`, cast.sa))).toEqual([mine.id]);
    expect(ids(await list(`${v2}?q=${word}&is_deleted=1`, cast.ir))).toEqual([]);
    expect(ids(await list(`${v2}?q=${word}`))).not.toContain(mine.id);
  });
});

describe('GET v2/clients/stats', () => {
  it('counts clients and sums check_size per stage under the filters, every stage present', async () => {
    const db = t.database.db;
    const word = tag();
    await buildClient(db, { name: `${word} 1`, process_status: 'p1', check_size: 1_000_000 });
    await buildClient(db, { name: `${word} 2`, process_status: 'p1', check_size: 2_500_000.5 });
    await buildClient(db, { name: `${word} 3`, process_status: 'p1', check_size: null, membership: 'gp' });
    await buildClient(db, { name: `${word} 4`, process_status: 'p6', check_size: 3 });
    await buildClient(db, { name: `${word} 5`, process_status: 'p6', is_deleted: true, check_size: 99 });
    await buildClient(db, { name: `${word} 6`, process_status: 'p1', check_size: 20_000, currency: 'USD' });
    const s = await stats(`?q=${word}`);
    expect(Object.keys(s).sort()).toEqual(['drop', 'p0', 'p1', 'p2', 'p3', 'p4', 'p5', 'p6']);
    // Amounts in two currencies are never added together.
    expect(s.p1).toEqual({ count: 4, check_size: { NTD: 3_500_000.5, USD: 20_000 } });
    expect(s.p6).toEqual({ count: 1, check_size: { NTD: 3 } });
    expect(s.p0).toEqual({ count: 0, check_size: {} });
    expect((await stats(`?q=${word}&membership=gp`)).p1).toEqual({ count: 1, check_size: {} });
    expect((await stats(`?q=${word}&is_deleted=1`)).p6).toEqual({ count: 1, check_size: { NTD: 99 } });
    expect((await stats(`?q=${word}`, cast.sa)).p6.count).toBe(0);
    expect((await stats(`?q=${word}`, cast.ir)).p1.count).toBe(0);
    // The stage is not a filter of the stats (every column shows).
    expect((await stats(`?q=${word}&process_status=p1`)).p6.count).toBe(1);
  });
});

describe('GET v2/clients/stats without filters (the trigger-kept totals)', () => {
  it("keeps each stage's check sizes per currency through creates, moves, currency changes and deletes", async () => {
    const db = t.database.db;
    const before = await stats('');
    const delta = async () => {
      const now = await stats('');
      const diff = (stage: 'p2' | 'p3') => {
        const out: Record<string, number> = {};
        for (const cur of new Set([
          ...Object.keys(now[stage].check_size),
          ...Object.keys(before[stage].check_size),
        ])) {
          const d = (now[stage].check_size[cur] ?? 0) - (before[stage].check_size[cur] ?? 0);
          if (d !== 0) out[cur] = d;
        }
        return { count: now[stage].count - before[stage].count, check_size: out };
      };
      return { p2: diff('p2'), p3: diff('p3') };
    };
    const a = await buildClient(db, { name: `${tag()} a`, process_status: 'p2', check_size: 1_000_000 });
    const b = await buildClient(db, {
      name: `${tag()} b`,
      process_status: 'p2',
      check_size: 5_000,
      currency: 'USD',
    });
    expect(await delta()).toEqual({
      p2: { count: 2, check_size: { NTD: 1_000_000, USD: 5_000 } },
      p3: { count: 0, check_size: {} },
    });
    await db.update(clients).set({ process_status: 'p3' }).where(eq(clients.id, b.id));
    await db.update(clients).set({ currency: 'USD' }).where(eq(clients.id, a.id));
    expect(await delta()).toEqual({
      p2: { count: 1, check_size: { USD: 1_000_000 } },
      p3: { count: 1, check_size: { USD: 5_000 } },
    });
    await db.delete(clients).where(eq(clients.id, a.id));
    await db.update(clients).set({ check_size: null }).where(eq(clients.id, b.id));
    expect(await delta()).toEqual({ p2: { count: 0, check_size: {} }, p3: { count: 1, check_size: {} } });
  });
});

describe('POST v1/clients', () => {
  it('creates a client, owned by the sa or ir who creates it, replying with the detail', async () => {
    const email = uniqueEmail('new');
    const res = await call('POST', v1, cast.sa.token, {
      email: `  ${email.toUpperCase()} `,
      name: '新投資人',
      firstName: '投資人',
      lastName: '新',
      phone: '02-2345-6789',
      membership: 'paid',
      check_size: 3_000_000,
      currency: 'USD',
      domain_keys: ['ai'],
      expiry_at: '2031-01-31',
      process_status: 'p1',
    });
    const created = dataOf<Client>(res);
    expect(created).toMatchObject({
      email,
      name: '新投資人',
      firstName: '投資人',
      process_status: 'p1',
      dropped_from: null,
      check_size: 3_000_000,
      currency: 'USD',
      employee_id: cast.sa.id,
      employee: { id: cast.sa.id },
      has_login: false,
      must_change_password: false,
      expiry_at: '2031-01-31T00:00:00.000Z',
      is_deleted: false,
    });
    expect(created).not.toHaveProperty('password_hash');
    expect(await detail(created.id, cast.sa)).toEqual(created);
    const [entry] = (await log(created.id)).result;
    expect(entry).toMatchObject({ action: 'client.create', actor: { type: 'employee', id: cast.sa.id } });
    expect(entry!.changes.email).toEqual({ from: null, to: email });
    expect(JSON.stringify(entry!.changes)).not.toMatch(/password_hash|scrypt/);

    // An admin's client has no owner unless named.
    const byAdmin = dataOf<Client>(
      await call('POST', v1, cast.admin.token, { email: uniqueEmail(), name: 'x' }),
    );
    expect(byAdmin).toMatchObject({ employee_id: null, process_status: 'p0' });
  });

  it('refuses a stage the creator does not work, and an owner who does not work it', async () => {
    expectStageRefused(
      await call('POST', v1, cast.sa.token, { email: uniqueEmail(), name: 'x', process_status: 'p5' }),
      'p5',
    );
    expectStageRefused(
      await call('POST', v1, cast.ir.token, { email: uniqueEmail(), name: 'x', process_status: 'p0' }),
      'p0',
    );
    const inactive = await buildEmployee(t.database.db, { role: 'sa', status: 'inactive' });
    for (const owner of [cast.ao.id, cast.ir.id, inactive.id, 2147483000]) {
      expect(
        failingFields(
          await call('POST', v1, cast.sa.token, {
            email: uniqueEmail(),
            name: 'x',
            process_status: 'p2',
            employee_id: owner,
          }),
        ),
      ).toEqual(['body.employee_id']);
    }
    expect(
      failingFields(await call('POST', v1, cast.admin.token, { email: 'not-an-email', name: 'x' })),
    ).toEqual(['body.email']);
    // No password is ever set by staff: the body does not take one.
    expectErrorShape(
      await call('POST', v1, cast.admin.token, { email: uniqueEmail(), name: 'x', password: 'x' }),
      400,
      'VALIDATION_FAILED',
    );
  });

  it('refuses an email already used (any case, deleted clients too) with 409 EMAIL_TAKEN', async () => {
    const db = t.database.db;
    const live = await buildClient(db);
    const gone = await buildClient(db, { is_deleted: true });
    for (const email of [live.email, live.email.toUpperCase(), gone.email]) {
      expectErrorShape(await call('POST', v1, cast.admin.token, { email, name: 'x' }), 409, 'EMAIL_TAKEN');
    }
    // Two creates of one new address at once: one is stored, the other told it is taken.
    const email = uniqueEmail('race');
    const answers = await Promise.all(
      [1, 2].map(() => call('POST', v1, cast.admin.token, { email, name: 'race' })),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expectErrorShape(answers.find((r) => r.statusCode === 409)!, 409, 'EMAIL_TAKEN');
  });

  it('invites: mails a set-password link (no password), which signs the client in once used', async () => {
    const email = uniqueEmail('invited');
    const before = mailer.sent.length;
    const created = dataOf<Client>(
      await call('POST', v1, cast.sa.token, { email, name: '受邀投資人', invite: true }),
    );
    expect(created).toMatchObject({ has_login: false, must_change_password: true });
    const mails = mailer.sent.slice(before);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.to).toBe(email);
    expect(mail.text).toContain('受邀投資人 您好');
    expect(mail.text).toContain('Hello 受邀投資人');
    const token = /\/reset-password#token=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
    expect(token).toBeDefined();
    expect(mail.text).not.toMatch(/password:|密碼：/i);
    await expect(signIn(t.app, 'investor', email, NEW_PASSWORD)).rejects.toThrow(/401/);

    // A client's link is not a staff invitation: it opens no dashboard session.
    const auth = (url: string, payload: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url, payload });
    expectErrorShape(await auth('/api/auth/invitation/check', { token }), 410, 'INVITATION_LINK_INVALID');
    expectErrorShape(
      await auth('/api/auth/invitation/accept', { token, password: NEW_PASSWORD }),
      410,
      'INVITATION_LINK_INVALID',
    );

    const reset = await auth('/api/auth/password/reset', { token, password: NEW_PASSWORD });
    expect(reset.statusCode).toBe(200);
    expect(reset.json().data.strategy).toBe('investor');
    const session = await signIn(t.app, 'investor', email, NEW_PASSWORD);
    expect(session).toMatch(/\./);
    expect(await detail(created.id, cast.sa)).toMatchObject({ has_login: true, must_change_password: false });
    // Used once.
    expectErrorShape(await auth('/api/auth/password/reset', { token, password: NEW_PASSWORD }), 410);
    const history = (await log(created.id)).result.map((e) => e.action);
    expect(history).toEqual(['client.create']);

    // A new link can be sent; it is the only one that works.
    const again = mailer.sent.length;
    dataOf(await call('POST', `${v1}/${created.id}/invitation`, cast.sa.token));
    expect(mailer.sent.length).toBe(again + 1);
    expect((await log(created.id)).result[0]!.action).toBe('client.invite');
    expectStageRefused(await call('POST', `${v1}/${created.id}/invitation`, cast.ir.token), 'p0');
    expect(
      failingFields(
        await call('POST', v1, cast.admin.token, {
          email: uniqueEmail(),
          name: 'x',
          invite: true,
          status: 'inactive',
        }),
      ),
    ).toEqual(['body.invite']);
  });
});

describe('PUT v1/clients/{id}', () => {
  const mine = (stage: ContactStage, owner: number | null = cast.sa.id) =>
    buildClient(t.database.db, { process_status: stage, employee_id: owner });

  it('edits fields, recording old → new; an edit that changes nothing records nothing', async () => {
    const c = await mine('p1');
    const updated = dataOf<Client>(
      await put(c.id, { name: '改名', check_size: 123.45, expiry_at: '2030-05-01', phone: '' }, cast.sa),
    );
    expect(updated).toMatchObject({
      name: '改名',
      check_size: 123.45,
      expiry_at: '2030-05-01T00:00:00.000Z',
      phone: null,
    });
    const [entry] = (await log(c.id)).result;
    expect(entry!.action).toBe('client.update');
    expect(entry!.changes.name).toEqual({ from: c.name, to: '改名' });
    expect(entry!.actor.name).toMatch(/^sa /);
    dataOf(await put(c.id, { name: '改名', expiry_at: '2030-05-01T00:00:00Z' }, cast.sa));
    expect((await log(c.id)).count).toBe(1);
  });

  it('refuses an email another client holds (409) and an owner who cannot work the client (400)', async () => {
    const c = await mine('p1');
    const other = await buildClient(t.database.db);
    expectErrorShape(await put(c.id, { email: other.email }, cast.sa), 409, 'EMAIL_TAKEN');
    expect(dataOf<Client>(await put(c.id, { email: c.email }, cast.sa)).email).toBe(c.email);
    expect(failingFields(await put(c.id, { employee_id: cast.ir.id }, cast.sa))).toEqual([
      'body.employee_id',
    ]);
    expect(failingFields(await put(c.id, { employee_id: cast.ao.id }, cast.admin))).toEqual([
      'body.employee_id',
    ]);
    const other_sa = (await staffSession(t.app, t.database.db, 'sa')).employee;
    expect(dataOf<Client>(await put(c.id, { employee_id: other_sa.id }, cast.sa)).employee_id).toBe(
      other_sa.id,
    );
    expect((await log(c.id)).result[0]).toMatchObject({
      action: 'client.update',
      changes: { employee_id: { from: cast.sa.id, to: other_sa.id } },
      employee_names: { [cast.sa.id]: expect.any(String), [other_sa.id]: other_sa.name },
    });
  });

  it('moves forward freely, backward and through drop with a reason, keeping the stage left', async () => {
    const c = await mine('p1');
    const entered = (await stageOf(c.id)).stage_entered_at;
    const forward = dataOf<Client>(await put(c.id, { process_status: 'p2' }, cast.sa));
    expect(forward.process_status).toBe('p2');
    expect(new Date(forward.stage_entered_at).getTime()).toBeGreaterThan(entered.getTime());

    const back = await put(c.id, { process_status: 'p1' }, cast.sa);
    expect(failingFields(back)).toEqual(['body.reason']);
    expect(failingFields(await put(c.id, { process_status: 'drop', reason: '   ' }, cast.sa))).toEqual([
      'body.reason',
    ]);
    const dropped = dataOf<Client>(await put(c.id, { process_status: 'drop', reason: '暫無預算' }, cast.sa));
    expect(dropped).toMatchObject({ process_status: 'drop', dropped_from: 'p2' });
    expect(failingFields(await put(c.id, { process_status: 'p3' }, cast.sa))).toEqual(['body.reason']);
    const revived = dataOf<Client>(await put(c.id, { process_status: 'p3', reason: '重新聯繫' }, cast.sa));
    expect(revived).toMatchObject({ process_status: 'p3', dropped_from: null });

    const moves = (await log(c.id, cast.sa, '?action=client.move')).result;
    expect(moves.map((e) => [e.changes.process_status, e.reason])).toEqual([
      [{ from: 'drop', to: 'p3' }, '重新聯繫'],
      [{ from: 'p2', to: 'drop' }, '暫無預算'],
      [{ from: 'p1', to: 'p2' }, null],
    ]);
  });

  it('refuses moves outside the mover’s targets with 409 CLIENT_MOVE_NOT_ALLOWED', async () => {
    const early = await mine('p3');
    expectErrorShape(await put(early.id, { process_status: 'p5' }, cast.sa), 409, 'CLIENT_MOVE_NOT_ALLOWED');
    const late = await buildClient(t.database.db, { process_status: 'p5', employee_id: cast.ir.id });
    expectErrorShape(
      await put(late.id, { process_status: 'p2', reason: 'x' }, cast.ir),
      409,
      'CLIENT_MOVE_NOT_ALLOWED',
    );
    expect(dataOf<Client>(await put(late.id, { process_status: 'p6' }, cast.ir)).process_status).toBe('p6');
    // An admin moves anywhere (with a reason backwards).
    expect(dataOf<Client>(await put(late.id, { process_status: 'p2', reason: '重來' })).process_status).toBe(
      'p2',
    );
  });

  it('hands a client over from sa to ir on p4 → p5: the named ir owns it, else nobody', async () => {
    const named = await mine('p4');
    const moved = dataOf<Client>(
      await put(named.id, { process_status: 'p5', employee_id: cast.ir.id }, cast.sa),
    );
    expect(moved).toMatchObject({ process_status: 'p5', employee_id: cast.ir.id });
    expectStageRefused(await call('GET', `${v1}/${named.id}`, cast.sa.token), 'p5');
    expect((await detail(named.id, cast.ir)).employee_id).toBe(cast.ir.id);
    const [entry] = (await log(named.id, cast.ir)).result;
    expect(entry).toMatchObject({
      action: 'client.move',
      changes: {
        process_status: { from: 'p4', to: 'p5' },
        employee_id: { from: cast.sa.id, to: cast.ir.id },
      },
      employee_names: { [cast.ir.id]: expect.any(String) },
    });

    const unnamed = await mine('p4');
    expect(dataOf<Client>(await put(unnamed.id, { process_status: 'p5' }, cast.sa))).toMatchObject({
      process_status: 'p5',
      employee_id: null,
    });
    const wrong = await mine('p4');
    const otherSa = await buildEmployee(t.database.db, { role: 'sa' });
    expect(
      failingFields(await put(wrong.id, { process_status: 'p5', employee_id: otherSa.id }, cast.sa)),
    ).toEqual(['body.employee_id']);
    expect((await stageOf(wrong.id)).process_status).toBe('p4');
  });

  it('keeps two moves of one client at once consistent: one after the other', async () => {
    const c = await mine('p1');
    // Either may win the lock: p3 first makes the other a move back, which needs a reason.
    const answers = await Promise.all([
      put(c.id, { process_status: 'p2', reason: '重新安排面談' }, cast.sa),
      put(c.id, { process_status: 'p3', reason: '提案已送出' }, cast.sa),
    ]);
    for (const a of answers) expect(a.statusCode).toBe(200);
    const moves = (await log(c.id, cast.sa, '?action=client.move')).result.reverse();
    expect(moves).toHaveLength(2);
    expect(moves[0]!.changes.process_status!.from).toBe('p1');
    expect(moves[1]!.changes.process_status!.from).toBe(moves[0]!.changes.process_status!.to);
    expect((await stageOf(c.id)).process_status).toBe(moves[1]!.changes.process_status!.to);
  });

  it('ends the sessions of a client made inactive, who then cannot sign in', async () => {
    const c = await buildClient(t.database.db, { process_status: 'p1' });
    const session = await signIn(t.app, 'investor', c.email);
    const me = () => t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(session) });
    expect((await me()).statusCode).toBe(200);
    dataOf(await put(c.id, { status: 'inactive' }, cast.sa));
    expectErrorShape(await me(), 401);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/internal/v1/auth/clients',
      payload: { email: c.email, password: 'correct-horse-battery' },
    });
    expectErrorShape(res, 403, 'ACCOUNT_DEACTIVATED');
  });
});

describe('DELETE v1/clients/{id} and restore', () => {
  it('soft-deletes for admin or the owner, hides the client, stops its sign-in, and restores it', async () => {
    const db = t.database.db;
    const c = await buildClient(db, { process_status: 'p2', employee_id: cast.sa.id });
    const session = await signIn(t.app, 'investor', c.email);
    const otherSa = await staffSession(t.app, db, 'sa');
    const other = { id: otherSa.employee.id, token: otherSa.token };
    expectErrorShape(await call('DELETE', `${v1}/${c.id}`, other.token), 403, 'FORBIDDEN');
    expectStageRefused(await call('DELETE', `${v1}/${c.id}`, cast.ir.token), 'p2');

    const deleted = dataOf<Client>(await call('DELETE', `${v1}/${c.id}`, cast.sa.token));
    expect(deleted.is_deleted).toBe(true);
    expect(deleted.deleted_at).not.toBeNull();
    expectErrorShape(await call('GET', `${v1}/${c.id}`, cast.sa.token), 404, 'CLIENT_NOT_FOUND');
    expectErrorShape(
      await call('PUT', `${v1}/${c.id}`, cast.sa.token, { name: 'x' }),
      404,
      'CLIENT_NOT_FOUND',
    );
    expect(ids(await list(`${v1}?all=1`))).not.toContain(c.id);
    // Who may restore it may open it; nobody else.
    expect((await call('GET', `${v1}/${c.id}?include_deleted=1`, cast.sa.token)).statusCode).toBe(200);
    expect((await call('GET', `${v1}/${c.id}?include_deleted=1`, cast.admin.token)).statusCode).toBe(200);
    expectErrorShape(await call('GET', `${v1}/${c.id}?include_deleted=1`, other.token), 404);
    expectErrorShape(await call('POST', `${v1}/${c.id}/restore`, other.token), 404, 'CLIENT_NOT_FOUND');
    // Deleted comes before the stage: who works other stages is not told it, only that it is gone.
    for (const url of [`${v1}/${c.id}?include_deleted=1`, `${v1}/${c.id}`, `${v1}/${c.id}/log`]) {
      expectErrorShape(await call('GET', url, cast.ir.token), 404, 'CLIENT_NOT_FOUND');
    }
    expectErrorShape(await call('POST', `${v1}/${c.id}/restore`, cast.ir.token), 404, 'CLIENT_NOT_FOUND');

    // Its sign-in ends: the session and a new sign-in with the right password.
    expectErrorShape(
      await t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(session) }),
      401,
    );
    expectErrorShape(
      await t.app.inject({
        method: 'POST',
        url: '/api/internal/v1/auth/clients',
        payload: { email: c.email, password: 'correct-horse-battery' },
      }),
      403,
      'ACCOUNT_DEACTIVATED',
    );
    const mails = mailer.sent.length;
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/password/forgot',
      payload: { email: c.email, strategy: 'investor' },
    });
    await new Promise((r) => setTimeout(r, 50));
    expect(mailer.sent.length).toBe(mails);

    expectErrorShape(await call('DELETE', `${v1}/${c.id}`, cast.admin.token), 404, 'CLIENT_NOT_FOUND');
    const restored = dataOf<Client>(await call('POST', `${v1}/${c.id}/restore`, cast.sa.token));
    expect(restored).toMatchObject({ is_deleted: false, deleted_at: null, process_status: 'p2' });
    expect((await detail(c.id, cast.sa)).id).toBe(c.id);
    expect(await signIn(t.app, 'investor', c.email)).toMatch(/\./);
    expect((await log(c.id)).result.map((e) => e.action)).toEqual(['client.restore', 'client.delete']);
    // Restoring what is live changes nothing.
    dataOf(await call('POST', `${v1}/${c.id}/restore`, cast.admin.token));
    expect((await log(c.id)).count).toBe(2);
  });
});

describe('GET v1/clients/duplicates', () => {
  it('finds the email and the phone on its digits, naming only the records one may not open', async () => {
    const db = t.database.db;
    const digits = `09${String(Date.now()).slice(-8)}`;
    const byEmail = await buildClient(db, { process_status: 'p1' });
    const byPhone = await buildClient(db, {
      process_status: 'p5',
      phone: `${digits.slice(0, 4)}-${digits.slice(4, 7)}-${digits.slice(7)}`,
    });
    const dup = async (query: string, member: Member) =>
      dataOf<ClientDuplicate[]>(await call('GET', `${v1}/duplicates?${query}`, member.token));

    const found = await dup(
      `email=${encodeURIComponent(byEmail.email.toUpperCase())}&phone=${digits}`,
      cast.sa,
    );
    expect(found).toEqual([
      { id: byEmail.id, name: byEmail.name, matched: ['email'], visible: true, is_deleted: false },
      { id: byPhone.id, name: byPhone.name, matched: ['phone'], visible: false, is_deleted: false },
    ]);
    expect(JSON.stringify(found)).not.toContain(byPhone.email);
    expect((await dup(`phone=${encodeURIComponent(`+${digits}`)}`, cast.ir))[0]).toMatchObject({
      id: byPhone.id,
      visible: true,
    });
    expect(await dup(`email=${encodeURIComponent(byEmail.email)}&exclude_id=${byEmail.id}`, cast.sa)).toEqual(
      [],
    );
    expect(await dup('phone=123', cast.admin)).toEqual([]);
    expect(await dup('', cast.admin)).toEqual([]);
    expect(
      failingFields(await call('GET', `${v1}/duplicates?exclude_id=99999999999`, cast.admin.token)),
    ).toEqual(['querystring.exclude_id']);
  });
});

describe('GET v1/clients/{id}/log', () => {
  it('pages the history 20 at a time, newest first, naming who did what', async () => {
    const c = await buildClient(t.database.db, { process_status: 'p1' });
    for (let i = 0; i < 23; i++) dataOf(await put(c.id, { next_step: `step ${i}` }, cast.sa));
    const first = await log(c.id, cast.sa);
    expect(first.count).toBe(23);
    expect(first.result).toHaveLength(20);
    expect(first.result[0]).toMatchObject({
      action: 'client.update',
      actor: { type: 'employee', id: cast.sa.id },
      changes: { next_step: { from: 'step 21', to: 'step 22' } },
      reason: null,
    });
    const second = await log(c.id, cast.sa, '?page=2');
    expect(second.result).toHaveLength(3);
    expect(second.result.at(-1)!.changes.next_step).toEqual({ from: null, to: 'step 0' });
  });
});

describe('the stage totals behind counts and column heads', () => {
  it('stay equal to the clients through creates, moves, edits, deletes and restores', async () => {
    const db = t.database.db;
    const counted = async () => {
      const rows = await db.select().from(clients);
      const out: Record<string, { count: number; check_size: Record<string, number> }> = {};
      for (const r of rows.filter((c) => !c.is_deleted)) {
        const e = out[r.process_status] ?? { count: 0, check_size: {} };
        const sums = { ...e.check_size };
        if (r.check_size) sums[r.currency] = (sums[r.currency] ?? 0) + r.check_size;
        out[r.process_status] = { count: e.count + 1, check_size: sums };
      }
      return out;
    };
    const expectExact = async () => {
      const want = await counted();
      const got = await stats('');
      for (const [stage, value] of Object.entries(got)) {
        expect([stage, value]).toEqual([stage, want[stage] ?? { count: 0, check_size: {} }]);
      }
      expect((await list(v1)).count).toBe(Object.values(want).reduce((n, e) => n + e.count, 0));
      const saStages = ['p0', 'p1', 'p2', 'p3', 'p4', 'drop'];
      expect((await list(v1, cast.sa)).count).toBe(saStages.reduce((n, s) => n + (want[s]?.count ?? 0), 0));
    };
    await expectExact();
    const c = dataOf<Client>(
      await call('POST', v1, cast.sa.token, {
        email: uniqueEmail(),
        name: 'totals',
        check_size: 10,
        process_status: 'p3',
      }),
    );
    await expectExact();
    dataOf(await put(c.id, { process_status: 'p4', check_size: 25 }, cast.sa));
    await expectExact();
    dataOf(await put(c.id, { process_status: 'drop', reason: '不投了' }, cast.sa));
    dataOf(await call('DELETE', `${v1}/${c.id}`, cast.sa.token));
    await expectExact();
    expect((await stats('?is_deleted=1')).drop.count).toBeGreaterThanOrEqual(1);
    dataOf(await call('POST', `${v1}/${c.id}/restore`, cast.sa.token));
    await db.delete(clients).where(eq(clients.id, c.id));
    await expectExact();
  });
});
