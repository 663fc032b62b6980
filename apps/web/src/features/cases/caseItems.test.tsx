import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CaseAccess } from './components/CaseItemsPanel.tsx';
import { TodosTab } from './components/TodosTab.tsx';

/** The server's answers, by path: the test plays the API over fetch, our own code runs as it is. */
function serve(routes: Record<string, unknown>) {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://test');
      asked.push(`${url.pathname}${url.search}`);
      const body = routes[url.pathname];
      return new Response(
        JSON.stringify(body ?? { error: { status: 404, code: 'NOT_FOUND', message: 'x' } }),
        {
          status: body ? 200 : 404,
          headers: { 'content-type': 'application/json' },
        },
      );
    }),
  );
  return asked;
}

const list = <T,>(rows: T[]) => ({ data: { result: rows, count: rows.length } });

function renderTodos(access: CaseAccess) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  // The item form guards unsaved changes (useBlocker), which needs a data router.
  const router = createMemoryRouter([
    {
      path: '/',
      element: (
        <App>
          <TodosTab caseId={5} access={access} />
        </App>
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
    serve({ '/api/internal/v1/cases/5/todo': list([]), '/api/internal/v1/employees/directory': list([]) });
    renderTodos({ editable: false, contribute: true, mayChange: () => false });
    expect(await screen.findByText('追蹤這個案件要做的事。')).toBeTruthy();
    expect(screen.getByRole('button', { name: '新增待辦' })).toBeTruthy();
  });

  it('offers no add button to someone who may not contribute', async () => {
    serve({ '/api/internal/v1/cases/5/todo': list([]), '/api/internal/v1/employees/directory': list([]) });
    renderTodos({ editable: false, contribute: false, mayChange: () => false });
    expect(await screen.findByText('追蹤這個案件要做的事。')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '新增待辦' })).toBeNull();
  });

  it('asks the directory only for colleagues who can take case work, and offers just them', async () => {
    const asked = serve({
      '/api/internal/v1/cases/5/todo': list([]),
      '/api/internal/v1/employees/directory': list([
        { id: 1, name: '管理員甲', role: 'admin' },
        { id: 2, name: '客戶經理乙', role: 'ao' },
      ]),
    });
    renderTodos({ editable: true, contribute: true, mayChange: () => true });
    fireEvent.click(await screen.findByRole('button', { name: '新增待辦' }));
    await waitFor(() => expect(asked).toContain('/api/internal/v1/employees/directory?assignable=case'));
    expect(asked.filter((u) => u.startsWith('/api/internal/v1/employees/directory'))).toEqual([
      '/api/internal/v1/employees/directory?assignable=case',
    ]);
    const dialog = await screen.findByRole('dialog');
    fireEvent.mouseDown(within(dialog).getByLabelText('負責人'));
    expect(await screen.findByTitle('管理員甲')).toBeTruthy();
    expect(screen.getByTitle('客戶經理乙')).toBeTruthy();
  });
});
