import { type ServiceThread, tokenKey } from '@dealflow/domain';
import { QueryClientProvider } from '@tanstack/react-query';
import { configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { menuFor } from '../../app/layouts/dashboardMenu.tsx';
import { createLiveChannel, type LiveMessage, parseEvents } from '../../shared/live/index.ts';
import { fakeAuthApi, makeStore, staffUser } from '../../test/fakes.ts';
import { list, one, serve } from '../../test/serve.ts';
import { SessionProvider } from '../auth/session/index.ts';
import { ContactPage } from './pages/ContactPage.tsx';
import { FeedbackProvider } from '../../shared/feedback/index.tsx';

function thread(overrides: Partial<ServiceThread> = {}): ServiceThread {
  return {
    id: 1,
    party: 'investor',
    case_id: null,
    case: null,
    client_id: 7,
    client: { id: 7, name: '李家豪' },
    subject: '增資說明會',
    messages: [
      {
        id: 10,
        content: '請問可以線上參加嗎？',
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
    unread: true,
    created_at: '2026-11-26T01:00:00Z',
    ...overrides,
  };
}

async function renderAt(path: string) {
  window.localStorage.setItem(tokenKey('dashboard'), 'Bearer saved');
  const { store, queryClient } = makeStore(
    fakeAuthApi({ saved: staffUser('ir', { id: 3, name: '陳志豪' }) }),
  );
  await store.start();
  const router = createMemoryRouter(
    [
      { path: '/dashboard/contact/:type?', element: <ContactPage /> },
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
});

const slow = { timeout: 60_000 };
configure({ asyncUtilTimeout: 10_000 });

describe('parseEvents', () => {
  it('reads complete events, skips comments, keeps an unfinished one for later', () => {
    const { events, rest } = parseEvents(
      'retry: 3000\nevent: ready\ndata: {}\n\n: ping\n\nevent: service.message\ndata: {"a":1}\n\nevent: x\nda',
    );
    expect(events).toEqual([
      { event: 'ready', data: '{}' },
      { event: 'service.message', data: '{"a":1}' },
    ]);
    expect(rest).toBe('event: x\nda');
  });
});

describe('the live channel', () => {
  it('opens one stream for its listeners with the bearer header, forwards events, reconnects with a reset', async () => {
    const encoder = new TextEncoder();
    const streams: Array<ReadableStreamDefaultController<Uint8Array>> = [];
    const requests: RequestInit[] = [];
    const fakeFetch = vi.fn(async (_url: RequestInfo | URL, init?: RequestInit) => {
      requests.push(init ?? {});
      const body = new ReadableStream<Uint8Array>({ start: (c) => void streams.push(c) });
      return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
    });
    const channel = createLiveChannel({
      url: '/live',
      getAuthorization: () => 'Bearer abc',
      fetch: fakeFetch as unknown as typeof fetch,
      retryMs: 10,
    });
    const heard: LiveMessage[] = [];
    const stop = channel.subscribe((m) => heard.push(m));
    const stop2 = channel.subscribe(() => undefined);
    await waitFor(() => expect(streams).toHaveLength(1));
    expect(new Headers(requests[0]!.headers).get('authorization')).toBe('Bearer abc');
    streams[0]!.enqueue(encoder.encode('event: ready\ndata: {}\n\n'));
    await waitFor(() => expect(channel.status()).toBe('open'));
    streams[0]!.enqueue(
      encoder.encode(
        'event: service.message\ndata: {"type":"service.message","thread_id":1,"client_id":7,"message_id":9,"from":"client"}\n\nevent: junk\ndata: nope\n\n',
      ),
    );
    await waitFor(() => expect(heard).toHaveLength(1));
    expect(heard[0]).toMatchObject({ type: 'service.message', thread_id: 1 });
    // The stream drops: the channel reconnects and says what was missed must be refetched.
    streams[0]!.close();
    await waitFor(() => expect(streams).toHaveLength(2));
    streams[1]!.enqueue(encoder.encode('event: ready\ndata: {}\n\n'));
    await waitFor(() => expect(heard.at(-1)).toEqual({ type: 'reset' }));
    stop();
    stop2();
    expect(channel.status()).toBe('closed');
  });
});

describe('ContactPage (/dashboard/contact/:type?)', slow, () => {
  it('lists the tab’s threads, opens one (marking it read) and sends a reply', async () => {
    let current = thread();
    const calls = serve({
      'GET /api/internal/v1/services': list([current]),
      'GET /api/internal/v2/services/counts': one({ all: 3, unreplied: 1, replied: 2, unread: 1 }),
      'GET /api/internal/v1/services/1': () => one(current),
      'PUT /api/internal/v1/services/1': () => {
        current = { ...current, unread: false };
        return one(current);
      },
      'POST /api/internal/v1/services/1': (body) => {
        const content = (body as { content: string }).content;
        current = {
          ...current,
          replied: true,
          last_from: 'employee',
          count: 2,
          messages: [
            ...current.messages,
            {
              id: 11,
              content,
              from: 'employee',
              employee_id: 3,
              employee: { id: 3, name: '陳志豪' },
              date_time: '2026-11-26T02:00:00Z',
            },
          ],
        };
        return one(current);
      },
    });
    const router = await renderAt('/dashboard/contact/unreplied');
    const rows = await screen.findByRole('list', { name: '對話列表' });
    expect(within(rows).getByText('李家豪')).toBeTruthy();
    expect(within(rows).getByText('未回覆')).toBeTruthy();
    expect(calls.find((c) => c.path === '/api/internal/v1/services')?.search).toContain('type=unreplied');
    // The stream is not there (404): the page says it polls instead.
    expect(await screen.findByText('每 5 秒自動更新')).toBeTruthy();

    fireEvent.click(within(rows).getByText('增資說明會'));
    await waitFor(() => expect(router.state.location.search).toBe('?thread=1'));
    expect(await screen.findByRole('heading', { name: '增資說明會' })).toBeTruthy();
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'PUT' && (c.body as { read?: boolean })?.read === true)).toBe(
        true,
      ),
    );

    const send = screen.getByRole('button', { name: /送出回覆/ });
    expect((send as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('回覆訊息'), { target: { value: '可以，會寄連結給您。' } });
    fireEvent.click(screen.getByRole('button', { name: /送出回覆/ }));
    expect(
      await screen.findByText('可以，會寄連結給您。', { selector: '.inbox-message__bubble' }),
    ).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ content: '可以，會寄連結給您。' });
    expect(screen.getByText(/陳志豪（你）/)).toBeTruthy();
    expect((screen.getByLabelText('回覆訊息') as HTMLTextAreaElement).value).toBe('');
  });

  it('says so when a tab has nothing', async () => {
    serve({
      'GET /api/internal/v1/services': list([]),
      'GET /api/internal/v2/services/counts': one({ all: 0, unreplied: 0, replied: 0, unread: 0 }),
    });
    await renderAt('/dashboard/contact/unreplied');
    expect(await screen.findByText('所有訊息都已回覆')).toBeTruthy();
  });
});

describe('the side menu', () => {
  it('shows the inbox to admin and ir only (SPEC section 6)', () => {
    const has = (role: 'admin' | 'ao' | 'ir' | 'sa') => menuFor(role).some((e) => e.key === 'contact');
    expect([has('admin'), has('ao'), has('ir'), has('sa')]).toEqual([true, false, true, false]);
  });
});
