import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { LANGUAGES, loadLanguage } from '../shared/i18n/index.ts';

// The app loads a language's words before its first render (the staff's with their areas); tests have
// every pack of both from the start.
await Promise.all(LANGUAGES.flatMap((language) => [loadLanguage(language), loadLanguage(language, 'staff')]));

// findBy and waitFor wait up to 10 s instead of 1: a part the app imports on first use (antd's
// Select behind LazySelect, a page's chunk) is transformed on demand in a test, and under CI's load
// the first such import took longer than a second (LazySelect.test.tsx failed a fresh-clone run).
configure({ asyncUtilTimeout: 10_000 });

// jsdom has no matchMedia; antd's responsive helpers and useIsMobile need one (desktop width).
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string): MediaQueryList => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}

// jsdom has no ResizeObserver either; antd's Select popup (virtual list) observes its size.
if (!('ResizeObserver' in globalThis)) {
  globalThis.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  window.sessionStorage.clear();
});
