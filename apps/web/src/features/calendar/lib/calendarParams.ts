/**
 * The firm calendar's URL state: the filters (one case, one client, one colleague: any of them
 * together), the view and the date shown, so a link or a reload opens the same calendar.
 */

export const CALENDAR_VIEWS = ['month', 'week', 'list'] as const;
export type CalendarView = (typeof CALENDAR_VIEWS)[number];

/** FullCalendar's view for each of ours (the list spans a month, like the month grid). */
export const FC_VIEW: Record<CalendarView, string> = {
  month: 'dayGridMonth',
  week: 'timeGridWeek',
  list: 'listMonth',
};

export function viewOfFc(fcView: string): CalendarView | undefined {
  return CALENDAR_VIEWS.find((v) => FC_VIEW[v] === fcView);
}

export interface CalendarFilters {
  caseId?: number;
  clientId?: number;
  employeeId?: number;
}

export interface CalendarParams extends CalendarFilters {
  /** Absent: the screen's default (the list on a phone, the month elsewhere). */
  view?: CalendarView;
  /** A day in the period shown, YYYY-MM-DD; absent: today. */
  date?: string;
}

const positive = (value: string | null) =>
  value && /^[1-9]\d{0,8}$/.test(value) ? Number(value) : undefined;

const isDay = (value: string | null): value is string => {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(value);
};

/**
 * Reads the URL, dropping what is malformed and the filters the reader may not use (a case
 * filter for those who do not read cases, a client filter for those who do not read clients):
 * the server would refuse or ignore them and the page would show an unexplained filter.
 */
export function parseCalendarParams(
  search: URLSearchParams,
  may: { cases: boolean; clients: boolean },
): CalendarParams {
  const view = search.get('view');
  const date = search.get('date');
  const params: CalendarParams = {};
  const caseId = may.cases ? positive(search.get('case_id')) : undefined;
  const clientId = may.clients ? positive(search.get('client_id')) : undefined;
  const employeeId = positive(search.get('employee_id'));
  if (caseId !== undefined) params.caseId = caseId;
  if (clientId !== undefined) params.clientId = clientId;
  if (employeeId !== undefined) params.employeeId = employeeId;
  if ((CALENDAR_VIEWS as readonly (string | null)[]).includes(view)) params.view = view as CalendarView;
  if (isDay(date)) params.date = date;
  return params;
}

/** The URL after a change: each key set, or removed when undefined; other keys kept. */
export function withCalendarParams(search: URLSearchParams, patch: Partial<CalendarParams>): URLSearchParams {
  const next = new URLSearchParams(search);
  const names: Record<keyof CalendarParams, string> = {
    caseId: 'case_id',
    clientId: 'client_id',
    employeeId: 'employee_id',
    view: 'view',
    date: 'date',
  };
  for (const [key, name] of Object.entries(names) as [keyof CalendarParams, string][]) {
    if (!(key in patch)) continue;
    const value = patch[key];
    if (value === undefined) next.delete(name);
    else next.set(name, String(value));
  }
  return next;
}

/** The query of `GET v2/calendars` for a range and the filters. */
export function calendarQuery(range: { start: string; end: string }, filters: CalendarFilters) {
  return {
    start_at: range.start,
    end_at: range.end,
    ...(filters.caseId !== undefined ? { case_id: filters.caseId } : {}),
    ...(filters.clientId !== undefined ? { client_id: filters.clientId } : {}),
    ...(filters.employeeId !== undefined ? { employee_id: filters.employeeId } : {}),
  };
}
