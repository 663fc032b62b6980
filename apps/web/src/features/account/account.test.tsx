import { tokenKey } from '@dealflow/domain';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { AreaGuard } from '../../app/guards/AreaGuard.tsx';
import { GuardNotice } from '../../app/layouts/GuardNotice.tsx';
import { ApiError } from '../../shared/api/index.ts';
import { fakeAuthApi, makeStore, staffUser } from '../../test/fakes.ts';
import { LoginForm } from '../auth/components/LoginForm.tsx';
import { SessionProvider } from '../auth/session/index.ts';
import { tokenFromHash } from './api/accountApi.ts';
import { FeedbackProvider } from '../../shared/feedback/index.tsx';

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.pathname}</output>;
}

describe('guard redirects say why (GuardNotice)', () => {
  it('tells ao sent away from 投資人 why, once, and clears the navigation state', async () => {
    window.localStorage.setItem(tokenKey('dashboard'), 'Bearer saved');
    const { store, queryClient } = makeStore(fakeAuthApi({ saved: staffUser('ao') }));
    await store.start();
    const router = createMemoryRouter(
      [
        {
          element: <AreaGuard area="dashboard" />,
          children: [
            {
              path: '/dashboard/report',
              handle: { name: 'dashboard-report' },
              element: (
                <FeedbackProvider>
                  <GuardNotice />
                  <Where />
                </FeedbackProvider>
              ),
            },
            {
              path: '/dashboard/investor',
              handle: { name: 'dashboard-investor' },
              element: <p>investors</p>,
            },
          ],
        },
      ],
      { initialEntries: ['/dashboard/investor'] },
    );
    render(
      <QueryClientProvider client={queryClient}>
        <SessionProvider store={store}>
          <RouterProvider router={router} />
        </SessionProvider>
      </QueryClientProvider>,
    );
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('您沒有權限開啟「投資人」頁面，已為您返回報表。');
    expect(screen.queryByText('investors')).toBeNull();
    await waitFor(() => expect(router.state.location.state).toBeNull());
    // Still shown after the state is cleared; gone after moving on and back.
    expect(screen.getByRole('alert')).toBeTruthy();
    await router.navigate('/dashboard/report?type=investor');
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    window.localStorage.clear();
  });
});

function renderLoginForm(error: ApiError) {
  const api = fakeAuthApi();
  api.login.mockRejectedValue(error);
  const { store, queryClient } = makeStore(api);
  const onUseArea = vi.fn();
  const router = createMemoryRouter(
    [{ path: '/login', element: <LoginForm strategy="local" formName="t" onUseArea={onUseArea} /> }],
    { initialEntries: ['/login'] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <SessionProvider store={store}>
        <RouterProvider router={router} />
      </SessionProvider>
    </QueryClientProvider>,
  );
  fireEvent.change(screen.getByLabelText('電子郵件'), { target: { value: 'someone@example.com' } });
  fireEvent.change(screen.getByLabelText('密碼'), { target: { value: 'secret-pass' } });
  fireEvent.click(screen.getByRole('button', { name: /登\s*入/ }));
  return { onUseArea };
}

const refusal = (status: number, code: string, details?: unknown) =>
  new ApiError({ status, body: { error: { status, code, message: 'server text', details } } });

// antd validates, then the mutation runs: slow on a busy machine.
const slow = { timeout: 15_000 };

describe('honest sign-in answers (LoginForm)', () => {
  it('names the right tab for WRONG_SIGN_IN_TAB and offers to switch to it', async () => {
    const { onUseArea } = renderLoginForm(refusal(403, 'WRONG_SIGN_IN_TAB', { use: 'investor' }));
    expect(await screen.findByText('這是投資人帳號，請改用「投資人」分頁登入。', {}, slow)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '改用「投資人」登入' }));
    expect(onUseArea).toHaveBeenCalledWith('investor');
  }, 30_000);

  it('says a deactivated account is deactivated', async () => {
    renderLoginForm(refusal(403, 'ACCOUNT_DEACTIVATED'));
    expect(await screen.findByText('此帳號已停用，請聯絡管理員。', {}, slow)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /改用/ })).toBeNull();
  }, 30_000);

  it('offers 忘記密碼？ for its own sign-in', () => {
    renderLoginForm(refusal(401, 'INVALID_CREDENTIALS'));
    expect(screen.getByRole('link', { name: '忘記密碼？' }).getAttribute('href')).toBe(
      '/forgot-password?as=local',
    );
  });
});

describe('mailed link tokens', () => {
  it('are read from the fragment only, and only in their alphabet', () => {
    expect(tokenFromHash('#token=abcDEF0123456789_-abcdef')).toBe('abcDEF0123456789_-abcdef');
    expect(tokenFromHash('')).toBeNull();
    expect(tokenFromHash('#token=short')).toBeNull();
    expect(tokenFromHash('#token=<script>alert(1)</script>aaaaaaaaaaaa')).toBeNull();
  });
});
