import { type ServiceThread, tokenKey } from '@dealflow/domain';
import { QueryClientProvider } from '@tanstack/react-query';
import { configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeAuthApi, makeStore, startupUser } from '../../test/fakes.ts';
import { list, one, serve } from '../../test/serve.ts';
import { SessionProvider } from '../auth/session/index.ts';
import { StartupMessages } from './components/StartupMessages.tsx';
import { FeedbackProvider } from '../../shared/feedback/index.tsx';

function thread(overrides: Partial<ServiceThread> = {}): ServiceThread {
  return {
    id: 3,
    party: 'startup',
    client_id: null,
    client: null,
    case_id: 11,
    case: { id: 11, name: '星河科技' },
    subject: '簡報補件',
    messages: [
      {
        id: 20,
        content: '請問還需要補哪些資料？',
        from: 'client',
        employee_id: null,
        employee: null,
        date_time: '2026-11-26T01:00:00Z',
      },
      {
        id: 21,
        content: '請補上最新財報。',
        from: 'employee',
        employee_id: 4,
        employee: { id: 4, name: '陳志明' },
        date_time: '2026-11-26T02:00:00Z',
      },
    ],
    count: 2,
    last_message_at: '2026-11-26T02:00:00Z',
    last_from: 'employee',
    replied: true,
    unread: true,
    created_at: '2026-11-26T01:00:00Z',
    ...overrides,
  };
}

async function renderAt(path: string, hasCase = true) {
  window.localStorage.setItem(tokenKey('local'), 'Bearer saved');
  const { store, queryClient } = makeStore(fakeAuthApi({ saved: startupUser() }));
  await store.start();
  const router = createMemoryRouter(
    [
      {
        path: '/startup',
        element: (
          <FeedbackProvider>
            <StartupMessages hasCase={hasCase} />
          </FeedbackProvider>
        ),
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <SessionProvider store={store}>
        <RouterProvider router={router} />
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

describe('the startup’s messages', () => {
  it('marks the firm’s unread reply, opens it (marking it read) and answers it', slow, async () => {
    const open = thread();
    const calls = serve({
      'GET /api/internal/v1/services': list([open]),
      'GET /api/internal/v1/services/3': one(open),
      'PUT /api/internal/v1/services/3': one({ ...open, unread: false }),
      'POST /api/internal/v1/services/3': (body) =>
        one({
          ...open,
          unread: false,
          count: 3,
          last_from: 'client',
          replied: false,
          messages: [
            ...open.messages,
            {
              id: 22,
              content: (body as { content: string }).content,
              from: 'client',
              employee_id: null,
              employee: null,
              date_time: '2026-11-26T03:00:00Z',
            },
          ],
        }),
    });
    await renderAt('/startup?tab=messages');
    const threads = await screen.findByRole('list', { name: '我們的對話' });
    expect(await within(threads).findByText('未讀')).toBeTruthy();
    // A wide screen opens the newest thread: the firm's message carries the staff member's name.
    expect(await screen.findByRole('heading', { name: '簡報補件' })).toBeTruthy();
    expect(screen.getByText('陳志明')).toBeTruthy();
    expect(screen.getByText('請補上最新財報。')).toBeTruthy();
    await waitFor(() =>
      expect(calls).toContainEqual(
        expect.objectContaining({ method: 'PUT', path: '/api/internal/v1/services/3', body: { read: true } }),
      ),
    );
    // The list asks for the startup's own threads: no client filter (the server keeps it to its case).
    const listCall = calls.find((c) => c.method === 'GET' && c.path === '/api/internal/v1/services');
    expect(listCall?.search).not.toContain('client_id');

    const send = screen.getByRole('button', { name: /送出/ }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('回覆訊息'), { target: { value: '已補上，謝謝。' } });
    fireEvent.click(send);
    await waitFor(() =>
      expect(calls).toContainEqual(
        expect.objectContaining({
          method: 'POST',
          path: '/api/internal/v1/services/3',
          body: { content: '已補上，謝謝。' },
        }),
      ),
    );
    expect(await screen.findByText('已補上，謝謝。')).toBeTruthy();
  });

  it('with no conversation yet, offers the first message', slow, async () => {
    serve({ 'GET /api/internal/v1/services': list([]) });
    await renderAt('/startup?tab=messages');
    expect(await screen.findByText('還沒有任何對話，寫下第一則訊息給我們吧。')).toBeTruthy();
    expect(screen.getByLabelText('主旨')).toBeTruthy();
    const send = screen.getByRole('button', { name: /送出訊息/ }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
  });

  it('without a case, says so', slow, async () => {
    const calls = serve({});
    await renderAt('/startup?tab=messages', false);
    expect(await screen.findByText('您的帳號尚未連結案件')).toBeTruthy();
    expect(calls.filter((c) => c.path === '/api/internal/v1/services')).toHaveLength(0);
  });
});
