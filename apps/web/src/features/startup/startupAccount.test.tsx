import { tokenKey } from '@dealflow/domain';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeAuthApi, makeStore, startupUser } from '../../test/fakes.ts';
import { SessionProvider } from '../auth/session/index.ts';
import { StartupAccountPage } from './pages/StartupAccountPage.tsx';
import { FeedbackProvider } from '../../shared/feedback/index.tsx';

async function renderPage() {
  window.localStorage.setItem(tokenKey('local'), 'Bearer saved');
  const { store, queryClient } = makeStore(
    fakeAuthApi({ saved: startupUser({ email: 'mei.lin@example.com' }) }),
  );
  await store.start();
  const router = createMemoryRouter(
    [
      {
        path: '/startup/account',
        element: (
          <FeedbackProvider>
            <StartupAccountPage />
          </FeedbackProvider>
        ),
      },
    ],
    { initialEntries: ['/startup/account'] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <SessionProvider store={store}>
        <RouterProvider router={router} />
      </SessionProvider>
    </QueryClientProvider>,
  );
  await screen.findByRole('heading', { name: '帳號設定' });
}

afterEach(() => window.localStorage.clear());

describe('帳號設定 of the startup area', () => {
  it('shows the current sign-in email and judges a new password by the registration rule', async () => {
    await renderPage();
    expect(screen.getByText('目前的登入電子郵件：mei.lin@example.com')).toBeTruthy();
    const field = screen.getByLabelText('新密碼');
    fireEvent.change(field, { target: { value: 'mei.lin@example.com1' } });
    expect(await screen.findByText('密碼不可以是或包含您的電子郵件。')).toBeTruthy();
    expect(screen.getByRole('button', { name: /變更密碼/ }).hasAttribute('disabled')).toBe(true);
    fireEvent.change(field, { target: { value: 'violet-harbour-lantern-42' } });
    expect(await screen.findByText(/密碼強度：(強|非常強)/)).toBeTruthy();
    expect(screen.getByRole('button', { name: /變更密碼/ }).hasAttribute('disabled')).toBe(false);
    // The rule's dictionaries load on first use: slow on a busy machine, not a timing under test.
  }, 30_000);

  it('refuses the current address as the new one before anything is sent', async () => {
    await renderPage();
    fireEvent.change(screen.getByLabelText('新的電子郵件'), { target: { value: 'Mei.Lin@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: /寄送驗證碼/ }));
    expect(await screen.findByText('這已是您目前的登入電子郵件')).toBeTruthy();
    expect(screen.queryByLabelText('六位數驗證碼')).toBeNull();
  });
});
