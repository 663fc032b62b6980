import type { Client, ClientCaseEntry, PortfolioValue } from '@dealflow/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Call, list, serve } from '../../test/serve.ts';
import { ClientCasesTab } from './components/ClientCasesTab.tsx';
import { ClientPortfolioCard } from './components/ClientPortfolioCard.tsx';
import { FeedbackProvider } from '../../shared/feedback/index.tsx';

const CLIENT = { id: 9, name: '王大明', currency: 'NTD' } as Client;

/** Where the calls went: each path with its query. */
const urls = (calls: Call[]) => calls.map((c) => `${c.path}${c.search}`);

function renderWith(node: ReactNode, url = '/dashboard/investor/9') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[url]}>
        <FeedbackProvider>{node}</FeedbackProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('portfolio card', { timeout: 20_000 }, () => {
  it('shows the four figures per currency, compact in 萬 and 億, the full amount on hover', async () => {
    const rows: PortfolioValue[] = [
      {
        currency: 'NTD',
        initial_investment: 3_500_000.5,
        holdings_value: 150_000_000,
        refunded_investment: 500_000.25,
        realized_unrealized_value: 150_500_000.25,
        cases: 2,
      },
      {
        currency: 'USD',
        initial_investment: 50_000,
        holdings_value: 80_000,
        refunded_investment: 0,
        realized_unrealized_value: 80_000,
        cases: 1,
      },
    ];
    serve({ 'GET /api/internal/v1/clients/9/portfolio': list(rows) });
    renderWith(<ClientPortfolioCard client={CLIENT} editable={false} />);
    const ntd = await screen.findByRole('region', { name: '新臺幣' });
    expect(within(ntd).getByText('新臺幣計價 · 2 件案件')).toBeTruthy();
    expect(within(ntd).getByText('初始投資')).toBeTruthy();
    expect(within(ntd).getByText('NT$350萬').getAttribute('title')).toBe('NT$3,500,000.50');
    expect(within(ntd).getByText('NT$1.5億')).toBeTruthy();
    expect(within(ntd).getByText('NT$50萬')).toBeTruthy();
    expect(within(ntd).getByText('NT$1.51億').getAttribute('title')).toBe('NT$150,500,000.25');
    const usd = screen.getByRole('region', { name: '美元' });
    expect(within(usd).getByText('US$5萬')).toBeTruthy();
    expect(within(usd).getAllByText('US$8萬')).toHaveLength(2);
  });

  it('says when there is nothing invested yet', async () => {
    serve({ 'GET /api/internal/v1/clients/9/portfolio': list([]) });
    renderWith(<ClientPortfolioCard client={CLIENT} editable={false} />);
    expect(await screen.findByText('尚無投資紀錄。')).toBeTruthy();
  });
});

describe('cases tab', { timeout: 20_000 }, () => {
  it('asks for page 1, 10 rows, the biggest investment first, and shows roles and money', async () => {
    const rows: ClientCaseEntry[] = [
      {
        id: 3,
        name: '綠能電池',
        status: 's2',
        currency: 'NTD',
        roles: ['lead_angel', 'panel'],
        in_case: true,
        invest_money: 12_000_000,
        interest: null,
      },
      {
        id: 4,
        name: '智慧農業',
        status: 's0',
        currency: 'USD',
        roles: [],
        in_case: false,
        invest_money: null,
        interest: { id: 1, level: 3, amount: 20_000 },
      },
    ];
    const calls = serve({ 'GET /api/internal/v1/clients/9/cases': list(rows, 12) });
    renderWith(<ClientCasesTab client={CLIENT} editable={false} />);
    expect(await screen.findByText('綠能電池')).toBeTruthy();
    expect(urls(calls)).toEqual(['/api/internal/v1/clients/9/cases?page=1&size=10&sort=invest_money%3Adesc']);
    expect(screen.getByText('領投天使')).toBeTruthy();
    expect(screen.getByText('評審團')).toBeTruthy();
    expect(screen.getByText('NT$1,200萬').getAttribute('title')).toBe('NT$12,000,000');
    expect(screen.getByText('準備投資 · 意向金額 US$2萬')).toBeTruthy();
    expect(screen.getByText('共 12 筆')).toBeTruthy();
  });

  it('reads its filter and page from the URL', async () => {
    const calls = serve({ 'GET /api/internal/v1/clients/9/cases': list([]) });
    renderWith(
      <ClientCasesTab client={CLIENT} editable={false} />,
      '/dashboard/investor/9?casesShow=interest&casesPage=2&casesSort=name:asc',
    );
    expect(await screen.findByText('沒有符合條件的案件。')).toBeTruthy();
    expect(urls(calls)).toEqual([
      '/api/internal/v1/clients/9/cases?page=2&size=10&sort=name%3Aasc&in_case=0',
    ]);
  });
});
