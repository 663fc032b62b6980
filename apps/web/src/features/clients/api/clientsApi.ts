import type { ClientName } from '@dealflow/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/index.ts';

const NAMES = '/api/internal/v1/clients/name';

interface NamesPage {
  data: { result: ClientName[]; count: number };
}

export const clientKeys = {
  all: ['clients'] as const,
  search: (q: string) => ['clients', 'names', 'search', q] as const,
  byIds: (ids: readonly number[]) => ['clients', 'names', 'ids', ids.join(',')] as const,
};

/** Active clients matching `q` (name or email): the first 20 by name, and how many match in all. */
export function useClientSearch(q: string, options: { enabled: boolean }) {
  return useQuery({
    queryKey: clientKeys.search(q),
    queryFn: async ({ signal }) => (await api.get<NamesPage>(NAMES, { query: { q }, signal })).data,
    enabled: options.enabled,
    // Keep the last list on screen while the next one loads, so the dropdown does not flash empty.
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

/** Names of these clients (the values a form or a list already holds); inactive ones too. */
export function useClientNames(ids: readonly number[]) {
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  return useQuery({
    queryKey: clientKeys.byIds(sorted),
    queryFn: async ({ signal }) =>
      (await api.get<NamesPage>(NAMES, { query: { ids: sorted.join(',') }, signal })).data.result,
    enabled: sorted.length > 0,
    staleTime: 5 * 60_000,
  });
}
