import type { ClientRole, InvestorCaseCard } from '@dealflow/domain';
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

/** The largest page `me/cases` serves. */
const PAGE_SIZE = 200;
/** A stop for a runaway loop: 50 pages of 200 is more than any investor is shown. */
const MAX_PAGES = 50;

/**
 * Every case the investor may see (all pages of `me/cases`), for the industry overviews that count
 * and sum over them. Under the investor case keys, so a signature or an interest refreshes it too.
 */
export function useAllMyCases() {
  return useQuery({
    queryKey: [...investorCaseKeys.all, 'every'] as const,
    queryFn: async ({ signal }) => {
      const rows: InvestorCaseCard[] = [];
      for (let page = 1; page <= MAX_PAGES; page += 1) {
        const { data } = await api.get<Data<Page<InvestorCaseCard>>>('/api/internal/v1/me/cases', {
          query: { page, size: PAGE_SIZE },
          signal,
        });
        rows.push(...data.result);
        if (data.result.length < PAGE_SIZE || rows.length >= data.count) break;
      }
      return rows;
    },
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
