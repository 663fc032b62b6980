import { fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { LinkTabs } from './LinkTabs.tsx';

const TABS = [
  { key: 'all', path: '/cases' },
  { key: 's1', path: '/cases/s1' },
  { key: 's2', path: '/cases/s2' },
];

function Page({ active }: { active: string }) {
  const location = useLocation();
  return (
    <>
      <LinkTabs
        label="案件階段"
        activeKey={active}
        items={TABS.map((tab) => ({
          key: tab.key,
          to: { pathname: tab.path, search: 'q=abc' },
          label: tab.key,
        }))}
      />
      <p>{`at ${location.pathname}${location.search}`}</p>
    </>
  );
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    TABS.map((tab) => ({ path: tab.path, element: <Page active={tab.key} /> })),
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
}

describe('LinkTabs', () => {
  it('is a labelled row of links, the current page marked', () => {
    renderAt('/cases/s1');
    const nav = screen.getByRole('navigation', { name: '案件階段' });
    expect(nav.tagName).toBe('NAV');
    expect(screen.getByRole('link', { name: 's1' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'all' }).getAttribute('aria-current')).toBeNull();
    expect(screen.getByRole('link', { name: 's2' }).getAttribute('href')).toBe('/cases/s2?q=abc');
  });

  it('goes to another tab, keeping what the link carries', async () => {
    renderAt('/cases');
    fireEvent.click(screen.getByRole('link', { name: 's2' }));
    expect(await screen.findByText('at /cases/s2?q=abc')).toBeTruthy();
    expect(screen.getByRole('link', { name: 's2' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'all' }).getAttribute('aria-current')).toBeNull();
  });
});
