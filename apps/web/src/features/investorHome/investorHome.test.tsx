import { type ClientNotification, type ServiceThread, STRATEGY_KEY, tokenKey } from '@dealflow/domain';
import { QueryClientProvider } from '@tanstack/react-query';
import { configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeAuthApi, investorUser, makeStore } from '../../test/fakes.ts';
import { list, one, serve } from '../../test/serve.ts';
import { SessionProvider } from '../auth/session/index.ts';
import { InvestorMessages } from './components/InvestorMessages.tsx';
import { NotificationBell } from './components/NotificationBell.tsx';
import { FeedbackProvider } from '../../shared/feedback/index.tsx';

function notice(overrides: Partial<ClientNotification> = {}): ClientNotification {
  return {
    id: 1,
    client_id: 7,
    title: '年度股東會通知',
    body: '請於月底前回覆出席意願。',
    link: null,
    read_at: null,
    sender: { id: 2, name: '林怡君' },
    created_at: '2026-11-26T01:00:00Z',
    ...overrides,
  };
}

async function renderAt(path: string, element: ReactNode) {
  window.localStorage.setItem(tokenKey('investor'), 'Bearer saved');
  window.localStorage.setItem(STRATEGY_KEY, 'investor');
  const { store, queryClient } = makeStore(fakeAuthApi({ saved: investorUser({ id: 7, name: '李家豪' }) }));
  await store.start();
  const router = createMemoryRouter(
    [
      { path: '/investor/*', element },
      { path: '*', element: <p>elsewhere</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <SessionProvider store={store}>
        <FeedbackProvider>
          <RouterProvider router={router} />
        </FeedbackProvider>
      </SessionProvider>
    </QueryClientProvider>,
  );
  return router;
}

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

const slow = { timeout: 60_000 };
configure({ asyncUtilTimeout: 10_000 });

describe('the notifications bell', () => {
  it('counts the unread ones, marks one read, and offers a link only inside Dealflow', slow, async () => {
    const rows = [
      notice({ id: 1, link: '/investor/contract' }),
      notice({ id: 2, title: '外部連結', link: 'https://evil.example.com/x' }),
      notice({ id: 3, title: '已讀的通知', read_at: '2026-11-25T01:00:00Z' }),
    ];
    const calls = serve({
      'GET /api/internal/v1/clients/7/notifications': (_b, url) =>
        url.searchParams.get('unread') === '1' ? list(rows.slice(0, 2)) : list(rows),
      'PUT /api/internal/v1/clients/7/notifications/1': one({ ...rows[0], read_at: '2026-11-26T02:00:00Z' }),
      'GET /api/internal/v1/clients/7/calendars': list([]),
    });
    const router = await renderAt('/investor', <NotificationBell />);
    const bell = await screen.findByRole('button', { name: '通知與行事曆，2 則未讀通知' });
    fireEvent.click(bell);
    const drawer = await screen.findByRole('dialog');
    const first = (await within(drawer).findByText('年度股東會通知')).closest('li') as HTMLElement;
    const external = within(drawer).getByText('外部連結').closest('li') as HTMLElement;
    expect(within(external).queryByRole('button', { name: '前往' })).toBeNull();
    fireEvent.click(within(first).getByRole('button', { name: '標為已讀' }));
    await waitFor(() =>
      expect(calls).toContainEqual(
        expect.objectContaining({
          method: 'PUT',
          path: '/api/internal/v1/clients/7/notifications/1',
          body: { read: true },
        }),
      ),
    );
    fireEvent.click(within(first).getByRole('button', { name: '前往' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/investor/contract'));
  });
});

describe('the investor messages page', () => {
  it('with no conversation yet, offers the first message and posts it as the investor', slow, async () => {
    const created: ServiceThread = {
      id: 5,
      party: 'investor',
      case_id: null,
      case: null,
      client_id: 7,
      client: { id: 7, name: '李家豪' },
      subject: '增資時程',
      messages: [
        {
          id: 9,
          content: '請問下一輪何時開始？',
          from: 'client',
          employee_id: null,
          employee: null,
          date_time: '2026-11-26T01:00:00Z',
        },
      ],
      count: 1,
      last_message_at: '2026-11-26T01:00:00Z',
      last_from: 'client',
      replied: false,
      unread: false,
      created_at: '2026-11-26T01:00:00Z',
    };
    let threads: ServiceThread[] = [];
    const calls = serve({
      'GET /api/internal/v1/services': () => list(threads),
      'POST /api/internal/v1/services': () => {
        threads = [created];
        return one(created);
      },
      'GET /api/internal/v1/services/5': one(created),
    });
    const router = await renderAt('/investor/contact', <InvestorMessages />);
    expect(await screen.findByText('您還沒有任何對話，寫下第一則訊息吧。')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('主旨'), { target: { value: '  增資時程 ' } });
    fireEvent.change(screen.getByLabelText('訊息內容'), { target: { value: '請問下一輪何時開始？' } });
    fireEvent.click(screen.getByRole('button', { name: /送出訊息/ }));
    await waitFor(() =>
      expect(calls).toContainEqual(
        expect.objectContaining({
          method: 'POST',
          path: '/api/internal/v1/services',
          body: { subject: '增資時程', content: '請問下一輪何時開始？' },
        }),
      ),
    );
    await waitFor(() => expect(router.state.location.search).toBe('?thread=5'));
    expect(await screen.findByRole('heading', { name: '增資時程' })).toBeTruthy();
    // The list asks for the investor's own threads.
    expect(calls.find((c) => c.path === '/api/internal/v1/services' && c.method === 'GET')?.search).toContain(
      'client_id=7',
    );
  });
});
