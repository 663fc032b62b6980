import type {
  Client,
  ClientCreateBody,
  ClientStageStats,
  ClientSummary,
  ClientUpdateBody,
  ContactStage,
  MembershipTier,
} from '@dealflow/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../shared/api/index.ts';
import { invalidateClients } from './clientApi.ts';
import { clientKeys } from './clientsApi.ts';
import { BOARD_PAGE_SIZE, type ColumnSource, type ListPage } from '../../../shared/board/boardData.ts';

const V1 = '/api/internal/v1/clients';
const V2 = '/api/internal/v2/clients';

export type ClientCreateInput = z.input<typeof ClientCreateBody>;
export type ClientUpdateInput = z.input<typeof ClientUpdateBody>;

interface Data<T> {
  data: T;
}

/** Filters shared by the list, the board columns and the stage counts (all optional). */
export interface ClientFilterQuery {
  q?: string;
  membership?: MembershipTier;
  type?: string;
  employee_id?: number;
  domain?: string;
  industry?: string;
  expiry?: 'expired' | 'expiring';
  group_id?: number;
  is_deleted?: boolean;
  /** Only self-registered clients waiting for approval (issue 14). */
  application?: 'pending';
}

export interface ClientListRequest extends ClientFilterQuery {
  /** undefined is every stage the user may see. */
  process_status?: ContactStage;
  page: number;
  size: number;
  sort: string;
}

/** Keys of the client list and board, under the client keys: a change to a client refetches them all. */
export const clientBookKeys = {
  all: clientKeys.all,
  list: (q: ClientListRequest) => ['clients', 'list', q] as const,
  stats: (q: ClientFilterQuery) => ['clients', 'stats', q] as const,
  board: (stage: ContactStage, q: ClientFilterQuery) => ['clients', 'board', stage, q] as const,
};

/** The filters as the API names them (a flag as 1). */
export function filterQuery(q: ClientFilterQuery) {
  return {
    q: q.q,
    membership: q.membership,
    type: q.type,
    employee_id: q.employee_id,
    domain: q.domain,
    industry: q.industry,
    expiry: q.expiry,
    group_id: q.group_id,
    is_deleted: q.is_deleted ? 1 : undefined,
    application: q.application,
  };
}

export async function fetchClients(q: ClientListRequest): Promise<ListPage<ClientSummary>> {
  const body = await api.get<Data<ListPage<ClientSummary>>>(V2, {
    query: {
      ...filterQuery(q),
      process_status: q.process_status ?? 'all',
      page: q.page,
      size: q.size,
      sort: q.sort,
    },
  });
  return body.data;
}

export function useClientList(q: ClientListRequest) {
  return useQuery({
    queryKey: clientBookKeys.list(q),
    queryFn: () => fetchClients(q),
    placeholderData: keepPreviousData,
  });
}

/** Per contact stage: how many clients match the filters and their total check size. */
export function useClientStats(q: ClientFilterQuery) {
  return useQuery({
    queryKey: clientBookKeys.stats(q),
    queryFn: async () =>
      (await api.get<Data<ClientStageStats>>(`${V2}/stats`, { query: filterQuery(q) })).data,
    placeholderData: keepPreviousData,
  });
}

/** One board column: the clients of a contact stage, most recently touched first, 30 at a time. */
export function clientColumnSource(stage: ContactStage, q: ClientFilterQuery): ColumnSource<ClientSummary> {
  return {
    queryKey: clientBookKeys.board(stage, q),
    fetchPage: (page) =>
      fetchClients({ ...q, process_status: stage, page, size: BOARD_PAGE_SIZE, sort: 'updated_at:desc' }),
  };
}

export function useCreateClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: ClientCreateInput) => (await api.post<Data<Client>>(V1, body)).data,
    onSuccess: () => invalidateClients(queryClient),
  });
}
