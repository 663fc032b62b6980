import type { Client, ClientDuplicate, ClientLogEntry, ClientUpdateBody } from '@dealflow/domain';
import { LOG_PAGE_SIZE } from '@dealflow/domain';
import {
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../shared/api/index.ts';
import { clientKeys } from './clientsApi.ts';

const V1 = '/api/internal/v1/clients';

export type ClientUpdateInput = z.input<typeof ClientUpdateBody>;

interface Data<T> {
  data: T;
}
interface ListPage<T> {
  result: T[];
  count: number;
}

export const clientPageKeys = {
  detail: (id: number) => [...clientKeys.all, 'detail', id] as const,
  log: (id: number) => [...clientKeys.all, 'log', id] as const,
  duplicates: (q: DuplicateQuery) => [...clientKeys.all, 'duplicates', q] as const,
};

export interface DuplicateQuery {
  email?: string;
  phone?: string;
  exclude_id?: number;
}

/** Lists, counts, names and the open client: everything derived from clients is refetched. */
export function invalidateClients(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: clientKeys.all });
}

export function useClient(id: number) {
  return useQuery({
    queryKey: clientPageKeys.detail(id),
    // A deleted client still opens for who may restore it (read-only, with the way back).
    queryFn: async () =>
      (await api.get<Data<Client>>(`${V1}/${id}`, { query: { include_deleted: '1' } })).data,
  });
}

export async function updateClient(id: number, body: ClientUpdateInput): Promise<Client> {
  return (await api.put<Data<Client>>(`${V1}/${id}`, body)).data;
}

export function useUpdateClient(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ClientUpdateInput) => updateClient(id, body),
    onSuccess: (saved) => {
      queryClient.setQueryData(clientPageKeys.detail(id), saved);
      return invalidateClients(queryClient);
    },
  });
}

export function useDeleteClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => (await api.delete<Data<Client>>(`${V1}/${id}`)).data,
    onSuccess: () => invalidateClients(queryClient),
  });
}

export function useRestoreClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => (await api.post<Data<Client>>(`${V1}/${id}/restore`)).data,
    onSuccess: (saved) => {
      queryClient.setQueryData(clientPageKeys.detail(saved.id), saved);
      return invalidateClients(queryClient);
    },
  });
}

/** Mails the client a (new) set-password link to the investor area; an older link stops working. */
export function useInviteClient(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => (await api.post<Data<Client>>(`${V1}/${id}/invitation`)).data,
    onSuccess: (saved) => {
      queryClient.setQueryData(clientPageKeys.detail(id), saved);
      return invalidateClients(queryClient);
    },
  });
}

/** The history, newest first, 20 a page; a page with fewer than 20 entries is the last. */
export function useClientLog(id: number) {
  return useInfiniteQuery({
    queryKey: clientPageKeys.log(id),
    initialPageParam: 1,
    queryFn: async ({ pageParam }) =>
      (
        await api.get<Data<ListPage<ClientLogEntry>>>(`${V1}/${id}/log`, {
          query: { page: pageParam, size: LOG_PAGE_SIZE },
        })
      ).data,
    getNextPageParam: (last, pages) => (last.result.length < LOG_PAGE_SIZE ? undefined : pages.length + 1),
  });
}

/** Other clients already holding this email or phone. */
export async function fetchClientDuplicates(
  q: DuplicateQuery,
  signal?: AbortSignal,
): Promise<ClientDuplicate[]> {
  return (await api.get<Data<ClientDuplicate[]>>(`${V1}/duplicates`, { query: { ...q }, signal })).data;
}

/** Other clients already holding this email or phone, asked before a save offers to create a twin. */
export function useClientDuplicates(q: DuplicateQuery) {
  return useQuery({
    queryKey: clientPageKeys.duplicates(q),
    queryFn: ({ signal }) => fetchClientDuplicates(q, signal),
    enabled: !!(q.email || q.phone),
    staleTime: 30_000,
  });
}
