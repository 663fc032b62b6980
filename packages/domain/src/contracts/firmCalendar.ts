import { z } from 'zod';
import { DB_ID_MAX } from './common.ts';
import { CalendarEvent, CaseRef, instant } from './caseItems.ts';

/**
 * The firm calendar (issue 11): every case calendar event a staff member may see, in one range.
 * Who sees which (enforced on the server):
 * - admin and ao (who read cases) see the events of every case that is not deleted;
 * - ir and sa see the events of the cases in which a client of their contact stages takes part
 *   (the same events the client page's calendar tab shows), each linked to that client.
 * An event is moved or edited through the case's own calendar call; `editable` tells whether the
 * reader may (the case's ao, its agents and admin).
 */

/** The longest range one request may ask for (a year and a little: the list and the month views). */
export const FIRM_CALENDAR_MAX_DAYS = 400;
export const FIRM_CALENDAR_RANGE_MESSAGE = `Ask for at most ${FIRM_CALENDAR_MAX_DAYS} days at a time`;
export const FIRM_CALENDAR_ORDER_MESSAGE = 'The end must be after the start';

const dbId = z.coerce.number().int().positive().max(DB_ID_MAX);

/**
 * `GET api/internal/v2/calendars`: events overlapping [start_at, end_at); optionally of one case,
 * of the cases one client takes part in, or of one colleague (the events they wrote or on the
 * cases they are the ao of).
 */
export const FirmCalendarQuery = z
  .object({
    start_at: instant,
    end_at: instant,
    case_id: dbId.optional(),
    client_id: dbId.optional(),
    employee_id: dbId.optional(),
  })
  .strict()
  .refine((q) => Date.parse(q.end_at) > Date.parse(q.start_at), {
    path: ['end_at'],
    message: FIRM_CALENDAR_ORDER_MESSAGE,
  })
  .refine((q) => Date.parse(q.end_at) - Date.parse(q.start_at) <= FIRM_CALENDAR_MAX_DAYS * 86_400_000, {
    path: ['end_at'],
    message: FIRM_CALENDAR_RANGE_MESSAGE,
  });
export type FirmCalendarQuery = z.infer<typeof FirmCalendarQuery>;

export const FirmCalendarEvent = CalendarEvent.extend({
  case: CaseRef,
  /** The case's ao (the colleague filter's other half); null when none. */
  ao: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** For a reader who does not read cases: a client of theirs who takes part in the case. */
  client: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** Whether the reader may move, edit or delete it (through the case's calendar call). */
  editable: z.boolean(),
});
export type FirmCalendarEvent = z.infer<typeof FirmCalendarEvent>;

/**
 * The reader's own calendar feed (`GET/POST/DELETE api/internal/v1/me/calendar-feed`): an `.ics`
 * address with a secret in it, for Outlook or Google Calendar. The secret is stored hashed: the
 * address is shown once, when made (`url`); making a new one or deleting it ends the old one.
 */
export const CalendarFeed = z.object({
  active: z.boolean(),
  created_at: z.string().nullable(),
  /** Only in the answer that made it. */
  url: z.string().nullable(),
});
export type CalendarFeed = z.infer<typeof CalendarFeed>;

/** The feed's window: events from this many days back to this many days ahead. */
export const CALENDAR_FEED_DAYS_BACK = 90;
export const CALENDAR_FEED_DAYS_AHEAD = 365;
