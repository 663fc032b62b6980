import { type ClientSummary, type StaffRole, tokenKey } from '@dealflow/domain';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, type RequestOptions } from '../../shared/api/index.ts';
import { clientRow, stageStats } from '../../test/clientFakes.ts';
import { fakeAuthApi, makeStore, staffUser } from '../../test/fakes.ts';
import { SessionProvider } from '../auth/session/index.ts';
import { InvestorsPage } from '../investors/pages/InvestorsPage.tsx';
import { FeedbackProvider } from '../../shared/feedback/index.tsx';

function Where() {
  const location = useLocation();
  return <output data-testid="where">{`${location.pathname}${location.search}`}</output>;
}

/** The client list page at `path`, signed in as a staff member of `role`, with the API mocked. */
async function renderList(path: string, role: StaffRole, rows: ClientSummary[] = [clientRow()]) {
  const user = staffUser(role, { id: 5 });
  window.localStorage.setItem(tokenKey('dashboard'), 'Bearer saved');
  const { store, queryClient } = makeStore(fakeAuthApi({ saved: user }));
  await store.start();
  const get = vi.spyOn(api, 'get').mockImplementation(async (path: string) => {
    if (path === '/api/internal/v2/clients') return { data: { result: rows, count: 41 } } as never;
    if (path === '/api/internal/v1/groups/3')
      return {
        data: {
          id: 3,
          name: '季度說明會名單',
          description: null,
          member_count: 2,
          created_at: '2026-01-01T00:00:00Z',
          updated_at: '2026-01-01T00:00:00Z',
        },
      } as never;
    if (path === '/api/internal/v2/clients/stats')
      return { data: stageStats({ p0: 1, p2: 4, p5: 7, p6: 2, drop: 3 }) } as never;
    // Reference data (colleagues, domain keys) is not what these tests are about.
    return new Promise(() => {});
  });
  const router = createMemoryRouter(
    [
      {
        path: '/dashboard/investor',
        element: (
          <>
            <InvestorsPage />
            <Where />
          </>
        ),
      },
      { path: '/dashboard/investor/:id', element: <Where /> },
    ],
    { initialEntries: [path] },
  );
  render(
    <SessionProvider store={store}>
      <QueryClientProvider client={queryClient}>
        <FeedbackProvider>
          <RouterProvider router={router} />
        </FeedbackProvider>
      </QueryClientProvider>
    </SessionProvider>,
  );
  return { get };
}

/** The query of the last list request. */
type Get = typeof api.get;
function queriesTo(get: { mock: { calls: Parameters<Get>[] } }, path: string) {
  return get.mock.calls.filter(([p]) => p === path).map(([, options]) => (options as RequestOptions)?.query);
}
const lastListQuery = (get: { mock: { calls: Parameters<Get>[] } }) =>
  queriesTo(get, '/api/internal/v2/clients').at(-1);

afterEach(() => vi.restoreAllMocks());

describe('client list: URL state to query', { timeout: 30_000 }, () => {
  it('opens on page 1, 10 rows, the biggest investors first, every stage the user works', async () => {
    const { get } = await renderList('/dashboard/investor', 'admin');
    await screen.findByText('王小明');
    expect(lastListQuery(get)).toEqual({
      q: undefined,
      membership: undefined,
      type: undefined,
      employee_id: undefined,
      domain: undefined,
      industry: undefined,
      expiry: undefined,
      group_id: undefined,
      is_deleted: undefined,
      process_status: 'all',
      page: 1,
      size: 10,
      sort: 'invest_money:desc',
    });
  });

  it('sends every filter, the stage tab, sort and page of the URL', async () => {
    const { get } = await renderList(
      '/dashboard/investor?process_status=p2&membership=gp&type=Angel&employee_id=5&domain=ai&industry=fintech&expiry=expiring&group_id=3&is_deleted=1&q=%E7%8E%8B&sort=name:asc&page=3&size=20',
      'sa',
    );
    await screen.findByText('王小明');
    expect(lastListQuery(get)).toEqual({
      q: '王',
      membership: 'gp',
      type: 'Angel',
      employee_id: 5,
      domain: 'ai',
      industry: 'fintech',
      expiry: 'expiring',
      group_id: 3,
      is_deleted: 1,
      process_status: 'p2',
      page: 3,
      size: 20,
      sort: 'name:asc',
    });
    // The counts take the same filters, without the stage.
    expect(queriesTo(get, '/api/internal/v2/clients/stats')[0]).toMatchObject({
      membership: 'gp',
      group_id: 3,
      q: '王',
    });
    // The group filter names the group of the URL.
    expect(await screen.findByText('季度說明會名單')).toBeTruthy();
  });

  it('shows tabs only for the stages the user works, with their counts; another stage reads as all', async () => {
    const { get } = await renderList('/dashboard/investor?process_status=p2', 'ir');
    await screen.findByText('王小明');
    const tabs = within(screen.getByRole('tablist'))
      .getAllByRole('tab')
      .map((tab) => tab.textContent);
    expect(tabs).toEqual(['全部 (12)', 'P5 執行 (7)', 'P6 維繫 (2)', '封存 (3)']);
    expect(lastListQuery(get)).toMatchObject({ process_status: 'all' });
  });

  it('writes a clicked header sort and a tab into the URL and asks again', async () => {
    const { get } = await renderList('/dashboard/investor?page=2', 'sa');
    await screen.findByText('王小明');
    const head = document.querySelector('.client-table thead') as HTMLElement;
    fireEvent.click(within(head).getByText('單筆投資金額'));
    await waitFor(() => expect(lastListQuery(get)).toMatchObject({ sort: 'check_size:asc', page: 1 }));
    expect(screen.getByTestId('where').textContent).toBe('/dashboard/investor?sort=check_size%3Aasc');
    fireEvent.click(screen.getByRole('tab', { name: 'P2 面談 (4)' }));
    await waitFor(() => expect(lastListQuery(get)).toMatchObject({ process_status: 'p2' }));
  });

  it('shows a row compactly: the name links to the client, tier, stage and money in words', async () => {
    await renderList('/dashboard/investor', 'admin', [
      clientRow({ expiry_at: new Date(Date.now() + 5 * 86_400_000).toISOString() }),
    ]);
    const link = await screen.findByRole('link', { name: '王小明' });
    expect(link.getAttribute('href')).toBe('/dashboard/investor/41');
    const row = link.closest('tr') as HTMLElement;
    expect(within(row).getByText('普通合夥人')).toBeTruthy();
    expect(within(row).getByText('P2 面談')).toBeTruthy();
    expect(within(row).getByText('NT$2,500萬')).toBeTruthy();
    expect(within(row).getByText('NT$300萬')).toBeTruthy();
    expect(within(row).getByText('即將到期')).toBeTruthy();
    expect(screen.getByText('共 41 位投資人')).toBeTruthy();
  });

  it('shows what a client invested in each currency apart, never added into one NT$ figure', async () => {
    await renderList('/dashboard/investor', 'admin', [
      clientRow({ invest_money: 25_000_000, invested: { USD: 20_000, NTD: 25_000_000 } }),
    ]);
    const row = (await screen.findByRole('link', { name: '王小明' })).closest('tr') as HTMLElement;
    expect(within(row).getByText('NT$2,500萬')).toBeTruthy();
    expect(within(row).getByText('US$2萬')).toBeTruthy();
    expect(within(row).queryByText(/2,502萬/)).toBeNull();
  });
});
