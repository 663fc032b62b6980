import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PAGE_LEAVE_MS, PageOutlet } from './PageOutlet.tsx';

function Page({ name }: { name: string }) {
  // The leaving page still sees its own location, not the one it is leaving for.
  const location = useLocation();
  return <p>{`${name} at ${location.pathname}`}</p>;
}

function renderPages() {
  const router = createMemoryRouter(
    [
      {
        element: (
          <main id="main-content" tabIndex={-1}>
            <PageOutlet />
          </main>
        ),
        children: [
          { path: '/a', element: <Page name="A" /> },
          { path: '/b', element: <Page name="B" /> },
        ],
      },
    ],
    { initialEntries: ['/a'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

function mockReducedMotion(reduce: boolean) {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: reduce && query.includes('prefers-reduced-motion'),
        media: query,
        onchange: null,
        addListener: () => {},
        removeListener: () => {},
        addEventListener: () => {},
        removeEventListener: () => {},
        dispatchEvent: () => false,
      }) as MediaQueryList,
  );
}

describe('page transition "page", out-in', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('keeps the old page, inert, until it has left; then the new page comes in', async () => {
    mockReducedMotion(false);
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    const router = renderPages();
    expect(screen.getByText('A at /a')).toBeTruthy();

    await act(() => router.navigate('/b'));
    const old = screen.getByText('A at /a');
    const slot = old.closest('[data-transition="page"]');
    expect(slot?.classList.contains('is-leaving')).toBe(true);
    expect(slot?.hasAttribute('inert')).toBe(true);
    expect(screen.queryByText(/^B/)).toBeNull();

    await act(() => vi.advanceTimersByTimeAsync(PAGE_LEAVE_MS - 10));
    expect(screen.getByText('A at /a')).toBeTruthy();
    expect(screen.queryByText(/^B/)).toBeNull();
    // The old page is not scrolled under the reader while it fades.
    expect(scrollTo).not.toHaveBeenCalled();

    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(screen.queryByText(/^A/)).toBeNull();
    const entered = screen.getByText('B at /b').closest('[data-transition="page"]');
    expect(entered?.classList.contains('is-leaving')).toBe(false);
    expect(entered?.hasAttribute('inert')).toBe(false);
    // A new page (not a back navigation) starts at the top, once it is in.
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
    // Focus that left with the old page lands on the main content.
    expect(document.activeElement?.id).toBe('main-content');
  });

  it('shows the latest page when the path changes again while the old one leaves', async () => {
    mockReducedMotion(false);
    vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    const router = renderPages();
    await act(() => router.navigate('/b'));
    await act(() => vi.advanceTimersByTimeAsync(PAGE_LEAVE_MS / 2));
    await act(() => router.navigate('/a'));
    // Back where it started: the same page stays, without a remount or a second fade.
    const slot = screen.getByText('A at /a').closest('[data-transition="page"]');
    expect(slot?.classList.contains('is-leaving')).toBe(false);
    await act(() => vi.advanceTimersByTimeAsync(PAGE_LEAVE_MS));
    expect(screen.getByText('A at /a')).toBeTruthy();
    expect(screen.queryByText(/^B/)).toBeNull();
  });

  it('does not animate a change of query only', async () => {
    mockReducedMotion(false);
    const router = renderPages();
    await act(() => router.navigate('/a?sort=name:asc'));
    const slot = screen.getByText('A at /a').closest('[data-transition="page"]');
    expect(slot?.classList.contains('is-leaving')).toBe(false);
  });

  it('swaps at once when the user prefers reduced motion', async () => {
    mockReducedMotion(true);
    vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    const router = renderPages();
    await act(() => router.navigate('/b'));
    expect(screen.queryByText(/^A/)).toBeNull();
    expect(
      screen.getByText('B at /b').closest('[data-transition="page"]')?.classList.contains('is-leaving'),
    ).toBe(false);
  });
});
