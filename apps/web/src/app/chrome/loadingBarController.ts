import { LOADING_BAR } from '@dealflow/domain';

export interface LoadingBarView {
  visible: boolean;
  percent: number;
  failed: boolean;
}

export interface LoadingBarTimers {
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (id: unknown) => void;
  setInterval: (fn: () => void, ms: number) => unknown;
  clearInterval: (id: unknown) => void;
}

const browserTimers: LoadingBarTimers = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (id) => globalThis.clearTimeout(id as ReturnType<typeof setTimeout>),
  setInterval: (fn, ms) => globalThis.setInterval(fn, ms),
  clearInterval: (id) => globalThis.clearInterval(id as ReturnType<typeof setInterval>),
};

const TICK_MS = 100;

/**
 * The loading bar of SPEC section 9: appears only when work lasts longer than `throttle`, fills
 * to `max` over `duration`, jumps to `max` when done and hides `hideAfter` later; a failure turns it red.
 */
export function createLoadingBar(
  onChange: (view: LoadingBarView) => void,
  options: { throttle: number; duration: number; hideAfter: number; max: number } = LOADING_BAR,
  timers: LoadingBarTimers = browserTimers,
) {
  let view: LoadingBarView = { visible: false, percent: 0, failed: false };
  let active = false;
  let throttleTimer: unknown = null;
  let tickTimer: unknown = null;
  let hideTimer: unknown = null;
  const step = (options.max * TICK_MS) / options.duration;

  const emit = (patch: Partial<LoadingBarView>) => {
    view = { ...view, ...patch };
    onChange(view);
  };
  const stopTick = () => {
    if (tickTimer !== null) timers.clearInterval(tickTimer);
    tickTimer = null;
  };
  const clearAll = () => {
    if (throttleTimer !== null) timers.clearTimeout(throttleTimer);
    if (hideTimer !== null) timers.clearTimeout(hideTimer);
    throttleTimer = null;
    hideTimer = null;
    stopTick();
  };
  const show = () => {
    throttleTimer = null;
    emit({ visible: true });
    tickTimer = timers.setInterval(() => {
      emit({ percent: Math.min(options.max, view.percent + step) });
      if (view.percent >= options.max) stopTick();
    }, TICK_MS);
  };

  return {
    get view() {
      return view;
    },
    start() {
      if (active) return;
      clearAll();
      active = true;
      emit({ visible: false, percent: 0, failed: false });
      throttleTimer = timers.setTimeout(show, options.throttle);
    },
    finish() {
      if (!active) return;
      active = false;
      if (!view.visible && !view.failed) {
        // Done within the throttle: never shown.
        clearAll();
        return;
      }
      clearAll();
      emit({ visible: true, percent: options.max });
      hideTimer = timers.setTimeout(() => {
        hideTimer = null;
        emit({ visible: false, percent: 0, failed: false });
      }, options.hideAfter);
    },
    fail() {
      if (!active) {
        clearAll();
        emit({ visible: true, failed: true, percent: options.max });
        hideTimer = timers.setTimeout(
          () => emit({ visible: false, percent: 0, failed: false }),
          options.hideAfter,
        );
        return;
      }
      if (throttleTimer !== null) {
        timers.clearTimeout(throttleTimer);
        throttleTimer = null;
        emit({ visible: true });
      }
      emit({ failed: true });
    },
    dispose: clearAll,
  };
}

export type LoadingBarController = ReturnType<typeof createLoadingBar>;
