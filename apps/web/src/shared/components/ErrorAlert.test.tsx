import { ERROR_CATALOGUE, type ErrorCode } from '@dealflow/domain';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError, errorText, fieldLines } from '../api/ApiError.ts';
import { changeLanguage } from '../i18n/index.ts';
import { en } from '../i18n/en.ts';
import { zhTW } from '../i18n/zh-TW.ts';
import { ErrorAlert, useErrorToast } from './ErrorAlert.tsx';
import { FeedbackProvider } from '../feedback/index.tsx';

const apiError = (status: number, code: string | null, message: string, details?: unknown) =>
  new ApiError({
    status,
    body: { error: { status, ...(code ? { code } : {}), message, ...(details ? { details } : {}) } },
  });

const LATIN_WORD = /[A-Za-z]{2,}/;

afterEach(async () => {
  await act(() => changeLanguage('zh-TW'));
});

describe('error display', () => {
  it('has a zh-TW and an English sentence for every code of the catalogue', () => {
    for (const code of Object.keys(ERROR_CATALOGUE) as ErrorCode[]) {
      expect(zhTW.errors.codes[code], code).toBeTruthy();
      expect(en.errors.codes[code], code).toBeTruthy();
    }
  });

  it('shows the translated sentence by code, the server text only under 詳細資訊', () => {
    render(<ErrorAlert error={apiError(401, 'INVALID_CREDENTIALS', 'Incorrect email or password')} />);
    expect(screen.getByRole('alert').textContent).toContain('電子郵件或密碼不正確。');
    expect(screen.queryByText(/Incorrect email or password/)).toBeNull();
    const toggle = screen.getByRole('button', { name: '詳細資訊' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(screen.getByTestId('error-details').textContent).toBe('[401] Incorrect email or password');
    expect(screen.getByRole('button', { name: '隱藏詳細資訊' }).getAttribute('aria-expanded')).toBe('true');
  });

  it('puts a title first and the sentence below it', () => {
    render(<ErrorAlert title="無法載入案件" error={apiError(409, 'EMAIL_TAKEN', 'Email already in use')} />);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('無法載入案件');
    expect(alert.textContent).toContain('這個電子郵件已被使用。');
    expect(alert.textContent).not.toMatch(/Email already/);
  });

  it('translates every failing field by field name and kind', () => {
    const error = apiError(400, 'VALIDATION_FAILED', 'Validation failed', [
      {
        field: 'body.email',
        message: 'Enter a valid email address',
        kind: 'invalid_format',
        format: 'email',
      },
      { field: 'body.name', message: 'Name is required', kind: 'too_small', minimum: 1, origin: 'string' },
      { field: 'body.password', message: 'Too short', kind: 'too_small', minimum: 8, origin: 'string' },
      { field: 'body.title', message: 'Too long', kind: 'too_big', maximum: 200, origin: 'string' },
      {
        field: 'body.assignee_id',
        message: 'No active employee with this id who works on cases',
        kind: 'unknown_reference',
      },
      {
        field: 'body.shareholders.0.shares',
        message: 'Shares must not be negative',
        kind: 'too_small',
        minimum: 0,
        origin: 'number',
      },
      { field: 'body.mystery_field', message: 'whatever', kind: 'something_new' },
    ]);
    render(<ErrorAlert error={error} formFields={['email']} />);
    const text = screen.getByRole('alert').textContent ?? '';
    expect(text).toContain('請檢查輸入的資料。');
    expect(text).not.toContain('電子郵件：'); // shown under the form's own field
    expect(text).toContain('名稱：必填');
    expect(text).toContain('密碼：至少需要 8 個字元');
    expect(text).toContain('標題：最多 200 個字元');
    expect(text).toContain('負責人：找不到，或不能選擇這一項');
    expect(text).toContain('股數：不能小於 0');
    expect(text).toContain('其中一個欄位：內容不正確');
    expect(text.replace('詳細資訊', '')).not.toMatch(LATIN_WORD);
  });

  it('names bad cells of an import by row and column', () => {
    const error = apiError(
      400,
      'IMPORT_FILE_UNREADABLE',
      'Row 3, column B (content): must not contain NUL characters',
      [{ field: 'Row 3, column B (content)', row: 3, column: 'B', message: 'x', kind: 'invalid_characters' }],
    );
    expect(fieldLines(error)).toEqual(['第 3 列 B 欄：包含無法儲存的字元']);
  });

  it('falls back to a Chinese sentence for an unknown code, by status or generic', () => {
    expect(errorText(apiError(418, 'SOMETHING_NEW', 'I am a teapot'))).toBe('操作未完成，請稍後再試。');
    expect(errorText(apiError(404, 'SOMETHING_NEW', 'gone'))).toBe('找不到要求的資料。');
    expect(errorText(new ApiError({ status: 502, statusText: 'Bad Gateway', body: 'upstream' }))).toBe(
      '伺服器發生錯誤，請稍後再試。',
    );
    expect(errorText(new Error('weird'))).toBe('操作未完成，請稍後再試。');
  });

  it('says a network failure in Chinese, with the technical text under 詳細資訊', () => {
    render(<ErrorAlert error={new TypeError('Failed to fetch')} />);
    expect(screen.getByRole('alert').textContent).toContain('無法連線到伺服器，請稍後再試。');
    fireEvent.click(screen.getByRole('button', { name: '詳細資訊' }));
    expect(screen.getByTestId('error-details').textContent).toBe('TypeError: Failed to fetch');
  });

  it('follows the language', async () => {
    await act(() => changeLanguage('en'));
    render(<ErrorAlert error={apiError(409, 'EMAIL_TAKEN', 'Email already in use')} />);
    expect(screen.getByRole('alert').textContent).toContain('This email address is already in use.');
    expect(screen.getByRole('button', { name: 'Details' })).toBeTruthy();
  });

  it('the toast shows the sentence once, with the details toggle', async () => {
    function Trigger() {
      const showError = useErrorToast();
      return (
        <button type="button" onClick={() => showError(apiError(403, 'FORBIDDEN', 'Forbidden'))}>
          go
        </button>
      );
    }
    render(
      <FeedbackProvider>
        <Trigger />
      </FeedbackProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'go' }));
    expect(await screen.findAllByText('您沒有權限執行這個操作。')).toHaveLength(1);
    expect(screen.getByRole('button', { name: '詳細資訊' })).toBeTruthy();
  });
});
