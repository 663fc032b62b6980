import { useEffect, useRef, useSyncExternalStore } from 'react';
import { currentAuthorization } from '../api/index.ts';
import { createLiveChannel, type LiveMessage, type LiveStatus } from './liveChannel.ts';

export type { LiveMessage, LiveStatus } from './liveChannel.ts';
export { createLiveChannel, parseEvents } from './liveChannel.ts';

/** The app's one live channel, on the API client's session (same base URL, same token). */
export const liveChannel = createLiveChannel({
  url: `${import.meta.env.VITE_API_BASE ?? ''}/api/internal/v2/live`,
  getAuthorization: currentAuthorization,
});

/** Calls `handler` with each live event while the component is mounted. */
export function useLiveEvents(handler: (message: LiveMessage) => void, enabled = true) {
  const ref = useRef(handler);
  ref.current = handler;
  useEffect(() => {
    if (!enabled) return;
    return liveChannel.subscribe((message) => ref.current(message));
  }, [enabled]);
}

/** Whether the stream is open now: pages poll while it is not. */
export function useLiveStatus(): LiveStatus {
  return useSyncExternalStore(liveChannel.onStatus, liveChannel.status, liveChannel.status);
}
