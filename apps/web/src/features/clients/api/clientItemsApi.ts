import type {
  ClientAccount,
  ClientAccountCreateBody,
  ClientAccountUpdateBody,
  ClientContact,
  ClientContactCreateBody,
  ClientContactUpdateBody,
  ClientDdComment,
  ClientDdCreateBody,
  ClientDdUpdateBody,
  ClientInterest,
  ClientTodo,
  ClientTodoCreateBody,
  ClientTodoUpdateBody,
  InterestCreateBody,
  InterestUpdateBody,
} from '@dealflow/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../shared/api/index.ts';
import { useDeleteItem, useItemList, useSaveItem } from '../../../shared/api/itemQueries.ts';

const V1 = '/api/internal/v1/clients';
const INTERESTS = '/api/internal/v1/client/interests';

/**
 * The sub-resources of a client that are plain lists of items (SPEC section 7 "Clients"): where
 * each list is read and where its items are written. Interests are not under the client's path:
 * their list filters by `client_id` and a new one names its client in the body.
 */
export const CLIENT_ITEM_PATHS = {
  todos: { base: (clientId: number) => `${V1}/${clientId}/todo` },
  contacts: { base: (clientId: number) => `${V1}/${clientId}/contact` },
  accounts: { base: (clientId: number) => `${V1}/${clientId}/accounts` },
  interests: {
    base: (_clientId: number) => INTERESTS,
    query: (clientId: number) => ({ client_id: clientId }),
  },
  dd: { base: (clientId: number) => `/api/internal/v2/clients/${clientId}/dd` },
} as const;
export type ClientItemKind = keyof typeof CLIENT_ITEM_PATHS;

/** Per kind: the item as listed, and the bodies of its create and its edit. */
export interface ClientItemTypes {
  todos: {
    item: ClientTodo;
    create: z.input<typeof ClientTodoCreateBody>;
    edit: z.input<typeof ClientTodoUpdateBody>;
  };
  contacts: {
    item: ClientContact;
    create: z.input<typeof ClientContactCreateBody>;
    edit: z.input<typeof ClientContactUpdateBody>;
  };
  accounts: {
    item: ClientAccount;
    create: z.input<typeof ClientAccountCreateBody>;
    edit: z.input<typeof ClientAccountUpdateBody>;
  };
  interests: {
    item: ClientInterest;
    create: z.input<typeof InterestCreateBody>;
    edit: z.input<typeof InterestUpdateBody>;
  };
  dd: {
    item: ClientDdComment;
    create: z.input<typeof ClientDdCreateBody>;
    edit: z.input<typeof ClientDdUpdateBody>;
  };
}

export const clientItemKeys = {
  all: (clientId: number) => ['clients', 'items', clientId] as const,
  list: (clientId: number, kind: ClientItemKind) => ['clients', 'items', clientId, kind] as const,
  caseNames: (q: string, editable = false) => ['clients', 'caseNames', q, editable] as const,
};

interface Data<T> {
  data: T;
}

/** Every item of one kind of a client (interests: filtered by the client). */
export function useClientItems<K extends ClientItemKind>(clientId: number, kind: K) {
  const paths = CLIENT_ITEM_PATHS[kind];
  return useItemList<ClientItemTypes[K]['item']>(
    clientItemKeys.list(clientId, kind),
    paths.base(clientId),
    'query' in paths ? paths.query(clientId) : {},
  );
}

/** After a write the list is read again (SPEC: the to-do list is refetched after each change). */
function useInvalidate(clientId: number, kind: ClientItemKind) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: clientItemKeys.list(clientId, kind) }),
      // A comment of the client is also a comment of its case.
      kind === 'dd' ? queryClient.invalidateQueries({ queryKey: ['cases', 'items'] }) : null,
    ]);
}

/** Creates (POST) or edits (PUT) one item. */
export function useSaveClientItem<K extends ClientItemKind>(clientId: number, kind: K) {
  return useSaveItem<ClientItemTypes[K]['item'], ClientItemTypes[K]['create'], ClientItemTypes[K]['edit']>(
    CLIENT_ITEM_PATHS[kind].base(clientId),
    useInvalidate(clientId, kind),
  );
}

export function useDeleteClientItem(clientId: number, kind: ClientItemKind) {
  return useDeleteItem(CLIENT_ITEM_PATHS[kind].base(clientId), useInvalidate(clientId, kind));
}

/**
 * One account with its whole tax id and account number (admin and the client's owner). Each call
 * is recorded in the client's history, so it is asked for on a click, never cached or prefetched.
 */
export function useRevealAccount(clientId: number) {
  return useMutation({
    mutationFn: async (accountId: number) =>
      (await api.get<Data<ClientAccount>>(`${CLIENT_ITEM_PATHS.accounts.base(clientId)}/${accountId}/full`))
        .data,
  });
}

/**
 * Case names matching `q` for a picker (`v1/cases/name`, open to ir and sa too); `editable`: only
 * the cases the caller may change (the picker of a write).
 */
export function useCaseNames(q: string, options: { enabled: boolean; editable?: boolean }) {
  const editable = options.editable ?? false;
  return useQuery({
    queryKey: clientItemKeys.caseNames(q, editable),
    queryFn: async ({ signal }) =>
      (
        await api.get<Data<{ result: Array<{ id: number; name: string }> }>>('/api/internal/v1/cases/name', {
          query: { ...(q ? { q } : {}), ...(editable ? { editable: '1' } : {}) },
          signal,
        })
      ).data.result,
    enabled: options.enabled,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
