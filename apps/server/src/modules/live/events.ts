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
 * stream never says more than a GET would. Service messages: staff of the inbox; for a startup's
 * thread also staff who read its case (`cases/{id}/services`); the investor or the startup whose
 * thread it is.
 */
export function mayReceive(principal: Principal, event: LiveEvent): boolean {
  switch (event.type) {
    case 'service.message':
    case 'service.read': {
      const caseId = event.case_id;
      if (principal.kind === 'employee')
        return (
          staffCan(principal.role, 'services.inbox') ||
          (caseId !== undefined && staffCan(principal.role, 'cases.read'))
        );
      if (principal.kind === 'startup') return caseId !== undefined && principal.caseId === caseId;
      return principal.kind === 'client' && event.client_id !== null && principal.id === event.client_id;
    }
  }
}
