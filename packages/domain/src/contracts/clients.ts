import { z } from 'zod';
import { CONTACT_STAGES, CURRENCIES, MEMBERSHIP_TIERS } from '../stages.ts';
import { CaseLogEntry, CaseLogQuery } from './cases.ts';
import { DB_ID_MAX, PageQuery, sortParam } from './common.ts';

/** A picker shows this many matches at most: typing narrows, paging a dropdown does not help. */
export const CLIENT_NAME_LIMIT = 20;
/** How many ids one `ids=` look-up may resolve (a page of history or a form's values). */
export const CLIENT_NAME_IDS_MAX = 100;

/**
 * `GET v1/clients/name`: `q` matches a substring of the name or email (case-insensitive, `%` and
 * `_` taken literally); `ids=1,2` resolves those ids to names instead of searching.
 */
export const ClientNameQuery = z.object({
  q: z.string().trim().max(200).optional(),
  ids: z
    .string()
    .regex(new RegExp(`^\\d{1,10}(,\\d{1,10}){0,${CLIENT_NAME_IDS_MAX - 1}}$`), {
      message: `ids must be a comma-separated list of at most ${CLIENT_NAME_IDS_MAX} client ids`,
    })
    .transform((v) => [...new Set(v.split(',').map(Number))])
    .pipe(z.array(z.number().int().positive().max(DB_ID_MAX)))
    .optional(),
});
export type ClientNameQuery = z.infer<typeof ClientNameQuery>;

/** A client as pickers show them: no email, phone or login data. `membership` is a tier key. */
export const ClientName = z.object({
  id: z.number().int(),
  name: z.string(),
  membership: z.string(),
});
export type ClientName = z.infer<typeof ClientName>;

/** `{id}` of a client in a path. */
export const ClientParam = z.object({ id: z.coerce.number().int().positive().max(DB_ID_MAX) });

// ── The client book (issue 9) ─────────────────────────────────────────────────────────────────

const text = (max: number) => z.string().trim().max(max);
const money = z.coerce.number().finite().min(0).max(1e15);
const keys = z.array(text(100).min(1)).max(50);
const Person = z.object({ id: z.number().int(), name: z.string() });

/** One investor client as staff see it (SPEC section 3); never the password or its hash. */
export const Client = z.object({
  id: z.number().int(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  name: z.string(),
  type: z.string().nullable(),
  status: z.enum(['active', 'inactive']),
  phone: z.string().nullable(),
  membership: z.enum(MEMBERSHIP_TIERS),
  process_status: z.enum(CONTACT_STAGES),
  dropped_from: z.enum(CONTACT_STAGES).nullable(),
  stage_entered_at: z.string(),
  investe_startup: z.string().nullable(),
  scale: z.string().nullable(),
  check_size: z.number().nullable(),
  currency: z.string(),
  domain_keys: z.array(z.string()),
  industry_keys: z.array(z.string()),
  employee_id: z.number().int().nullable(),
  /** The owner (sa or ir) named, for lists and the profile. */
  employee: Person.nullable(),
  expiry_at: z.string().nullable(),
  next_step: z.string().nullable(),
  /** A self-registered client (issue 14): 'pending' until staff approve; null when staff made it. */
  application_status: z.enum(['pending', 'approved']).nullable(),
  /** Whether the client can sign in to the investor area. */
  has_login: z.boolean(),
  must_change_password: z.boolean(),
  last_login_at: z.string().nullable(),
  is_deleted: z.boolean(),
  /** When the client was (softly) deleted; null unless `is_deleted`. */
  deleted_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Client = z.infer<typeof Client>;

/** A row of the client list and a board card: the profile without login facts, plus what it sums. */
export const ClientSummary = Client.omit({ must_change_password: true, last_login_at: true }).extend({
  /**
   * What the client has put into NT$ cases: the sum of `invest_money` over their roles on cases (not
   * deleted) in NT$; the list's default order. Amounts in other currencies are in `invested`.
   */
  invest_money: z.number(),
  /** What the client has put into cases (not deleted), summed per case currency, never across: `{ NTD: 5000000, USD: 20000 }`. */
  invested: z.record(z.string(), z.number()),
  /** The open client to-do due first, for board cards; null when none is open. */
  next_todo: z.object({ id: z.number().int(), title: z.string(), due_at: z.string().nullable() }).nullable(),
});
export type ClientSummary = z.infer<typeof ClientSummary>;

export const CLIENT_SORT_FIELDS = [
  'invest_money',
  'name',
  'created_at',
  'updated_at',
  'expiry_at',
  'check_size',
  'membership',
  'process_status',
  'stage_entered_at',
  'id',
] as const;
/** SPEC section 9: the client list opens on page 1, 10 rows, the biggest investors first. */
export const CLIENT_LIST_DEFAULTS = { page: 1, size: 10, sort: 'invest_money:desc' } as const;

const flag = z
  .union([z.literal('1'), z.literal('0'), z.literal('true'), z.literal('false')])
  .transform((v) => v === '1' || v === 'true');
const idFilter = z.coerce.number().int().positive().max(DB_ID_MAX);

/** `GET v1/clients`: paging (or `all=1`) and sort; page 1 of 10 by `invest_money:desc` unless given. */
export const ClientListQuery = PageQuery.extend({
  sort: sortParam(CLIENT_SORT_FIELDS).optional(),
});
export type ClientListQuery = z.infer<typeof ClientListQuery>;

/**
 * `GET v2/clients`: the list's filters, all in the URL. `q` matches name, email or phone;
 * `expiry` is `expired` or `expiring` (within 30 days); `group_id` keeps a group's members.
 */
export const ClientSearchQuery = ClientListQuery.extend({
  q: text(200).optional(),
  membership: z.enum(MEMBERSHIP_TIERS).optional(),
  process_status: z.union([z.enum(CONTACT_STAGES), z.literal('all')]).optional(),
  type: text(100).optional(),
  employee_id: idFilter.optional(),
  domain: text(100).optional(),
  industry: text(100).optional(),
  expiry: z.enum(['expired', 'expiring']).optional(),
  group_id: idFilter.optional(),
  /** `pending`: only self-registered clients waiting for approval (issue 14). */
  application: z.literal('pending').optional(),
  is_deleted: flag.optional(),
});
export type ClientSearchQuery = z.infer<typeof ClientSearchQuery>;

const email = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  .pipe(z.email({ message: 'Enter a valid email address' }));
const phone = text(40).regex(/^[0-9+()\- ]*$/, {
  message: 'A phone number holds digits, spaces and + ( ) - only',
});

const clientFields = {
  email,
  firstName: text(100).nullish(),
  lastName: text(100).nullish(),
  name: text(200).min(1, { message: 'Name is required' }),
  type: text(100).nullish(),
  status: z.enum(['active', 'inactive']).optional(),
  phone: phone.nullish(),
  membership: z.enum(MEMBERSHIP_TIERS).optional(),
  investe_startup: text(2000).nullish(),
  scale: text(200).nullish(),
  check_size: money.nullish(),
  currency: z.enum(CURRENCIES).optional(),
  domain_keys: keys.optional(),
  industry_keys: keys.optional(),
  employee_id: z.number().int().positive().max(DB_ID_MAX).nullish(),
  expiry_at: z.iso.datetime({ offset: true }).or(z.iso.date()).nullish(),
  next_step: text(2000).nullish(),
};

/**
 * `POST v1/clients`. `process_status` is where the client enters the pipeline (p0 by default).
 * `invite` gives the client a sign-in: a set-password link is mailed; no password is ever typed
 * by staff or sent in clear text.
 */
export const ClientCreateBody = z
  .object({
    ...clientFields,
    process_status: z.enum(CONTACT_STAGES).optional(),
    invite: z.boolean().optional(),
  })
  .strict();
export type ClientCreateBody = z.infer<typeof ClientCreateBody>;

/** `PUT v1/clients/{id}`: any part; a new `process_status` is a move and may need a `reason`. */
export const ClientUpdateBody = z
  .object({
    ...clientFields,
    process_status: z.enum(CONTACT_STAGES),
    reason: text(2000),
  })
  .partial()
  .strict();
export type ClientUpdateBody = z.infer<typeof ClientUpdateBody>;

/** `GET v1/clients/duplicates`: records already holding this email or phone (checked before a save). */
export const ClientDuplicateQuery = z.object({
  email: text(254).optional(),
  phone: text(40).optional(),
  /** The client being edited, left out of its own check. */
  exclude_id: idFilter.optional(),
});
export type ClientDuplicateQuery = z.infer<typeof ClientDuplicateQuery>;

export const ClientDuplicate = z.object({
  id: z.number().int(),
  name: z.string(),
  matched: z.array(z.enum(['email', 'phone'])),
  /** Whether the asking staff member may open that record; if not, only its name is shown. */
  visible: z.boolean(),
  is_deleted: z.boolean(),
});
export type ClientDuplicate = z.infer<typeof ClientDuplicate>;

/**
 * `GET v2/clients/stats`: the filters of `v2/clients` but the stage and paging (a board shows
 * every column, tabs every stage).
 */
export const ClientStatsQuery = ClientSearchQuery.omit({
  page: true,
  size: true,
  all: true,
  sort: true,
  process_status: true,
});
export type ClientStatsQuery = z.infer<typeof ClientStatsQuery>;

const ClientStageStat = z.object({
  count: z.number().int(),
  /** Sum of `check_size` per currency (`{ "NTD": 5000000, "USD": 20000 }`); amounts of two currencies never add. */
  check_size: z.record(z.string(), z.number()),
});
/**
 * Per contact stage: how many clients and what they would put in (the check sizes, per currency).
 * One property per stage (not a record keyed by an enum), so the JSON schema names them all; a
 * stage the asking staff member does not work counts 0.
 */
export const ClientStageStats = z.object(
  Object.fromEntries(CONTACT_STAGES.map((stage) => [stage, ClientStageStat])) as Record<
    (typeof CONTACT_STAGES)[number],
    typeof ClientStageStat
  >,
);
export type ClientStageStats = z.infer<typeof ClientStageStats>;

/** `GET v1/clients/{id}?include_deleted=1`: a deleted client, for its restore (admin or its owner). */
export const ClientDetailQuery = z.object({ include_deleted: z.enum(['1', '0']).optional() });
export type ClientDetailQuery = z.infer<typeof ClientDetailQuery>;

/** `GET v1/clients/{id}/log`: 20 entries a page, newest first; `action` keeps only those actions. */
export const ClientLogQuery = CaseLogQuery;
export type ClientLogQuery = z.infer<typeof ClientLogQuery>;

/**
 * One entry of a client's history, shaped like a case's (who, when, action, old → new, reason);
 * `employee_names` names the owners an `employee_id` change mentions, as they are now.
 */
export const ClientLogEntry = CaseLogEntry.extend({ employee_names: z.record(z.string(), z.string()) });
export type ClientLogEntry = z.infer<typeof ClientLogEntry>;

/** The history actions of a client. */
export const CLIENT_LOG_ACTIONS = [
  'client.create',
  'client.update',
  'client.move',
  'client.delete',
  'client.restore',
  'client.invite',
] as const;

// ── The client list as a spreadsheet (issue 9) ────────────────────────────────────────────────

/** `GET v2/clients/export`: the list's filters and sort (what is on screen), every matching row. */
export const ClientExportQuery = ClientSearchQuery.omit({ page: true, size: true, all: true }).extend({
  format: z.enum(['csv', 'xlsx']),
  /** The language of headers and enumerated cells; the import reads either. */
  lang: z.enum(['zh-TW', 'en']).optional(),
});
export type ClientExportQuery = z.infer<typeof ClientExportQuery>;

/** `POST v1/clients/import`: `dry_run=1` reports what would happen and writes nothing. */
export const ClientImportQuery = z.object({
  dry_run: z
    .union([z.literal('1'), z.literal('0'), z.literal('true'), z.literal('false')])
    .transform((v) => v === '1' || v === 'true')
    .optional(),
});
export type ClientImportQuery = z.infer<typeof ClientImportQuery>;

export const SHEET_PROBLEMS = [
  'required',
  'invalid_email',
  'unknown_value',
  'invalid_number',
  'invalid_date',
  'too_long',
  'invalid_characters',
  'duplicate_in_file',
  'not_visible',
  'stage_not_allowed',
  'rejected',
] as const;

/** Per row of the file: what happened and why (issue 9: created, updated, unchanged or refused). */
export const ClientImportReport = z.object({
  dry_run: z.boolean(),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  refused: z.number().int(),
  /** Columns of the file the import did not recognise (ignored). */
  ignored_columns: z.array(z.string()),
  rows: z.array(
    z.object({
      row: z.number().int(),
      outcome: z.enum(['created', 'updated', 'unchanged', 'refused']),
      email: z.string().nullable(),
      client_id: z.number().int().nullable(),
      /** The fields an update changed (or a create set). */
      fields: z.array(z.string()),
      issues: z.array(z.object({ column: z.string().nullable(), problem: z.enum(SHEET_PROBLEMS) })),
    }),
  ),
});
export type ClientImportReport = z.infer<typeof ClientImportReport>;
