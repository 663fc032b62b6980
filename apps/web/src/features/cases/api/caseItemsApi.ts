import type {
  CalendarCreateBody,
  CalendarEvent,
  CalendarUpdateBody,
  CaseRole,
  Comment,
  CommentCreateBody,
  CommentUpdateBody,
  DdComment,
  DdCreateBody,
  DdImportReport,
  DdUpdateBody,
  InfoCreateBody,
  InfoUpdate,
  InfoUpdateBody,
  Maintenance,
  NewsItem,
  MaintenanceCreateBody,
  MaintenanceUpdateBody,
  RoleCreateBody,
  RoleUpdateBody,
  ShareholderHistory,
  ShareholderHistoryCreateBody,
  ShareholderHistoryUpdateBody,
  Todo,
  TodoCreateBody,
  TodoUpdateBody,
} from '@dealflow/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { tokenKey } from '@dealflow/domain';
import { ApiError, api, storedStrategy } from '../../../shared/api/index.ts';
import { useDeleteItem, useItemList, useSaveItem } from '../../../shared/api/itemQueries.ts';
import { local } from '../../../shared/storage.ts';
import { caseKeys, type ListPage } from './casesApi.ts';

const V1 = '/api/internal/v1/cases';

/** The sub-resources of a case that are plain lists of items, by their collection path. */
export const ITEM_PATHS = {
  todos: (caseId: number) => `${V1}/${caseId}/todo`,
  calendars: (caseId: number) => `${V1}/${caseId}/calendars`,
  comments: (caseId: number) => `${V1}/${caseId}/comments`,
  info: (caseId: number) => `${V1}/${caseId}/info`,
  maintenances: (caseId: number) => `${V1}/${caseId}/maintenances`,
  shareholders: (caseId: number) => `${V1}/${caseId}/shareholders`,
  dd: (caseId: number) => `/api/internal/v2/cases/${caseId}/dd`,
} as const;
export type ItemKind = keyof typeof ITEM_PATHS;

export interface ItemModels {
  todos: Todo;
  calendars: CalendarEvent;
  comments: Comment;
  info: InfoUpdate;
  maintenances: Maintenance;
  shareholders: ShareholderHistory;
  dd: DdComment;
}
export interface ItemCreateBodies {
  todos: z.input<typeof TodoCreateBody>;
  calendars: z.input<typeof CalendarCreateBody>;
  comments: z.input<typeof CommentCreateBody>;
  info: z.input<typeof InfoCreateBody>;
  maintenances: z.input<typeof MaintenanceCreateBody>;
  shareholders: z.input<typeof ShareholderHistoryCreateBody>;
  dd: z.input<typeof DdCreateBody>;
}
export interface ItemUpdateBodies {
  todos: z.input<typeof TodoUpdateBody>;
  calendars: z.input<typeof CalendarUpdateBody>;
  comments: z.input<typeof CommentUpdateBody>;
  info: z.input<typeof InfoUpdateBody>;
  maintenances: z.input<typeof MaintenanceUpdateBody>;
  shareholders: z.input<typeof ShareholderHistoryUpdateBody>;
  dd: z.input<typeof DdUpdateBody>;
}

export const itemKeys = {
  list: (caseId: number, kind: ItemKind | 'roles' | 'news') => ['cases', 'items', caseId, kind] as const,
};

interface Data<T> {
  data: T;
}

/** After a write the list, the case's history and the case itself (fund info) are stale. */
function useInvalidateItems(caseId: number, kind: ItemKind | 'roles') {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: itemKeys.list(caseId, kind) }),
      queryClient.invalidateQueries({ queryKey: caseKeys.log(caseId) }),
      queryClient.invalidateQueries({ queryKey: caseKeys.stageLog(caseId) }),
      kind === 'roles' ? queryClient.invalidateQueries({ queryKey: caseKeys.detail(caseId) }) : null,
      // Comments and info updates are what the case's news is made of.
      kind === 'comments' || kind === 'info'
        ? queryClient.invalidateQueries({ queryKey: itemKeys.list(caseId, 'news') })
        : null,
    ]);
}

/** Every item of one kind on a case. */
export function useCaseItems<K extends ItemKind>(caseId: number, kind: K) {
  return useItemList<ItemModels[K]>(itemKeys.list(caseId, kind), ITEM_PATHS[kind](caseId));
}

/** Creates (POST) or edits (PUT) one item. */
export function useSaveCaseItem<K extends ItemKind>(caseId: number, kind: K) {
  const invalidate = useInvalidateItems(caseId, kind);
  return useSaveItem<ItemModels[K], ItemCreateBodies[K], ItemUpdateBodies[K]>(
    ITEM_PATHS[kind](caseId),
    invalidate,
  );
}

export function useDeleteCaseItem(caseId: number, kind: ItemKind) {
  return useDeleteItem(ITEM_PATHS[kind](caseId), useInvalidateItems(caseId, kind));
}

// ── News ─────────────────────────────────────────────────────────────────────────────────────

/** The case's share of the firm-wide feed (`v1/news?case_id=`): the server applies the publish rule. */
export function useCaseNews(caseId: number) {
  return useQuery({
    queryKey: itemKeys.list(caseId, 'news'),
    queryFn: async () =>
      (
        await api.get<Data<ListPage<NewsItem>>>('/api/internal/v1/news', {
          query: { case_id: caseId, all: 1 },
        })
      ).data.result,
  });
}

// ── Fund roles ───────────────────────────────────────────────────────────────────────────────

export function useCaseRoles(caseId: number) {
  return useQuery({
    queryKey: itemKeys.list(caseId, 'roles'),
    queryFn: async () =>
      (await api.get<Data<ListPage<CaseRole>>>(`${V1}/${caseId}/role`, { query: { all: 1 } })).data.result,
  });
}

export function useAddRole(caseId: number) {
  const invalidate = useInvalidateItems(caseId, 'roles');
  return useMutation({
    mutationFn: async (body: z.input<typeof RoleCreateBody>) =>
      (await api.post<Data<CaseRole>>(`${V1}/${caseId}/role`, body)).data,
    onSuccess: invalidate,
  });
}

export function useUpdateRole(caseId: number) {
  const invalidate = useInvalidateItems(caseId, 'roles');
  return useMutation({
    mutationFn: async ({ id, body }: { id: number; body: z.input<typeof RoleUpdateBody> }) =>
      (await api.put<Data<CaseRole>>(`${V1}/${caseId}/role/${id}`, body)).data,
    onSuccess: invalidate,
  });
}

export function useRemoveRole(caseId: number) {
  const invalidate = useInvalidateItems(caseId, 'roles');
  return useMutation({
    mutationFn: async (id: number) => api.delete(`${V1}/${caseId}/role/${id}`),
    onSuccess: invalidate,
  });
}

// ── Due-diligence import ─────────────────────────────────────────────────────────────────────

/**
 * Uploads a CSV or XLSX file of due-diligence comments (multipart field "file"); the answer says
 * row by row what was imported and what was refused. The JSON client cannot send files, hence fetch.
 */
export function useImportDd(caseId: number) {
  const invalidate = useInvalidateItems(caseId, 'dd');
  return useMutation({
    mutationFn: async (file: File): Promise<DdImportReport> => {
      const form = new FormData();
      form.append('file', file);
      const authorization = local.getItem(tokenKey(storedStrategy()));
      const response = await fetch(`${import.meta.env.VITE_API_BASE ?? ''}${ITEM_PATHS.dd(caseId)}/import`, {
        method: 'POST',
        headers: { Accept: 'application/json', ...(authorization ? { Authorization: authorization } : {}) },
        body: form,
      });
      const text = await response.text();
      let body: unknown = text;
      try {
        body = text ? JSON.parse(text) : undefined;
      } catch {
        // A non-JSON answer (a proxy's error page) is shown as text.
      }
      if (!response.ok)
        throw new ApiError({ status: response.status, statusText: response.statusText, body });
      return (body as Data<DdImportReport>).data;
    },
    onSuccess: invalidate,
  });
}
