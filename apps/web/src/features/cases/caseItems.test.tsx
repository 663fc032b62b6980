import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Call, list, serve } from '../../test/serve.ts';
import type { CaseAccess } from './components/CaseItemsPanel.tsx';
import { TodosTab } from './components/TodosTab.tsx';
import { FeedbackProvider } from '../../shared/feedback/index.tsx';

/** Where the calls went: each path with its query. */
const urls = (calls: Call[]) => calls.map((c) => `${c.path}${c.search}`);

function renderTodos(access: CaseAccess) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  // The item form guards unsaved changes (useBlocker), which needs a data router.
  const router = createMemoryRouter([
    {
      path: '/',
      element: (
        <FeedbackProvider>
          <TodosTab caseId={5} access={access} />
        </FeedbackProvider>
      ),
    },
  ]);
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('to-dos tab', { timeout: 20_000 }, () => {
  it('offers a reader who may contribute the first to-do, with what the list is for', async () => {
    serve({
      'GET /api/internal/v1/cases/5/todo': list([]),
      'GET /api/internal/v1/employees/directory': list([]),
    });
    renderTodos({ editable: false, contribute: true, mayChange: () => false });
    expect(await screen.findByText('追蹤這個案件要做的事。')).toBeTruthy();
    expect(screen.getByRole('button', { name: '新增待辦' })).toBeTruthy();
  });

  it('offers no add button to someone who may not contribute', async () => {
    serve({
      'GET /api/internal/v1/cases/5/todo': list([]),
      'GET /api/internal/v1/employees/directory': list([]),
    });
    renderTodos({ editable: false, contribute: false, mayChange: () => false });
    expect(await screen.findByText('追蹤這個案件要做的事。')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '新增待辦' })).toBeNull();
  });

  it('asks the directory only for colleagues who can take case work, and offers just them', async () => {
    const calls = serve({
      'GET /api/internal/v1/cases/5/todo': list([]),
      'GET /api/internal/v1/employees/directory': list([
        { id: 1, name: '管理員甲', role: 'admin' },
        { id: 2, name: '客戶經理乙', role: 'ao' },
      ]),
    });
    renderTodos({ editable: true, contribute: true, mayChange: () => true });
    fireEvent.click(await screen.findByRole('button', { name: '新增待辦' }));
    await waitFor(() =>
      expect(urls(calls)).toContain('/api/internal/v1/employees/directory?assignable=case'),
    );
    expect(urls(calls).filter((u) => u.startsWith('/api/internal/v1/employees/directory'))).toEqual([
      '/api/internal/v1/employees/directory?assignable=case',
    ]);
    const dialog = await screen.findByRole('dialog');
    fireEvent.mouseDown(within(dialog).getByLabelText('負責人'));
    expect(await screen.findByTitle('管理員甲')).toBeTruthy();
    expect(screen.getByTitle('客戶經理乙')).toBeTruthy();
  });
});
