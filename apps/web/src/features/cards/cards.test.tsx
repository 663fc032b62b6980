import { type Card, type CardGroup, type StaffRole, tokenKey } from '@dealflow/domain';
import { QueryClientProvider } from '@tanstack/react-query';
import { configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeAuthApi, makeStore, staffUser } from '../../test/fakes.ts';
import { list, one, serve } from '../../test/serve.ts';
import { SessionProvider } from '../auth/session/index.ts';
import { changedFields, formValuesOf } from './components/cardFields.tsx';
import { CardsPage } from './pages/CardsPage.tsx';
import { FeedbackProvider } from '../../shared/feedback/index.tsx';

function card(overrides: Partial<Card> = {}): Card {
  return {
    id: 7,
    name: '陳律師',
    company: '陳氏法律事務所',
    title: '合夥律師',
    phones: ['02-2345-6789'],
    emails: ['chen@law.example'],
    address: null,
    notes: null,
    tags: ['律師'],
    image: null,
    groups: [],
    owner: { id: 2, name: '王經理' },
    access: 'manage',
    created_at: '2026-03-01T00:00:00Z',
    updated_at: '2026-03-02T00:00:00Z',
    ...overrides,
  };
}
const group = (overrides: Partial<CardGroup> = {}): CardGroup => ({
  id: 3,
  name: '共同投資人',
  created_by: { id: 2, name: '王經理' },
  can_manage: true,
  created_at: '2026-03-01T00:00:00Z',
  updated_at: '2026-03-01T00:00:00Z',
  ...overrides,
});

async function renderAt(path: string, role: StaffRole = 'ao') {
  window.localStorage.setItem(tokenKey('dashboard'), 'Bearer saved');
  const { store, queryClient } = makeStore(fakeAuthApi({ saved: staffUser(role) }));
  await store.start();
  const router = createMemoryRouter([{ path: '/dashboard/cards', element: <CardsPage /> }], {
    initialEntries: [path],
  });
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

describe('CardsPage (/dashboard/cards)', slow, () => {
  it('explains the book when empty, and creates a card with lists and groups', async () => {
    const calls = serve({
      'GET /api/internal/v1/cards': list([]),
      'GET /api/internal/v1/cards/groups': list([group()]),
      'POST /api/internal/v1/cards': (body) => one(card({ id: 9, name: (body as { name: string }).name })),
      'GET /api/internal/v1/cards/9': one(card({ id: 9, name: '林會計師' })),
      'GET /api/internal/v1/cards/9/permissions': list([
        { employee_id: 2, employee_name: '王經理', permission: 'owner' },
      ]),
      'GET /api/internal/v1/employees/directory': list([]),
    });
    const router = await renderAt('/dashboard/cards');
    expect(await screen.findByText('名片簿還是空的')).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: /新增名片/ })[0] as HTMLElement);
    const drawer = await screen.findByRole('dialog');
    fireEvent.click(within(drawer).getByRole('button', { name: /建\s*立|新\s*增/ }));
    expect(await within(drawer).findByText('請輸入姓名')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    fireEvent.change(within(drawer).getByLabelText('姓名'), { target: { value: ' 林會計師 ' } });
    fireEvent.change(within(drawer).getByLabelText('公司'), { target: { value: '林記會計' } });
    fireEvent.click(within(drawer).getByRole('button', { name: /建\s*立|新\s*增/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?card=9'));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: '林會計師',
      company: '林記會計',
      title: null,
      phones: [],
      emails: [],
      address: null,
      notes: null,
      tags: [],
      group_ids: [],
    });
  });

  it('lists cards with their access, filters by tag through the URL, and opens a read-only card as text', async () => {
    const calls = serve({
      'GET /api/internal/v1/cards': (_b, url) =>
        url.searchParams.get('tag') === '律師'
          ? list([card({ access: 'read' })])
          : list([card({ access: 'read' }), card({ id: 8, name: '張創辦人', tags: [], access: 'edit' })]),
      'GET /api/internal/v1/cards/groups': list([]),
      'GET /api/internal/v1/cards/7': one(card({ access: 'read' })),
      'GET /api/internal/v1/cards/7/log': list([
        {
          id: 1,
          action: 'update',
          actor: { type: 'employee', id: 2, name: '王經理' },
          changes: { title: { from: '律師', to: '合夥律師' } },
          client_names: {},
          reason: null,
          created_at: '2026-03-02T00:00:00Z',
        },
      ]),
      'GET /api/internal/v1/employees/directory': list([]),
    });
    await renderAt('/dashboard/cards?tag=律師');
    expect(await screen.findByText('陳律師')).toBeTruthy();
    expect(screen.queryByText('張創辦人')).toBeNull();
    expect(calls.find((c) => c.path === '/api/internal/v1/cards')?.search).toContain('tag=');
    expect(screen.getAllByText('唯讀').length).toBeGreaterThan(0);

    fireEvent.click(screen.getByText('陳律師'));
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByText('您對這張名片只有檢視權限。')).toBeTruthy();
    // Read as text, not as inputs; no save, no sharing panel.
    expect(within(drawer).queryByLabelText('姓名')).toBeNull();
    expect(within(drawer).getByText('陳氏法律事務所')).toBeTruthy();
    expect(within(drawer).queryByRole('button', { name: /儲\s*存/ })).toBeNull();
    expect(within(drawer).queryByText('分享與權限')).toBeNull();
    // The history, folded until asked for.
    fireEvent.click(within(drawer).getByText('變更紀錄'));
    expect(await within(drawer).findByText('修改名片')).toBeTruthy();
    expect(within(drawer).getByText(/合夥律師/, { selector: '.history-entry *' })).toBeTruthy();
  });

  it('shows the owner the sharing panel and sets a colleague to read', async () => {
    const calls = serve({
      'GET /api/internal/v1/cards': list([card()]),
      'GET /api/internal/v1/cards/groups': list([]),
      'GET /api/internal/v1/cards/7': one(card()),
      'GET /api/internal/v1/cards/7/permissions': list([
        { employee_id: 2, employee_name: '王經理', permission: 'owner' },
        { employee_id: 4, employee_name: '李專員', permission: 'edit' },
      ]),
      'GET /api/internal/v1/employees/directory': list([
        { id: 2, name: '王經理', role: 'ao' },
        { id: 4, name: '李專員', role: 'ir' },
      ]),
      'PUT /api/internal/v1/cards/7/permissions/4': (body) =>
        one({
          employee_id: 4,
          employee_name: '李專員',
          permission: (body as { permission: string }).permission,
        }),
    });
    await renderAt('/dashboard/cards?card=7');
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByText('分享與權限')).toBeTruthy();
    expect(await within(drawer).findByText('李專員')).toBeTruthy();
    const level = within(drawer).getByLabelText('權限 李專員');
    fireEvent.mouseDown(level);
    // The add row's level select also shows 可檢視: the option is the one in the open list.
    await waitFor(() =>
      expect(document.querySelector('.ant-select-item-option[title="可檢視"]')).toBeTruthy(),
    );
    fireEvent.click(document.querySelector('.ant-select-item-option[title="可檢視"]') as HTMLElement);
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')).toMatchObject({
        path: '/api/internal/v1/cards/7/permissions/4',
        body: { permission: 'read' },
      }),
    );
  });
});

describe('changedFields', () => {
  it('sends only what changed, groups apart', () => {
    const c = card({ groups: [{ id: 3, name: '共同投資人' }] });
    const values = { ...formValuesOf(c), title: ' 主持律師 ', tags: ['律師', 'IP'], group_ids: [3, 5] };
    expect(changedFields(c, values)).toEqual({
      body: { title: '主持律師', tags: ['律師', 'IP'] },
      groupIds: [3, 5],
    });
    expect(changedFields(c, formValuesOf(c))).toEqual({ body: {}, groupIds: null });
  });
});
