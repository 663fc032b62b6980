import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { FeedbackProvider, useFeedback } from './index.tsx';

describe('useFeedback', () => {
  it('runs the calls made before antd’s parts have loaded, in order, and later calls at once', async () => {
    const onOk = vi.fn();
    function Trigger() {
      const { message, modal } = useFeedback();
      return (
        <>
          <button
            type="button"
            onClick={() => {
              message.success('已儲存第一筆');
              message.info('已儲存第二筆');
              modal.confirm({ title: '確定刪除這張名片？', onOk });
            }}
          >
            go
          </button>
          <button type="button" onClick={() => message.error('儲存失敗')}>
            again
          </button>
        </>
      );
    }
    render(
      <FeedbackProvider>
        <Trigger />
      </FeedbackProvider>,
    );
    // Nothing of antd's feedback is on the page before the first call.
    expect(document.querySelector('.ant-message')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'go' }));
    expect(await screen.findByText('已儲存第一筆')).toBeTruthy();
    expect(await screen.findByText('已儲存第二筆')).toBeTruthy();
    expect((await screen.findByRole('dialog')).textContent).toContain('確定刪除這張名片？');
    const notices = [...document.querySelectorAll('.ant-message-notice')].map((n) => n.textContent);
    expect(notices).toEqual(['已儲存第一筆', '已儲存第二筆']);
    fireEvent.click(screen.getByRole('button', { name: 'again' }));
    expect(await screen.findByText('儲存失敗')).toBeTruthy();
  });

  it('says where it is missing instead of failing silently', () => {
    function Lost() {
      useFeedback();
      return null;
    }
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<Lost />)).toThrow(/FeedbackProvider/);
  });
});
