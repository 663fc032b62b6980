import { describe, expect, it } from 'vitest';
import { buildCalendarEvent, buildCase } from './factories.ts';
import { caseItemSuite, v1 } from './caseItemSuite.ts';
import { dataOf, failingFields, type ListBody } from './staffCast.ts';

const s = caseItemSuite({
  path: 'calendars',
  action: 'calendar',
  notFound: 'CALENDAR_NOT_FOUND',
  build: (db, caseId) => buildCalendarEvent(db, { case_id: caseId }),
  create: {
    title: '董事會',
    start_at: '2030-04-01T10:00:00+08:00',
    end_at: '2030-04-01T12:00:00+08:00',
    location: '台北辦公室',
  },
  created: {
    title: '董事會',
    start_at: '2030-04-01T02:00:00.000Z',
    end_at: '2030-04-01T04:00:00.000Z',
    location: '台北辦公室',
  },
  update: { end_at: '2030-04-01T13:30:00+08:00', location: '' },
  updated: { end_at: '2030-04-01T05:30:00.000Z', location: null },
  invalid: [
    [{ start_at: '2030-04-01T10:00:00Z', end_at: '2030-04-01T11:00:00Z' }, ['body.title']],
    [{ title: 'x', start_at: 'tomorrow', end_at: '2030-04-01' }, ['body.start_at', 'body.end_at']],
    [{ title: 'x', start_at: '2030-04-01T10:00:00Z', end_at: '2030-04-01T09:59:59Z' }, ['body.end_at']],
  ],
});

describe('calendar events', () => {
  it('checks the end against the stored start when only one end moves', async () => {
    const { t, cast, call } = s;
    const c = await buildCase(t.database.db, { ao_id: cast.ao.id });
    const e = await buildCalendarEvent(t.database.db, {
      case_id: c.id,
      start_at: new Date('2030-04-01T10:00:00Z'),
      end_at: new Date('2030-04-01T11:00:00Z'),
    });
    const url = `${v1}/${c.id}/calendars/${e.id}`;
    expect(failingFields(await call('PUT', url, cast.ao.token, { end_at: '2030-04-01T09:00:00Z' }))).toEqual([
      'body.end_at',
    ]);
    expect(
      failingFields(await call('PUT', url, cast.ao.token, { start_at: '2030-04-01T12:00:00Z' })),
    ).toEqual(['body.end_at']);
    // An event may end when it starts.
    expect(dataOf(await call('PUT', url, cast.ao.token, { start_at: '2030-04-01T11:00:00Z' }))).toMatchObject(
      {
        start_at: '2030-04-01T11:00:00.000Z',
        end_at: '2030-04-01T11:00:00.000Z',
      },
    );
  });

  it('lists events in the order they happen', async () => {
    const { t, cast, call } = s;
    const c = await buildCase(t.database.db);
    const later = await buildCalendarEvent(t.database.db, {
      case_id: c.id,
      start_at: new Date('2031-01-01T00:00:00Z'),
      end_at: new Date('2031-01-01T01:00:00Z'),
    });
    const sooner = await buildCalendarEvent(t.database.db, {
      case_id: c.id,
      start_at: new Date('2030-01-01T00:00:00Z'),
      end_at: new Date('2030-01-01T01:00:00Z'),
    });
    const list = dataOf<ListBody<{ id: number }>>(
      await call('GET', `${v1}/${c.id}/calendars`, cast.ao.token),
    );
    expect(list.result.map((r) => r.id)).toEqual([sooner.id, later.id]);
  });
});
