import type { FirmCalendarEvent } from '@dealflow/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../shared/api/index.ts';
import { i18n } from '../../shared/i18n/index.ts';
import { CalendarFilterBar } from './components/CalendarFilterBar.tsx';
import { calendarQuery, parseCalendarParams, viewOfFc, withCalendarParams } from './lib/calendarParams.ts';
import { calendarTexts } from './lib/calendarTexts.ts';
import { eventHref, toEventInput } from './lib/eventMapping.ts';

const everything = { cases: true, clients: true };

describe('firm calendar URL state', () => {
  it('reads the filters, the view and the date', () => {
    expect(
      parseCalendarParams(
        new URLSearchParams('case_id=12&client_id=7&employee_id=3&view=week&date=2026-11-26'),
        everything,
      ),
    ).toEqual({ caseId: 12, clientId: 7, employeeId: 3, view: 'week', date: '2026-11-26' });
  });

  it('drops what is malformed', () => {
    expect(
      parseCalendarParams(
        new URLSearchParams('case_id=abc&client_id=0&employee_id=-1&view=year&date=2026-02-30'),
        everything,
      ),
    ).toEqual({});
    expect(parseCalendarParams(new URLSearchParams('employee_id=1e3&date=26-11-2026'), everything)).toEqual(
      {},
    );
  });

  it('drops the filters the reader may not use', () => {
    const search = new URLSearchParams('case_id=12&client_id=7&employee_id=3');
    // An ir or sa reads clients, not cases.
    expect(parseCalendarParams(search, { cases: false, clients: true })).toEqual({
      clientId: 7,
      employeeId: 3,
    });
    // An ao reads cases, not clients.
    expect(parseCalendarParams(search, { cases: true, clients: false })).toEqual({
      caseId: 12,
      employeeId: 3,
    });
  });

  it('writes a change, keeping the other keys and removing what is unset', () => {
    const next = withCalendarParams(new URLSearchParams('case_id=12&view=week&other=1'), {
      caseId: undefined,
      employeeId: 4,
      date: '2026-12-01',
    });
    expect(Object.fromEntries(next)).toEqual({
      view: 'week',
      other: '1',
      employee_id: '4',
      date: '2026-12-01',
    });
  });

  it("maps FullCalendar's views back to ours", () => {
    expect(viewOfFc('dayGridMonth')).toBe('month');
    expect(viewOfFc('timeGridWeek')).toBe('week');
    expect(viewOfFc('listMonth')).toBe('list');
    expect(viewOfFc('timeGridDay')).toBeUndefined();
  });

  it('asks the server for the range and only the filters set', () => {
    const range = { start: '2026-10-26T00:00:00+08:00', end: '2026-12-07T00:00:00+08:00' };
    expect(calendarQuery(range, {})).toEqual({ start_at: range.start, end_at: range.end });
    expect(calendarQuery(range, { clientId: 7, employeeId: 3 })).toEqual({
      start_at: range.start,
      end_at: range.end,
      client_id: 7,
      employee_id: 3,
    });
  });
});

const event = (over: Partial<FirmCalendarEvent> = {}): FirmCalendarEvent => ({
  id: 41,
  case_id: 9,
  author: { id: 2, name: '王大明' },
  created_at: '2026-11-01T01:00:00.000Z',
  updated_at: '2026-11-01T01:00:00.000Z',
  title: '董事會',
  start_at: '2026-11-26T02:00:00.000Z',
  end_at: '2026-11-26T03:00:00.000Z',
  location: null,
  case: { id: 9, name: '星河科技' },
  ao: { id: 2, name: '王大明' },
  client: null,
  editable: true,
  ...over,
});

describe('firm calendar events', () => {
  it('link to the case calendar tab for readers of cases', () => {
    expect(eventHref(event(), true)).toBe('/dashboard/manager/9?tab=calendars');
    expect(eventHref(event({ client: { id: 5, name: '林小美' } }), true)).toBe(
      '/dashboard/manager/9?tab=calendars',
    );
  });

  it("link to the client's calendar tab for those who do not read cases", () => {
    expect(eventHref(event({ client: { id: 5, name: '林小美' } }), false)).toBe(
      '/dashboard/investor/5?tab=calendars',
    );
    expect(eventHref(event(), false)).toBeNull();
  });

  it('become FullCalendar events, draggable and resizable only when editable', () => {
    const input = toEventInput(event(), true);
    expect(input).toMatchObject({
      id: '41',
      title: '董事會',
      start: '2026-11-26T02:00:00.000Z',
      end: '2026-11-26T03:00:00.000Z',
      url: '/dashboard/manager/9?tab=calendars',
      editable: true,
      startEditable: true,
      durationEditable: true,
      classNames: ['firm-event--editable'],
    });
    expect(input.extendedProps.event.id).toBe(41);
    const readOnly = toEventInput(event({ editable: false, client: { id: 5, name: '林小美' } }), false);
    expect(readOnly).toMatchObject({
      url: '/dashboard/investor/5?tab=calendars',
      editable: false,
      startEditable: false,
      durationEditable: false,
      classNames: ['firm-event--readonly'],
    });
    expect('url' in toEventInput(event(), false)).toBe(false);
  });
});

describe('firm calendar texts', () => {
  it('give FullCalendar every hint in Chinese, not its English defaults', () => {
    const texts = calendarTexts(i18n.getFixedT('zh-TW'));
    const words = [
      texts.navLinkHint('11月26日'),
      texts.moreLinkHint(3),
      texts.moreLinkText(3),
      texts.closeHint,
      texts.timeHint,
      texts.eventHint,
      texts.allDayText,
    ];
    for (const word of words) expect(word).not.toMatch(/[A-Za-z]{2,}/);
    expect(texts.moreLinkText(3)).toContain('3');
  });
});

describe('firm calendar filters', () => {
  afterEach(() => vi.restoreAllMocks());
  const renderBar = (mayFilter: { cases: boolean; clients: boolean }) => {
    vi.spyOn(api, 'get').mockImplementation(() => new Promise(() => {}));
    return render(
      <QueryClientProvider client={new QueryClient()}>
        <CalendarFilterBar filters={{}} onChange={() => {}} mayFilter={mayFilter} />
      </QueryClientProvider>,
    );
  };

  it('offer a case picker to readers of cases and a client picker to readers of clients', () => {
    renderBar({ cases: true, clients: false });
    expect(screen.getByLabelText('案件')).toBeTruthy();
    expect(screen.queryByLabelText('投資人')).toBeNull();
    expect(screen.getByLabelText('同事')).toBeTruthy();
  });

  it('offer no case picker to those who do not read cases', () => {
    renderBar({ cases: false, clients: true });
    expect(screen.queryByLabelText('案件')).toBeNull();
    expect(screen.getByLabelText('投資人')).toBeTruthy();
  });
});
