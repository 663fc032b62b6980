import { tokenKey } from '@dealflow/domain';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { InvestorViewGuard } from '../../features/investors/components/InvestorViewGuard.tsx';
import type { SessionUser } from '../../features/auth/api/authApi.ts';
import { SessionProvider } from '../../features/auth/session/index.ts';
import { platformKeys } from '../../features/platform/api/platformApi.ts';
import { fakeAuthApi, investorUser, makeStore, staffUser } from '../../test/fakes.ts';
import { AreaGuard } from './AreaGuard.tsx';
import { GuestOnly } from './GuestOnly.tsx';

function Where() {
  const location = useLocation();
  return <output data-testid="where">{`${location.pathname}${location.search}`}</output>;
}

const routes: RouteObject[] = [
  {
    element: <GuestOnly />,
    children: [
      { path: '/login', handle: { name: 'login' }, element: <Where /> },
      { path: '/dashboard/login', handle: { name: 'dashboard-login' }, element: <Where /> },
    ],
  },
  {
    element: <AreaGuard area="dashboard" />,
    children: [
      { path: '/dashboard', handle: { name: 'dashboard' }, element: <Where /> },
      { path: '/dashboard/report', handle: { name: 'dashboard-report' }, element: <Where /> },
      { path: '/dashboard/auth', handle: { name: 'dashboard-auth' }, element: <p>staff accounts page</p> },
      {
        path: '/dashboard/manager/:project',
        handle: { name: 'dashboard-manager-project' },
        element: <Where />,
      },
      {
        path: '/dashboard/investor/:id',
        handle: { name: 'dashboard-investor-id' },
        element: (
          <InvestorViewGuard processStatus="p2">
            <p>client p2</p>
          </InvestorViewGuard>
        ),
      },
    ],
  },
  {
    element: <AreaGuard area="investor" />,
    children: [
      { path: '/investor', handle: { name: 'investor' }, element: <Where /> },
      { path: '/investor/industry/:id', handle: { name: 'investor-industry-id' }, element: <Where /> },
      { path: '/investor/cases/drop', handle: { name: 'investor-cases-drop' }, element: <Where /> },
      { path: '/investor/cases/:status', handle: { name: 'investor-cases-status' }, element: <Where /> },
    ],
  },
];

/** Renders the guarded routes at `path` with a session restored from a saved token, if any. */
async function renderAt(
  path: string,
  user?: SessionUser,
  extraUsers: Record<string, SessionUser> = {},
  options: { domainRedirect?: boolean } = {},
) {
  const api = fakeAuthApi({ ...(user ? { saved: user } : {}), ...extraUsers });
  if (user)
    window.localStorage.setItem(
      tokenKey(user.kind === 'employee' ? 'dashboard' : 'investor'),
      'Bearer saved',
    );
  const { store, queryClient } = makeStore(api);
  await store.start();
  if (options.domainRedirect !== undefined) {
    queryClient.setQueryData(platformKeys.settings, {
      domain_redirect: {
        enabled: options.domainRedirect,
        dashboard_host: options.domainRedirect ? 'dash.example.com' : null,
        investor_host: options.domainRedirect ? 'invest.example.com' : null,
      },
      tag_manager_id: null,
      report_time_zone: 'Asia/Taipei',
    });
  }
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <QueryClientProvider client={queryClient}>
      <SessionProvider store={store}>
        <RouterProvider router={router} />
      </SessionProvider>
    </QueryClientProvider>,
  );
  const where = () => `${router.state.location.pathname}${router.state.location.search}`;
  return { store, router, api, where };
}

describe('area guards (SPEC section 6)', () => {
  it('sends an anonymous visitor to the staff login with the wanted page as redirect', async () => {
    const { where } = await renderAt('/dashboard/auth');
    expect(await screen.findByTestId('where')).toHaveProperty(
      'textContent',
      '/dashboard/login?redirect=%2Fdashboard%2Fauth',
    );
    expect(where()).toBe('/dashboard/login?redirect=%2Fdashboard%2Fauth');
  });

  it('sends an anonymous visitor of the investor area to /login with redirect', async () => {
    const { where } = await renderAt('/investor/cases/s1');
    await screen.findByTestId('where');
    expect(where()).toBe('/login?redirect=%2Finvestor%2Fcases%2Fs1');
  });

  it('shows 403 to a user of another strategy, with 回首頁 going to their home', async () => {
    const { where } = await renderAt('/dashboard/report', investorUser());
    expect(await screen.findByText('Oops, Forbidden')).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: /回首頁/ }));
    await screen.findByTestId('where');
    expect(where()).toBe('/investor/cases/s1');
  });

  it('redirects a blocked role: ao on staff accounts goes to the case report', async () => {
    const { where } = await renderAt('/dashboard/auth', staffUser('ao'));
    await screen.findByTestId('where');
    expect(where()).toBe('/dashboard/report?type=case');
  });

  it('sends ir and sa from the dashboard root and project management to the investor report', async () => {
    const first = await renderAt('/dashboard', staffUser('ir'));
    await screen.findByTestId('where');
    expect(first.where()).toBe('/dashboard/report?type=investor');
  });

  it('lets admin through every guard', async () => {
    await renderAt('/dashboard/auth', staffUser('admin'));
    expect(await screen.findByText('staff accounts page')).toBeTruthy();
  });

  it('applies the process-status rule on one investor: ir may not see a p2 client, sa may', async () => {
    const ir = await renderAt('/dashboard/investor/5', staffUser('ir'));
    await screen.findByTestId('where');
    expect(ir.where()).toBe('/dashboard/report?type=investor');
  });

  it('sa may see a p2 client', async () => {
    await renderAt('/dashboard/investor/5', staffUser('sa'));
    expect(await screen.findByText('client p2')).toBeTruthy();
  });
});

describe('login pages', () => {
  it('send a signed-in visitor home, ignoring ?redirect=', async () => {
    const { where } = await renderAt('/dashboard/login?redirect=%2Fdashboard%2Fauth', staffUser('sa'));
    await screen.findByTestId('where');
    expect(where()).toBe('/dashboard/report?type=investor');
  });

  it('after signing in go to the safe redirect', async () => {
    const { store, where } = await renderAt('/dashboard/login?redirect=%2Fdashboard%2Fauth', undefined, {
      'token-for-admin@example.com': staffUser('admin'),
    });
    await act(() => store.login('dashboard', { email: 'admin@example.com', password: 'pw' }));
    expect(await screen.findByText('staff accounts page')).toBeTruthy();
    expect(where()).toBe('/dashboard/auth');
  });

  it('after signing in ignore a hostile redirect and go home', async () => {
    const { store, where } = await renderAt('/dashboard/login?redirect=%2F%2Fevil.example.com', undefined, {
      'token-for-admin@example.com': staffUser('admin'),
    });
    await act(() => store.login('dashboard', { email: 'admin@example.com', password: 'pw' }));
    await screen.findByTestId('where');
    expect(where()).toBe('/dashboard/report?type=case');
  });
});

describe('signing out and reviewer links', () => {
  it('signing out on a dashboard page goes to /dashboard/login without a redirect', async () => {
    const { store, where } = await renderAt('/dashboard/auth', staffUser('admin'));
    await screen.findByText('staff accounts page');
    await act(() => store.logout());
    await screen.findByTestId('where');
    expect(where()).toBe('/dashboard/login');
    expect(store.getState().exitTo).toBeNull();
  });

  it('an anonymous dashboard visit with ?token= signs in a reviewer and drops the token from the URL', async () => {
    const { where, api } = await renderAt('/dashboard/report?type=case&token=link-abc', undefined, {
      'staff-from-link-abc': staffUser('ir', { reviewer: true }),
    });
    await screen.findByText('/dashboard/report?type=case');
    expect(where()).toBe('/dashboard/report?type=case');
    expect(api.exchangeReviewerToken).toHaveBeenCalledWith('link-abc');
  });

  it('a failed reviewer exchange goes to the staff login', async () => {
    const { where, api } = await renderAt('/dashboard/report?token=bad-token');
    await screen.findByTestId('where');
    expect(api.exchangeReviewerToken).toHaveBeenCalled();
    expect(where()).toBe('/dashboard/login');
  });
});

describe('automatic domain redirect (SPEC section 2)', () => {
  it('sends a signed-in investor on a listed page to cases s1', async () => {
    const { where } = await renderAt('/investor/cases/drop', investorUser(), {}, { domainRedirect: true });
    await screen.findByTestId('where');
    expect(where()).toBe('/investor/cases/s1');
  });

  it('sends a staff member on a listed investor page to the dashboard with status all', async () => {
    const { where } = await renderAt(
      '/investor/industry/3',
      staffUser('admin'),
      {},
      { domainRedirect: true },
    );
    await screen.findByTestId('where');
    expect(where()).toBe('/dashboard?status=all');
  });

  it('leaves investors where they are when the setting is off', async () => {
    const off = await renderAt('/investor', investorUser(), {}, { domainRedirect: false });
    await screen.findByTestId('where');
    expect(off.where()).toBe('/investor');
  });

  it('does not move an investor already on a case list', async () => {
    const { where } = await renderAt('/investor/cases/s2', investorUser(), {}, { domainRedirect: true });
    await screen.findByTestId('where');
    expect(where()).toBe('/investor/cases/s2');
  });
});
