import type {
  ClientCalendarEvent,
  ClientCaseDetail,
  ClientCaseEntry,
  ClientFile,
  ClientFileKind,
  ClientFileUpdateBody,
  ClientNotification,
  ClientNotificationCreateBody,
  ClientRole,
  ClientRoleValueBody,
  PortfolioValue,
} from '@dealflow/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../shared/api/index.ts';
import { downloadFile, uploadFile } from '../../../shared/api/transfer.ts';

/**
 * Query hooks of what a client's page shows besides the profile (issue 9): files, cases and
 * roles, the portfolio, the calendar of their cases and notifications. Lists come back as
 * `{ result, count }`; every key starts with the client's, so one invalidation refreshes the page.
 */

const V1 = '/api/internal/v1/clients';
const base = (clientId: number) => `${V1}/${clientId}`;

interface Data<T> {
  data: T;
}
export interface ListPage<T> {
  result: T[];
  count: number;
}

export const clientRecordKeys = {
  all: (clientId: number) => ['clients', 'records', clientId] as const,
  files: (clientId: number) => [...clientRecordKeys.all(clientId), 'files'] as const,
  cases: (clientId: number, params: ClientCasesParams) =>
    [...clientRecordKeys.all(clientId), 'cases', params] as const,
  caseDetail: (clientId: number, caseId: number) =>
    [...clientRecordKeys.all(clientId), 'case', caseId] as const,
  portfolio: (clientId: number) => [...clientRecordKeys.all(clientId), 'portfolio'] as const,
  calendars: (clientId: number, params: PageParams & { from?: string }) =>
    [...clientRecordKeys.all(clientId), 'calendars', params] as const,
  notifications: (clientId: number, params: PageParams) =>
    [...clientRecordKeys.all(clientId), 'notifications', params] as const,
};

export interface PageParams {
  page: number;
  size: number;
}

// ── Requests the JSON client cannot make: multipart with progress, and bytes ─────────────────

export interface UploadInput {
  file: File;
  kind: ClientFileKind;
  /** 0–100 as the bytes leave the browser. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

/** POSTs one file as multipart, the kind first, so the server knows it before the bytes. */
export async function uploadClientFile(clientId: number, input: UploadInput): Promise<ClientFile> {
  const body = await uploadFile<Data<ClientFile>>(`${base(clientId)}/files`, {
    file: input.file,
    fields: { kind: input.kind },
    onProgress: input.onProgress,
    signal: input.signal,
  });
  return body.data;
}

/** The authorised route of a file's bytes (downloads, and the PDF viewer). */
export const clientFileContentPath = (clientId: number, fileId: number) =>
  `${base(clientId)}/files/${fileId}/download`;

/** Downloads a file through the authorised route, saved under the file's name. */
export async function downloadClientFile(clientId: number, file: Pick<ClientFile, 'id' | 'name'>) {
  await downloadFile(clientFileContentPath(clientId, file.id), { filename: file.name });
}

// ── Files ──────────────────────────────────────────────────────────────────────────────────

export function useClientFiles(clientId: number) {
  return useQuery({
    queryKey: clientRecordKeys.files(clientId),
    queryFn: async ({ signal }) =>
      (await api.get<Data<ListPage<ClientFile>>>(`${base(clientId)}/files`, { query: { all: 1 }, signal }))
        .data,
  });
}

export function useUploadClientFile(clientId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UploadInput) => uploadClientFile(clientId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: clientRecordKeys.files(clientId) }),
  });
}

export function useUpdateClientFile(clientId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id: number; body: z.input<typeof ClientFileUpdateBody> }) =>
      (await api.put<Data<ClientFile>>(`${base(clientId)}/files/${id}`, body)).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: clientRecordKeys.files(clientId) }),
  });
}

export function useDeleteClientFile(clientId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`${base(clientId)}/files/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: clientRecordKeys.files(clientId) }),
  });
}

// ── Cases, roles and the portfolio ──────────────────────────────────────────────────────────

export type ClientCaseSortField = 'invest_money' | 'name' | 'status' | 'created_at';
export interface ClientCasesParams extends PageParams {
  sort: `${ClientCaseSortField}:${'asc' | 'desc'}`;
  /** `role`: cases with a role; `interest`: only showed interest; `all`: both. */
  filter: 'all' | 'role' | 'interest';
}

export function useClientCases(clientId: number, params: ClientCasesParams) {
  return useQuery({
    queryKey: clientRecordKeys.cases(clientId, params),
    queryFn: async ({ signal }) =>
      (
        await api.get<Data<ListPage<ClientCaseEntry>>>(`${base(clientId)}/cases`, {
          query: {
            page: params.page,
            size: params.size,
            sort: params.sort,
            in_case: params.filter === 'all' ? undefined : params.filter === 'role' ? 1 : 0,
          },
          signal,
        })
      ).data,
    placeholderData: keepPreviousData,
  });
}

export function useClientCase(clientId: number, caseId: number | null) {
  return useQuery({
    queryKey: clientRecordKeys.caseDetail(clientId, caseId ?? 0),
    queryFn: async ({ signal }) =>
      (await api.get<Data<ClientCaseDetail>>(`${base(clientId)}/cases/${caseId}`, { signal })).data,
    enabled: caseId !== null,
  });
}

export function useClientPortfolio(clientId: number) {
  return useQuery({
    queryKey: clientRecordKeys.portfolio(clientId),
    queryFn: async ({ signal }) =>
      (await api.get<Data<ListPage<PortfolioValue>>>(`${base(clientId)}/portfolio`, { signal })).data.result,
  });
}

/** ir and admin: what one holding is worth now and what came back from it. */
export function useSetRoleValue(clientId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ roleId, body }: { roleId: number; body: ClientRoleValueBody }) =>
      (await api.put<Data<ClientRole>>(`${base(clientId)}/roles/${roleId}`, body)).data,
    // The portfolio, the case list's sums and the open case all read these figures.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: clientRecordKeys.all(clientId) }),
  });
}

// ── Calendar and notifications ──────────────────────────────────────────────────────────────

export function useClientCalendars(clientId: number, params: PageParams & { from?: string }) {
  return useQuery({
    queryKey: clientRecordKeys.calendars(clientId, params),
    queryFn: async ({ signal }) =>
      (
        await api.get<Data<ListPage<ClientCalendarEvent>>>(`${base(clientId)}/calendars`, {
          query: { page: params.page, size: params.size, from: params.from },
          signal,
        })
      ).data,
    placeholderData: keepPreviousData,
  });
}

export function useClientNotifications(clientId: number, params: PageParams) {
  return useQuery({
    queryKey: clientRecordKeys.notifications(clientId, params),
    queryFn: async ({ signal }) =>
      (
        await api.get<Data<ListPage<ClientNotification>>>(`${base(clientId)}/notifications`, {
          query: { page: params.page, size: params.size },
          signal,
        })
      ).data,
    placeholderData: keepPreviousData,
  });
}

export function useSendClientNotification(clientId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: z.input<typeof ClientNotificationCreateBody>) =>
      (await api.post<Data<ClientNotification>>(`${base(clientId)}/notifications`, body)).data,
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: [...clientRecordKeys.all(clientId), 'notifications'] }),
  });
}
