import { z } from 'zod';
import { DEFAULT_COMMENT_TYPE } from '../constants.ts';
import { FUND_ROLES } from '../fundRoles.ts';
import { CASE_STAGES } from '../stages.ts';
import { DB_ID_MAX, PageQuery, sortParam } from './common.ts';

/**
 * Contracts of the sub-resources of a case (SPEC section 7 "Cases"): to-dos, calendar events,
 * comments, maintenance records, info updates, shareholder history, roles and panel entries,
 * and the cross-case lists built on them (news, my to-dos, a client's cases).
 */

const dbId = z.coerce.number().int().positive().max(DB_ID_MAX);
const bodyId = z.number().int().positive().max(DB_ID_MAX);
const text = (max: number) => z.string().trim().max(max);
const title = text(200).min(1, { message: 'Title is required' });
const longText = text(20_000);
/**
 * The first year a date of the API may name. The database driver reads years 0–99 back as 19xx or
 * as an invalid date, and year 0 does not exist in PostgreSQL: refused here, not a 500 later.
 */
export const EARLIEST_DATE_YEAR = 1900;
const fromEarliestYear = { message: `Use a date from the year ${EARLIEST_DATE_YEAR} on` };
const notTooEarly = (value: string) => Number(value.slice(0, 4)) >= EARLIEST_DATE_YEAR;
/** ISO 8601 with a time zone, as every timestamp of the API (`2025-03-01T09:00:00+08:00`). */
export const instant = z.iso
  .datetime({
    offset: true,
    message: 'Use an ISO 8601 date and time with a time zone, such as 2025-03-01T09:00:00+08:00',
    abort: true,
  })
  .refine(notTooEarly, fromEarliestYear);
const day = z.iso
  .date({ message: 'Use a date as YYYY-MM-DD', abort: true })
  .refine(notTooEarly, fromEarliestYear);
const money = z.number().finite().min(0).max(1e15);

const Person = z.object({ id: z.number().int(), name: z.string() });
export const CaseRef = z.object({ id: z.number().int(), name: z.string() });
export type CaseRef = z.infer<typeof CaseRef>;

/** The parent case of every sub-resource route. */
export const CaseParam = z.object({ id: dbId });
export const TodoParams = CaseParam.extend({ todoId: dbId });
export const CalendarParams = CaseParam.extend({ calendarId: dbId });
export const CommentParams = CaseParam.extend({ commentId: dbId });
export const MaintenanceParams = CaseParam.extend({ maintId: dbId });
export const InfoParams = CaseParam.extend({ infoId: dbId });
export const ShareholderHistoryParams = CaseParam.extend({ historyId: dbId });
export const RoleParams = CaseParam.extend({ roleId: dbId });
export const PanelParams = CaseParam.extend({ panelId: dbId });

/** Who wrote an item; null once the author's account is gone. */
const itemMeta = {
  id: z.number().int(),
  case_id: z.number().int(),
  author: Person.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
};

// ── To-do ───────────────────────────────────────────────────────────────────────────────────

export const Todo = z.object({
  ...itemMeta,
  title: z.string(),
  content: z.string().nullable(),
  due_at: z.string().nullable(),
  done: z.boolean(),
  assignee_id: z.number().int().nullable(),
  assignee: Person.nullable(),
});
export type Todo = z.infer<typeof Todo>;

/** A to-do in a list that spans cases carries its case. */
export const TodoWithCase = Todo.extend({ case: CaseRef });
export type TodoWithCase = z.infer<typeof TodoWithCase>;

/**
 * A to-do of the to-do centre (`me/todo`, `v2/todos`, issue 11): a case's or a client's, with the
 * record it belongs to (one of `case`, `client`) and whether it is past due and still open.
 */
export const TodoAcross = Todo.omit({ case_id: true }).extend({
  case_id: z.number().int().nullable(),
  client_id: z.number().int().nullable(),
  case: CaseRef.nullable(),
  client: CaseRef.nullable(),
  overdue: z.boolean(),
});
export type TodoAcross = z.infer<typeof TodoAcross>;

const todoFields = {
  title,
  content: longText.nullish(),
  due_at: instant.nullish(),
  assignee_id: bodyId.nullish(),
};
export const TodoCreateBody = z.object({ ...todoFields, done: z.boolean().default(false) }).strict();
export type TodoCreateBody = z.infer<typeof TodoCreateBody>;
export const TodoUpdateBody = z
  .object({ ...todoFields, done: z.boolean() })
  .partial()
  .strict();
export type TodoUpdateBody = z.infer<typeof TodoUpdateBody>;

export const TODO_FILTERS = ['open', 'done', 'overdue', 'all'] as const;
export type TodoFilter = (typeof TODO_FILTERS)[number];

/**
 * `v2/todos`: `type` open (not done), done, overdue (not done and past due) or all; `employee_id`
 * assigned to or created by (anyone's for admin; others see only the to-dos of the cases and
 * clients they may read); `case_id` one case's. Open ones first, the most overdue first, undated last.
 */
export const TodoSearchQuery = PageQuery.extend({
  type: z.enum(TODO_FILTERS).default('all'),
  employee_id: dbId.optional(),
  case_id: dbId.optional(),
});
export type TodoSearchQuery = z.infer<typeof TodoSearchQuery>;

// ── Calendar events ─────────────────────────────────────────────────────────────────────────

export const CalendarEvent = z.object({
  ...itemMeta,
  title: z.string(),
  start_at: z.string(),
  end_at: z.string(),
  location: z.string().nullable(),
});
export type CalendarEvent = z.infer<typeof CalendarEvent>;

export const CALENDAR_END_MESSAGE = 'The end must not be before the start';
/** Unreadable times are reported on their own fields, not again as an order problem. */
const endNotBeforeStart = (v: { start_at?: string | undefined; end_at?: string | undefined }) => {
  const start = v.start_at === undefined ? Number.NaN : Date.parse(v.start_at);
  const end = v.end_at === undefined ? Number.NaN : Date.parse(v.end_at);
  return Number.isNaN(start) || Number.isNaN(end) || end >= start;
};

const calendarFields = { title, start_at: instant, end_at: instant, location: text(500).nullish() };
export const CalendarCreateBody = z
  .object(calendarFields)
  .strict()
  .refine(endNotBeforeStart, { path: ['end_at'], message: CALENDAR_END_MESSAGE });
export type CalendarCreateBody = z.infer<typeof CalendarCreateBody>;
/** When only one end changes, the server checks it against the stored other end. */
export const CalendarUpdateBody = z
  .object(calendarFields)
  .partial()
  .strict()
  .refine(endNotBeforeStart, { path: ['end_at'], message: CALENDAR_END_MESSAGE });
export type CalendarUpdateBody = z.infer<typeof CalendarUpdateBody>;

// ── Comments ────────────────────────────────────────────────────────────────────────────────

/** Comment types are keys such as `invest_comment`; the spec names only the default. */
const commentType = z
  .string()
  .trim()
  .regex(/^[a-z][a-z0-9_]{0,49}$/, { message: 'A comment type is a key such as invest_comment' });

/** An investor's question on a case (issue 13), and staff's answer to one. */
export const INVESTOR_QUESTION_TYPE = 'investor_question';
export const INVESTOR_ANSWER_TYPE = 'investor_answer';

export const Comment = z.object({
  ...itemMeta,
  type: z.string(),
  title: z.string().nullable(),
  comment: z.string(),
  publish_at: z.string(),
  /** The investor who asked, for a question (issue 13). */
  asked_by: Person.nullable(),
  /** The question an answer answers. */
  reply_to: z.number().int().nullable(),
});
export type Comment = z.infer<typeof Comment>;

const commentFields = {
  title: text(200).nullish(),
  comment: longText.min(1, { message: 'Comment is required' }),
  publish_at: instant,
};
/** `publish_at` defaults to now, `type` to invest_comment (SPEC section 9). */
export const CommentCreateBody = z
  .object({
    ...commentFields,
    type: commentType.default(DEFAULT_COMMENT_TYPE),
    publish_at: instant.optional(),
    /** Answers an investor's question of the same case (the type becomes investor_answer). */
    reply_to: bodyId.optional(),
  })
  .strict();
export type CommentCreateBody = z.infer<typeof CommentCreateBody>;
/** The type of a comment is kept; title, text and publish time may change. */
export const CommentUpdateBody = z.object(commentFields).partial().strict();
export type CommentUpdateBody = z.infer<typeof CommentUpdateBody>;
export const CommentListQuery = PageQuery.extend({ type: commentType.optional() });
export type CommentListQuery = z.infer<typeof CommentListQuery>;

// ── Maintenance records (post-investment) ──────────────────────────────────────────────────

export const Maintenance = z.object({
  ...itemMeta,
  title: z.string(),
  content: z.string().nullable(),
  date: z.string(),
});
export type Maintenance = z.infer<typeof Maintenance>;

const maintenanceFields = { title, content: longText.nullish(), date: day };
export const MaintenanceCreateBody = z.object(maintenanceFields).strict();
export type MaintenanceCreateBody = z.infer<typeof MaintenanceCreateBody>;
export const MaintenanceUpdateBody = z.object(maintenanceFields).partial().strict();
export type MaintenanceUpdateBody = z.infer<typeof MaintenanceUpdateBody>;

// ── Info updates ────────────────────────────────────────────────────────────────────────────

export const InfoUpdate = z.object({ ...itemMeta, title: z.string(), content: z.string().nullable() });
export type InfoUpdate = z.infer<typeof InfoUpdate>;

const infoFields = { title, content: longText.nullish() };
export const InfoCreateBody = z.object(infoFields).strict();
export type InfoCreateBody = z.infer<typeof InfoCreateBody>;
export const InfoUpdateBody = z.object(infoFields).partial().strict();
export type InfoUpdateBody = z.infer<typeof InfoUpdateBody>;

// ── Shareholder history ─────────────────────────────────────────────────────────────────────

export const Shareholder = z.object({
  name: text(200).min(1, { message: 'Shareholder name is required' }),
  shares: z.number().finite().min(0, { message: 'Shares must not be negative' }).max(1e15),
});
export type Shareholder = z.infer<typeof Shareholder>;

export const ShareholderHistory = z.object({
  ...itemMeta,
  title: z.string(),
  shareholders: z.array(z.object({ name: z.string(), shares: z.number() })),
});
export type ShareholderHistory = z.infer<typeof ShareholderHistory>;

const shareholderFields = {
  title,
  shareholders: z.array(Shareholder).min(1, { message: 'List at least one shareholder' }).max(1000),
};
export const ShareholderHistoryCreateBody = z.object(shareholderFields).strict();
export type ShareholderHistoryCreateBody = z.infer<typeof ShareholderHistoryCreateBody>;
export const ShareholderHistoryUpdateBody = z.object(shareholderFields).partial().strict();
export type ShareholderHistoryUpdateBody = z.infer<typeof ShareholderHistoryUpdateBody>;

// ── Roles on a case and panel entries ──────────────────────────────────────────────────────

const fundRole = z.enum(FUND_ROLES);
const ClientRef = z.object({ id: z.number().int(), name: z.string() });

/** One role a client holds on a case; `fund_info` of the case lists exactly these. */
export const CaseRole = z.object({
  id: z.number().int(),
  case_id: z.number().int(),
  client_id: z.number().int(),
  client: ClientRef,
  role: fundRole,
  invest_money: z.number().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type CaseRole = z.infer<typeof CaseRole>;

/** `from`: the role the client is edited from (SPEC section 4 fund role edit rule), when any. */
export const RoleCreateBody = z
  .object({
    client_id: bodyId,
    role: fundRole,
    from: fundRole.nullish(),
    invest_money: money.nullish(),
  })
  .strict();
export type RoleCreateBody = z.infer<typeof RoleCreateBody>;
/** `from`, when sent, must be the role the row holds: a stale screen is refused with 409. */
export const RoleUpdateBody = z
  .object({ role: fundRole, from: fundRole.nullish(), invest_money: money.nullish() })
  .partial()
  .strict();
export type RoleUpdateBody = z.infer<typeof RoleUpdateBody>;
export const RoleListQuery = PageQuery.extend({ role: fundRole.optional() });
export type RoleListQuery = z.infer<typeof RoleListQuery>;

/** A panel entry is the panel role of a client on the case: same id as that role. */
export const PanelEntry = z.object({
  id: z.number().int(),
  case_id: z.number().int(),
  client_id: z.number().int(),
  client: ClientRef,
  created_at: z.string(),
});
export type PanelEntry = z.infer<typeof PanelEntry>;
export const PanelBody = z.object({ client_id: bodyId }).strict();
export type PanelBody = z.infer<typeof PanelBody>;

/** A client related to a case, with every role they hold on it (no contact details: ao reads this too). */
export const CaseClient = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.string().nullable(),
  membership: z.string(),
  roles: z.array(fundRole),
  invest_money: z.number().nullable(),
});
export type CaseClient = z.infer<typeof CaseClient>;

/** A case one client takes part in, with their roles and what they invested (summed over roles). */
export const ClientCase = z.object({
  id: z.number().int(),
  name: z.string(),
  status: z.enum(CASE_STAGES),
  currency: z.string(),
  roles: z.array(fundRole),
  invest_money: z.number().nullable(),
});
export type ClientCase = z.infer<typeof ClientCase>;

export const CLIENT_CASE_SORT_FIELDS = ['invest_money', 'name', 'status', 'created_at', 'id'] as const;
export const ClientCaseListQuery = PageQuery.extend({ sort: sortParam(CLIENT_CASE_SORT_FIELDS).optional() });
export type ClientCaseListQuery = z.infer<typeof ClientCaseListQuery>;

// ── News ────────────────────────────────────────────────────────────────────────────────────

export const NEWS_KINDS = ['comment', 'info'] as const;

/** One entry of the firm-wide feed: a published comment or an info update, with its case. */
export const NewsItem = z.object({
  /** `comment:12` or `info:7`: unique across both kinds. */
  id: z.string(),
  kind: z.enum(NEWS_KINDS),
  item_id: z.number().int(),
  case: CaseRef,
  type: z.string().nullable(),
  title: z.string().nullable(),
  content: z.string().nullable(),
  author: Person.nullable(),
  published_at: z.string(),
});
export type NewsItem = z.infer<typeof NewsItem>;

/** The feed, paged; `case_id` keeps one case's share of it (the case page's news tab). */
export const NewsListQuery = PageQuery.extend({ case_id: dbId.optional() });
export type NewsListQuery = z.infer<typeof NewsListQuery>;
