import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SessionProvider } from '../../features/auth/session/index.ts';
import { PageNotFoundError } from '../../shared/errors.ts';
import { makeStore } from '../../test/fakes.ts';
import { resetChunkReloadState } from './chunkReload.ts';
import { RouteErrorScreen } from './RouteErrorScreen.tsx';

function Throws({ error }: { error: unknown }): never {
  throw error;
}

async function renderError(error: unknown) {
  const { store, queryClient } = makeStore();
  await store.start();
  const router = createMemoryRouter(
    [{ path: '/x', element: <Throws error={error} />, errorElement: <RouteErrorScreen /> }],
    { initialEntries: ['/x'] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <SessionProvider store={store}>
        <RouterProvider router={router} />
      </SessionProvider>
    </QueryClientProvider>,
  );
}

describe('route error screen (SPEC section 8)', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    resetChunkReloadState();
  });

  it('shows the 500 screen for an unexpected error, with 回首頁 to /login for a visitor', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await renderError(new Error('boom'));
    expect(await screen.findByText('Oops, Internal Server Error')).toBeTruthy();
    expect(screen.getByRole('link', { name: /回首頁/ }).getAttribute('href')).toBe('/login');
  });

  it('shows the 404 screen for a page-level validation failure', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await renderError(new PageNotFoundError());
    expect(await screen.findByText('Oops, THE PAGE IS NOT EXIST')).toBeTruthy();
  });

  it('reloads the page instead when a lazy chunk failed to load', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const reload = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload });
    await renderError(new TypeError('Failed to fetch dynamically imported module: /assets/dashboard-x.js'));
    expect(await screen.findByRole('status')).toBeTruthy();
    expect(reload).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('Oops, Internal Server Error')).toBeNull();
  });
});
