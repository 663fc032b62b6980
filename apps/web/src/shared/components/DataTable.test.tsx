import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type DataColumn, DataTable } from './DataTable.tsx';
import { SEARCH_DEBOUNCE_MS, SearchInput } from './SearchInput.tsx';

interface Row {
  id: number;
  name: string;
  city: string;
  note: string;
}
const rows: Row[] = [
  { id: 1, name: '晶創生醫', city: '台北', note: '備註一' },
  { id: 2, name: '海研數據', city: '高雄', note: '備註二' },
];
const columns: DataColumn<Row>[] = [
  { key: 'name', title: '名稱', dataIndex: 'name' },
  { key: 'city', title: '城市', dataIndex: 'city' },
  { key: 'note', title: '備註', dataIndex: 'note', defaultHidden: true },
];

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

function renderTable() {
  return render(
    <MemoryRouter initialEntries={['/list']}>
      <Routes>
        <Route
          path="/list"
          element={
            <DataTable<Row>
              tableId="test"
              rowKey="id"
              columns={columns}
              dataSource={rows}
              rowHref={(r) => `/item/${r.id}`}
            />
          }
        />
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
}

beforeEach(() => window.localStorage.clear());
afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('DataTable', () => {
  it('makes the name a real link and the whole row follow it', () => {
    renderTable();
    const link = screen.getByRole('link', { name: '晶創生醫' });
    expect(link.getAttribute('href')).toBe('/item/1');
    fireEvent.click(screen.getByText('高雄'));
    expect(screen.getByTestId('where').textContent).toBe('/item/2');
  });

  it('opens the row in a new tab on Ctrl/Cmd-click and middle-click, staying on the list', () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    renderTable();
    fireEvent.click(screen.getByText('台北'), { ctrlKey: true });
    fireEvent.click(screen.getByText('台北'), { metaKey: true });
    fireEvent(screen.getByText('高雄'), new MouseEvent('auxclick', { bubbles: true, button: 1 }));
    expect(open.mock.calls.map((c) => [c[0], c[1]])).toEqual([
      ['/item/1', '_blank'],
      ['/item/1', '_blank'],
      ['/item/2', '_blank'],
    ]);
    expect(screen.queryByTestId('where')).toBeNull();
  });

  it('shows the default columns, and remembers a column chosen in the chooser', async () => {
    const { unmount } = renderTable();
    expect(screen.queryByRole('columnheader', { name: '備註' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /欄位/ }));
    const chooser = await screen.findByRole('group', { name: '顯示欄位' });
    expect((within(chooser).getByRole('checkbox', { name: /名稱/ }) as HTMLInputElement).disabled).toBe(true);
    fireEvent.click(within(chooser).getByRole('checkbox', { name: '備註' }));
    fireEvent.click(within(chooser).getByRole('checkbox', { name: '城市' }));
    expect(screen.getByRole('columnheader', { name: '備註' })).toBeTruthy();
    expect(screen.queryByRole('columnheader', { name: '城市' })).toBeNull();
    expect(JSON.parse(window.localStorage.getItem('dealflow.table.test.columns') ?? '{}')).toEqual({
      note: true,
      city: false,
    });
    unmount();

    renderTable();
    expect(screen.getByRole('columnheader', { name: '備註' })).toBeTruthy();
    expect(screen.queryByRole('columnheader', { name: '城市' })).toBeNull();
  });
});

describe('SearchInput', () => {
  it('applies the text once typing pauses, not on every key; Enter applies at once', () => {
    vi.useFakeTimers();
    const onChange = vi.fn();
    render(<SearchInput value="" label="搜尋" onChange={onChange} />);
    const box = screen.getByLabelText('搜尋');
    fireEvent.change(box, { target: { value: '晶' } });
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 100));
    fireEvent.change(box, { target: { value: '晶創 ' } });
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 100));
    expect(onChange).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(100));
    expect(onChange.mock.calls).toEqual([['晶創']]);

    fireEvent.change(box, { target: { value: '海研' } });
    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
    expect(onChange.mock.calls).toEqual([['晶創'], ['海研']]);
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    expect(onChange).toHaveBeenCalledTimes(2);
  });

  it('keeps what is being typed when the applied value comes back, and takes a value changed elsewhere', () => {
    vi.useFakeTimers();
    const onChange = vi.fn();
    const { rerender } = render(<SearchInput value="" label="搜尋" onChange={onChange} />);
    const box = screen.getByLabelText('搜尋') as HTMLInputElement;
    fireEvent.change(box, { target: { value: 'ab' } });
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    fireEvent.change(box, { target: { value: 'abc' } });
    rerender(<SearchInput value="ab" label="搜尋" onChange={onChange} />);
    expect(box.value).toBe('abc');
    rerender(<SearchInput value="" label="搜尋" onChange={onChange} />);
    expect(box.value).toBe('');
  });
  it('does not search on the Enter that ends a Chinese composition; the clear button and Escape empty it', () => {
    const onChange = vi.fn();
    render(<SearchInput value="" label="搜尋" onChange={onChange} />);
    const box = screen.getByLabelText('搜尋') as HTMLInputElement;
    expect(screen.queryByRole('button', { name: '清空搜尋欄' })).toBeNull();
    fireEvent.change(box, { target: { value: '晶' } });
    fireEvent.keyDown(box, { key: 'Enter', isComposing: true });
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(onChange.mock.calls).toEqual([['晶']]);
    fireEvent.click(screen.getByRole('button', { name: '清空搜尋欄' }));
    expect(box.value).toBe('');
    expect(onChange.mock.calls).toEqual([['晶'], ['']]);
    fireEvent.change(box, { target: { value: '海' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(box.value).toBe('');
    expect(onChange.mock.calls).toEqual([['晶'], [''], ['海'], ['']]);
  });
});
