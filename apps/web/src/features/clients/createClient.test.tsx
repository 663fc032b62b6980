import type { ClientDuplicate } from '@dealflow/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, type RequestOptions } from '../../shared/api/index.ts';
import { clientRow } from '../../test/clientFakes.ts';
import { staffUser } from '../../test/fakes.ts';
import { CreateClientDrawer } from './components/CreateClientDrawer.tsx';
import { FeedbackProvider } from '../../shared/feedback/index.tsx';

const DUPLICATES = '/api/internal/v1/clients/duplicates';

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

/** The drawer as an sa opens it, with the duplicate look-up answering from `holders`. */
function renderDrawer(holders: {
  email?: Record<string, ClientDuplicate[]>;
  phone?: Record<string, ClientDuplicate[]>;
}) {
  const get = vi.spyOn(api, 'get').mockImplementation(async (path: string, options?: RequestOptions) => {
    if (path === DUPLICATES) {
      const q = options?.query ?? {};
      if (typeof q.email === 'string') return { data: holders.email?.[q.email] ?? [] } as never;
      if (typeof q.phone === 'string') return { data: holders.phone?.[q.phone] ?? [] } as never;
    }
    return new Promise(() => {});
  });
  const post = vi
    .spyOn(api, 'post')
    .mockResolvedValue({ data: { ...clientRow({ id: 77 }), name: '林小華' } });
  const router = createMemoryRouter(
    [
      {
        path: '/dashboard/investor',
        element: <CreateClientDrawer open user={staffUser('sa', { id: 5 })} onClose={() => {}} />,
      },
      { path: '/dashboard/investor/:id', element: <Where /> },
    ],
    { initialEntries: ['/dashboard/investor'] },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <FeedbackProvider>
        <RouterProvider router={router} />
      </FeedbackProvider>
    </QueryClientProvider>,
  );
  return { get, post };
}

const holder = (overrides: Partial<ClientDuplicate> = {}): ClientDuplicate => ({
  id: 9,
  name: '王小明',
  matched: ['email'],
  visible: true,
  is_deleted: false,
  ...overrides,
});

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

afterEach(() => vi.restoreAllMocks());

describe('新增投資人: duplicate check before saving', { timeout: 60_000 }, () => {
  it('offers the client already holding the email and blocks the save', async () => {
    const { get, post } = renderDrawer({ email: { 'wang@example.com': [holder()] } });
    type('名稱', '王小明');
    type('電子郵件', 'Wang@Example.com ');
    fireEvent.focusOut(screen.getByLabelText('電子郵件'));
    const notice = await screen.findByTestId('duplicate-email', {}, { timeout: 5000 });
    expect(notice.textContent).toContain('此電子郵件已屬於 王小明');
    expect(within(notice).getByRole('link', { name: '開啟' }).getAttribute('href')).toBe(
      '/dashboard/investor/9',
    );
    expect(get).toHaveBeenCalledWith(
      DUPLICATES,
      expect.objectContaining({ query: { email: 'wang@example.com' } }),
    );
    const create = screen.getByRole('button', { name: '新 增' });
    expect(create.hasAttribute('disabled')).toBe(true);
    // Enter in a field submits even with the button disabled: the check on save stops it too.
    fireEvent.submit(document.querySelector('form') as HTMLFormElement);
    await act(() => new Promise((resolve) => setTimeout(resolve, 300)));
    expect(post).not.toHaveBeenCalled();
  });

  it('names a holder the user may not open without a link', async () => {
    renderDrawer({ email: { 'lee@example.com': [holder({ name: '李大同', visible: false })] } });
    type('電子郵件', 'lee@example.com');
    fireEvent.focusOut(screen.getByLabelText('電子郵件'));
    const notice = await screen.findByTestId('duplicate-email', {}, { timeout: 5000 });
    expect(notice.textContent).toContain('此電子郵件已屬於 李大同（不在您負責的階段，無法開啟）');
    expect(within(notice).queryByRole('link')).toBeNull();
  });

  it('shows a shared phone once before saving, then creates and opens the new client', async () => {
    const { post } = renderDrawer({
      phone: { '0912 345 678': [holder({ matched: ['phone'] })] },
    });
    type('姓', '林');
    type('名', '小華');
    expect((screen.getByLabelText('名稱') as HTMLInputElement).value).toBe('林小華');
    type('電子郵件', 'lin@example.com');
    type('電話', '0912 345 678');
    fireEvent.click(screen.getByRole('switch', { name: '建立登入帳號並寄送設定密碼連結' }));
    fireEvent.click(screen.getByRole('button', { name: '新 增' }));
    const notice = await screen.findByTestId('duplicate-phone', {}, { timeout: 5000 });
    expect(notice.textContent).toContain('此電話號碼已屬於 王小明');
    expect(post).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: '新 增' }));
    await waitFor(() => expect(post).toHaveBeenCalledTimes(1));
    expect(post.mock.calls[0]?.[0]).toBe('/api/internal/v1/clients');
    expect(post.mock.calls[0]?.[1]).toMatchObject({
      name: '林小華',
      lastName: '林',
      firstName: '小華',
      email: 'lin@example.com',
      phone: '0912 345 678',
      membership: 'general',
      process_status: 'p0',
      employee_id: 5,
      currency: 'NTD',
      invite: true,
    });
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/dashboard/investor/77'));
  });

  it('says in Chinese what a field needs', async () => {
    const { post } = renderDrawer({});
    type('電子郵件', 'not-an-email');
    type('電話', '09-abc');
    fireEvent.click(screen.getByRole('button', { name: '新 增' }));
    expect(await screen.findByText('請輸入名稱')).toBeTruthy();
    expect(screen.getByText('電子郵件格式不正確')).toBeTruthy();
    expect(screen.getByText('電話只能包含數字、空格與 + ( ) -')).toBeTruthy();
    expect(post).not.toHaveBeenCalled();
  });
});
