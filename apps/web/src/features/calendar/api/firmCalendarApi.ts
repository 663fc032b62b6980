import type { CalendarEvent, CalendarFeed, FirmCalendarEvent } from '@dealflow/domain';
import {
  keepPreviousData,
  type QueryClient,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { api } from '../../../shared/api/index.ts';
import { caseKeys } from '../../cases/api/casesApi.ts';
import { ITEM_PATHS, itemKeys } from '../../cases/api/caseItemsApi.ts';
import { type CalendarFilters, calendarQuery } from '../lib/calendarParams.ts';

interface Data<T> {
  data: T;
}
interface ListPage<T> {
  result: T[];
  count: number;
}

const RANGE = '/api/internal/v2/calendars';
const FEED = '/api/internal/v1/me/calendar-feed';

export interface CalendarRange {
  /** ISO with offset, as FullCalendar's visible range starts and ends. */
  start: string;
  end: string;
}

export const firmCalendarKeys = {
  all: ['firmCalendar'] as const,
  range: (range: CalendarRange, filters: CalendarFilters) =>
    [
      'firmCalendar',
      'range',
      range.start,
      range.end,
      filters.caseId ?? null,
      filters.clientId ?? null,
      filters.employeeId ?? null,
    ] as const,
  feed: ['firmCalendar', 'feed'] as const,
};

/** The events overlapping the visible range; the last range's events stay while the next loads. */
export function useFirmCalendar(range: CalendarRange | null, filters: CalendarFilters) {
  return useQuery({
    queryKey: range ? firmCalendarKeys.range(range, filters) : (['firmCalendar', 'range', 'none'] as const),
    queryFn: async ({ signal }) =>
      range
        ? (
            await api.get<Data<ListPage<FirmCalendarEvent>>>(RANGE, {
              query: calendarQuery(range, filters),
              signal,
            })
          ).data
        : { result: [], count: 0 },
    enabled: range !== null,
    placeholderData: keepPreviousData,
  });
}

/**
 * After any write: the firm calendar, the case's 行事曆 tab and history, and every client's
 * calendar tab (a case event shows on the tab of each client taking part).
 */
function invalidateAfterWrite(queryClient: QueryClient, caseId: number) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: firmCalendarKeys.all }),
    queryClient.invalidateQueries({ queryKey: itemKeys.list(caseId, 'calendars') }),
    queryClient.invalidateQueries({ queryKey: caseKeys.log(caseId) }),
    queryClient.invalidateQueries({
      predicate: (q) =>
        q.queryKey[0] === 'clients' && q.queryKey[1] === 'records' && q.queryKey[3] === 'calendars',
    }),
  ]);
}

export interface EventBody {
  title: string;
  start_at: string;
  end_at: string;
  location: string | null;
}

/** New event on a case (`POST v1/cases/{caseId}/calendars`). */
export function useCreateFirmEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ caseId, body }: { caseId: number; body: EventBody }) =>
      (await api.post<Data<CalendarEvent>>(ITEM_PATHS.calendars(caseId), body)).data,
    onSettled: (_data, _error, { caseId }) => invalidateAfterWrite(queryClient, caseId),
  });
}

/** Edit, move or resize through the case's own call (`PUT v1/cases/{caseId}/calendars/{id}`). */
export function useUpdateFirmEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ caseId, id, body }: { caseId: number; id: number; body: Partial<EventBody> }) =>
      (await api.put<Data<CalendarEvent>>(`${ITEM_PATHS.calendars(caseId)}/${id}`, body)).data,
    onSettled: (_data, _error, { caseId }) => invalidateAfterWrite(queryClient, caseId),
  });
}

export function useDeleteFirmEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ caseId, id }: { caseId: number; id: number }) =>
      api.delete(`${ITEM_PATHS.calendars(caseId)}/${id}`),
    onSettled: (_data, _error, { caseId }) => invalidateAfterWrite(queryClient, caseId),
  });
}

// ── The .ics feed ────────────────────────────────────────────────────────────────────────────

export function useCalendarFeed(enabled: boolean) {
  return useQuery({
    queryKey: firmCalendarKeys.feed,
    queryFn: async () => (await api.get<Data<CalendarFeed>>(FEED)).data,
    enabled,
  });
}

/** Makes (or remakes, ending the old one) the feed; the answer holds its address, this once. */
export function useCreateCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => (await api.post<Data<CalendarFeed>>(FEED)).data,
    onSuccess: (feed) => queryClient.setQueryData(firmCalendarKeys.feed, { ...feed, url: null }),
  });
}

export function useDeleteCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => api.delete(FEED),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: firmCalendarKeys.feed }),
  });
}
