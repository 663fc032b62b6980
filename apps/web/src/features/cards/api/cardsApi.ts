import {
  type Card,
  type CardCreateBody,
  type CardGrant,
  type CardGroup,
  type CardImportReport,
  type CardPermission,
  type CardUpdateBody,
  type CaseLogEntry,
  LOG_PAGE_SIZE,
} from '@dealflow/domain';
import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { api } from '../../../shared/api/index.ts';
import { downloadFile, fetchBlob, uploadFile } from '../../../shared/api/transfer.ts';

const BASE = '/api/internal/v1/cards';

interface ListPage<T> {
  data: { result: T[]; count: number };
}
interface One<T> {
  data: T;
}

/** One page of the card list: search, filters, sort and paging all run on the server. */
export interface CardListRequest {
  q?: string | undefined;
  tag?: string | undefined;
  group_id?: number | undefined;
  sort?: string | undefined;
  page: number;
  size: number;
}

export const cardKeys = {
  all: ['cards'] as const,
  lists: () => ['cards', 'list'] as const,
  list: (request: CardListRequest) => ['cards', 'list', request] as const,
  one: (id: number) => ['cards', 'one', id] as const,
  permissions: (id: number) => ['cards', 'one', id, 'permissions'] as const,
  log: (id: number) => ['cards', 'one', id, 'log'] as const,
  image: (id: number, version: string) => ['cards', 'one', id, 'image', version] as const,
  groups: ['cards', 'groups'] as const,
};

export function useCards(request: CardListRequest) {
  return useQuery({
    queryKey: cardKeys.list(request),
    queryFn: async ({ signal }) =>
      (await api.get<ListPage<Card>>(BASE, { query: { ...request }, signal })).data,
    placeholderData: keepPreviousData,
  });
}

export function useCard(id: number | null) {
  return useQuery({
    queryKey: cardKeys.one(id ?? 0),
    queryFn: async ({ signal }) => (await api.get<One<Card>>(`${BASE}/${id}`, { signal })).data,
    enabled: id !== null,
  });
}

export function useCardGroups() {
  return useQuery({
    queryKey: cardKeys.groups,
    queryFn: async ({ signal }) =>
      (await api.get<ListPage<CardGroup>>(`${BASE}/groups`, { signal })).data.result,
  });
}

/** The photo as an object URL (fetched with the token: never a public address); revoked when replaced. */
export function useCardImage(card: Pick<Card, 'id' | 'image'> | null) {
  const version = card?.image?.updated_at ?? '';
  return useQuery({
    queryKey: cardKeys.image(card?.id ?? 0, version),
    queryFn: async ({ signal }) => URL.createObjectURL(await fetchBlob(`${BASE}/${card?.id}/image`, signal)),
    enabled: Boolean(card?.image),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 60_000,
  });
}

export function useCardPermissions(id: number, enabled: boolean) {
  return useQuery({
    queryKey: cardKeys.permissions(id),
    queryFn: async ({ signal }) =>
      (await api.get<ListPage<CardGrant>>(`${BASE}/${id}/permissions`, { signal })).data.result,
    enabled,
  });
}

/** The card's history, newest first, 20 a page; a page with fewer than 20 entries is the last. */
export function useCardLog(id: number) {
  return useInfiniteQuery({
    queryKey: cardKeys.log(id),
    initialPageParam: 1,
    queryFn: async ({ pageParam }) =>
      (
        await api.get<ListPage<CaseLogEntry>>(`${BASE}/${id}/log`, {
          query: { page: pageParam, size: LOG_PAGE_SIZE },
        })
      ).data,
    getNextPageParam: (last, pages) => (last.result.length < LOG_PAGE_SIZE ? undefined : pages.length + 1),
  });
}

/** A card write changes the lists and the card: every card query is refetched. */
function useInvalidateCards() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: cardKeys.all });
}

export function useSaveCard() {
  const invalidate = useInvalidateCards();
  return useMutation({
    mutationFn: async (input: { id: null; body: CardCreateBody } | { id: number; body: CardUpdateBody }) =>
      input.id === null
        ? (await api.post<One<Card>>(BASE, input.body)).data
        : (await api.put<One<Card>>(`${BASE}/${input.id}`, input.body)).data,
    onSuccess: () => void invalidate(),
  });
}

export function useSetCardGroups() {
  const invalidate = useInvalidateCards();
  return useMutation({
    mutationFn: async ({ id, groupIds }: { id: number; groupIds: number[] }) =>
      (await api.put<One<Card>>(`${BASE}/${id}/groups`, { group_ids: groupIds })).data,
    onSuccess: () => void invalidate(),
  });
}

export function useDeleteCard() {
  const invalidate = useInvalidateCards();
  return useMutation({
    mutationFn: async (id: number) => api.delete(`${BASE}/${id}`),
    onSuccess: () => void invalidate(),
  });
}

export function useSetCardPermission() {
  const invalidate = useInvalidateCards();
  return useMutation({
    mutationFn: async ({
      id,
      employeeId,
      permission,
    }: {
      id: number;
      employeeId: number;
      permission: CardPermission;
    }) => (await api.put<One<CardGrant>>(`${BASE}/${id}/permissions/${employeeId}`, { permission })).data,
    onSuccess: () => void invalidate(),
  });
}

export function useUploadCardImage() {
  const invalidate = useInvalidateCards();
  return useMutation({
    mutationFn: async ({ id, file }: { id: number; file: File }) =>
      (await uploadFile<One<Card>>(`${BASE}/${id}/image`, { file, method: 'PUT' })).data,
    onSuccess: () => void invalidate(),
  });
}

export function useDeleteCardImage() {
  const invalidate = useInvalidateCards();
  return useMutation({
    mutationFn: async (id: number) => api.delete(`${BASE}/${id}/image`),
    onSuccess: () => void invalidate(),
  });
}

export function useCreateCardGroup() {
  const invalidate = useInvalidateCards();
  return useMutation({
    mutationFn: async (name: string) => (await api.post<One<CardGroup>>(`${BASE}/groups`, { name })).data,
    onSuccess: () => void invalidate(),
  });
}

export function useRenameCardGroup() {
  const invalidate = useInvalidateCards();
  return useMutation({
    mutationFn: async ({ id, name }: { id: number; name: string }) =>
      (await api.put<One<CardGroup>>(`${BASE}/groups`, { id, name })).data,
    onSuccess: () => void invalidate(),
  });
}

export function useDeleteCardGroup() {
  const invalidate = useInvalidateCards();
  return useMutation({
    mutationFn: async (id: number) => api.delete(`${BASE}/groups/${id}`),
    onSuccess: () => void invalidate(),
  });
}

export function useImportCards() {
  const invalidate = useInvalidateCards();
  return useMutation({
    mutationFn: async ({ file, dryRun }: { file: File; dryRun: boolean }) =>
      (
        await uploadFile<One<CardImportReport>>(`${BASE}/import`, {
          file,
          query: dryRun ? { dry_run: 1 } : {},
        })
      ).data,
    onSuccess: (report) => {
      if (!report.dry_run) void invalidate();
    },
  });
}

/** The cards the filters match, as a vCard file saved by the browser. */
export function exportCards(filters: {
  q?: string | undefined;
  tag?: string | undefined;
  group_id?: number | undefined;
}) {
  return downloadFile(`${BASE}/export`, { query: { ...filters }, fallbackName: 'cards.vcf' });
}
