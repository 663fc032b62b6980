import type { QaCreateInput, QaEntry, QaUpdateInput } from '@dealflow/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/index.ts';
import { useDeleteItem, useSaveItem } from '../../../shared/api/itemQueries.ts';

const BASE = '/api/internal/v1/qa';

interface Data<T> {
  data: T;
}

export const qaKeys = {
  all: ['qa'] as const,
  list: (q: string) => ['qa', q] as const,
};

/** Every entry the viewer may read (investors: published ones), in order; `q` keeps those containing it. */
export function useQaEntries(q = '') {
  return useQuery({
    queryKey: qaKeys.list(q),
    queryFn: async () =>
      (
        await api.get<Data<{ result: QaEntry[]; count: number }>>(BASE, {
          query: q ? { all: 1, q } : { all: 1 },
        })
      ).data.result,
    placeholderData: keepPreviousData,
  });
}

export function useSaveQa() {
  const queryClient = useQueryClient();
  return useSaveItem<QaEntry, QaCreateInput, QaUpdateInput>(BASE, () =>
    queryClient.invalidateQueries({ queryKey: qaKeys.all }),
  );
}

export function useDeleteQa() {
  const queryClient = useQueryClient();
  return useDeleteItem(BASE, () => queryClient.invalidateQueries({ queryKey: qaKeys.all }));
}

/** Puts every entry in the given order; the list shows it at once and refetches after. */
export function useReorderQa() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) => api.put(`${BASE}/order`, { ids }),
    onMutate: async (ids) => {
      await queryClient.cancelQueries({ queryKey: qaKeys.list('') });
      const before = queryClient.getQueryData<QaEntry[]>(qaKeys.list(''));
      if (before) {
        const byId = new Map(before.map((e) => [e.id, e]));
        queryClient.setQueryData(
          qaKeys.list(''),
          ids.map((id) => byId.get(id)).filter((e): e is QaEntry => e !== undefined),
        );
      }
      return { before };
    },
    onError: (_error, _ids, context) => {
      if (context?.before) queryClient.setQueryData(qaKeys.list(''), context.before);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: qaKeys.all }),
  });
}
