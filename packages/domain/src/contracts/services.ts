import { z } from 'zod';
import {
  INBOX_TYPES,
  MESSAGE_SENDERS,
  SERVICE_MESSAGE_MAX,
  SERVICE_PARTIES,
  SERVICE_SUBJECT_MAX,
} from '../serviceMessages.ts';
import { DB_ID_MAX, IdParam, PageQuery } from './common.ts';

const person = z.object({ id: z.number().int(), name: z.string() });

/** One message of a thread (issue 11 field names). */
export const ServiceMessage = z.object({
  id: z.number().int(),
  content: z.string(),
  from: z.enum(MESSAGE_SENDERS),
  /** The staff member who wrote it; null for the client's own messages. */
  employee_id: z.number().int().nullable(),
  employee: person.nullable(),
  date_time: z.string(),
});
export type ServiceMessage = z.infer<typeof ServiceMessage>;

/**
 * A service message thread (SPEC section 3). `count` is the number of messages. In a list
 * `messages` holds the last message only (the preview of the row); `GET services/{id}` gives them
 * all, oldest first. `replied` follows SPEC section 4 (the last message is from an employee);
 * `unread` is the caller's side: for staff, the client wrote since staff last opened it; for the
 * investor, staff wrote since they last opened it.
 */
export const ServiceThread = z.object({
  id: z.number().int(),
  /**
   * Who the firm talks with (decision 0038): an investor client (`client_id`, `client`) or a
   * startup, that is its case (`case_id`, `case` with the company's name); the other pair is null.
   */
  party: z.enum(SERVICE_PARTIES),
  client_id: z.number().int().nullable(),
  client: person.nullable(),
  case_id: z.number().int().nullable(),
  case: person.nullable(),
  subject: z.string(),
  messages: z.array(ServiceMessage),
  count: z.number().int(),
  last_message_at: z.string(),
  last_from: z.enum(MESSAGE_SENDERS),
  replied: z.boolean(),
  unread: z.boolean(),
  created_at: z.string(),
});
export type ServiceThread = z.infer<typeof ServiceThread>;

/**
 * `GET services`: paging (page 1, size 20) or `all=1`; `client_id` keeps one client's threads
 * (staff; an investor only ever sees their own); `type` keeps the inbox tab's threads.
 */
export const ServiceListQuery = PageQuery.extend({
  client_id: z.coerce.number().int().positive().max(DB_ID_MAX).optional(),
  type: z.enum(INBOX_TYPES).optional(),
});
export type ServiceListQuery = z.infer<typeof ServiceListQuery>;

const content = z
  .string()
  .trim()
  .min(1, { message: 'A message needs some text' })
  .max(SERVICE_MESSAGE_MAX, { message: `A message has at most ${SERVICE_MESSAGE_MAX} characters` });
const subject = z
  .string()
  .trim()
  .min(1, { message: 'A subject is required' })
  .max(SERVICE_SUBJECT_MAX, { message: `A subject has at most ${SERVICE_SUBJECT_MAX} characters` });

/**
 * `POST services` starts a thread with its first message. Staff name the client (`client_id`);
 * an investor or a startup writes as themself (a `client_id` other than their own is refused).
 * Staff start a thread with a startup from its case (`POST cases/{id}/services`).
 */
export const ServiceThreadCreateBody = z
  .object({
    client_id: z.number().int().positive().max(DB_ID_MAX).optional(),
    subject,
    content,
  })
  .strict();
export type ServiceThreadCreateBody = z.infer<typeof ServiceThreadCreateBody>;

/** `POST cases/{id}/services`: staff start a thread with the case's startup (the party is the case). */
export const CaseServiceThreadCreateBody = z.object({ subject, content }).strict();
export type CaseServiceThreadCreateBody = z.infer<typeof CaseServiceThreadCreateBody>;

/** `cases/{id}/services/{threadId}`: one of the case's startup threads. */
export const CaseServiceParams = IdParam.extend({
  threadId: z.coerce.number().int().positive().max(DB_ID_MAX),
});

/** `POST services/{id}`: appends a message to the thread (a staff reply or the client's answer). */
export const ServiceMessageCreateBody = z.object({ content }).strict();
export type ServiceMessageCreateBody = z.infer<typeof ServiceMessageCreateBody>;

/**
 * `PUT services/{id}`: marks the thread read (or unread again) for the caller's side, and/or
 * appends a message (SPEC section 4: "posting or updating a message appends it to its thread").
 */
export const ServiceThreadUpdateBody = z
  .object({ read: z.boolean().optional(), content: content.optional() })
  .strict()
  .refine((b) => b.read !== undefined || b.content !== undefined, {
    message: 'Send read, content or both',
  });
export type ServiceThreadUpdateBody = z.infer<typeof ServiceThreadUpdateBody>;

/**
 * `GET v2/services/counts`: threads per inbox tab and how many of them are unread by staff (the
 * side menu's badge is `unread`).
 */
export const ServiceCounts = z.object({
  all: z.number().int(),
  unreplied: z.number().int(),
  replied: z.number().int(),
  unread: z.number().int(),
});
export type ServiceCounts = z.infer<typeof ServiceCounts>;

/**
 * What the live channel tells a browser: ids only, never a message body. An investor's thread
 * names its `client_id`; a startup's names its `case_id` (and `client_id` null).
 */
export const LiveEvent = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('service.message'),
    thread_id: z.number().int(),
    client_id: z.number().int().nullable(),
    case_id: z.number().int().optional(),
    message_id: z.number().int(),
    from: z.enum(MESSAGE_SENDERS),
  }),
  z.object({
    type: z.literal('service.read'),
    thread_id: z.number().int(),
    client_id: z.number().int().nullable(),
    case_id: z.number().int().optional(),
  }),
]);
export type LiveEvent = z.infer<typeof LiveEvent>;
