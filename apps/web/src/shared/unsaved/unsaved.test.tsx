import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Form, Input } from 'antd';
import { useState } from 'react';
import { createMemoryRouter, Link, RouterProvider, useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { DirtyScope, useReportDirty } from './DirtyScope.tsx';
import { SaveBar } from './SaveBar.tsx';
import { UnsavedChangesGuard } from './UnsavedChangesGuard.tsx';
import { useModalFormGuard } from './useModalFormGuard.tsx';
import { FeedbackProvider } from '../feedback/index.tsx';

const QUESTION = '有尚未儲存的變更，確定要離開？';
// antd spaces out a two-character Chinese button label.
const STAY = /留\s*下/;
const LEAVE = /離\s*開/;

/** A page with one text field, dirty once it differs from "saved". */
function FormPage() {
  const [value, setValue] = useState('saved');
  const location = useLocation();
  return (
    <div>
      <p>{`at ${location.pathname}${location.search}`}</p>
      <input aria-label="field" value={value} onChange={(e) => setValue(e.target.value)} />
      <Link to="/other">other page</Link>
      <Link to="/form?tab=b">tab b</Link>
      <UnsavedChangesGuard when={value !== 'saved'} />
    </div>
  );
}

function renderRoutes(element: React.ReactNode) {
  const router = createMemoryRouter(
    [
      { path: '/form', element: <FeedbackProvider>{element}</FeedbackProvider> },
      { path: '/other', element: <p>the other page</p> },
    ],
    { initialEntries: ['/start', '/form'], initialIndex: 1 },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const dialog = () => screen.queryByRole('dialog');

// antd's first render is slow on a busy machine.
describe('UnsavedChangesGuard', { timeout: 20_000 }, () => {
  it('lets a clean page go without asking', async () => {
    const router = renderRoutes(<FormPage />);
    fireEvent.click(screen.getByText('other page'));
    await waitFor(() => expect(screen.getByText('the other page')).toBeTruthy());
    expect(router.state.location.pathname).toBe('/other');
  });

  it('asks before leaving with unsaved changes; 留下 keeps the page and the edit', async () => {
    const router = renderRoutes(<FormPage />);
    fireEvent.change(screen.getByLabelText('field'), { target: { value: 'draft' } });
    fireEvent.click(screen.getByText('other page'));
    await waitFor(() => expect(dialog()).toBeTruthy());
    expect(screen.getByText(QUESTION)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: STAY }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/form'));
    expect((screen.getByLabelText('field') as HTMLInputElement).value).toBe('draft');
  });

  it('離開 goes on to where the user was going, and the back button asks too', async () => {
    const router = renderRoutes(<FormPage />);
    fireEvent.change(screen.getByLabelText('field'), { target: { value: 'draft' } });
    await act(() => router.navigate(-1));
    await waitFor(() => expect(screen.getByText(QUESTION)).toBeTruthy());
    expect(router.state.location.pathname).toBe('/form');
    fireEvent.click(screen.getByRole('button', { name: STAY }));
    fireEvent.click(screen.getByText('other page'));
    await waitFor(() => expect(screen.getByText(QUESTION)).toBeTruthy());
    fireEvent.click(screen.getByRole('button', { name: LEAVE }));
    await waitFor(() => expect(screen.getByText('the other page')).toBeTruthy());
  });

  it('never asks for a change of the query string only (a tab of the same page)', async () => {
    const router = renderRoutes(<FormPage />);
    fireEvent.change(screen.getByLabelText('field'), { target: { value: 'draft' } });
    fireEvent.click(screen.getByText('tab b'));
    await waitFor(() => expect(screen.getByText('at /form?tab=b')).toBeTruthy());
    expect(dialog()).toBeNull();
    expect(router.state.location.search).toBe('?tab=b');
  });

  it('asks the browser before closing the tab while dirty, not when clean', () => {
    renderRoutes(<FormPage />);
    const clean = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(clean);
    expect(clean.defaultPrevented).toBe(false);
    fireEvent.change(screen.getByLabelText('field'), { target: { value: 'draft' } });
    const dirty = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(dirty);
    expect(dirty.defaultPrevented).toBe(true);
  });
});

function Part({ label }: { label: string }) {
  const [dirty, setDirty] = useState(false);
  useReportDirty(dirty);
  return (
    <label>
      {label}
      <input type="checkbox" checked={dirty} onChange={(e) => setDirty(e.target.checked)} />
    </label>
  );
}

describe('DirtyScope', { timeout: 20_000 }, () => {
  it('asks while any of its forms is dirty, and lets go once all are clean', async () => {
    const router = renderRoutes(
      <DirtyScope>
        <Part label="first" />
        <Part label="second" />
        <Link to="/other">other page</Link>
      </DirtyScope>,
    );
    fireEvent.click(screen.getByLabelText('first'));
    fireEvent.click(screen.getByLabelText('second'));
    fireEvent.click(screen.getByLabelText('first'));
    fireEvent.click(screen.getByText('other page'));
    await waitFor(() => expect(screen.getByText(QUESTION)).toBeTruthy());
    fireEvent.click(screen.getByRole('button', { name: STAY }));
    fireEvent.click(screen.getByLabelText('second'));
    fireEvent.click(screen.getByText('other page'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/other'));
  });
});

describe('SaveBar', () => {
  it('shows 未儲存的變更 with 儲存 (submits its form) and 捨棄 only while dirty', () => {
    const onSubmit = vi.fn((e: React.FormEvent) => e.preventDefault());
    const onDiscard = vi.fn();
    const { rerender } = render(
      <form onSubmit={onSubmit}>
        <SaveBar dirty={false} onDiscard={onDiscard} />
      </form>,
    );
    expect(screen.queryByRole('region', { name: '未儲存的變更' })).toBeNull();
    rerender(
      <form onSubmit={onSubmit}>
        <SaveBar dirty onDiscard={onDiscard} />
      </form>,
    );
    expect(screen.getByRole('region', { name: '未儲存的變更' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /捨\s*棄/ }));
    expect(onDiscard).toHaveBeenCalledOnce();
    fireEvent.click(screen.getByRole('button', { name: /儲\s*存/ }));
    expect(onSubmit).toHaveBeenCalledOnce();
  });
});

/** A page with a form in a modal, guarded from its first change until it closes. */
function ModalFormPage() {
  const [open, setOpen] = useState(true);
  const { markDirty, guard } = useModalFormGuard(open);
  return (
    <div>
      <Link to="/other">other page</Link>
      <button type="button" onClick={() => setOpen(false)}>
        close form
      </button>
      {open && (
        <Form onValuesChange={markDirty}>
          <Form.Item name="title" label="title">
            <Input />
          </Form.Item>
        </Form>
      )}
      {guard}
    </div>
  );
}

describe('useModalFormGuard', { timeout: 20_000 }, () => {
  it('asks before leaving once the modal form changed, and not after it closed', async () => {
    const router = renderRoutes(<ModalFormPage />);
    fireEvent.change(screen.getByLabelText('title'), { target: { value: '新待辦' } });
    fireEvent.click(screen.getByText('other page'));
    await waitFor(() => expect(screen.getByText(QUESTION)).toBeTruthy());
    fireEvent.click(screen.getByRole('button', { name: STAY }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/form'));
    fireEvent.click(screen.getByText('close form'));
    fireEvent.click(screen.getByText('other page'));
    await waitFor(() => expect(screen.getByText('the other page')).toBeTruthy());
  });
});
