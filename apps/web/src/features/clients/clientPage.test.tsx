import { type Client, type StaffRole, tokenKey } from '@dealflow/domain';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SessionProvider } from '../auth/session/index.ts';
import { InvestorPage } from '../investors/pages/InvestorPage.tsx';
import { clientStageRefusal } from '../../test/clientFakes.ts';
import { fakeAuthApi, makeStore, staffUser } from '../../test/fakes.ts';
import { list, one, type Reply, serve } from '../../test/serve.ts';
import { FeedbackProvider } from '../../shared/feedback/index.tsx';

function client(overrides: Partial<Client> = {}): Client {
  return {
    id: 5,
    email: 'lee@example.com',
    firstName: '家豪',
    lastName: '李',
    name: '李家豪',
    type: 'Angel',
    status: 'active',
    phone: '0912-345-678',
    membership: 'paid_co_invest',
    process_status: 'p2',
    dropped_from: null,
    stage_entered_at: '2026-01-02T03:04:05.000Z',
    investe_startup: null,
    scale: null,
    check_size: 2_000_000,
    currency: 'NTD',
    domain_keys: [],
    industry_keys: [],
    employee_id: 1,
    employee: { id: 1, name: '張雅婷' },
    expiry_at: null,
    next_step: null,
    has_login: false,
    must_change_password: false,
    last_login_at: null,
    application_status: null,
    is_deleted: false,
    deleted_at: null,
    created_at: '2026-01-02T03:04:05.000Z',
    updated_at: '2026-01-02T03:04:05.000Z',
    ...overrides,
  };
}

/**
 * Plays the API: the client, which a PUT changes (the body applied), its history, the duplicates of an
 * email and the lists the profile form asks for; every call is kept. `refusal` is what the client
 * answers instead (403) when the server refuses it.
 */
function serveClient(initial: Client, log: unknown[] = [], refusal?: unknown) {
  let current = initial;
  const path = `/api/internal/v1/clients/${initial.id}`;
  const answer = (): Reply => (refusal ? { status: 403, body: refusal } : one(current));
  return serve({
    [`GET ${path}`]: answer,
    [`PUT ${path}`]: (body) => {
      if (!refusal) current = { ...current, ...(body as Partial<Client>) };
      return answer();
    },
    [`GET ${path}/log`]: list(log),
    'GET /api/internal/v1/clients/duplicates': (_body, url) =>
      one(
        url.searchParams.get('email') === 'chou@example.com'
          ? [{ id: 8, name: '周美玲', matched: ['email'], visible: true, is_deleted: false }]
          : [],
      ),
    'GET /api/internal/v1/employees/directory': list([]),
    'GET /static_api/v1/staticKey/domain': list([]),
    'GET /static_api/v1/staticKey/industry': list([]),
  });
}

function Where() {
  const location = useLocation();
  return <output data-testid="where">{`${location.pathname}${location.search}`}</output>;
}

async function renderPage(role: StaffRole, path = '/dashboard/investor/5') {
  const api = fakeAuthApi({ saved: staffUser(role) });
  window.localStorage.setItem(tokenKey('dashboard'), 'Bearer saved');
  const { store, queryClient } = makeStore(api);
  await store.start();
  const router = createMemoryRouter(
    [
      { path: '/dashboard/investor/:id', element: <InvestorPage /> },
      { path: '/dashboard/investor', element: <Where /> },
      { path: '/dashboard/report', element: <Where /> },
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

/** Opens the contact-stage selector and picks a stage by its label. */
async function pickStage(stage: string) {
  fireEvent.mouseDown(await screen.findByLabelText('聯絡階段'));
  fireEvent.click(await screen.findByTitle(stage));
}

afterEach(() => vi.unstubAllGlobals());

describe('client page', { timeout: 30_000 }, () => {
  it.each([
    ['sa', 'p5'],
    ['ir', 'p2'],
  ] as const)(
    'sends an %s the server refuses a %s client to the investor report, with the guard notice',
    async (role, stage) => {
      const calls = serveClient(client({ process_status: stage }), [], clientStageRefusal(stage));
      const router = await renderPage(role);
      await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/report'));
      expect(router.state.location.search).toBe('?type=investor');
      expect(router.state.location.state).toEqual({ guardDenied: 'dashboard-investor-id' });
      // Refused once, not retried, and never shown as a failure to load.
      expect(calls.filter((c) => c.path === '/api/internal/v1/clients/5')).toHaveLength(1);
      expect(screen.queryByText('無法載入投資人資料')).toBeNull();
    },
  );

  it('says why when the guard would let the viewer stay although the server refused the stage', async () => {
    // The server has the final word (a role changed since sign-in, say): no retry, no redirect.
    serveClient(client(), [], clientStageRefusal('p2'));
    const router = await renderPage('sa');
    expect(await screen.findByText('您的角色不負責這個聯絡階段的投資人。')).toBeTruthy();
    expect(screen.getByText('這位投資人目前在「P2 面談」階段，不在您負責的聯絡階段。')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /重試/ })).toBeNull();
    expect(router.state.location.pathname).toBe('/dashboard/investor/5');
  });

  it('shows the load error for a stage refusal that does not name a stage', async () => {
    serveClient(client(), [], clientStageRefusal('p5', { process_status: 'p9' }));
    const router = await renderPage('sa');
    expect(await screen.findByText('無法載入投資人資料')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard/investor/5');
  });

  it('sends an sa away from a loaded p5 client to the investor report, with the guard notice state', async () => {
    serveClient(client({ process_status: 'p5' }));
    const router = await renderPage('sa');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/report'));
    expect(router.state.location.search).toBe('?type=investor');
    expect(router.state.location.state).toEqual({ guardDenied: 'dashboard-investor-id' });
    expect(screen.queryByRole('heading', { name: '李家豪' })).toBeNull();
  });

  it('shows an sa their p2 client with the stage selector offering only the moves an sa may make', async () => {
    serveClient(client());
    await renderPage('sa');
    expect(await screen.findByRole('heading', { name: '李家豪' })).toBeTruthy();
    fireEvent.mouseDown(screen.getByLabelText('聯絡階段'));
    expect(await screen.findByTitle('P3 提案')).toBeTruthy();
    // p5 and p6 belong to investor relations: an sa cannot send a p2 client there.
    expect(screen.queryByTitle('P5 執行')).toBeNull();
    expect(screen.queryByTitle('P6 維繫')).toBeNull();
    expect(screen.getByTitle('封存')).toBeTruthy();
  });

  it('asks a reason before dropping a client and sends it with the move', async () => {
    const calls = serveClient(client());
    await renderPage('sa');
    await screen.findByRole('heading', { name: '李家豪' });
    await pickStage('封存');
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('封存投資人需要說明原因，原因會記錄在歷程中。')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: /確定移動/ }));
    expect(await within(dialog).findByText('請填寫原因')).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    fireEvent.change(within(dialog).getByLabelText('原因'), { target: { value: '已轉向其他基金' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /確定移動/ }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'PUT')).toEqual([
        {
          method: 'PUT',
          path: '/api/internal/v1/clients/5',
          search: '',
          body: { process_status: 'drop', reason: '已轉向其他基金' },
        },
      ]),
    );
  });

  it('moves forward without asking', async () => {
    const calls = serveClient(client());
    await renderPage('sa');
    await screen.findByRole('heading', { name: '李家豪' });
    await pickStage('P3 提案');
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([{ process_status: 'p3' }]),
    );
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('warns an sa handing a p4 client to investor relations, then goes back to the list', async () => {
    const calls = serveClient(client({ process_status: 'p4' }));
    const router = await renderPage('sa');
    await screen.findByRole('heading', { name: '李家豪' });
    await pickStage('P5 執行');
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/交由投資人關係團隊負責/)).toBeTruthy();
    expect(within(dialog).queryByLabelText('原因')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: /確定移動/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/investor'));
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([{ process_status: 'p5' }]);
    expect(await screen.findByText(/並移交投資人關係團隊/)).toBeTruthy();
    // Handed over, not refused: the sa was not sent to the report by the page guard.
    expect(router.state.location.state).toBeNull();
  });

  it('flags an email another client already holds while the profile is edited, with a link to them', async () => {
    const calls = serveClient(client());
    await renderPage('sa');
    fireEvent.change(await screen.findByLabelText('電子郵件'), { target: { value: 'chou@example.com' } });
    const notice = await screen.findByText('已有其他投資人使用相同的聯絡資料', {}, { timeout: 3000 });
    expect(notice).toBeTruthy();
    expect(screen.getByRole('link', { name: '周美玲' }).getAttribute('href')).toBe('/dashboard/investor/8');
    const asked = calls.find((c) => c.path.endsWith('/duplicates'));
    expect(asked).toBeTruthy();
  });

  it('shows the history with field names, labelled values, owners by name and the reason of a move', async () => {
    const entry = (id: number, action: string, changes: object, reason: string | null = null) => ({
      id,
      action,
      actor: { type: 'employee', id: 1, name: '張雅婷' },
      changes,
      client_names: {},
      employee_names: { '4': '陳志豪' },
      reason,
      created_at: '2026-03-04T05:06:07.000Z',
    });
    serveClient(client(), [
      entry(2, 'client.move', { process_status: { from: 'p3', to: 'p2' } }, '需要再次面談'),
      entry(1, 'client.update', {
        membership: { from: 'general', to: 'gp' },
        check_size: { from: 1000000, to: 3000000 },
        employee_id: { from: null, to: 4 },
      }),
    ]);
    await renderPage('sa', '/dashboard/investor/5?tab=history');
    expect(await screen.findByText('原因：需要再次面談', {}, { timeout: 5000 })).toBeTruthy();
    const at = (action: string) =>
      document.querySelector(`.history-entry[data-action="${action}"]`) as HTMLElement;
    const update = at('client.update');
    expect(update.textContent).toContain('張雅婷 編輯投資人');
    expect(update.textContent).toContain('會員等級：一般會員 → 普通合夥人');
    expect(update.textContent).toContain('單筆投資金額：1,000,000 → 3,000,000');
    expect(update.textContent).toContain('負責人：陳志豪');
    const move = at('client.move');
    expect(move.textContent).toContain('張雅婷 移動聯絡階段');
    expect(move.textContent).toContain('聯絡階段：P3 提案 → P2 面談');
  });

  it('says a client that is not there (or not visible) cannot be found', async () => {
    serveClient(client({ id: 6 }));
    await renderPage('ir');
    expect(await screen.findByText('找不到這位投資人')).toBeTruthy();
    expect(screen.getByRole('link', { name: /回投資人列表/ }).getAttribute('href')).toBe(
      '/dashboard/investor',
    );
  });
});
