import type { ClientName } from '@dealflow/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Form } from 'antd';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, type RequestOptions } from '../../shared/api/index.ts';
import { ClientSelect } from './components/ClientSelect.tsx';

const PEOPLE: ClientName[] = [
  { id: 1, name: 'Alpha Fund', membership: 'gp' },
  { id: 2, name: '王大明', membership: 'paid' },
  { id: 3, name: '陳小華', membership: 'general' },
];

/** The endpoint as the server answers it: q filters by name, ids resolves. */
function fakeNames() {
  return vi.spyOn(api, 'get').mockImplementation(async (path: string, options?: RequestOptions) => {
    expect(path).toBe('/api/internal/v1/clients/name');
    const query = options?.query ?? {};
    let result = PEOPLE;
    if (query.ids) {
      const ids = String(query.ids).split(',').map(Number);
      result = PEOPLE.filter((p) => ids.includes(p.id));
    } else if (query.q) {
      result = PEOPLE.filter((p) => p.name.toLowerCase().includes(String(query.q).toLowerCase()));
    }
    return { data: { result, count: result.length } } as never;
  });
}

function renderSelect(initial: number | null, onChange = vi.fn()) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  function Harness() {
    const [value, setValue] = useState<number | null>(initial);
    return (
      <ClientSelect
        aria-label="client"
        value={value}
        onChange={(v) => {
          setValue(v);
          onChange(v);
        }}
      />
    );
  }
  render(
    <QueryClientProvider client={queryClient}>
      <Form>
        <Harness />
      </Form>
    </QueryClientProvider>,
  );
  return onChange;
}

const calls = (get: ReturnType<typeof fakeNames>) => get.mock.calls.map(([, options]) => options?.query);

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('ClientSelect', () => {
  it('shows the name of the client it holds, asked for by id', async () => {
    const get = fakeNames();
    renderSelect(2);
    expect(await screen.findByText('王大明')).toBeTruthy();
    expect(calls(get)).toEqual([{ ids: '2' }]);
  });

  it('searches the server once typing stops, shows tiers, and gives back the chosen id', {
    timeout: 20_000,
  }, async () => {
    const get = fakeNames();
    const onChange = renderSelect(null);
    const input = screen.getByRole('combobox', { name: 'client' });
    fireEvent.mouseDown(input);
    expect(await screen.findByText('Alpha Fund')).toBeTruthy();
    // Tier labels come from i18n (zh-TW by default).
    expect(screen.getByText('普通合夥人')).toBeTruthy();

    fireEvent.change(input, { target: { value: '王' } });
    fireEvent.change(input, { target: { value: '王大' } });
    await waitFor(() => expect(calls(get)).toContainEqual({ q: '王大' }));
    expect(calls(get)).not.toContainEqual({ q: '王' });
    await waitFor(() => expect(screen.queryByText('Alpha Fund')).toBeNull());
    fireEvent.click(await screen.findByText('王大明'));
    expect(onChange).toHaveBeenCalledWith(2);
  });

  it('says so when nothing matches', async () => {
    fakeNames();
    renderSelect(null);
    const input = screen.getByRole('combobox', { name: 'client' });
    fireEvent.mouseDown(input);
    fireEvent.change(input, { target: { value: 'nobody' } });
    expect(await screen.findByText('找不到符合的投資人')).toBeTruthy();
  });

  it('with mode="multiple" keeps several, names the ones it was given without asking, and adds the chosen', {
    timeout: 20_000,
  }, async () => {
    const get = fakeNames();
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const onChange = vi.fn();
    function Harness() {
      const [value, setValue] = useState<number[]>([1, 3]);
      return (
        <ClientSelect
          mode="multiple"
          aria-label="clients"
          names={[{ id: 3, name: '陳小華' }]}
          value={value}
          onChange={(v) => {
            setValue(v);
            onChange(v);
          }}
        />
      );
    }
    render(
      <QueryClientProvider client={queryClient}>
        <Harness />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('Alpha Fund')).toBeTruthy();
    expect(screen.getByText('陳小華')).toBeTruthy();
    // Only the client whose name was not given is looked up.
    expect(calls(get)).toEqual([{ ids: '1' }]);
    const input = screen.getByRole('combobox', { name: 'clients' });
    fireEvent.mouseDown(input);
    fireEvent.click(await screen.findByText('王大明'));
    expect(onChange).toHaveBeenLastCalledWith([1, 3, 2]);
  });
});
