import { type QueryKey, useMutation, useQuery } from '@tanstack/react-query';
import type { QueryValue } from './client.ts';
import { api } from './index.ts';

/**
 * The calls every list of sub-items makes (a case's to-dos, a client's accounts…): read the list,
 * create or edit one item, delete one. Each parent's api module says where and what goes stale.
 */

interface Data<T> {
  data: T;
}
interface ListPage<T> {
  result: T[];
  count: number;
}

/** Every item of a list (`all=1`: these lists are short), with the query's filters. */
export function useItemList<T>(key: QueryKey, path: string, query: Record<string, QueryValue> = {}) {
  return useQuery({
    queryKey: key,
    queryFn: async () =>
      (await api.get<Data<ListPage<T>>>(path, { query: { all: 1, ...query } })).data.result,
  });
}

export type SaveItemInput<C, U> = { id: null; body: C } | { id: number; body: U };

/** Creates (POST `base`) or edits (PUT `base/{id}`) one item; `stale` then refetches what changed. */
export function useSaveItem<T, C, U>(base: string, stale: () => Promise<unknown>) {
  return useMutation({
    mutationFn: async (input: SaveItemInput<C, U>) =>
      input.id === null
        ? (await api.post<Data<T>>(base, input.body)).data
        : (await api.put<Data<T>>(`${base}/${input.id}`, input.body)).data,
    onSuccess: stale,
  });
}

export function useDeleteItem(base: string, stale: () => Promise<unknown>) {
  return useMutation({
    mutationFn: async (id: number) => api.delete(`${base}/${id}`),
    onSuccess: stale,
  });
}
