import { QueryClient, QueryClientProvider, useMutation } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/index.ts';
import { MailCodeForm } from './MailCodeForm.tsx';

const refused = (left: number) =>
  new ApiError({
    status: 422,
    body: {
      error: {
        code: 'INCORRECT_VERIFICATION_CODE',
        message: 'Incorrect verification code',
        details: { attempts_left: left },
      },
    },
  });

function Harness({
  check,
  send,
  onVerified,
}: {
  check: (code: string) => Promise<{ ticket: string }>;
  send: () => Promise<void>;
  onVerified: (ticket: string) => void;
}) {
  const verify = useMutation({ mutationFn: check });
  const resend = useMutation({ mutationFn: send });
  return (
    <MailCodeForm
      name="code-test"
      subtitle={<p>寄到 a@example.com</p>}
      submitText="驗證"
      backText="更換電子郵件"
      onBack={() => undefined}
      verify={verify}
      resend={{ ...resend, mutateAsync: () => resend.mutateAsync() }}
      onVerified={(r) => onVerified(r.ticket)}
    />
  );
}

function typeCode(code: string) {
  const box = screen.getByRole('textbox', { name: '六位數驗證碼' });
  // What is not a digit is dropped (a code pasted as "111 111" or with a stray letter still counts).
  fireEvent.change(box, { target: { value: `${code.slice(0, 3)} ${code.slice(3)}x` } });
  expect((box as HTMLInputElement).value).toBe(code);
}

function renderHarness(props: Parameters<typeof Harness>[0]) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <Harness {...props} />
    </QueryClientProvider>,
  );
}

describe('MailCodeForm', () => {
  it('says how many tries a refused code leaves, clears it, and passes a right one on', async () => {
    const check = vi
      .fn<(code: string) => Promise<{ ticket: string }>>()
      .mockRejectedValueOnce(refused(3))
      .mockResolvedValueOnce({ ticket: 't-1' });
    const onVerified = vi.fn();
    renderHarness({ check, send: async () => undefined, onVerified });

    typeCode('111111');
    fireEvent.click(screen.getByRole('button', { name: /驗\s?證/ }));
    expect((await screen.findByRole('alert')).textContent).toContain('驗證碼不正確，還可再試 3 次。');
    await waitFor(() => expect((screen.getByRole('textbox') as HTMLInputElement).value).toBe(''));
    expect(onVerified).not.toHaveBeenCalled();

    typeCode('222222');
    fireEvent.click(screen.getByRole('button', { name: /驗\s?證/ }));
    await waitFor(() => expect(onVerified).toHaveBeenCalledWith('t-1'));
    expect(check).toHaveBeenLastCalledWith('222222', expect.anything());
  });

  it('offers a new code only after 30 seconds, and says the old one stopped working', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const send = vi.fn(async () => undefined);
      renderHarness({ check: async () => ({ ticket: 'x' }), send, onVerified: () => undefined });
      const resend = () => screen.getByRole('button', { name: /重新寄送/ });
      expect((resend() as HTMLButtonElement).disabled).toBe(true);
      expect(resend().textContent).toContain('30 秒後可重新寄送');
      for (let i = 0; i < 30; i += 1) {
        await act(async () => {
          await vi.advanceTimersByTimeAsync(1000);
        });
      }
      expect((resend() as HTMLButtonElement).disabled).toBe(false);
      fireEvent.click(resend());
      expect((await screen.findByRole('status')).textContent).toContain('新的驗證碼已寄出');
      expect(send).toHaveBeenCalledTimes(1);
      expect((resend() as HTMLButtonElement).disabled).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });
});
