import { type Group, type GroupMember, type StaffRole, tokenKey } from '@dealflow/domain';
import { QueryClientProvider } from '@tanstack/react-query';
import { configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeAuthApi, makeStore, staffUser } from '../../test/fakes.ts';
import { list, one, serve } from '../../test/serve.ts';
import { SessionProvider } from '../auth/session/index.ts';
import { GroupPage } from './pages/GroupPage.tsx';
import { GroupsPage } from './pages/GroupsPage.tsx';
import { FeedbackProvider } from '../../shared/feedback/index.tsx';

const refusal = (status: number, code: string) => ({
  status,
  body: { error: { status, code, message: 'server text' } },
});

function group(overrides: Partial<Group> = {}): Group {
  return {
    id: 5,
    name: '季度說明會',
    description: '每季邀請的投資人',
    member_count: 2,
    created_at: '2026-03-01T00:00:00Z',
    updated_at: '2026-03-02T00:00:00Z',
    ...overrides,
  };
}

function member(overrides: Partial<GroupMember> = {}): GroupMember {
  return {
    id: 11,
    name: '王大明',
    email: 'wang@example.com',
    membership: 'general',
    process_status: 'p2',
    joined_at: '2026-03-02T00:00:00Z',
    ...overrides,
  };
}

async function renderAt(path: string, role: StaffRole = 'admin', extra: { reviewer?: boolean } = {}) {
  window.localStorage.setItem(tokenKey('dashboard'), 'Bearer saved');
  const { store, queryClient } = makeStore(fakeAuthApi({ saved: staffUser(role, extra) }));
  await store.start();
  const router = createMemoryRouter(
    [
      { path: '/dashboard/group', element: <GroupsPage /> },
      { path: '/dashboard/group/:id', element: <GroupPage /> },
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

// antd renders, validates and animates, then the requests run: slow on a busy machine.
const slow = { timeout: 60_000 };
configure({ asyncUtilTimeout: 10_000 });

describe('GroupsPage (/dashboard/group)', slow, () => {
  it('explains what groups are for when there is none, and creates the first one', async () => {
    const calls = serve({
      'GET /api/internal/v1/groups': list([]),
      'POST /api/internal/v1/groups': (body) =>
        one(group({ id: 9, name: (body as { name: string }).name, member_count: 0 })),
    });
    const router = await renderAt('/dashboard/group');
    expect(await screen.findByText('還沒有客戶群組')).toBeTruthy();
    expect(screen.getByText(/群組把投資人整理成一批/)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: /新增群組/ }));
    const dialog = await screen.findByRole('dialog');
    // An empty name is refused in the form, before any request.
    fireEvent.click(within(dialog).getByRole('button', { name: /儲\s*存/ }));
    expect(await within(dialog).findByText('請輸入群組名稱')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    fireEvent.change(within(dialog).getByLabelText('群組名稱'), { target: { value: '  半導體 LP  ' } });
    fireEvent.change(within(dialog).getByLabelText('說明'), { target: { value: '年度追蹤' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /儲\s*存/ }));
    // A new group opens on its page, where members are added.
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/group/9'));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: '半導體 LP',
      description: '年度追蹤',
    });
  });

  it('shows a taken name under the name field', async () => {
    serve({
      'GET /api/internal/v1/groups': list([group()]),
      'POST /api/internal/v1/groups': refusal(409, 'GROUP_NAME_TAKEN'),
    });
    await renderAt('/dashboard/group');
    fireEvent.click(await screen.findByRole('button', { name: /新增群組/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('群組名稱'), { target: { value: '季度說明會' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /儲\s*存/ }));
    expect(await within(dialog).findByText('已有同名的群組，請換一個名稱')).toBeTruthy();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('lists groups as links with their member count, renames and deletes after confirming', async () => {
    const calls = serve({
      'GET /api/internal/v1/groups': list([
        group(),
        group({ id: 6, name: '天使投資人', description: null, member_count: 0 }),
      ]),
      'PUT /api/internal/v1/groups/5': (body) => one(group({ ...(body as Partial<Group>) })),
      'DELETE /api/internal/v1/groups/6': { body: { data: { ok: true } } },
    });
    await renderAt('/dashboard/group');
    const link = await screen.findByRole('link', { name: '季度說明會' });
    expect(link.getAttribute('href')).toBe('/dashboard/group/5');
    const row = link.closest('tr') as HTMLElement;
    expect(within(row).getByText('每季邀請的投資人')).toBeTruthy();
    expect(within(row).getByText('2')).toBeTruthy();

    fireEvent.click(within(row).getByRole('button', { name: '編輯 季度說明會' }));
    const dialog = await screen.findByRole('dialog');
    const name = within(dialog).getByLabelText('群組名稱') as HTMLInputElement;
    expect(name.value).toBe('季度說明會');
    fireEvent.change(name, { target: { value: '季度說明會 2026' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /儲\s*存/ }));
    // Only what changed is sent.
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ name: '季度說明會 2026' }),
    );

    const other = (await screen.findByRole('link', { name: '天使投資人' })).closest('tr') as HTMLElement;
    fireEvent.click(within(other).getByRole('button', { name: '刪除群組 天使投資人' }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    expect(await screen.findByText('刪除「天使投資人」？')).toBeTruthy();
    const confirm = screen
      .getAllByRole('button', { name: /刪除群組/ })
      .find((b) => b.closest('.ant-popconfirm'));
    fireEvent.click(confirm as HTMLElement);
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.path.endsWith('/6'))).toBe(true));
  });

  it('offers no create, edit or delete to a read-only reviewer', async () => {
    serve({ 'GET /api/internal/v1/groups': list([group()]) });
    await renderAt('/dashboard/group', 'sa', { reviewer: true });
    expect(await screen.findByRole('link', { name: '季度說明會' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /新增群組/ })).toBeNull();
    expect(screen.queryByRole('button', { name: '編輯 季度說明會' })).toBeNull();
  });
});

describe('GroupPage (/dashboard/group/:id)', slow, () => {
  it('says so when the group does not exist', async () => {
    serve({ 'GET /api/internal/v1/groups/77': refusal(404, 'GROUP_NOT_FOUND') });
    await renderAt('/dashboard/group/77');
    expect(await screen.findByText('找不到這個群組，可能已被刪除。')).toBeTruthy();
    expect(screen.getByRole('link', { name: /回到客戶群組/ }).getAttribute('href')).toBe('/dashboard/group');
  });

  it('shows the group and its members with tier and stage labels, each linked to the investor', async () => {
    serve({
      'GET /api/internal/v1/groups/5': one(group()),
      'GET /api/internal/v1/groups/5/clients': list([
        member(),
        member({ id: 12, name: '陳小華', membership: 'gp', process_status: 'drop' }),
      ]),
    });
    await renderAt('/dashboard/group/5');
    expect(await screen.findByRole('heading', { name: '季度說明會' })).toBeTruthy();
    expect(screen.getByText('每季邀請的投資人')).toBeTruthy();
    const wang = await screen.findByRole('link', { name: '王大明' });
    expect(wang.getAttribute('href')).toBe('/dashboard/investor/11');
    const row = wang.closest('tr') as HTMLElement;
    expect(within(row).getByText('一般會員')).toBeTruthy();
    expect(within(row).getByText('P2 面談')).toBeTruthy();
    const chen = screen.getByRole('link', { name: '陳小華' }).closest('tr') as HTMLElement;
    expect(within(chen).getByText('普通合夥人')).toBeTruthy();
    expect(within(chen).getByText('封存')).toBeTruthy();
  });

  it('tells sa and ir that only the members of their stages are listed', async () => {
    serve({
      'GET /api/internal/v1/groups/5': one(group()),
      'GET /api/internal/v1/groups/5/clients': list([member()]),
    });
    await renderAt('/dashboard/group/5', 'sa');
    expect(await screen.findByText('只列出您負責的投資人階段中的成員。')).toBeTruthy();
  });

  it('adds a member picked in the client picker', async () => {
    const calls = serve({
      'GET /api/internal/v1/groups/5': one(group({ member_count: 0 })),
      'GET /api/internal/v1/groups/5/clients': list([]),
      'GET /api/internal/v1/clients/name': list([{ id: 31, name: '林志明', membership: 'paid' }]),
      'POST /api/internal/v1/groups/5/join': one({ ...member({ id: 31, name: '林志明' }), added: true }),
    });
    await renderAt('/dashboard/group/5');
    expect(await screen.findByText('這個群組還沒有成員。')).toBeTruthy();
    const add = screen.getByRole('button', { name: /加入群組/ });
    expect((add as HTMLButtonElement).disabled).toBe(true);

    fireEvent.mouseDown(screen.getByLabelText('加入投資人'));
    fireEvent.click(await screen.findByText('林志明'));
    await waitFor(() => expect((add as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(add);
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')).toMatchObject({
        path: '/api/internal/v1/groups/5/join',
        body: { client_id: 31 },
      }),
    );
    expect(await screen.findByText('已將 林志明 加入群組')).toBeTruthy();
  });

  it('removes a member only after confirming, with the client id in the body', async () => {
    const calls = serve({
      'GET /api/internal/v1/groups/5': one(group()),
      'GET /api/internal/v1/groups/5/clients': list([member()]),
      'DELETE /api/internal/v1/groups/5/remove': { body: { data: { ok: true } } },
    });
    await renderAt('/dashboard/group/5');
    const row = (await screen.findByRole('link', { name: '王大明' })).closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: '移出 王大明' }));
    expect(await screen.findByText('將 王大明 移出群組？')).toBeTruthy();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    const confirm = screen
      .getAllByRole('button', { name: /移\s*出/ })
      .find((b) => b.closest('.ant-popconfirm'));
    fireEvent.click(confirm as HTMLElement);
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'DELETE')).toMatchObject({
        path: '/api/internal/v1/groups/5/remove',
        body: { client_id: 11 },
      }),
    );
  });

  it('deletes the group after confirming and returns to the list', async () => {
    const calls = serve({
      'GET /api/internal/v1/groups/5': one(group()),
      'GET /api/internal/v1/groups/5/clients': list([]),
      'DELETE /api/internal/v1/groups/5': { body: { data: { ok: true } } },
      'GET /api/internal/v1/groups': list([]),
    });
    const router = await renderAt('/dashboard/group/5');
    fireEvent.click(await screen.findByRole('button', { name: /刪除群組/ }));
    expect(await screen.findByText('刪除「季度說明會」？')).toBeTruthy();
    const confirm = screen
      .getAllByRole('button', { name: /刪除群組/ })
      .find((b) => b.closest('.ant-popconfirm'));
    fireEvent.click(confirm as HTMLElement);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/group'));
    expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/internal/v1/groups/5')).toBe(true);
  });
});
