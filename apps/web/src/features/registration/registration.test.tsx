import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { NewApplicationTag } from './components/NewApplicationTag.tsx';
import { PasswordStep } from './components/PasswordStep.tsx';

describe('registration password step', () => {
  it('explains a refusal as the password is typed, and goes on with a strong one', async () => {
    const onDone = vi.fn();
    render(<PasswordStep email="mei.lin@example.com" initial="" onDone={onDone} />);
    const field = screen.getByLabelText('新密碼');
    fireEvent.change(field, { target: { value: 'password123' } });
    expect(await screen.findByText('這是最常見的密碼之一，很容易被猜到。')).toBeTruthy();
    fireEvent.change(field, { target: { value: 'mei.lin@example.com1' } });
    expect(await screen.findByText('密碼不可以是或包含您的電子郵件。')).toBeTruthy();
    fireEvent.change(field, { target: { value: 'violet-harbour-lantern-42' } });
    fireEvent.change(screen.getByLabelText('確認新密碼'), { target: { value: 'violet-harbour-lantern-42' } });
    expect(await screen.findByText(/密碼強度：(強|非常強)/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /下一步/ }));
    await vi.waitFor(() => expect(onDone).toHaveBeenCalledWith('violet-harbour-lantern-42'));
  });
});

describe('NewApplicationTag', () => {
  it('shows 新申請 only for a pending application', () => {
    const { rerender } = render(<NewApplicationTag pending />);
    expect(screen.getByText('新申請')).toBeTruthy();
    rerender(<NewApplicationTag pending={false} />);
    expect(screen.queryByText('新申請')).toBeNull();
  });
});
