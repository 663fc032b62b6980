import {
  type ClientRole,
  type InvestorCaseFacet,
  STRATEGY_KEY,
  type StaticKeyItem,
  tokenKey,
} from '@dealflow/domain';
import { QueryClientProvider } from '@tanstack/react-query';
import { configure, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeAuthApi, investorUser, makeStore } from '../../test/fakes.ts';
import { list, serve } from '../../test/serve.ts';
import { SessionProvider } from '../auth/session/index.ts';
import { IndustryPage } from '../investor-area/pages/IndustryPage.tsx';
import { IndustryRecordPage } from '../investor-area/pages/IndustryRecordPage.tsx';
import { industryKeysOf, investmentByIndustry, summarizeIndustries } from './lib/industryStats.ts';
import { recordsOf } from './lib/records.ts';
import { FeedbackProvider } from '../../shared/feedback/index.tsx';

function facet(overrides: Partial<InvestorCaseFacet>): InvestorCaseFacet {
  return { domain_keys: [], status: 's1', currency: 'NTD', cases: 1, fund_raising: null, ...overrides };
}

function role(overrides: Partial<ClientRole> & { case_id: number }): ClientRole {
  return {
    id: overrides.case_id * 10,
    client_id: 7,
    case: {
      id: overrides.case_id,
      name: `案件 ${overrides.case_id}`,
      status: 'after_invest',
      currency: 'NTD',
      domain_keys: overrides.case_id === 1 ? ['ai'] : [],
    },
    role: 'co_invest',
    invest_money: null,
    holdings_value: null,
    refunded_money: null,
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-01T00:00:00Z',
    ...overrides,
  };
}

const DOMAINS: StaticKeyItem[] = [
  { key: 'ai', label_zh: '人工智慧', label_en: 'AI', sub_items: [] },
  { key: 'bio', label_zh: '生技醫療', label_en: 'Biotech', sub_items: [] },
  { key: 'fin', label_zh: '金融科技', label_en: 'Fintech', sub_items: [] },
] as unknown as StaticKeyItem[];
const KEYS = industryKeysOf(DOMAINS.map((d) => ({ value: d.key, label: d.label_zh })));

describe('the industry sums', () => {
  it('counts a case under each of its domains, sums what is raising per currency, and numbers industries by their place', () => {
    const rows = summarizeIndustries(
      [
        facet({ domain_keys: ['ai', 'fin'], fund_raising: 30_000_000 }),
        facet({ domain_keys: ['ai'], fund_raising: 1_000_000, currency: 'USD', status: 's2' }),
        facet({ domain_keys: ['ai'], fund_raising: 20_000_000 }),
        facet({ domain_keys: ['unknown'] }),
      ],
      KEYS,
    );
    expect(rows.map((r) => [r.id, r.key, r.cases])).toEqual([
      [1, 'ai', 3],
      [3, 'fin', 1],
    ]);
    expect(rows[0]?.raising).toEqual([
      { currency: 'NTD', amount: 50_000_000 },
      { currency: 'USD', amount: 1_000_000 },
    ]);
    expect(rows[0]?.stages).toEqual({ s1: 2, s2: 1 });
  });

  it('puts money under the first domain of the case, per currency, and leaves roles without money out', () => {
    const groups = investmentByIndustry([
      role({ case_id: 1, invest_money: 100, holdings_value: 150 }),
      role({ case_id: 1, role: 'panel', invest_money: 50 }),
      role({ case_id: 2, invest_money: 10, refunded_money: 4 }),
      role({ case_id: 3, role: 'observer' }),
    ]);
    expect(groups).toEqual([
      {
        currency: 'NTD',
        rows: [
          { industry: 'ai', cases: 1, initial: 150, holdings: 150, refunded: 0 },
          { industry: null, cases: 1, initial: 10, holdings: 0, refunded: 4 },
        ],
      },
    ]);
  });

  it('makes one record per case, its roles together, the newest first', () => {
    const records = recordsOf([
      role({ case_id: 1, invest_money: 100, created_at: '2025-01-01T00:00:00Z' }),
      role({ case_id: 2, created_at: '2026-03-01T00:00:00Z' }),
      role({ case_id: 1, role: 'panel', invest_money: 20, created_at: '2024-06-01T00:00:00Z' }),
    ]);
    expect(records.map((r) => [r.caseId, r.roles, r.invested, r.holdings, r.since])).toEqual([
      [2, ['co_invest'], null, null, '2026-03-01T00:00:00Z'],
      [1, ['co_invest', 'panel'], 120, null, '2024-06-01T00:00:00Z'],
    ]);
  });
});

async function renderAt(path: string, element: ReactNode) {
  window.localStorage.setItem(tokenKey('investor'), 'Bearer saved');
  window.localStorage.setItem(STRATEGY_KEY, 'investor');
  const { store, queryClient } = makeStore(fakeAuthApi({ saved: investorUser({ id: 7, name: '李家豪' }) }));
  await store.start();
  const router = createMemoryRouter([{ path: '/investor/*', element }], { initialEntries: [path] });
  render(
    <QueryClientProvider client={queryClient}>
      <SessionProvider store={store}>
        <FeedbackProvider>
          <RouterProvider router={router} />
        </FeedbackProvider>
      </SessionProvider>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});
const slow = { timeout: 60_000 };
configure({ asyncUtilTimeout: 10_000 });

describe('the industry pages', () => {
  it('list the industries with their counts and amounts, each linking to its number', slow, async () => {
    serve({
      'GET /static_api/v1/staticKey/domain': list(DOMAINS),
      'GET /api/internal/v1/me/cases/industries': list([
        facet({ domain_keys: ['bio'], fund_raising: 30_000_000 }),
        facet({ domain_keys: ['bio', 'fin'], fund_raising: 150_000_000 }),
      ]),
    });
    await renderAt('/investor/industry', <IndustryPage />);
    const bio = (await screen.findByText('生技醫療')).closest('a') as HTMLElement;
    expect(bio.getAttribute('href')).toBe('/investor/industry/2');
    expect(within(bio).getByText('2 個案件')).toBeTruthy();
    expect(within(bio).getByText('NT$1.8億')).toBeTruthy();
    expect(screen.getByText('金融科技').closest('a')?.getAttribute('href')).toBe('/investor/industry/3');
    expect(screen.queryByText('人工智慧')).toBeNull();
  });

  it('shows the record of each case with links to the case and the documents,', slow, async () => {
    serve({
      'GET /api/internal/v1/clients/7/roles': list([
        role({ case_id: 5, invest_money: 2_000_000, holdings_value: 3_000_000 }),
      ]),
    });
    await renderAt('/investor/industry/record', <IndustryRecordPage />);
    const name = await screen.findByRole('link', { name: '案件 5' });
    expect(name.getAttribute('href')).toBe('/investor/cases/detail/5');
    expect(screen.getByText('NT$200萬')).toBeTruthy();
    expect(screen.getByText('NT$300萬')).toBeTruthy();
    expect(screen.getByRole('link', { name: '我的文件' }).getAttribute('href')).toBe('/investor/contract');
  });
});
