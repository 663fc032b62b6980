import { MOBILE_MENU_BREAKPOINT } from '@dealflow/domain';
import { useSyncExternalStore } from 'react';

const QUERY = `(max-width: ${MOBILE_MENU_BREAKPOINT - 0.02}px)`;

function subscribe(onChange: () => void): () => void {
  if (typeof window === 'undefined' || !window.matchMedia) return () => {};
  const list = window.matchMedia(QUERY);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

function snapshot(): boolean {
  return (
    typeof window !== 'undefined' &&
    typeof window.matchMedia === 'function' &&
    window.matchMedia(QUERY).matches
  );
}

/** Below the 992 px mobile menu breakpoint (SPEC section 9); read synchronously so nothing flashes. */
export function useIsMobile(): boolean {
  return useSyncExternalStore(subscribe, snapshot, () => false);
}
