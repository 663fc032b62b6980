import { LiveEvent, staffCan } from '@dealflow/domain';
import type { Principal } from '../auth/principal.ts';

/** The one channel every instance listens on (LISTEN/NOTIFY); payloads are `LiveEvent` JSON, ids only. */
export const LIVE_CHANNEL = 'dealflow_live';

/** A notified payload as an event, or null for anything else (a payload is never trusted blindly). */
export function parseLiveEvent(payload: string | undefined): LiveEvent | null {
  if (!payload) return null;
  try {
    const parsed = LiveEvent.safeParse(JSON.parse(payload));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * Whether a stream's principal may be told of an event: the same rule as the event's API, so a
 * stream never says more than a GET would. Service messages: staff of the inbox, or the investor
 * whose thread it is.
 */
export function mayReceive(principal: Principal, event: LiveEvent): boolean {
  switch (event.type) {
    case 'service.message':
    case 'service.read':
      if (principal.kind === 'employee') return staffCan(principal.role, 'services.inbox');
      return principal.kind === 'client' && principal.id === event.client_id;
  }
}
