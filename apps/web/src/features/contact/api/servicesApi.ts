import {
  SERVICE_LIST_DEFAULTS,
  type InboxType,
  type ServiceCounts,
  type ServiceThread,
} from '@dealflow/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/index.ts';
import { useLiveEvents, useLiveStatus } from '../../../shared/live/index.ts';

const BASE = '/api/internal/v1/services';
/** A case's threads with its startup, for staff who read the case (issue 14). */
export const caseServicesBase = (caseId: number) => `/api/internal/v1/cases/${caseId}/services`;
const COUNTS = '/api/internal/v2/services/counts';
/** While the live stream is down, the inbox asks again this often. */
export const POLL_MS = 5_000;

interface ListPage<T> {
  data: { result: T[]; count: number };
}
interface One<T> {
  data: T;
}

export interface ThreadListRequest {
  type: InboxType | undefined;
  page: number;
  size: number;
}

export const serviceKeys = {
  all: ['services'] as const,
  lists: () => ['services', 'list'] as const,
  list: (request: ThreadListRequest) => ['services', 'list', request] as const,
  one: (id: number) => ['services', 'one', id] as const,
  counts: () => ['services', 'counts'] as const,
};

export const DEFAULT_PAGE_SIZE = SERVICE_LIST_DEFAULTS.size;

/**
 * Refetches the inbox when the live channel says something changed (it says which thread, never
 * what was written), and tells the queries to poll while the stream is not open.
 */
export function useInboxLive(enabled = true): number | false {
  const queryClient = useQueryClient();
  useLiveEvents((message) => {
    if (message.type === 'reset') {
      void queryClient.invalidateQueries({ queryKey: serviceKeys.all });
      return;
    }
    void queryClient.invalidateQueries({ queryKey: serviceKeys.lists() });
    void queryClient.invalidateQueries({ queryKey: serviceKeys.counts() });
    void queryClient.invalidateQueries({ queryKey: serviceKeys.one(message.thread_id) });
  }, enabled);
  const status = useLiveStatus();
  return enabled && status !== 'open' ? POLL_MS : false;
}

export function useThreads(request: ThreadListRequest, poll: number | false) {
  return useQuery({
    queryKey: serviceKeys.list(request),
    queryFn: async ({ signal }) =>
      (await api.get<ListPage<ServiceThread>>(BASE, { query: { ...request }, signal })).data,
    placeholderData: keepPreviousData,
    refetchInterval: poll,
  });
}

/**
 * The threads a party sees (an investor's or a startup's own, at the services base) or a case's
 * (at `caseServicesBase`), all of them, newest first.
 */
export function useAllThreads(
  base: string,
  query: Record<string, number>,
  poll: number | false,
  enabled = true,
) {
  return useQuery({
    enabled,
    queryKey: [...serviceKeys.lists(), base, { ...query, all: 1 }] as const,
    queryFn: async ({ signal }) =>
      (await api.get<ListPage<ServiceThread>>(base, { query: { ...query, all: 1 }, signal })).data,
    refetchInterval: poll,
  });
}

/** One thread; `base` is the services path or a case's (the same thread, reached through its case). */
export function useThread(id: number | null, poll: number | false, base = BASE) {
  return useQuery({
    queryKey: serviceKeys.one(id ?? 0),
    queryFn: async ({ signal }) => (await api.get<One<ServiceThread>>(`${base}/${id}`, { signal })).data,
    enabled: id !== null,
    refetchInterval: poll,
  });
}

export function useServiceCounts(options: { enabled: boolean; poll: number | false }) {
  return useQuery({
    queryKey: serviceKeys.counts(),
    queryFn: async ({ signal }) => (await api.get<One<ServiceCounts>>(COUNTS, { signal })).data,
    enabled: options.enabled,
    refetchInterval: options.poll,
  });
}

/** A thread written or read changes its place, its tab and the counts: the thread is set, the rest refetched. */
function useThreadWrite<V>(write: (vars: V) => Promise<ServiceThread>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (thread) => {
      queryClient.setQueryData(serviceKeys.one(thread.id), thread);
      void queryClient.invalidateQueries({ queryKey: serviceKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: serviceKeys.counts() });
    },
  });
}

export function useReply(base = BASE) {
  return useThreadWrite(
    async ({ id, content }: { id: number; content: string }) =>
      (await api.post<One<ServiceThread>>(`${base}/${id}`, { content })).data,
  );
}

export function useMarkRead(base = BASE) {
  return useThreadWrite(
    async (id: number) => (await api.put<One<ServiceThread>>(`${base}/${id}`, { read: true })).data,
  );
}

/** Starts a thread with its first message: the party writes as themself; on a case, to its startup. */
export function useStartThread(base = BASE) {
  return useThreadWrite(
    async (body: { subject: string; content: string }) =>
      (await api.post<One<ServiceThread>>(base, body)).data,
  );
}
