import type { ClientRole, InvestorCaseFacet } from '@dealflow/domain';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../shared/api/index.ts';
import { currentLanguage } from '../../../shared/i18n/index.ts';
import { keyOptionsOf, useStaticKeys } from '../../../shared/reference/referenceApi.ts';
import { investorCaseKeys } from '../../investorCases/api/investorCasesApi.ts';
import { type IndustryKey, industryKeysOf } from '../lib/industryStats.ts';

interface Data<T> {
  data: T;
}
interface Page<T> {
  result: T[];
  count: number;
}

/**
 * The investor's visible cases counted by domain keys, stage and currency (`me/cases/industries`),
 * for the industry overviews. Under the investor case keys, so a signature or an interest refreshes it too.
 */
export function useMyCaseFacets() {
  return useQuery({
    queryKey: [...investorCaseKeys.all, 'facets'] as const,
    queryFn: async ({ signal }) =>
      (await api.get<Data<Page<InvestorCaseFacet>>>('/api/internal/v1/me/cases/industries', { signal })).data
        .result,
  });
}

/** The investor's own roles on cases with the money behind them (every row). */
export function useMyRoles(clientId: number) {
  return useQuery({
    queryKey: ['investorIndustry', 'roles', clientId] as const,
    queryFn: async ({ signal }) =>
      (
        await api.get<Data<Page<ClientRole>>>(`/api/internal/v1/clients/${clientId}/roles`, {
          query: { all: 1 },
          signal,
        })
      ).data.result,
  });
}

/** The domain keys as industries, numbered by their place in the static key list (the route's id). */
export function useIndustryKeys() {
  const { i18n } = useTranslation();
  const domains = useStaticKeys('domain');
  // biome-ignore lint/correctness/useExhaustiveDependencies: labels follow the language
  const keys = useMemo<IndustryKey[]>(
    () => industryKeysOf(keyOptionsOf(domains.data, currentLanguage())),
    [domains.data, i18n.language],
  );
  return { ...domains, keys };
}
