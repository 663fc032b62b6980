import type {
  Case,
  CaseCreateBody,
  CaseLogEntry,
  CaseStage,
  CaseStageStats,
  CaseSummary,
  CaseUpdateBody,
} from '@dealflow/domain';
import { LOG_PAGE_SIZE, MAX_PAGE_SIZE } from '@dealflow/domain';
import {
  keepPreviousData,
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../shared/api/index.ts';
import { BOARD_PAGE_SIZE, type ColumnSource } from '../../../shared/board/boardData.ts';

const V1 = '/api/internal/v1/cases';
const V2 = '/api/internal/v2/cases';

export type CaseCreateInput = z.input<typeof CaseCreateBody>;
export type CaseUpdateInput = z.input<typeof CaseUpdateBody>;

interface Data<T> {
  data: T;
}
export interface ListPage<T> {
  result: T[];
  count: number;
}

/** Filters shared by the list, the board columns and the stage counts (all optional). */
export interface CaseFilterQuery {
  keyword?: string;
  ao_id?: number;
  round?: string;
  domain?: string;
  currency?: string;
  is_deleted?: boolean;
}

export interface CaseListRequest extends CaseFilterQuery {
  status?: CaseStage;
  page: number;
  size: number;
  sort: string;
}

export const caseKeys = {
  all: ['cases'] as const,
  lists: ['cases', 'list'] as const,
  list: (q: CaseListRequest) => ['cases', 'list', q] as const,
  stats: (q: CaseFilterQuery) => ['cases', 'stats', q] as const,
  boards: ['cases', 'board'] as const,
  board: (status: CaseStage, q: CaseFilterQuery) => ['cases', 'board', status, q] as const,
  detail: (id: number) => ['cases', 'detail', id] as const,
  log: (id: number) => ['cases', 'log', id] as const,
  stageLog: (id: number) => ['cases', 'stage-log', id] as const,
};

function filterQuery(q: CaseFilterQuery) {
  return {
    keyword: q.keyword,
    ao_id: q.ao_id,
    round: q.round,
    domain: q.domain,
    currency: q.currency,
    is_deleted: q.is_deleted ? 1 : undefined,
  };
}

export async function fetchCases(q: CaseListRequest): Promise<ListPage<CaseSummary>> {
  const body = await api.get<Data<ListPage<CaseSummary>>>(V2, {
    query: { ...filterQuery(q), status: q.status, page: q.page, size: q.size, sort: q.sort },
  });
  return body.data;
}

export function useCaseList(q: CaseListRequest) {
  return useQuery({
    queryKey: caseKeys.list(q),
    queryFn: () => fetchCases(q),
    placeholderData: keepPreviousData,
  });
}

export function useCaseStats(q: CaseFilterQuery) {
  return useQuery({
    queryKey: caseKeys.stats(q),
    queryFn: async () => (await api.get<Data<CaseStageStats>>(`${V2}/stats`, { query: filterQuery(q) })).data,
    placeholderData: keepPreviousData,
  });
}

/** One board column: the cases of a stage, most recently touched first, 30 at a time. */
export function caseColumnSource(status: CaseStage, q: CaseFilterQuery): ColumnSource<CaseSummary> {
  return {
    queryKey: caseKeys.board(status, q),
    fetchPage: (page) => fetchCases({ ...q, status, page, size: BOARD_PAGE_SIZE, sort: 'updated_at:desc' }),
  };
}

export function useCase(id: number) {
  return useQuery({
    queryKey: caseKeys.detail(id),
    // A deleted case still opens (read-only, with a way to restore it) rather than as a 404.
    queryFn: async () => (await api.get<Data<Case>>(`${V1}/${id}`, { query: { include_deleted: '1' } })).data,
  });
}

// Colleagues and domain keys are reference data shared with the client book.
export { useStaffDirectory, useStaticKeys } from '../../../shared/reference/referenceApi.ts';

/** Everything derived from cases (lists, board, counts, one case, its history) is refetched. */
export function invalidateCases(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: caseKeys.all });
}

export function useCreateCase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CaseCreateInput) => (await api.post<Data<Case>>(V1, body)).data,
    onSuccess: () => invalidateCases(queryClient),
  });
}

export async function updateCase(id: number, body: CaseUpdateInput): Promise<Case> {
  return (await api.put<Data<Case>>(`${V1}/${id}`, body)).data;
}

export function useUpdateCase(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CaseUpdateInput) => updateCase(id, body),
    onSuccess: (saved) => {
      queryClient.setQueryData(caseKeys.detail(id), saved);
      return invalidateCases(queryClient);
    },
  });
}

export function useDeleteCase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => (await api.delete<Data<Case>>(`${V1}/${id}`)).data,
    onSuccess: () => invalidateCases(queryClient),
  });
}

export function useRestoreCase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => (await api.post<Data<Case>>(`${V1}/${id}/restore`)).data,
    onSuccess: () => invalidateCases(queryClient),
  });
}

async function fetchLogPage(id: number, page: number, size = LOG_PAGE_SIZE, action?: string) {
  return (await api.get<Data<ListPage<CaseLogEntry>>>(`${V1}/${id}/log`, { query: { page, size, action } }))
    .data;
}

/** The history, newest first, 20 a page; a page with fewer than 20 entries is the last. */
export function useCaseLog(id: number) {
  return useInfiniteQuery({
    queryKey: caseKeys.log(id),
    initialPageParam: 1,
    queryFn: ({ pageParam }) => fetchLogPage(id, pageParam),
    getNextPageParam: (last, pages) => (last.result.length < LOG_PAGE_SIZE ? undefined : pages.length + 1),
  });
}

/**
 * The creation and every stage move, for the time-in-stage summary. Fetched in the largest pages
 * the API allows; a case rarely has more than one.
 */
export function useFullCaseLog(id: number) {
  return useQuery({
    queryKey: caseKeys.stageLog(id),
    queryFn: async () => {
      const all: CaseLogEntry[] = [];
      for (let page = 1; ; page += 1) {
        // Only the entries the summary reads: the creation and the stage moves.
        const { result } = await fetchLogPage(id, page, MAX_PAGE_SIZE, 'create,stage');
        all.push(...result);
        if (result.length < MAX_PAGE_SIZE) return all;
      }
    },
  });
}
