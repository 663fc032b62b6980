import { z } from 'zod';
import { ClientParam } from './clients.ts';
import { CLIENT_ACCOUNT_KINDS, CONTACT_CHANNELS } from '../clientRules.ts';
import { CaseRef, instant, Todo, TodoCreateBody, TodoUpdateBody } from './caseItems.ts';
import { DB_ID_MAX, PageQuery } from './common.ts';
import { DdCommentWithCase, DdCreateBody } from './ddComments.ts';

/**
 * Contracts of the sub-resources of a client that are lists of items (SPEC section 7 "Clients",
 * issue 9): to-dos, contact records, accounts, interests in cases, and the due-diligence comments
 * the client wrote. Field names where the spec shows none are the issue's.
 */

const dbId = z.coerce.number().int().positive().max(DB_ID_MAX);
const bodyId = z.number().int().positive().max(DB_ID_MAX);
const text = (max: number) => z.string().trim().max(max);
const money = z.number().finite().min(0).max(1e15);
const Person = z.object({ id: z.number().int(), name: z.string() });

/** The parent client of every sub-resource route. */
export const ClientTodoParams = ClientParam.extend({ todoId: dbId });
export const ClientContactParams = ClientParam.extend({ contactId: dbId });
export const ClientAccountParams = ClientParam.extend({ accountId: dbId });
export const ClientDdParams = ClientParam.extend({ ddId: dbId });

const itemMeta = {
  id: z.number().int(),
  client_id: z.number().int(),
  /** Who wrote the item; null once that account is gone. */
  author: Person.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
};

// ── To-do ───────────────────────────────────────────────────────────────────────────────────

/** A to-do of a client: the fields of a case's to-do, under the client. */
export const ClientTodo = Todo.omit({ case_id: true }).extend({ client_id: z.number().int() });
export type ClientTodo = z.infer<typeof ClientTodo>;
export const ClientTodoCreateBody = TodoCreateBody;
export type ClientTodoCreateBody = z.infer<typeof ClientTodoCreateBody>;
export const ClientTodoUpdateBody = TodoUpdateBody;
export type ClientTodoUpdateBody = z.infer<typeof ClientTodoUpdateBody>;

// ── Contact records ─────────────────────────────────────────────────────────────────────────

export const CONTACT_SUMMARY_MAX = 5000;

export const ClientContact = z.object({
  ...itemMeta,
  contact_at: z.string(),
  channel: z.enum(CONTACT_CHANNELS),
  summary: z.string(),
  /** Who was in contact with the client. */
  employee_id: z.number().int().nullable(),
  employee: Person.nullable(),
});
export type ClientContact = z.infer<typeof ClientContact>;

const contactFields = {
  contact_at: instant,
  channel: z.enum(CONTACT_CHANNELS),
  summary: text(CONTACT_SUMMARY_MAX).min(1, { message: 'Summary is required' }),
};
/** `employee_id` defaults to the staff member who records the contact. */
export const ClientContactCreateBody = z.object({ ...contactFields, employee_id: bodyId.nullish() }).strict();
export type ClientContactCreateBody = z.infer<typeof ClientContactCreateBody>;
export const ClientContactUpdateBody = z
  .object({ ...contactFields, employee_id: bodyId })
  .partial()
  .strict();
export type ClientContactUpdateBody = z.infer<typeof ClientContactUpdateBody>;

// ── Accounts ────────────────────────────────────────────────────────────────────────────────

/**
 * A legal person the client invests through, with its bank account. In lists `tax_id` and
 * `bank_account` show their last 4 characters only (`maskTail`); `accounts/{id}/full` gives the
 * whole values to admin and the client's owner.
 */
export const ClientAccount = z.object({
  ...itemMeta,
  holder_name: z.string(),
  kind: z.enum(CLIENT_ACCOUNT_KINDS),
  tax_id: z.string().nullable(),
  bank_name: z.string().nullable(),
  bank_account: z.string().nullable(),
  is_default: z.boolean(),
  /** Whether `tax_id` and `bank_account` are shown whole (the `full` read) or masked. */
  masked: z.boolean(),
});
export type ClientAccount = z.infer<typeof ClientAccount>;

/** An empty value clears the field. */
const optionalCode = (pattern: RegExp, message: string, max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
    text(max).regex(pattern, { message }).nullish(),
  );

const accountFields = {
  holder_name: text(200).min(1, { message: 'Holder name is required' }),
  kind: z.enum(CLIENT_ACCOUNT_KINDS),
  tax_id: optionalCode(/^[A-Za-z0-9-]+$/, 'A tax id holds letters, digits and - only', 30),
  bank_name: text(100).nullish(),
  bank_account: optionalCode(
    /^[A-Za-z0-9 -]+$/,
    'An account number holds letters, digits, spaces and - only',
    40,
  ),
  /** Making one account the default clears the client's other default. */
  is_default: z.boolean(),
};
export const ClientAccountCreateBody = z
  .object({
    ...accountFields,
    kind: accountFields.kind.default('individual'),
    is_default: z.boolean().default(false),
  })
  .strict();
export type ClientAccountCreateBody = z.infer<typeof ClientAccountCreateBody>;
export const ClientAccountUpdateBody = z.object(accountFields).partial().strict();
export type ClientAccountUpdateBody = z.infer<typeof ClientAccountUpdateBody>;

// ── Interests ───────────────────────────────────────────────────────────────────────────────

/** How keen a client is on a case: 1 curious, 2 considering, 3 ready to invest. */
export const INTEREST_LEVELS = [1, 2, 3] as const;
export type InterestLevel = (typeof INTEREST_LEVELS)[number];
/** SPEC section 9: the interest list opens on page 1, 10 rows. */
export const INTEREST_LIST_DEFAULTS = { page: 1, size: 10 } as const;

export const InterestParam = z.object({ id: dbId });

export const ClientInterest = z.object({
  ...itemMeta,
  client: Person,
  case_id: z.number().int(),
  case: CaseRef,
  level: z.number().int(),
  /** What the client would put in, in the case's `currency`. */
  amount: z.number().nullable(),
  currency: z.string(),
  note: z.string().nullable(),
  /** The client signed a COI declaring a conflict on the case: recused from it (issue 13). */
  recused: z.boolean(),
});
export type ClientInterest = z.infer<typeof ClientInterest>;

/**
 * `GET client/interests`: the interests of a client, or in a case, or both (one at least: SPEC
 * section 8 'Case ID or Client ID is required'); page 1, 10 rows by default.
 */
export const InterestListQuery = PageQuery.extend({
  case_id: dbId.optional(),
  client_id: dbId.optional(),
});
export type InterestListQuery = z.infer<typeof InterestListQuery>;

const level = z
  .number()
  .int()
  .min(1, { message: 'A level is 1, 2 or 3' })
  .max(3, { message: 'A level is 1, 2 or 3' });
const interestFields = { level, amount: money.nullish(), note: text(2000).nullish() };
/** One interest per client and case: a second one is 409 INTEREST_EXISTS. */
export const InterestCreateBody = z
  .object({ client_id: bodyId, case_id: bodyId, ...interestFields, level: level.default(1) })
  .strict();
export type InterestCreateBody = z.infer<typeof InterestCreateBody>;
/** The client and the case of an interest stay; another pair is another interest. */
export const InterestUpdateBody = z.object(interestFields).partial().strict();
export type InterestUpdateBody = z.infer<typeof InterestUpdateBody>;

// ── Due-diligence comments by a client ──────────────────────────────────────────────────────

const ddContent = DdCreateBody.shape.content;
/** `v2/clients/{id}/dd`: a comment of this client on a case. */
export const ClientDdCreateBody = z.object({ case_id: bodyId, content: ddContent }).strict();
export type ClientDdCreateBody = z.infer<typeof ClientDdCreateBody>;
export const ClientDdUpdateBody = z.object({ content: ddContent }).strict();
export type ClientDdUpdateBody = z.infer<typeof ClientDdUpdateBody>;
export const ClientDdComment = DdCommentWithCase;
export type ClientDdComment = z.infer<typeof ClientDdComment>;
