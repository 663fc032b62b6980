import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CalendarFeed, FirmCalendarEvent } from '@dealflow/domain';
import { employees } from '../src/db/schema/index.ts';
import { buildCalendarEvent, buildCase, buildCaseRole, buildClient, staffSession } from './factories.ts';
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
const v2 = '/api/internal/v2/calendars';
const feedRoute = '/api/internal/v1/me/calendar-feed';

beforeAll(async () => {
  t = await buildTestApp();
  cast = await buildCast(t);
  call = caller(t);
});

/** Each test reads its own month, so the events of one do not show in another. */
const range = (month: string) =>
  `start_at=${encodeURIComponent(`2031-${month}-01T00:00:00+08:00`)}&end_at=${encodeURIComponent(`2031-${month}-28T00:00:00+08:00`)}`;
const at = (month: string, day: number, hour = 10) =>
  new Date(`2031-${month}-${String(day).padStart(2, '0')}T${String(hour).padStart(2, '0')}:00:00+08:00`);
const search = async (token: string, query: string) =>
  dataOf<ListBody<FirmCalendarEvent>>(await call('GET', `${v2}?${query}`, token));
const titles = (list: ListBody<FirmCalendarEvent>) => list.result.map((e) => e.title);

describe('the firm calendar', () => {
  it('refuses anonymous, investors and startups on every staff route', async () => {
    await expectStrangersRefused(t, cast, [
      ['GET', `${v2}?${range('01')}`],
      ['GET', feedRoute],
      ['POST', feedRoute],
      ['DELETE', feedRoute],
    ]);
  });

  it('answers the events overlapping the range, in the order they happen, without deleted cases', async () => {
    const db = t.database.db;
    const kase = await buildCase(db, { name: '行事曆案', ao_id: cast.ao.id });
    const gone = await buildCase(db, { is_deleted: true });
    const span = (d: number) => ({ start_at: at('02', d), end_at: at('02', d, 12) });
    await buildCalendarEvent(db, { case_id: kase.id, title: '第二場', ...span(10) });
    await buildCalendarEvent(db, { case_id: kase.id, title: '第一場', ...span(3) });
    await buildCalendarEvent(db, { case_id: gone.id, title: '已刪除案件的會議', ...span(5) });
    // Starts before the range and ends inside it: it overlaps, so it is there.
    await buildCalendarEvent(db, {
      case_id: kase.id,
      title: '跨月',
      start_at: at('01', 30),
      end_at: at('02', 1, 12),
    });
    await buildCalendarEvent(db, { case_id: kase.id, title: '範圍外', ...span(28) });

    const list = await search(cast.ao.token, range('02'));
    expect(titles(list)).toEqual(['跨月', '第一場', '第二場']);
    expect(list.count).toBe(3);
    expect(list.result[1]).toMatchObject({
      case_id: kase.id,
      case: { id: kase.id, name: '行事曆案' },
      ao: { id: cast.ao.id },
      client: null,
      editable: true,
      start_at: '2031-02-03T02:00:00.000Z',
    });
    // Another ao reads every case but edits only their own; admin edits all.
    expect((await search(cast.otherAo.token, range('02'))).result.every((e) => !e.editable)).toBe(true);
    expect((await search(cast.admin.token, range('02'))).result.every((e) => e.editable)).toBe(true);
  });

  it('refuses a range it cannot answer with the failing field', async () => {
    const bad = async (query: string) => failingFields(await call('GET', `${v2}?${query}`, cast.ao.token));
    expect(await bad('')).toEqual(expect.arrayContaining(['querystring.start_at', 'querystring.end_at']));
    expect(await bad('start_at=2031-03-02T00:00:00Z&end_at=2031-03-01T00:00:00Z')).toEqual([
      'querystring.end_at',
    ]);
    expect(await bad('start_at=2031-01-01T00:00:00Z&end_at=2032-03-01T00:00:00Z')).toEqual([
      'querystring.end_at',
    ]);
    expect(await bad(`${range('03')}&case_id=abc`)).toEqual(['querystring.case_id']);
    expect(await bad(`${range('03')}&color=red`)).toHaveLength(1);
    expect(await bad('start_at=tomorrow&end_at=2031-03-01T00:00:00Z')).toEqual(['querystring.start_at']);
  });

  it('shows ir and sa the events of the cases their clients take part in, linked to that client', async () => {
    const db = t.database.db;
    const p2 = await buildClient(db, { name: '開發中投資人', process_status: 'p2' });
    const p5 = await buildClient(db, { name: '執行中投資人', process_status: 'p5' });
    const gone = await buildClient(db, { process_status: 'p5', is_deleted: true });
    const ofP2 = await buildCase(db, { name: '開發案' });
    const ofP5 = await buildCase(db, { name: '執行案' });
    const ofGone = await buildCase(db);
    const lonely = await buildCase(db);
    await buildCaseRole(db, { case_id: ofP2.id, client_id: p2.id });
    await buildCaseRole(db, { case_id: ofP5.id, client_id: p5.id });
    await buildCaseRole(db, { case_id: ofGone.id, client_id: gone.id });
    const span = (d: number) => ({ start_at: at('04', d), end_at: at('04', d, 11) });
    await buildCalendarEvent(db, { case_id: ofP2.id, title: '開發會議', ...span(2) });
    await buildCalendarEvent(db, { case_id: ofP5.id, title: '執行會議', ...span(3) });
    await buildCalendarEvent(db, { case_id: ofGone.id, title: '已刪除投資人的會議', ...span(4) });
    await buildCalendarEvent(db, { case_id: lonely.id, title: '沒有投資人的會議', ...span(5) });

    const sa = await search(cast.sa.token, range('04'));
    expect(titles(sa)).toEqual(['開發會議']);
    expect(sa.result[0]).toMatchObject({ client: { id: p2.id, name: '開發中投資人' }, editable: false });
    const ir = await search(cast.ir.token, range('04'));
    expect(titles(ir)).toEqual(['執行會議']);
    expect(ir.result[0]?.client).toEqual({ id: p5.id, name: '執行中投資人' });
    expect(titles(await search(cast.ao.token, range('04')))).toHaveLength(4);

    // A client of another stage is no way in: the filter answers nothing, for any reader of it.
    expect(titles(await search(cast.ir.token, `${range('04')}&client_id=${p2.id}`))).toEqual([]);
    expect(titles(await search(cast.sa.token, `${range('04')}&client_id=${p2.id}`))).toEqual(['開發會議']);
    // An ao does not work clients: filtering by one shows nothing rather than every case.
    expect(titles(await search(cast.ao.token, `${range('04')}&client_id=${p5.id}`))).toEqual([]);
    expect(titles(await search(cast.admin.token, `${range('04')}&client_id=${p5.id}`))).toEqual(['執行會議']);
  });

  it('filters by case and by colleague (the events they wrote or on the cases they are the ao of)', async () => {
    const db = t.database.db;
    const mine = await buildCase(db, { ao_id: cast.otherAo.id });
    const other = await buildCase(db, { ao_id: cast.ao.id });
    const span = (d: number) => ({ start_at: at('05', d), end_at: at('05', d, 11) });
    await buildCalendarEvent(db, { case_id: mine.id, title: '他的案件', ...span(2) });
    await buildCalendarEvent(db, {
      case_id: other.id,
      title: '他寫的',
      created_by: cast.otherAo.id,
      ...span(3),
    });
    await buildCalendarEvent(db, { case_id: other.id, title: '別人的', created_by: cast.ao.id, ...span(4) });

    expect(titles(await search(cast.ao.token, `${range('05')}&employee_id=${cast.otherAo.id}`))).toEqual([
      '他的案件',
      '他寫的',
    ]);
    expect(titles(await search(cast.ao.token, `${range('05')}&case_id=${other.id}`))).toEqual([
      '他寫的',
      '別人的',
    ]);
  });

  it('shows an event where it was moved to through the case’s calendar call (a drag)', async () => {
    const db = t.database.db;
    const kase = await buildCase(db, { ao_id: cast.ao.id });
    const event = await buildCalendarEvent(db, {
      case_id: kase.id,
      title: '拖曳的會議',
      start_at: at('06', 10),
      end_at: at('06', 10, 11),
    });
    const moved = await call(
      'PUT',
      `/api/internal/v1/cases/${kase.id}/calendars/${event.id}`,
      cast.ao.token,
      {
        start_at: '2031-06-11T10:00:00+08:00',
        end_at: '2031-06-11T11:00:00+08:00',
      },
    );
    expect(moved.statusCode).toBe(200);
    const list = await search(cast.ao.token, range('06'));
    expect(list.result.find((e) => e.id === event.id)?.start_at).toBe('2031-06-11T02:00:00.000Z');
    // Another ao sees it as not editable, and the case call agrees: 403.
    const refused = await call(
      'PUT',
      `/api/internal/v1/cases/${kase.id}/calendars/${event.id}`,
      cast.otherAo.token,
      {
        start_at: '2031-06-12T10:00:00+08:00',
        end_at: '2031-06-12T11:00:00+08:00',
      },
    );
    expectErrorShape(refused, 403, 'FORBIDDEN');
  });
});

describe('the case picker of a new event', () => {
  it('offers with editable=1 only the cases the caller may change, so the create is never refused', async () => {
    const db = t.database.db;
    const tag = `選單${Date.now()}`;
    const own = await buildCase(db, { name: `${tag} 自己的`, ao_id: cast.ao.id });
    const helping = await buildCase(db, {
      name: `${tag} 協辦的`,
      ao_id: cast.otherAo.id,
      agent_ids: [cast.ao.id],
    });
    const others = await buildCase(db, { name: `${tag} 別人的`, ao_id: cast.otherAo.id });
    const names = async (token: string, extra = '&editable=1') =>
      dataOf<ListBody<{ id: number }>>(
        await call('GET', `/api/internal/v1/cases/name?q=${encodeURIComponent(tag)}${extra}`, token),
      ).result.map((c) => c.id);
    expect((await names(cast.ao.token)).sort()).toEqual([own.id, helping.id].sort());
    expect(await names(cast.ao.token, '')).toHaveLength(3);
    expect(await names(cast.admin.token)).toHaveLength(3);
    expect(await names(cast.ir.token)).toEqual([]);
    expect(await names(cast.sa.token)).toEqual([]);
    // What the picker offers, the case calendar call accepts; the rest it refuses.
    const event = {
      title: '新會議',
      start_at: '2031-07-01T10:00:00+08:00',
      end_at: '2031-07-01T11:00:00+08:00',
    };
    expect(
      (await call('POST', `/api/internal/v1/cases/${helping.id}/calendars`, cast.ao.token, event)).statusCode,
    ).toBe(200);
    expectErrorShape(
      await call('POST', `/api/internal/v1/cases/${others.id}/calendars`, cast.ao.token, event),
      403,
      'FORBIDDEN',
    );
    expect(
      failingFields(await call('GET', '/api/internal/v1/cases/name?editable=yes', cast.ao.token)),
    ).toEqual(['querystring.editable']);
  });
});

/** Every log line the app writes, as text. */
function captureLogs() {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      chunks.push(String(chunk));
      done();
    },
  });
  return { stream, text: () => chunks.join('') };
}

describe('the .ics feed', () => {
  const tokenOf = (feed: CalendarFeed) => new URL(feed.url ?? '').searchParams.get('token') ?? '';
  const pathOf = (feed: CalendarFeed) => {
    const url = new URL(feed.url ?? '');
    return `${url.pathname}${url.search}`;
  };
  const read = (path: string) => t.app.inject({ method: 'GET', url: path });

  it('gives an address once, whose calendar holds the events its owner may see', async () => {
    const db = t.database.db;
    const kase = await buildCase(db, { name: '訂閱案', ao_id: cast.ao.id });
    const soon = new Date(Date.now() + 3 * 86_400_000);
    await buildCalendarEvent(db, {
      case_id: kase.id,
      title: '簽約, 會議; 第一輪\n請準時',
      location: '台北',
      start_at: soon,
      end_at: new Date(soon.getTime() + 3_600_000),
    });
    const far = new Date(Date.now() + 500 * 86_400_000);
    await buildCalendarEvent(db, { case_id: kase.id, title: '太遠的會議', start_at: far, end_at: far });

    expect(dataOf<CalendarFeed>(await call('GET', feedRoute, cast.ao.token))).toEqual({
      active: false,
      created_at: null,
      url: null,
    });
    const made = dataOf<CalendarFeed>(await call('POST', feedRoute, cast.ao.token));
    expect(made.active).toBe(true);
    expect(made.url).toMatch(/\/api\/v1\/calendar\/feed\.ics\?token=[A-Za-z0-9_-]{43}$/);
    // Shown once: reading the state again never gives the address back.
    expect(dataOf<CalendarFeed>(await call('GET', feedRoute, cast.ao.token))).toMatchObject({
      active: true,
      url: null,
    });

    const res = await read(pathOf(made));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['cache-control']).toBe('private, no-store');
    const ics = res.body.replace(/\r\n[ \t]/g, '');
    expect(ics).toContain('BEGIN:VCALENDAR');
    expect(ics).toContain('SUMMARY:簽約\\, 會議\\; 第一輪\\n請準時');
    expect(ics).toContain('LOCATION:台北');
    expect(ics).toMatch(/UID:case-calendar-\d+@dealflow/);
    expect(ics).toContain(`/dashboard/manager/${kase.id}?tab=calendars`);
    expect(ics).not.toContain('太遠的會議');
  });

  it('ends the old address when a new one is made or the feed is ended, and for an inactive owner', async () => {
    const first = dataOf<CalendarFeed>(await call('POST', feedRoute, cast.admin.token));
    const second = dataOf<CalendarFeed>(await call('POST', feedRoute, cast.admin.token));
    expect(tokenOf(first)).not.toBe(tokenOf(second));
    expectErrorShape(await read(pathOf(first)), 404, 'CALENDAR_FEED_NOT_FOUND');
    expect((await read(pathOf(second))).statusCode).toBe(200);
    expect(dataOf(await call('DELETE', feedRoute, cast.admin.token))).toEqual({ ok: true });
    expectErrorShape(await read(pathOf(second)), 404, 'CALENDAR_FEED_NOT_FOUND');

    const leaving = await staffSession(t.app, t.database.db, 'sa');
    const feed = dataOf<CalendarFeed>(await call('POST', feedRoute, leaving.token));
    expect((await read(pathOf(feed))).statusCode).toBe(200);
    await t.database.db
      .update(employees)
      .set({ status: 'inactive' })
      .where(eq(employees.id, leaving.employee.id));
    expectErrorShape(await read(pathOf(feed)), 404, 'CALENDAR_FEED_NOT_FOUND');
  });

  it('answers every wrong secret alike and leaves exactly one address after two makes at once', async () => {
    for (const token of ['', 'x', 'A'.repeat(43), '%00', `${'A'.repeat(42)}\u00e9`, 'A'.repeat(200)]) {
      const res = await read(`/api/v1/calendar/feed.ics?token=${encodeURIComponent(token)}`);
      expectErrorShape(res, 404, 'CALENDAR_FEED_NOT_FOUND');
    }
    expectErrorShape(await read('/api/v1/calendar/feed.ics'), 400);
    expectErrorShape(await read(`/api/v1/calendar/feed.ics?token=${'A'.repeat(201)}`), 400);

    const [a, b] = await Promise.all([
      call('POST', feedRoute, cast.ir.token),
      call('POST', feedRoute, cast.ir.token),
    ]);
    const answers = await Promise.all(
      [dataOf<CalendarFeed>(a), dataOf<CalendarFeed>(b)].map(async (f) => (await read(pathOf(f))).statusCode),
    );
    expect(answers.sort()).toEqual([200, 404]);
  });

  it('keeps the secret out of the request log', async () => {
    const logs = captureLogs();
    const logged = await buildTestApp({ LOG_LEVEL: 'trace' }, { logStream: logs.stream });
    const owner = await staffSession(logged.app, logged.database.db, 'ao');
    const res = await logged.app.inject({
      method: 'POST',
      url: feedRoute,
      headers: { authorization: `Bearer ${owner.token}` },
    });
    const feed = dataOf<CalendarFeed>(res);
    const url = new URL(feed.url ?? '');
    expect((await logged.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` })).statusCode).toBe(
      200,
    );
    expect(logs.text()).toContain('/api/v1/calendar/feed.ics?token=[redacted]');
    expect(logs.text()).not.toContain(tokenOf(feed));
  });
});
