import { useCallback, useSyncExternalStore } from 'react';

/**
 * Whether the header's notifications drawer is open: the bell owns the drawer, and other parts of
 * the page (the home's messages card) open it too without a path of props between them.
 */
let open = false;
const listeners = new Set<() => void>();

function setOpen(next: boolean) {
  if (next === open) return;
  open = next;
  for (const l of listeners) l();
}
function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
const snapshot = () => open;

/** Opens the drawer. */
export function useNotificationPanel(): () => void {
  return useCallback(() => setOpen(true), []);
}

/** The drawer's state, for the bell that draws it. */
export function useNotificationPanelState(): [boolean, (next: boolean) => void] {
  return [useSyncExternalStore(subscribe, snapshot, snapshot), setOpen];
}
