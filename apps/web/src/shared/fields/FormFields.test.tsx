import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Form } from 'antd';
import dayjs from 'dayjs';
import { describe, expect, it, vi } from 'vitest';
import { FormFields } from './FormFields.tsx';
import type { FieldDef } from './fieldDefs.ts';

const FIELDS: FieldDef[] = [
  { name: 'at', label: '聯絡時間', kind: 'datetime', required: '請選擇聯絡時間' },
  {
    name: 'who',
    label: '負責人',
    kind: 'select',
    required: '請選擇負責人',
    options: [{ value: 7, label: '陳業務' }],
  },
  { name: 'title', label: '標題', kind: 'text', required: '請輸入標題' },
];

function renderForm(initial: Record<string, unknown>, onFinish: (values: unknown) => void) {
  render(
    <Form layout="vertical" initialValues={initial} onFinish={onFinish}>
      <FormFields fields={FIELDS} />
      <button type="submit">送出</button>
    </Form>,
  );
}

describe('required fields', { timeout: 20_000 }, () => {
  it('take a date and a numeric choice as given, not as missing text', async () => {
    const onFinish = vi.fn();
    renderForm({ at: dayjs('2030-01-02T03:04:00Z'), who: 7, title: '面談' }, onFinish);
    fireEvent.click(screen.getByRole('button', { name: '送出' }));
    await waitFor(() => expect(onFinish).toHaveBeenCalledTimes(1));
    expect(screen.queryByText('請選擇聯絡時間')).toBeNull();
    expect(screen.queryByText('請選擇負責人')).toBeNull();
  });

  it('still refuse empty ones, and text of spaces only', async () => {
    const onFinish = vi.fn();
    renderForm({ title: '   ' }, onFinish);
    fireEvent.click(screen.getByRole('button', { name: '送出' }));
    expect(await screen.findByText('請選擇聯絡時間')).toBeTruthy();
    expect(screen.getByText('請選擇負責人')).toBeTruthy();
    expect(screen.getByText('請輸入標題')).toBeTruthy();
    expect(onFinish).not.toHaveBeenCalled();
  });
});
