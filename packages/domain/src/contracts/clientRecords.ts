import { z } from 'zod';
import { ClientParam } from './clients.ts';
import { CLIENT_FILE_KINDS } from '../clientRules.ts';
import { FILE_NAME_MAX } from '../fileTypes.ts';
import { FUND_ROLES } from '../fundRoles.ts';
import { isSafeReturnPath } from '../returnPath.ts';
import { CASE_STAGES } from '../stages.ts';
import { CalendarEvent, CaseRef, ClientCase, ClientCaseListQuery, EARLIEST_DATE_YEAR } from './caseItems.ts';
import { DB_ID_MAX, PageQuery } from './common.ts';

/**
 * Contracts of what staff read and keep on a client's page besides the profile (issue 9, SPEC
 * section 7 "Clients"): files, the roles and cases the client takes part in, the portfolio value
 * per currency, the calendar of those cases, and notifications.
 */

const dbId = z.coerce.number().int().positive().max(DB_ID_MAX);
const Person = z.object({ id: z.number().int(), name: z.string() });
const text = (max: number) => z.string().trim().max(max);
const money = z.number().finite().min(0).max(1e15);
const flag = z
  .union([z.literal('1'), z.literal('0'), z.literal('true'), z.literal('false')])
  .transform((v) => v === '1' || v === 'true');

// ── Files ──────────────────────────────────────────────────────────────────────────────────

export const ClientFileParams = ClientParam.extend({ fileId: dbId });

/** A document kept for a client; the bytes are downloaded from `/files/{fileId}/download`. */
export const ClientFile = z.object({
  id: z.number().int(),
  client_id: z.number().int(),
  name: z.string(),
  kind: z.enum(CLIENT_FILE_KINDS),
  size: z.number().int(),
  /** What the bytes are, as found in them (not as the uploader's browser declared). */
  mime: z.string(),
  sha256: z.string(),
  uploaded_by: Person.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ClientFile = z.infer<typeof ClientFile>;

export const ClientFileListQuery = PageQuery.extend({ kind: z.enum(CLIENT_FILE_KINDS).optional() });
export type ClientFileListQuery = z.infer<typeof ClientFileListQuery>;

/** A name a person types for a file: one segment, no path separators, no control characters. */
export const fileName = text(FILE_NAME_MAX)
  .min(1, { message: 'Name is required' })
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
  .regex(/^[^/\\\u0000-\u001f\u007f]*$/, {
    message: 'A file name cannot hold / or \\ or control characters',
  });

/** The multipart fields besides `file`: its kind (other when not sent) and, optionally, a name. */
export const ClientFileUploadFields = z
  .object({ kind: z.enum(CLIENT_FILE_KINDS).default('other'), name: fileName.optional() })
  .strict();
export type ClientFileUploadFields = z.infer<typeof ClientFileUploadFields>;

export const ClientFileUpdateBody = z
  .object({ name: fileName, kind: z.enum(CLIENT_FILE_KINDS) })
  .partial()
  .strict();
export type ClientFileUpdateBody = z.infer<typeof ClientFileUpdateBody>;

// ── Roles, cases and the portfolio ──────────────────────────────────────────────────────────

const fundRole = z.enum(FUND_ROLES);
const CaseOfRole = z.object({
  id: z.number().int(),
  name: z.string(),
  status: z.enum(CASE_STAGES),
  currency: z.string(),
  /** The case's industries; the first one files the money by industry. */
  domain_keys: z.array(z.string()),
});

/** One role the client holds on a case, with the money behind it (in the case's currency). */
export const ClientRole = z.object({
  id: z.number().int(),
  case_id: z.number().int(),
  client_id: z.number().int(),
  case: CaseOfRole,
  role: fundRole,
  invest_money: z.number().nullable(),
  /** What the holding is worth today (unrealized). */
  holdings_value: z.number().nullable(),
  /** What has come back to the client from it (realized). */
  refunded_money: z.number().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ClientRole = z.infer<typeof ClientRole>;

export const ClientRoleParams = ClientParam.extend({ roleId: dbId });
export const ClientRoleListQuery = PageQuery.extend({ role: fundRole.optional() });
export type ClientRoleListQuery = z.infer<typeof ClientRoleListQuery>;

/** `PUT v1/clients/{id}/roles/{roleId}`: what a holding is worth now and what came back (null clears). */
export const ClientRoleValueBody = z
  .object({ holdings_value: money.nullable(), refunded_money: money.nullable() })
  .partial()
  .strict()
  .refine((v) => v.holdings_value !== undefined || v.refunded_money !== undefined, {
    message: 'Send holdings_value, refunded_money or both',
  });
export type ClientRoleValueBody = z.infer<typeof ClientRoleValueBody>;

/** The client's interest in a case (SPEC section 3), when they showed one. */
const InterestRef = z.object({
  id: z.number().int(),
  /** 1 (curious) … 3 (ready to invest). */
  level: z.number().int(),
  amount: z.number().nullable(),
});

/**
 * A case of the client's: one they hold a role on (`in_case`, with their roles and what they put
 * in) or one they only showed interest in (no roles, `invest_money` null).
 */
export const ClientCaseEntry = ClientCase.extend({ in_case: z.boolean(), interest: InterestRef.nullable() });
export type ClientCaseEntry = z.infer<typeof ClientCaseEntry>;

/**
 * `GET v1/clients/{id}/cases`: page 1, size 10, invest_money:desc by default (SPEC section 9).
 * `in_case=1` keeps the cases the client holds a role on, `in_case=0` those they only showed
 * interest in; without it, both.
 */
export const ClientCasesQuery = ClientCaseListQuery.extend({ in_case: flag.optional() });
export type ClientCasesQuery = z.infer<typeof ClientCasesQuery>;

export const ClientCaseParams = ClientParam.extend({ caseId: dbId });

/** `GET v1/clients/{id}/cases/{caseId}`: the case as the client is involved in it. */
export const ClientCaseDetail = z.object({
  case: z.object({
    id: z.number().int(),
    name: z.string(),
    status: z.enum(CASE_STAGES),
    round: z.string().nullable(),
    currency: z.string(),
    website: z.string().nullable(),
    overview: z.string().nullable(),
    pre_money: z.number().nullable(),
    fund_raising: z.number().nullable(),
    funding: z.number().nullable(),
    domain_keys: z.array(z.string()),
    ao: Person.nullable(),
  }),
  roles: z.array(ClientRole.omit({ case: true })),
  in_case: z.boolean(),
  /** Sums over the client's roles on the case; null when none of them has the figure. */
  invest_money: z.number().nullable(),
  holdings_value: z.number().nullable(),
  refunded_money: z.number().nullable(),
  interest: InterestRef.nullable(),
});
export type ClientCaseDetail = z.infer<typeof ClientCaseDetail>;

/**
 * The portfolio value of a client in one currency (SPEC section 3), over the cases they hold a
 * role with money on: what went in, what the holdings are worth, what came back, and the last
 * two together (realized + unrealized).
 */
export const PortfolioValue = z.object({
  currency: z.string(),
  initial_investment: z.number(),
  holdings_value: z.number(),
  refunded_investment: z.number(),
  realized_unrealized_value: z.number(),
  /** Cases counted in this currency. */
  cases: z.number().int(),
});
export type PortfolioValue = z.infer<typeof PortfolioValue>;

/**
 * `GET v1/clients/{id}/portfolio/industries`: the portfolio per currency and industry (a case's
 * first domain key; null for a case without one), for the investor home's doughnut.
 */
export const PortfolioIndustry = z.object({
  currency: z.string(),
  industry: z.string().nullable(),
  initial_investment: z.number(),
  holdings_value: z.number(),
  cases: z.number().int(),
});
export type PortfolioIndustry = z.infer<typeof PortfolioIndustry>;

// ── Calendar ────────────────────────────────────────────────────────────────────────────────

/** An event of one of the client's cases. */
export const ClientCalendarEvent = CalendarEvent.extend({ case: CaseRef });
export type ClientCalendarEvent = z.infer<typeof ClientCalendarEvent>;

/** `from`: events that end at or after this time (the upcoming ones); every event otherwise. */
export const ClientCalendarQuery = PageQuery.extend({
  from: z.iso
    .datetime({ offset: true, message: 'Use an ISO 8601 date and time with a time zone', abort: true })
    .refine((v) => Number(v.slice(0, 4)) >= EARLIEST_DATE_YEAR, {
      message: `Use a date from the year ${EARLIEST_DATE_YEAR} on`,
    })
    .optional(),
});
export type ClientCalendarQuery = z.infer<typeof ClientCalendarQuery>;

// ── Notifications ───────────────────────────────────────────────────────────────────────────

/** A message for the client, shown in their area; `read_at` is set when they open it. */
export const ClientNotification = z.object({
  id: z.number().int(),
  client_id: z.number().int(),
  title: z.string(),
  body: z.string().nullable(),
  link: z.string().nullable(),
  read_at: z.string().nullable(),
  sender: Person.nullable(),
  created_at: z.string(),
});
export type ClientNotification = z.infer<typeof ClientNotification>;

/** `unread=1` keeps the notifications not read yet (the header bell's count). */
export const ClientNotificationListQuery = PageQuery.extend({ unread: flag.optional() });
export type ClientNotificationListQuery = z.infer<typeof ClientNotificationListQuery>;

export const ClientNotificationParams = ClientParam.extend({ notificationId: dbId });

/** The investor marks one notification read (or unread again), or all of them read. */
export const ClientNotificationReadBody = z.object({ read: z.boolean() }).strict();
export type ClientNotificationReadBody = z.infer<typeof ClientNotificationReadBody>;

/** How many notifications a mark-all changed. */
export const ClientNotificationsMarked = z.object({ updated: z.number().int() });

export const NOTIFICATION_LINK_MESSAGE =
  'A link is a path inside Dealflow starting with a single /, such as /investor/cases/12';

/** Staff send one: a title, an optional text, and optionally a link to a page of the platform. */
export const ClientNotificationCreateBody = z
  .object({
    title: text(200).min(1, { message: 'Title is required' }),
    body: text(5000).nullish(),
    link: z
      .string()
      .trim()
      .max(2048)
      .refine((v) => v === '' || isSafeReturnPath(v), { message: NOTIFICATION_LINK_MESSAGE })
      .nullish(),
  })
  .strict();
export type ClientNotificationCreateBody = z.infer<typeof ClientNotificationCreateBody>;
