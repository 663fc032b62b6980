import { beforeAll, describe, expect, it } from 'vitest';
import { clientInterests, clientNotifications } from '../src/db/schema/index.ts';
import { buildTestApp, expectErrorShape, type TestApp } from './helpers.ts';
import { buildCalendarEvent, buildCase, buildCaseRole, buildClient, signIn } from './factories.ts';
import { buildCast, caller, dataOf, type Cast, type ListBody } from './staffCast.ts';

/**
 * The investor reads their own roles, cases, portfolio, calendar and notifications through the
 * staff routes under `clients/{id}` (issue 13): their own id 200, any other 403, and nothing of
 * another client in any reply.
 */

let t: TestApp;
let cast: Cast;
let call: ReturnType<typeof caller>;

beforeAll(async () => {
  t = await buildTestApp();
  cast = await buildCast(t);
  call = caller(t);
});

const base = (clientId: number) => `/api/internal/v1/clients/${clientId}`;
const READS = ['roles', 'cases', 'portfolio', 'portfolio/industries', 'calendars', 'notifications'];

/** Two investors on one case, each with money, events and notifications; `other` must never show. */
async function twoInvestors() {
  const db = t.database.db;
  const tag = Math.random().toString(36).slice(2, 8);
  const me = await buildClient(db, { name: `王小明 ${tag}`, process_status: 'p6' });
  const other = await buildClient(db, {
    name: `另一位投資人 ${tag}`,
    email: `other-${tag}@example.com`,
    process_status: 'p6',
  });
  const shared = await buildCase(db, { currency: 'NTD', domain_keys: ['ai', 'saas'] });
  const mine = await buildCase(db, { currency: 'USD', domain_keys: [] });
  const theirs = await buildCase(db, {
    name: `別人的案子 ${tag}`,
    currency: 'NTD',
    domain_keys: ['biotech'],
  });
  await buildCaseRole(db, {
    case_id: shared.id,
    client_id: me.id,
    role: 'co_invest',
    invest_money: 1_000_000,
    holdings_value: 1_200_000,
  });
  await buildCaseRole(db, { case_id: mine.id, client_id: me.id, role: 'co_invest', invest_money: 5000 });
  await buildCaseRole(db, { case_id: shared.id, client_id: other.id, role: 'lead_angel', invest_money: 9 });
  await buildCaseRole(db, { case_id: theirs.id, client_id: other.id, role: 'co_invest', invest_money: 7 });
  await buildCalendarEvent(db, { case_id: shared.id, title: '股東會' });
  await buildCalendarEvent(db, { case_id: theirs.id, title: `別人的會議 ${tag}` });
  await db.insert(clientNotifications).values([
    { client_id: me.id, title: '新案件開放' },
    { client_id: me.id, title: '文件待簽' },
    { client_id: other.id, title: `別人的通知 ${tag}` },
  ]);
  const token = await signIn(t.app, 'investor', me.email);
  const otherToken = await signIn(t.app, 'investor', other.email);
  return { me, other, shared, mine, theirs, token, otherToken, tag };
}

describe('an investor reads their own client records', () => {
  it('answers their own id, refuses another id with 403 FORBIDDEN, and a startup token', async () => {
    const { me, other, token } = await twoInvestors();
    for (const path of READS) {
      expect((await call('GET', `${base(me.id)}/${path}`, token)).statusCode, path).toBe(200);
      expectErrorShape(await call('GET', `${base(other.id)}/${path}`, token), 403, 'FORBIDDEN');
      expectErrorShape(await call('GET', `${base(me.id)}/${path}`, cast.startup), 403, 'WRONG_STRATEGY');
      expectErrorShape(await call('GET', `${base(me.id)}/${path}`), 401);
    }
    // A case as staff see it on the client's page stays staff's, and so do the writes.
    const role = dataOf<ListBody<{ id: number; case_id: number }>>(
      await call('GET', `${base(me.id)}/roles`, token),
    ).result[0]!;
    expectErrorShape(await call('GET', `${base(me.id)}/cases/${role.case_id}`, token), 403, 'WRONG_STRATEGY');
    expectErrorShape(
      await call('PUT', `${base(me.id)}/roles/${role.id}`, token, { holdings_value: 1 }),
      403,
      'WRONG_STRATEGY',
    );
    expectErrorShape(
      await call('POST', `${base(me.id)}/notifications`, token, { title: 'x' }),
      403,
      'WRONG_STRATEGY',
    );
  });

  it('never puts another client’s name, email, case or event in a reply', async () => {
    const { me, other, theirs, token, tag } = await twoInvestors();
    for (const path of READS) {
      const res = await call('GET', `${base(me.id)}/${path}?all=1`, token);
      expect(res.statusCode, res.body).toBe(200);
      for (const secret of [other.name, other.email, theirs.name, `別人的會議 ${tag}`, `別人的通知 ${tag}`]) {
        expect(res.body, `${path} holds ${secret}`).not.toContain(secret);
      }
      expect(res.body).not.toContain(`"client_id":${other.id},`);
    }
  });

  it('gives their roles, the cases they take part in, money per currency and industry, their events', async () => {
    const db = t.database.db;
    const { me, shared, mine, token } = await twoInvestors();
    // A case they only showed interest in stays out of their list (its name is the case list's to tell).
    const watched = await buildCase(db, { de_identification: true });
    await db.insert(clientInterests).values({ client_id: me.id, case_id: watched.id, level: 1 });

    const roles = dataOf<ListBody<{ case_id: number; invest_money: number | null }>>(
      await call('GET', `${base(me.id)}/roles`, token),
    );
    expect(roles.result.map((r) => r.case_id).sort()).toEqual([shared.id, mine.id].sort());

    const cases = dataOf<ListBody<{ id: number }>>(
      await call('GET', `${base(me.id)}/cases?in_case=0`, token),
    );
    expect(cases.result.map((c) => c.id).sort()).toEqual([shared.id, mine.id].sort());
    const staffView = dataOf<ListBody<{ id: number }>>(
      await call('GET', `${base(me.id)}/cases?in_case=0`, cast.admin.token),
    );
    expect(staffView.result.map((c) => c.id)).toEqual([watched.id]);

    expect(dataOf<ListBody>(await call('GET', `${base(me.id)}/portfolio`, token)).result).toEqual([
      expect.objectContaining({ currency: 'NTD', initial_investment: 1_000_000, holdings_value: 1_200_000 }),
      expect.objectContaining({ currency: 'USD', initial_investment: 5000 }),
    ]);
    expect(dataOf<ListBody>(await call('GET', `${base(me.id)}/portfolio/industries`, token))).toEqual({
      count: 2,
      result: [
        {
          currency: 'NTD',
          industry: 'ai',
          initial_investment: 1_000_000,
          holdings_value: 1_200_000,
          cases: 1,
        },
        { currency: 'USD', industry: null, initial_investment: 5000, holdings_value: 0, cases: 1 },
      ],
    });

    const events = dataOf<ListBody<{ title: string; case: { id: number } }>>(
      await call('GET', `${base(me.id)}/calendars`, token),
    );
    expect(events.result.map((e) => [e.title, e.case.id])).toEqual([['股東會', shared.id]]);
  });

  it('staff read the same routes as before', async () => {
    const { me } = await twoInvestors();
    for (const path of READS) {
      expect((await call('GET', `${base(me.id)}/${path}`, cast.admin.token)).statusCode, path).toBe(200);
    }
    const notices = dataOf<ListBody>(await call('GET', `${base(me.id)}/notifications`, cast.ir.token));
    expect(notices.count).toBe(2);
  });
});

describe('an investor marks their notifications read', () => {
  type Notice = { id: number; title: string; read_at: string | null };

  it('one at a time, all at once, the unread count following; only their own', async () => {
    const { me, other, token, otherToken } = await twoInvestors();
    const url = `${base(me.id)}/notifications`;
    const unread = async () => dataOf<ListBody<Notice>>(await call('GET', `${url}?unread=1`, token)).count;
    expect(await unread()).toBe(2);
    const [first, second] = dataOf<ListBody<Notice>>(await call('GET', url, token)).result;

    const read = dataOf<Notice>(await call('PUT', `${url}/${first!.id}`, token, { read: true }));
    expect(read.read_at).not.toBeNull();
    expect(await unread()).toBe(1);
    // Reading it again keeps the time it was first read.
    expect(dataOf<Notice>(await call('PUT', `${url}/${first!.id}`, token, { read: true })).read_at).toBe(
      read.read_at,
    );
    expect(
      dataOf<Notice>(await call('PUT', `${url}/${first!.id}`, token, { read: false })).read_at,
    ).toBeNull();

    // Another investor: refused on this client, not found under their own id.
    expectErrorShape(await call('PUT', `${url}/${second!.id}`, otherToken, { read: true }), 403, 'FORBIDDEN');
    expectErrorShape(
      await call('PUT', `${base(other.id)}/notifications/${second!.id}`, otherToken, { read: true }),
      404,
      'NOTIFICATION_NOT_FOUND',
    );
    expectErrorShape(await call('PUT', `${url}`, otherToken, { read: true }), 403, 'FORBIDDEN');
    // Staff do not mark an investor's notifications read.
    expectErrorShape(
      await call('PUT', `${url}/${second!.id}`, cast.admin.token, { read: true }),
      403,
      'WRONG_STRATEGY',
    );
    expectErrorShape(await call('PUT', `${url}/${second!.id}`, token, {}), 400, 'VALIDATION_FAILED');

    expect(dataOf<{ updated: number }>(await call('PUT', url, token, { read: true }))).toEqual({
      updated: 2,
    });
    expect(await unread()).toBe(0);
    expect(dataOf<{ updated: number }>(await call('PUT', url, token, { read: true }))).toEqual({
      updated: 0,
    });
    // The other investor's notification is untouched.
    expect(
      dataOf<ListBody>(await call('GET', `${base(other.id)}/notifications?unread=1`, otherToken)).count,
    ).toBe(1);
  });
});
