import { LOADING_BAR } from '@dealflow/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLoadingBar, type LoadingBarView } from './loadingBarController.ts';

describe('loading bar (SPEC section 9)', () => {
  let view: LoadingBarView;
  beforeEach(() => {
    vi.useFakeTimers();
    view = { visible: false, percent: 0, failed: false };
  });
  afterEach(() => vi.useRealTimers());
  const bar = () => createLoadingBar((v) => (view = v));

  it('stays hidden for work shorter than the 200 ms throttle', () => {
    const b = bar();
    b.start();
    vi.advanceTimersByTime(LOADING_BAR.throttle - 1);
    b.finish();
    vi.advanceTimersByTime(1000);
    expect(view.visible).toBe(false);
  });

  it('appears after the throttle, fills over 5 s capped at 100, hides 500 ms after finishing', () => {
    const b = bar();
    b.start();
    vi.advanceTimersByTime(LOADING_BAR.throttle);
    expect(view.visible).toBe(true);
    vi.advanceTimersByTime(LOADING_BAR.duration / 2);
    expect(view.percent).toBeGreaterThan(40);
    expect(view.percent).toBeLessThan(60);
    vi.advanceTimersByTime(LOADING_BAR.duration * 2);
    expect(view.percent).toBe(LOADING_BAR.max);
    b.finish();
    vi.advanceTimersByTime(LOADING_BAR.hideAfter - 1);
    expect(view.visible).toBe(true);
    vi.advanceTimersByTime(1);
    expect(view.visible).toBe(false);
  });

  it('shows a failure in red even when it happens within the throttle', () => {
    const b = bar();
    b.start();
    b.fail();
    expect(view).toMatchObject({ visible: true, failed: true });
    b.finish();
    expect(view.percent).toBe(LOADING_BAR.max);
    vi.advanceTimersByTime(LOADING_BAR.hideAfter);
    expect(view).toMatchObject({ visible: false, failed: false });
  });
});
