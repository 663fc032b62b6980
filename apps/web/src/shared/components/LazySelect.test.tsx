import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { LazySelect } from './LazySelect.tsx';

const OPTIONS = [
  { value: 'ai', label: '人工智慧' },
  { value: 'biotech', label: '生物科技' },
];

function renderSelect(value: string | undefined, options = OPTIONS) {
  const onChange = vi.fn();
  render(
    <LazySelect
      value={value}
      options={options}
      onChange={onChange}
      placeholder="領域"
      ariaLabel="領域"
      allowClear
    />,
  );
  return onChange;
}

describe('LazySelect', () => {
  it('shows the chosen label in its stand-in, and nothing while the options are not there', () => {
    const { unmount } = render(
      <LazySelect
        value="biotech"
        options={OPTIONS}
        onChange={() => {}}
        placeholder="領域"
        ariaLabel="領域"
      />,
    );
    expect(screen.getByLabelText('領域')).toHaveProperty('value', '生物科技');
    unmount();
    renderSelect('biotech', []);
    expect(screen.getByLabelText('領域')).toHaveProperty('value', '');
  });

  it('becomes antd Select with focus when reached, and reports the choice', async () => {
    const onChange = renderSelect(undefined);
    const standIn = screen.getByLabelText('領域');
    expect(standIn.getAttribute('data-lazy-select')).toBe('pending');
    act(() => standIn.focus());
    const combobox = await waitFor(() => screen.getByRole('combobox', { name: '領域' }));
    expect(combobox.getAttribute('data-lazy-select')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(combobox));
    fireEvent.mouseDown(combobox);
    fireEvent.click(await screen.findByTitle('人工智慧'));
    expect(onChange).toHaveBeenCalledWith('ai');
  });
});
