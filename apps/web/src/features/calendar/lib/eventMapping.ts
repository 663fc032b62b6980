import type { FirmCalendarEvent } from '@dealflow/domain';

/** Where an event leads: its case's calendar tab for those who read cases, else its client's. */
export function eventHref(event: FirmCalendarEvent, readsCases: boolean): string | null {
  if (readsCases) return `/dashboard/manager/${event.case.id}?tab=calendars`;
  if (event.client) return `/dashboard/investor/${event.client.id}?tab=calendars`;
  return null;
}

/** What FullCalendar needs of one event (structurally its EventInput, kept free of its types). */
export interface CalendarEventInput {
  id: string;
  title: string;
  start: string;
  end: string;
  url?: string;
  editable: boolean;
  startEditable: boolean;
  durationEditable: boolean;
  classNames: string[];
  extendedProps: { event: FirmCalendarEvent };
}

/**
 * One event for FullCalendar: draggable and resizable only when the reader may edit it; linked (a
 * real link, so it is focusable and opens in a new tab on a middle click) to its case or client.
 */
export function toEventInput(event: FirmCalendarEvent, readsCases: boolean): CalendarEventInput {
  const href = eventHref(event, readsCases);
  return {
    id: String(event.id),
    title: event.title,
    start: event.start_at,
    end: event.end_at,
    ...(href ? { url: href } : {}),
    editable: event.editable,
    startEditable: event.editable,
    durationEditable: event.editable,
    classNames: [event.editable ? 'firm-event--editable' : 'firm-event--readonly'],
    extendedProps: { event },
  };
}
