import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { HoverHint } from './HoverHint.tsx';

describe('HoverHint', () => {
  it('shows the hint on focus once antd’s Tooltip has loaded, keeping focus on the same control', async () => {
    render(
      <HoverHint title="變更密碼">
        <button type="button" aria-label="變更密碼">
          K
        </button>
      </HoverHint>,
    );
    const control = screen.getByRole('button', { name: '變更密碼' });
    expect(screen.queryByRole('tooltip')).toBeNull();
    act(() => control.focus());
    expect((await screen.findByRole('tooltip')).textContent).toBe('變更密碼');
    expect(document.activeElement).toBe(control);
    expect(screen.getByRole('button', { name: '變更密碼' })).toBe(control);
    fireEvent.blur(control);
  });
});
