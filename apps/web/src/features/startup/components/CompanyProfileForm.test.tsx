import type { CaseReview } from '@dealflow/domain';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import '../../../shared/i18n/index.ts';
import { CompanyProfileForm, toContent } from './CompanyProfileForm.tsx';
import { FeedbackProvider } from '../../../shared/feedback/index.tsx';

const review = (over: Partial<CaseReview> = {}): CaseReview => ({
  id: 1,
  user_id: 7,
  case_id: 3,
  status: 1,
  update_content: { name: '晶片新創', company: { sn: '22099131', patent: false } },
  comment: [],
  applied_at: null,
  applied_by: null,
  created_at: '2026-11-01T00:00:00.000Z',
  updated_at: '2026-11-01T00:00:00.000Z',
  ...over,
});

function show(props: Partial<Parameters<typeof CompanyProfileForm>[0]> = {}) {
  const onSave = vi.fn(async () => undefined);
  const onReply = vi.fn(async () => undefined);
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: (
          <FeedbackProvider>
            <CompanyProfileForm
              review={review()}
              saving={false}
              replying={false}
              onSave={onSave}
              onReply={onReply}
              {...props}
            />
          </FeedbackProvider>
        ),
      },
    ],
    { initialEntries: ['/'] },
  );
  render(<RouterProvider router={router} />);
  return { onSave, onReply };
}

// The whole profile (every section rendered, so submitting checks them all) is a large form for jsdom.
describe('the company profile form', { timeout: 60_000 }, () => {
  it('reveals and requires the details when a flag is switched on', async () => {
    const { onSave } = show();
    expect(screen.queryByLabelText('專利名稱與號碼')).toBeNull();
    // Queries by label and text: role queries walk the whole (large) form's accessibility tree.
    fireEvent.click(screen.getByLabelText('擁有專利'));
    expect(await screen.findByLabelText('專利名稱與號碼')).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByText('送出審核')));
    expect(await screen.findByText('開啟此項目時請填寫說明')).toBeTruthy();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('says a unified business number with a wrong check digit is invalid', async () => {
    show();
    const sn = screen.getByLabelText('統一編號');
    fireEvent.change(sn, { target: { value: '12345678' } });
    fireEvent.blur(sn);
    expect(
      await screen.findByText('統一編號應為 8 位數字且符合檢查碼規則', undefined, { timeout: 10_000 }),
    ).toBeTruthy();
    fireEvent.change(sn, { target: { value: '04595257' } });
    fireEvent.blur(sn);
    await waitFor(() => expect(screen.queryByText('統一編號應為 8 位數字且符合檢查碼規則')).toBeNull(), {
      timeout: 10_000,
    });
  });

  it('shows progress and what is missing, and a field comment beside its field', () => {
    show({
      review: review({
        comment: [
          {
            id: 5,
            employee_id: 2,
            name: '王經理',
            content: '請確認統一編號',
            field: 'company.sn',
            reply: null,
            replied_at: null,
            created_at: '2026-11-02T00:00:00.000Z',
            updated_at: '2026-11-02T00:00:00.000Z',
          },
        ],
      }),
    });
    const missing = screen.getByTestId('profile-missing').textContent ?? '';
    expect(missing).toContain('公司地址');
    expect(missing).not.toContain('統一編號');
    expect(screen.getByText('11%')).toBeTruthy();
    expect(screen.getByText('請確認統一編號')).toBeTruthy();
  });

  it('sends only what was filled in', () => {
    expect(toContent({ name: ' A ', company: { sn: '', address: undefined, employees: 3 } })).toEqual({
      name: 'A',
      company: { employees: 3 },
    });
  });
});
