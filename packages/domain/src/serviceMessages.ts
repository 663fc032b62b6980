/**
 * Service messages (SPEC sections 3 and 4, issue 11): one thread per conversation between the
 * firm and its party, an investor client or (issue 14) a startup. Who wrote a message is
 * `employee` (the firm) or `client` (the party, whichever kind it is: decision 0038).
 */
export const MESSAGE_SENDERS = ['employee', 'client'] as const;
export type MessageSender = (typeof MESSAGE_SENDERS)[number];

/** Whom a thread is with: an investor client, or a startup (through its case). */
export const SERVICE_PARTIES = ['investor', 'startup'] as const;
export type ServiceParty = (typeof SERVICE_PARTIES)[number];

/** The inbox tabs of `/dashboard/contact/{type?}`: every thread, or only unreplied or replied ones. */
export const INBOX_TYPES = ['unreplied', 'replied'] as const;
export type InboxType = (typeof INBOX_TYPES)[number];

/** Longest message and subject the API takes: a message is a letter, not a document. */
export const SERVICE_MESSAGE_MAX = 5000;
export const SERVICE_SUBJECT_MAX = 200;
/** How much of the last message a list carries (the preview of a thread row). */
export const SERVICE_PREVIEW_LENGTH = 140;
/** Threads per inbox page unless asked otherwise. */
export const SERVICE_LIST_DEFAULTS = { page: 1, size: 20 } as const;

/**
 * SPEC section 4: in the dashboard a thread whose last message is not from an employee is
 * unreplied, otherwise replied (read literally: a thread with no message is unreplied too).
 */
export function isReplied(lastFrom: MessageSender | null | undefined): boolean {
  return lastFrom === 'employee';
}

export function inboxTypeOf(lastFrom: MessageSender | null | undefined): InboxType {
  return isReplied(lastFrom) ? 'replied' : 'unreplied';
}

/** SPEC section 4: newest last message first; the newer thread first when two end at the same time. */
export function compareThreads(
  a: { last_message_at: string | Date; id: number },
  b: { last_message_at: string | Date; id: number },
): number {
  const ta = new Date(a.last_message_at).getTime();
  const tb = new Date(b.last_message_at).getTime();
  return tb - ta || b.id - a.id;
}

/** The preview of a message in a thread list: whitespace folded, cut at a code point boundary. */
export function messagePreview(content: string, length = SERVICE_PREVIEW_LENGTH): string {
  const folded = content.replace(/\s+/g, ' ').trim();
  const chars = Array.from(folded);
  return chars.length <= length ? folded : `${chars.slice(0, length - 1).join('')}…`;
}

/** What the live-update channel tells a page (the schema `LiveEvent` of contracts/services.ts). */
export type LiveEventMessage =
  | {
      type: 'service.message';
      thread_id: number;
      client_id: number | null;
      case_id?: number;
      message_id: number;
      from: MessageSender;
    }
  | { type: 'service.read'; thread_id: number; client_id: number | null; case_id?: number };

const isInt = (value: unknown): value is number => Number.isInteger(value);

/**
 * Reads one live event, or null for anything else. Written out rather than parsed with the zod
 * schema, which the browser would otherwise download on every signed-in page for this one check;
 * a test holds the two to the same answers.
 */
export function readLiveEvent(value: unknown): LiveEventMessage | null {
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  if (!isInt(v.thread_id) || !(v.client_id === null || isInt(v.client_id))) return null;
  if (v.case_id !== undefined && !isInt(v.case_id)) return null;
  const party = { client_id: v.client_id, ...(v.case_id === undefined ? {} : { case_id: v.case_id }) };
  if (v.type === 'service.read') return { type: 'service.read', thread_id: v.thread_id, ...party };
  if (
    v.type === 'service.message' &&
    isInt(v.message_id) &&
    typeof v.from === 'string' &&
    (MESSAGE_SENDERS as readonly string[]).includes(v.from)
  ) {
    return {
      type: 'service.message',
      thread_id: v.thread_id,
      ...party,
      message_id: v.message_id,
      from: v.from as MessageSender,
    };
  }
  return null;
}
