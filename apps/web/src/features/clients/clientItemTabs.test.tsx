import { type Client, type ClientAccount, type StaffRole, tokenKey } from '@dealflow/domain';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeAuthApi, makeStore, staffUser } from '../../test/fakes.ts';
import { type Call, list, one, serve } from '../../test/serve.ts';
import { SessionProvider } from '../auth/session/index.ts';
import { ClientAccountsTab } from './components/ClientAccountsTab.tsx';
import { ClientContactsTab } from './components/ClientContactsTab.tsx';
import { ClientTodosTab } from './components/ClientTodosTab.tsx';
import { FeedbackProvider } from '../../shared/feedback/index.tsx';

const BASE = '/api/internal/v1/clients/5/accounts';

const client: Client = {
  id: 5,
  email: 'lin@example.com',
  firstName: null,
  lastName: null,
  name: '林投資',
  type: null,
  status: 'active',
  phone: null,
  membership: 'general',
  process_status: 'p2',
  dropped_from: null,
  stage_entered_at: '2030-01-01T00:00:00.000Z',
  investe_startup: null,
  scale: null,
  check_size: null,
  currency: 'NTD',
  domain_keys: [],
  industry_keys: [],
  employee_id: 9,
  employee: { id: 9, name: '業務甲' },
  expiry_at: null,
  next_step: null,
  has_login: false,
  must_change_password: false,
  last_login_at: null,
  application_status: null,
  is_deleted: false,
  deleted_at: null,
  created_at: '2030-01-01T00:00:00.000Z',
  updated_at: '2030-01-01T00:00:00.000Z',
};

const account = (over: Partial<ClientAccount> = {}): ClientAccount => ({
  id: 11,
  client_id: 5,
  holder_name: '大明投資股份有限公司',
  kind: 'company',
  tax_id: '••••2539',
  bank_name: '臺灣銀行',
  bank_account: '••••••••••8901',
  is_default: true,
  masked: true,
  author: null,
  created_at: '2030-01-01T00:00:00.000Z',
  updated_at: '2030-01-02T00:00:00.000Z',
  ...over,
});

/** Where the calls went: each path with its query. */
const urls = (calls: Call[]) => calls.map((c) => `${c.path}${c.search}`);

/** The accounts API: the list is masked, `/full` gives the whole values. */
function serveAccounts() {
  return serve({
    [`GET ${BASE}`]: list([account()]),
    [`GET ${BASE}/11/full`]: one(
      account({ tax_id: '53212539', bank_account: '0123-4567-8901', masked: false }),
    ),
    [`PUT ${BASE}/11`]: one(account()),
  });
}

/** Renders a tab for a signed-in staff member (the accounts tab asks who is looking). */
async function renderAs(role: StaffRole, id: number, tab: ReactNode) {
  window.localStorage.setItem(tokenKey('dashboard'), 'Bearer saved');
  const { store, queryClient } = makeStore(fakeAuthApi({ saved: staffUser(role, { id }) }));
  await store.start();
  // The item form guards unsaved changes, which needs a data router.
  const router = createMemoryRouter([{ path: '/', element: <FeedbackProvider>{tab}</FeedbackProvider> }]);
  render(
    <QueryClientProvider client={queryClient}>
      <SessionProvider store={store}>
        <RouterProvider router={router} />
      </SessionProvider>
    </QueryClientProvider>,
  );
}

async function renderAccounts(role: StaffRole, id: number) {
  await renderAs(role, id, <ClientAccountsTab client={client} editable />);
  await screen.findByText('大明投資股份有限公司');
}

/** A line under an item: the list joins them with " · ", so one is found inside its span's text. */
const line = (text: string) => (content: string, element: Element | null) =>
  element?.tagName === 'SPAN' && content.replace(/^·\s*/, '') === text;

afterEach(() => vi.unstubAllGlobals());

describe('accounts tab', { timeout: 20_000 }, () => {
  it('shows tax id and account number masked, and the whole values to the owner on request', async () => {
    const calls = serveAccounts();
    await renderAccounts('sa', 9);
    expect(screen.getByText(line('統一編號或身分證字號 ••••2539'))).toBeTruthy();
    expect(screen.getByText(line('臺灣銀行 帳號 ••••••••••8901'))).toBeTruthy();
    expect(screen.getByText('預設')).toBeTruthy();
    expect(screen.getByText(line('公司'))).toBeTruthy();
    // Accounts are kept: no delete.
    expect(screen.queryByRole('button', { name: /刪除/ })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: /顯示完整資料/ }));
    expect(await screen.findByText(line('統一編號或身分證字號 53212539'))).toBeTruthy();
    expect(screen.getByText(line('臺灣銀行 帳號 0123-4567-8901'))).toBeTruthy();
    expect(urls(calls).filter((u) => u.endsWith('/full'))).toHaveLength(1);

    fireEvent.click(screen.getByRole('button', { name: /隱藏完整資料/ }));
    expect(await screen.findByText(line('統一編號或身分證字號 ••••2539'))).toBeTruthy();
    expect(screen.queryByText(line('統一編號或身分證字號 53212539'))).toBeNull();
  });

  it('offers the full read to an admin, and to nobody else but the owner', async () => {
    serveAccounts();
    await renderAccounts('admin', 1);
    expect(screen.getByRole('button', { name: /顯示完整資料/ })).toBeTruthy();
  });

  it('does not offer another sa the full read, and never asks for it', async () => {
    const calls = serveAccounts();
    await renderAccounts('sa', 10);
    expect(screen.getByText(line('統一編號或身分證字號 ••••2539'))).toBeTruthy();
    expect(screen.queryByRole('button', { name: /顯示完整資料/ })).toBeNull();
    expect(urls(calls).some((u) => u.endsWith('/full'))).toBe(false);
  });

  it('edits a masked account without sending the masked values: empty inputs keep what is stored', async () => {
    const calls = serveAccounts();
    await renderAccounts('sa', 10);
    fireEvent.click(screen.getByRole('button', { name: '編輯 大明投資股份有限公司' }));
    const dialog = await screen.findByRole('dialog');
    const taxId = within(dialog).getByLabelText('統一編號或身分證字號') as HTMLInputElement;
    expect(taxId.value).toBe('');
    expect(taxId.placeholder).toBe('••••2539');
    fireEvent.change(within(dialog).getByLabelText('銀行'), { target: { value: '第一銀行' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /儲\s*存/ }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(`${put.path}${put.search}`).toBe(`${BASE}/11`);
    expect(put.body).toEqual({
      holder_name: '大明投資股份有限公司',
      kind: 'company',
      bank_name: '第一銀行',
      is_default: true,
    });
  });
});

describe('to-dos tab', { timeout: 20_000 }, () => {
  it('offers as assignees only colleagues who work this client in its stage', async () => {
    const calls = serve({
      'GET /api/internal/v1/clients/5/todo': list([]),
      'GET /api/internal/v1/employees/directory': list([
        { id: 1, name: '管理員甲', role: 'admin' },
        { id: 2, name: '投資人關係乙', role: 'ir' },
        { id: 3, name: '業務丙', role: 'sa' },
      ]),
    });
    await renderAs('ir', 2, <ClientTodosTab client={{ ...client, process_status: 'p5' }} editable />);
    expect(await screen.findByText('追蹤這位投資人要做的事。')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '新增待辦' }));
    expect(urls(calls)).toContain('/api/internal/v1/employees/directory?assignable=client');
    const dialog = await screen.findByRole('dialog');
    fireEvent.mouseDown(within(dialog).getByLabelText('負責人'));
    expect(await screen.findByTitle('管理員甲')).toBeTruthy();
    expect(screen.getByTitle('投資人關係乙')).toBeTruthy();
    // An sa no longer works a p5 client: the server would refuse them.
    expect(screen.queryByTitle('業務丙')).toBeNull();
  });

  it('offers nothing to add to a viewer who may not work the client', async () => {
    serve({
      'GET /api/internal/v1/clients/5/todo': list([]),
      'GET /api/internal/v1/employees/directory': list([]),
    });
    await renderAs('sa', 3, <ClientTodosTab client={client} editable={false} />);
    expect(await screen.findByText('追蹤這位投資人要做的事。')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '新增待辦' })).toBeNull();
  });
});

describe('contact records tab', { timeout: 20_000 }, () => {
  it('reads each contact by its channel label and who spoke with the client', async () => {
    serve({
      'GET /api/internal/v1/clients/5/contact': list([
        {
          id: 4,
          client_id: 5,
          contact_at: '2030-02-03T07:30:00.000Z',
          channel: 'meeting',
          summary: '討論下一輪投資',
          employee_id: 3,
          employee: { id: 3, name: '業務丙' },
          author: { id: 3, name: '業務丙' },
          created_at: '2030-02-03T08:00:00.000Z',
          updated_at: '2030-02-03T08:00:00.000Z',
        },
      ]),
      'GET /api/internal/v1/employees/directory': list([]),
    });
    await renderAs('sa', 3, <ClientContactsTab client={client} editable />);
    expect(await screen.findByText(/^會面 · /)).toBeTruthy();
    expect(screen.getByText('討論下一輪投資')).toBeTruthy();
    expect(screen.getByText(line('聯絡人員 業務丙'))).toBeTruthy();
    expect(screen.queryByText(/meeting/)).toBeNull();
  });
});
