import { sql } from 'drizzle-orm';
import { DEFAULT_COMMENT_TYPE, FUND_ROLES } from '@dealflow/domain';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const timestamps = {
  created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updated_at: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
};
const money = (name: string) => numeric(name, { precision: 20, scale: 2, mode: 'number' });

export const employees = pgTable(
  'employees',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    role: text('role', { enum: ['admin', 'ao', 'ir', 'sa'] }).notNull(),
    status: text('status', { enum: ['active', 'inactive'] })
      .notNull()
      .default('active'),
    password_hash: text('password_hash').notNull(),
    phone: text('phone'),
    title: text('title'),
    /** Bumped on deactivation or password change: tokens carrying an older version stop working. */
    token_version: integer('token_version').notNull().default(0),
    last_login_at: timestamp('last_login_at', { withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('employees_email_key').on(t.email),
    check('employees_role_check', sql`${t.role} in ('admin','ao','ir','sa')`),
    check('employees_status_check', sql`${t.status} in ('active','inactive')`),
  ],
);

export const clients = pgTable(
  'clients',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    email: text('email').notNull(),
    password_hash: text('password_hash'),
    /** Set when staff create the sign-in: the client chooses a password before anything else. */
    must_change_password: boolean('must_change_password').notNull().default(false),
    first_name: text('first_name'),
    last_name: text('last_name'),
    name: text('name').notNull(),
    type: text('type'),
    status: text('status', { enum: ['active', 'inactive'] })
      .notNull()
      .default('active'),
    phone: text('phone'),
    membership: text('membership').notNull().default('general'),
    process_status: text('process_status').notNull().default('p0'),
    /** The stage a dropped client left (so a restore knows where it came from). */
    dropped_from: text('dropped_from'),
    /** When the client entered its contact stage (its last move, else its creation). */
    stage_entered_at: timestamp('stage_entered_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .defaultNow(),
    investe_startup: text('investe_startup'),
    scale: text('scale'),
    /** What the client is ready to put into one case, in `currency` (issue 9: a number, summed per column). */
    check_size: money('check_size'),
    currency: text('currency').notNull().default('NTD'),
    /**
     * What the client put into NT$ cases: the NT$ part of `invested`, kept by the triggers of
     * migration 0016 in the transaction of every role write: the client list sorts by it (SPEC
     * section 9 default) through an index instead of summing every role per request.
     */
    invest_money: money('invest_money').notNull().default(0),
    /** What the client put into cases (not deleted), summed per case currency: `{"NTD": 5000000, "USD": 20000}`. */
    invested: jsonb('invested').$type<Record<string, number>>().notNull().default({}),
    domain_keys: jsonb('domain_keys').$type<string[]>().notNull().default([]),
    industry_keys: jsonb('industry_keys').$type<string[]>().notNull().default([]),
    employee_id: integer('employee_id').references(() => employees.id, { onDelete: 'set null' }),
    expiry_at: timestamp('expiry_at', { withTimezone: true, mode: 'date' }),
    next_step: text('next_step'),
    token_version: integer('token_version').notNull().default(0),
    last_login_at: timestamp('last_login_at', { withTimezone: true, mode: 'date' }),
    /** When the investor closed the onboarding tour (issue 13); null: it opens at their next sign-in. */
    tutorial_seen_at: timestamp('tutorial_seen_at', { withTimezone: true, mode: 'date' }),
    /** A self-registered applicant (issue 14): 'pending' until staff approve; null when staff made the client. */
    application_status: text('application_status', { enum: ['pending', 'approved'] }),
    /** The registration form as the applicant filled it in. */
    application_form: jsonb('application_form').$type<Record<string, unknown>>(),
    is_deleted: boolean('is_deleted').notNull().default(false),
    deleted_at: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('clients_email_key').on(t.email),
    index('clients_employee_idx').on(t.employee_id),
    index('clients_process_status_idx').on(t.process_status),
    index('clients_phone_idx').on(t.phone),
    // The list's default order (invest_money desc, id desc) read from the index, the stage filter
    // of sa and ir answered from it too; deleted clients are listed apart.
    index('clients_invest_idx')
      .on(t.invest_money, t.id, t.process_status)
      .where(sql`${t.is_deleted} = false`),
    index('clients_name_idx').on(t.name, t.id).where(sql`${t.is_deleted} = false`),
    // clients_search_grams_idx (search over name, email and phone) and clients_phone_digits_idx
    // (duplicate check on the phone's digits) are made in migration 0013 with their expressions.
    check(
      'clients_process_status_check',
      sql`${t.process_status} in ('p0','p1','p2','p3','p4','p5','p6','drop')`,
    ),
  ],
);

export const cases = pgTable(
  'cases',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    status: text('status').notNull().default('draft'),
    /** The stage a dropped case left, so it can be restored there. */
    dropped_from: text('dropped_from'),
    ao_id: integer('ao_id').references(() => employees.id, { onDelete: 'set null' }),
    agent_ids: integer('agent_ids').array().notNull().default(sql`'{}'::integer[]`),
    currency: text('currency').notNull().default('NTD'),
    website: text('website'),
    opportunity_record_type: text('opportunity_record_type'),
    step: text('step'),
    source: text('source'),
    pre_money: money('pre_money'),
    fund_raising: money('fund_raising'),
    round: text('round'),
    preserved: boolean('preserved').notNull().default(false),
    de_identification: boolean('de_identification').notNull().default(false),
    funding: money('funding'),
    overview: text('overview'),
    co_investor: text('co_investor'),
    domain_keys: jsonb('domain_keys').$type<string[]>().notNull().default([]),
    rating_ao_id: integer('rating_ao_id').references(() => employees.id, { onDelete: 'set null' }),
    rating_ao_score: integer('rating_ao_score'),
    rating_ir_id: integer('rating_ir_id').references(() => employees.id, { onDelete: 'set null' }),
    rating_ir_score: integer('rating_ir_score'),
    sign_term: text('sign_term'),
    sticky_column: boolean('sticky_column').notNull().default(false),
    fund_info: jsonb('fund_info').$type<Record<string, unknown>>().notNull().default({}),
    business_plan: jsonb('business_plan').$type<Record<string, string>>().notNull().default({}),
    /** A draft made by a startup's registration (issue 14): 'pending' until staff take it on. */
    application_status: text('application_status', { enum: ['pending', 'approved'] }),
    /** The registration form as the startup filled it in (contact person, phone, industries, intro). */
    application_form: jsonb('application_form').$type<Record<string, unknown>>(),
    term_sheet: jsonb('term_sheet').$type<Record<string, unknown>>().notNull().default({}),
    company: jsonb('company').$type<Record<string, unknown>>().notNull().default({}),
    is_deleted: boolean('is_deleted').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    // The list's default orders, led by the filters every list applies: a page is an index scan,
    // and the ids of a deep page come from the index alone (deferred join in the repository).
    index('cases_list_created_idx').on(
      t.is_deleted,
      t.created_at.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('cases_list_status_created_idx').on(
      t.is_deleted,
      t.status,
      t.created_at.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('cases_list_status_updated_idx').on(
      t.is_deleted,
      t.status,
      t.updated_at.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('cases_ao_idx').on(t.ao_id),
    index('cases_agents_idx').using('gin', t.agent_ids),
    // cases_search_grams_idx (keyword search) is made in migration 0007, with the SQL function it indexes.
  ],
);
/**
 * Live cases per stage and fund-platform flag (issue 13, migration 0035): kept exact by statement
 * triggers on cases, so an investor's list counts its cases without counting the table.
 */
export const caseStageCounts = pgTable(
  'case_stage_counts',
  {
    status: text('status').notNull(),
    shown: boolean('shown').notNull(),
    n: integer('n').notNull().default(0),
  },
  (t) => [primaryKey({ name: 'case_stage_counts_pkey', columns: [t.status, t.shown] })],
);

/**
 * Case count and fund-raising sum per stage, deletion flag and currency, kept exact by a trigger
 * on cases (migration 0005): the unfiltered list count and the board's column heads read these
 * few rows instead of counting 100k cases on every request.
 */
export const caseStageTotals = pgTable(
  'case_stage_totals',
  {
    status: text('status').notNull(),
    is_deleted: boolean('is_deleted').notNull(),
    currency: text('currency').notNull(),
    n: integer('n').notNull().default(0),
    fund_raising: numeric('fund_raising', { precision: 24, scale: 2, mode: 'number' }).notNull().default(0),
    /** Bumped by the trigger on every change to the bucket's cases: a list's pages are still valid while it stands. */
    version: bigint('version', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.status, t.is_deleted, t.currency] })],
);

export const startupUsers = pgTable(
  'startup_users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    email: text('email').notNull(),
    password_hash: text('password_hash').notNull(),
    name: text('name').notNull(),
    role: text('role').notNull().default('owner'),
    case_id: integer('case_id').references(() => cases.id, { onDelete: 'set null' }),
    case_review: boolean('case_review').notNull().default(false),
    scope: jsonb('scope').$type<string[] | Record<string, unknown>>(),
    expiry_at: timestamp('expiry_at', { withTimezone: true, mode: 'date' }),
    status: text('status', { enum: ['active', 'inactive', 'drop'] })
      .notNull()
      .default('active'),
    token_version: integer('token_version').notNull().default(0),
    last_login_at: timestamp('last_login_at', { withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  (t) => [uniqueIndex('startup_users_email_key').on(t.email), index('startup_users_case_idx').on(t.case_id)],
);

export const platformSettings = pgTable('platform_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updated_at: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * Attempts counted by the throttle (`modules/auth/throttle.ts`): one row per key of each admitted
 * attempt that did not succeed, kept in the database so a limit holds across instances. Every
 * attempt inserts (refused ones delete their rows again), hence the wide id.
 */
export const authFailures = pgTable(
  'auth_failures',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    key: text('key').notNull(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('auth_failures_key_at_idx').on(t.key, t.at)],
);

/**
 * Addresses an account (`strategy:email`) has signed in from, with the last success: a known
 * address is throttled on its own count, not the account's or the address's (docs/decisions/0009).
 */
export const knownSignInAddresses = pgTable(
  'known_sign_in_addresses',
  {
    account: text('account').notNull(),
    address: text('address').notNull(),
    last_success_at: timestamp('last_success_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.account, t.address] })],
);

/**
 * Token ids that may no longer be used: signed-out sessions and spent reviewer links. Every
 * instance keeps the unexpired ones in memory, told of new rows by a trigger (migration 0009).
 */
export const revokedTokens = pgTable('revoked_tokens', {
  jti: text('jti').primaryKey(),
  expires_at: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
});

/**
 * `Idempotency-Key` of authenticated POSTs: one row per key of a principal on a route. `status`
 * is null while the first request runs (the claim); its reply is stored when it is sent, and
 * replayed for 24 hours to a retry with the same fingerprint. `claim_id` lets only the request
 * that claimed the key store or release it.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    principal_kind: text('principal_kind').notNull(),
    principal_id: integer('principal_id').notNull(),
    method: text('method').notNull(),
    route: text('route').notNull(),
    key: text('key').notNull(),
    fingerprint: text('fingerprint').notNull(),
    claim_id: text('claim_id').notNull(),
    status: integer('status'),
    content_type: text('content_type'),
    body: text('body'),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.principal_kind, t.principal_id, t.method, t.route, t.key] }),
    index('idempotency_keys_created_at_idx').on(t.created_at),
  ],
);

/** Who changed what, and when, for every entity the business cares about. */
export const activityLogs = pgTable(
  'activity_logs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    actor_type: text('actor_type').notNull(),
    actor_id: integer('actor_id'),
    entity_type: text('entity_type').notNull(),
    entity_id: integer('entity_id').notNull(),
    action: text('action').notNull(),
    changes: jsonb('changes').$type<Record<string, { from: unknown; to: unknown }>>().notNull().default({}),
    reason: text('reason'),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('activity_logs_entity_idx').on(t.entity_type, t.entity_id, t.created_at),
    // The report feeds (caseActivity, clientActivity): one kind's entries, newest first, and the
    // daily snapshot job's read of the history since a day.
    index('activity_logs_feed_idx').on(t.entity_type, t.created_at, t.id),
    // Stage moves alone, for the pipeline analytics and the summary's moves of today.
    index('activity_logs_moves_idx')
      .on(t.entity_type, t.created_at)
      .where(sql`${t.action} in ('stage', 'client.move')`),
  ],
);

// ── Sub-resources of a case (issue 3). Each belongs to one case and goes with it. ─────────────

const caseRef = () =>
  integer('case_id')
    .notNull()
    .references(() => cases.id, { onDelete: 'cascade' });
/** The employee who wrote the row; kept null if that account were ever removed. */
const createdBy = () => integer('created_by').references(() => employees.id, { onDelete: 'set null' });

export const caseTodos = pgTable(
  'case_todos',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    case_id: caseRef(),
    title: text('title').notNull(),
    content: text('content'),
    due_at: timestamp('due_at', { withTimezone: true, mode: 'date' }),
    done: boolean('done').notNull().default(false),
    assignee_id: integer('assignee_id').references(() => employees.id, { onDelete: 'set null' }),
    created_by: createdBy(),
    ...timestamps,
  },
  (t) => [
    index('case_todos_case_idx').on(t.case_id),
    index('case_todos_assignee_idx').on(t.assignee_id),
    index('case_todos_created_by_idx').on(t.created_by),
  ],
);

export const caseCalendars = pgTable(
  'case_calendars',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    case_id: caseRef(),
    title: text('title').notNull(),
    start_at: timestamp('start_at', { withTimezone: true, mode: 'date' }).notNull(),
    end_at: timestamp('end_at', { withTimezone: true, mode: 'date' }).notNull(),
    location: text('location'),
    created_by: createdBy(),
    ...timestamps,
  },
  (t) => [
    index('case_calendars_case_start_idx').on(t.case_id, t.start_at),
    index('case_calendars_start_idx').on(t.start_at, t.id),
    index('case_calendars_end_idx').on(t.end_at),
    check('case_calendars_end_after_start', sql`${t.end_at} >= ${t.start_at}`),
  ],
);

/**
 * Each employee's secret calendar feed (issue 11): the SHA-256 of the token in the `.ics` address;
 * making a new one replaces the row, so the old address stops working.
 */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    employee_id: integer('employee_id')
      .primaryKey()
      .references(() => employees.id, { onDelete: 'cascade' }),
    token_hash: text('token_hash').notNull(),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    last_read_at: timestamp('last_read_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [uniqueIndex('calendar_feeds_token_hash_key').on(t.token_hash)],
);

export const caseComments = pgTable(
  'case_comments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    case_id: caseRef(),
    type: text('type').notNull().default(DEFAULT_COMMENT_TYPE),
    title: text('title'),
    comment: text('comment').notNull(),
    publish_at: timestamp('publish_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    created_by: createdBy(),
    /** The investor who asked (a question of type investor_question, issue 13). */
    client_id: integer('client_id').references(() => clients.id, { onDelete: 'cascade' }),
    /** The question a staff answer answers. */
    reply_to: integer('reply_to').references((): AnyPgColumn => caseComments.id, { onDelete: 'cascade' }),
    ...timestamps,
  },
  (t) => [
    index('case_comments_client_idx').on(t.client_id, t.case_id).where(sql`${t.client_id} is not null`),
    index('case_comments_reply_idx').on(t.reply_to).where(sql`${t.reply_to} is not null`),
    index('case_comments_case_type_idx').on(t.case_id, t.type, t.publish_at),
    // The news feed reads comments of every case, newest first.
    index('case_comments_publish_idx').on(t.publish_at),
  ],
);

export const caseMaintenances = pgTable(
  'case_maintenances',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    case_id: caseRef(),
    title: text('title').notNull(),
    content: text('content'),
    date: date('date', { mode: 'string' }).notNull(),
    created_by: createdBy(),
    ...timestamps,
  },
  (t) => [index('case_maintenances_case_date_idx').on(t.case_id, t.date)],
);

export const caseInfoUpdates = pgTable(
  'case_info_updates',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    case_id: caseRef(),
    title: text('title').notNull(),
    content: text('content'),
    created_by: createdBy(),
    ...timestamps,
  },
  (t) => [
    index('case_info_updates_case_idx').on(t.case_id, t.created_at),
    index('case_info_updates_created_idx').on(t.created_at),
  ],
);

export const caseShareholderHistories = pgTable(
  'case_shareholder_histories',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    case_id: caseRef(),
    title: text('title').notNull(),
    shareholders: jsonb('shareholders')
      .$type<Array<{ name: string; shares: number }>>()
      .notNull()
      .default([]),
    created_by: createdBy(),
    ...timestamps,
  },
  (t) => [index('case_shareholder_histories_case_idx').on(t.case_id, t.created_at)],
);

const FUND_ROLE_SQL = sql.raw(FUND_ROLES.map((r) => `'${r}'`).join(','));

/**
 * One row per role a client holds on a case. `cases.fund_info` lists exactly these rows: both
 * are written together, under the case row lock. Panel entries are the rows with role 'panel'.
 */
export const caseRoles = pgTable(
  'case_roles',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    case_id: caseRef(),
    client_id: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    role: text('role', { enum: FUND_ROLES }).notNull(),
    /** What the client invested in the case through this role, in the case's currency. */
    invest_money: money('invest_money'),
    /** What the holding is worth today (unrealized), in the case's currency; staff keep it current. */
    holdings_value: money('holdings_value'),
    /** What has come back to the client from this holding (realized), in the case's currency. */
    refunded_money: money('refunded_money'),
    created_by: createdBy(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('case_roles_case_client_role_key').on(t.case_id, t.client_id, t.role),
    // A case has one lead angel at most.
    uniqueIndex('case_roles_one_lead_key').on(t.case_id).where(sql`${t.role} = 'lead_angel'`),
    index('case_roles_client_idx').on(t.client_id),
    check('case_roles_role_check', sql`${t.role} in (${FUND_ROLE_SQL})`),
  ],
);

// ── Due-diligence comments and the startup's review of its case (issue 3). ───────────────────

/** A due-diligence note on a case, optionally about one client; `created_at` may be back-dated by an import. */
export const caseDdComments = pgTable(
  'case_dd_comments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    case_id: caseRef(),
    client_id: integer('client_id').references(() => clients.id, { onDelete: 'set null' }),
    content: text('content').notNull(),
    created_by: createdBy(),
    ...timestamps,
  },
  (t) => [
    index('case_dd_comments_case_idx').on(t.case_id, t.created_at),
    index('case_dd_comments_client_idx').on(t.client_id, t.created_at),
  ],
);

/**
 * One review per startup user: what the startup proposes to change on its case (status 0 draft,
 * 1 submitted). `applied_at` is set when staff copy it onto the case and cleared by the next save.
 */
export const caseReviews = pgTable(
  'case_reviews',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    startup_user_id: integer('startup_user_id')
      .notNull()
      .references(() => startupUsers.id, { onDelete: 'cascade' }),
    case_id: caseRef(),
    status: integer('status').notNull().default(0),
    update_content: jsonb('update_content').$type<Record<string, unknown>>().notNull().default({}),
    applied_at: timestamp('applied_at', { withTimezone: true, mode: 'date' }),
    applied_by: integer('applied_by').references(() => employees.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('case_reviews_startup_user_key').on(t.startup_user_id),
    index('case_reviews_case_idx').on(t.case_id),
    check('case_reviews_status_check', sql`${t.status} in (0, 1)`),
  ],
);

/** Staff comments on a review; the API shows them as the review's `comment` list. */
export const caseReviewComments = pgTable(
  'case_review_comments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    review_id: integer('review_id')
      .notNull()
      .references(() => caseReviews.id, { onDelete: 'cascade' }),
    employee_id: integer('employee_id').references(() => employees.id, { onDelete: 'set null' }),
    content: text('content').notNull(),
    field: text('field'),
    reply: text('reply'),
    replied_at: timestamp('replied_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [index('case_review_comments_review_idx').on(t.review_id, t.id)],
);

/**
 * Single-use links mailed to an account: password resets (30 minutes) and staff invitations
 * (7 days). Only the SHA-256 of the token is kept, so a read of this table opens no account; a
 * link is spent by one conditional update (`used_at is null and expires_at > now()`), so of two
 * concurrent uses exactly one wins (docs/decisions/0012).
 */
export const accountTokens = pgTable(
  'account_tokens',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    purpose: text('purpose', { enum: ['password_reset', 'invitation'] }).notNull(),
    account_kind: text('account_kind', { enum: ['employee', 'client', 'startup'] }).notNull(),
    account_id: integer('account_id').notNull(),
    token_hash: text('token_hash').notNull(),
    expires_at: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    used_at: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('account_tokens_token_hash_key').on(t.token_hash),
    index('account_tokens_account_idx').on(t.account_kind, t.account_id, t.purpose),
    check('account_tokens_purpose_check', sql`${t.purpose} in ('password_reset','invitation')`),
    check('account_tokens_account_kind_check', sql`${t.account_kind} in ('employee','client','startup')`),
  ],
);

/**
 * Clients per contact stage and deletion flag, with the sum of their `check_size`, kept by the
 * trigger of migration 0013 in the transaction of every client write (one row per stage and flag,
 * all made by the migration): the list's count and the board's column heads read these rows
 * instead of counting every client per request.
 */
export const clientStageTotals = pgTable(
  'client_stage_totals',
  {
    process_status: text('process_status').notNull(),
    is_deleted: boolean('is_deleted').notNull(),
    n: integer('n').notNull().default(0),
    /** The bucket's check sizes summed per currency (`{"NTD": 5000000, "USD": 20000}`): never mixed. */
    check_size: jsonb('check_size').$type<Record<string, number>>().notNull().default({}),
    /** Bumped by every change of the bucket's members or of their order (invest_money): migration 0015. */
    version: bigint('version', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.process_status, t.is_deleted] })],
);

// ── Sub-resources of an investor client (issue 9). Each belongs to one client and goes with it. ─

const clientRef = () =>
  integer('client_id')
    .notNull()
    .references(() => clients.id, { onDelete: 'cascade' });

export const CONTACT_CHANNELS_SQL = sql.raw("'phone','meeting','mail','message','event'");

export const clientTodos = pgTable(
  'client_todos',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    client_id: clientRef(),
    title: text('title').notNull(),
    content: text('content'),
    due_at: timestamp('due_at', { withTimezone: true, mode: 'date' }),
    done: boolean('done').notNull().default(false),
    assignee_id: integer('assignee_id').references(() => employees.id, { onDelete: 'set null' }),
    created_by: createdBy(),
    ...timestamps,
  },
  (t) => [
    index('client_todos_client_idx').on(t.client_id),
    index('client_todos_assignee_idx').on(t.assignee_id),
  ],
);

/** One contact with a client: a call, a meeting, a mail… (issue 9 names the fields). */
export const clientContacts = pgTable(
  'client_contacts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    client_id: clientRef(),
    contact_at: timestamp('contact_at', { withTimezone: true, mode: 'date' }).notNull(),
    channel: text('channel').notNull(),
    summary: text('summary').notNull(),
    employee_id: integer('employee_id').references(() => employees.id, { onDelete: 'set null' }),
    created_by: createdBy(),
    ...timestamps,
  },
  (t) => [
    index('client_contacts_client_idx').on(t.client_id, t.contact_at),
    check('client_contacts_channel_check', sql`${t.channel} in (${CONTACT_CHANNELS_SQL})`),
  ],
);

/** A document kept for a client; the bytes live in the file store under `storage_key`. */
export const clientFiles = pgTable(
  'client_files',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    client_id: clientRef(),
    name: text('name').notNull(),
    kind: text('kind').notNull().default('other'),
    mime: text('mime').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    sha256: text('sha256').notNull(),
    storage_key: text('storage_key').notNull(),
    uploaded_by: createdBy(),
    ...timestamps,
  },
  (t) => [index('client_files_client_idx').on(t.client_id, t.created_at)],
);

/** A legal person the client invests through, with the bank account its money comes from. */
export const clientAccounts = pgTable(
  'client_accounts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    client_id: clientRef(),
    holder_name: text('holder_name').notNull(),
    kind: text('kind').notNull().default('individual'),
    tax_id: text('tax_id'),
    bank_name: text('bank_name'),
    bank_account: text('bank_account'),
    is_default: boolean('is_default').notNull().default(false),
    created_by: createdBy(),
    ...timestamps,
  },
  (t) => [
    index('client_accounts_client_idx').on(t.client_id),
    // One default account per client.
    uniqueIndex('client_accounts_one_default_key').on(t.client_id).where(sql`${t.is_default}`),
    check('client_accounts_kind_check', sql`${t.kind} in ('individual','company')`),
  ],
);

/** A client's interest in a case (SPEC section 3): one per client and case. */
export const clientInterests = pgTable(
  'client_interests',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    client_id: clientRef(),
    case_id: caseRef(),
    /** How keen: 1 (curious) … 3 (ready to invest). */
    level: integer('level').notNull().default(1),
    amount: money('amount'),
    note: text('note'),
    /** When the investor said "I'm interested" themselves (issue 13); null for staff's record alone. */
    registered_at: timestamp('registered_at', { withTimezone: true, mode: 'date' }),
    /** Staff who recorded the interest; a staff-made interest invites the client to the case (issue 13). */
    created_by: createdBy(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('client_interests_client_case_key').on(t.client_id, t.case_id),
    index('client_interests_case_idx').on(t.case_id),
    check('client_interests_level_check', sql`${t.level} between 1 and 3`),
  ],
);

/** A message for a client, shown in their area and on their page for staff. */
export const clientNotifications = pgTable(
  'client_notifications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    client_id: clientRef(),
    title: text('title').notNull(),
    body: text('body'),
    link: text('link'),
    read_at: timestamp('read_at', { withTimezone: true, mode: 'date' }),
    created_by: createdBy(),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('client_notifications_client_idx').on(t.client_id, t.created_at)],
);

/** A group of clients staff address together (SPEC section 3 "Client group"). */
export const clientGroups = pgTable(
  'client_groups',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    description: text('description'),
    created_by: createdBy(),
    ...timestamps,
  },
  (t) => [uniqueIndex('client_groups_name_key').on(sql`lower(${t.name})`)],
);

export const clientGroupMembers = pgTable(
  'client_group_members',
  {
    group_id: integer('group_id')
      .notNull()
      .references(() => clientGroups.id, { onDelete: 'cascade' }),
    client_id: clientRef(),
    added_by: createdBy(),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.group_id, t.client_id] }),
    index('client_group_members_client_idx').on(t.client_id),
  ],
);

// ── Reports (issue 10) ─────────────────────────────────────────────────────────────────────────

/**
 * Each stored day's counts per dimension (packages/domain reports.ts: SNAPSHOT_DIMENSIONS): how
 * many cases or clients were in a group (`key`) and stage at the end of `day` (report time zone),
 * with their amounts per currency. Written by the daily job (modules/reports/snapshots.ts), one
 * row per (dimension, day, key, stage): a day stored again replaces its rows. A status series of
 * a year reads ~9 × 365 rows through the primary key, never the cases or clients.
 */
export const reportSnapshots = pgTable(
  'report_snapshots',
  {
    dimension: text('dimension').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    key: text('key').notNull(),
    stage: text('stage').notNull(),
    n: integer('n').notNull(),
    amounts: jsonb('amounts').$type<Record<string, number>>().notNull().default({}),
  },
  (t) => [
    primaryKey({ columns: [t.dimension, t.day, t.key, t.stage] }),
    // One key of a dimension over a period: a focused report (migration 0020).
    index('report_snapshots_focus_idx').on(t.dimension, t.key, t.day),
  ],
);

/**
 * The days stored in report_snapshots (a day may have no rows: nothing existed yet). The job finds
 * missed days here and catches them up; `source` says how the day was made ('history': rebuilt from
 * the current rows and the history; 'bench': generated bench data).
 */
export const reportSnapshotDays = pgTable('report_snapshot_days', {
  day: date('day', { mode: 'string' }).primaryKey(),
  source: text('source').notNull().default('history'),
  computed_at: timestamp('computed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * Today's counts of the group dimensions (cases per AO, round and domain; clients per tier, domain
 * and owner), per stage and currency, kept exact by the triggers of migration 0017 in the
 * transaction of every case and client write, as case_stage_totals and client_stage_totals keep the
 * per-stage counts: a live report reads these few rows instead of grouping 100k cases. Groups that
 * emptied stay with n = 0.
 */
export const reportLiveTotals = pgTable(
  'report_live_totals',
  {
    dimension: text('dimension').notNull(),
    key: text('key').notNull(),
    stage: text('stage').notNull(),
    currency: text('currency').notNull(),
    n: integer('n').notNull().default(0),
    amount: numeric('amount', { precision: 24, scale: 2, mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.dimension, t.key, t.stage, t.currency] })],
);

// ── Service messages (issue 11) ────────────────────────────────────────────────────────────────

/**
 * A conversation between the firm and an investor client or a startup (SPEC section 3 "Service
 * message thread"; startups since issue 14). The last message's time, side and preview are kept on the thread row (written with
 * each message, in its transaction) so the inbox reads one table through one index: newest last
 * message first, by tab (`last_from`), without touching the messages.
 */
export const serviceThreads = pgTable(
  'service_threads',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** The party is an investor client or a startup's case, exactly one (decision 0038). */
    client_id: integer('client_id').references(() => clients.id, { onDelete: 'cascade' }),
    case_id: integer('case_id').references(() => cases.id, { onDelete: 'cascade' }),
    subject: text('subject').notNull(),
    message_count: integer('message_count').notNull().default(0),
    last_message_at: timestamp('last_message_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .defaultNow(),
    last_from: text('last_from', { enum: ['employee', 'client'] }).notNull(),
    last_message_id: integer('last_message_id'),
    last_preview: text('last_preview').notNull().default(''),
    last_employee_id: integer('last_employee_id').references(() => employees.id, { onDelete: 'set null' }),
    /** The client wrote since staff last opened the thread (the side menu's unread count). */
    staff_unread: boolean('staff_unread').notNull().default(false),
    /** Staff wrote since the client last opened the thread. */
    client_unread: boolean('client_unread').notNull().default(false),
    created_by: createdBy(),
    ...timestamps,
  },
  (t) => [
    // Every inbox page: all threads, or one tab's, newest last message first.
    index('service_threads_inbox_idx').on(t.last_from, t.last_message_at.desc(), t.id.desc()),
    index('service_threads_latest_idx').on(t.last_message_at.desc(), t.id.desc()),
    index('service_threads_client_idx').on(t.client_id, t.last_message_at.desc(), t.id.desc()),
    index('service_threads_staff_unread_idx').on(t.last_from).where(sql`${t.staff_unread}`),
    index('service_threads_case_idx')
      .on(t.case_id, t.last_message_at.desc(), t.id.desc())
      .where(sql`${t.case_id} is not null`),
    check('service_threads_last_from_check', sql`${t.last_from} in ('employee','client')`),
    check('service_threads_party_check', sql`(${t.client_id} is null) <> (${t.case_id} is null)`),
  ],
);

export const serviceMessages = pgTable(
  'service_messages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    thread_id: integer('thread_id')
      .notNull()
      .references(() => serviceThreads.id, { onDelete: 'cascade' }),
    sender: text('sender', { enum: ['employee', 'client'] }).notNull(),
    /** The staff member who wrote it; null for the client's messages. */
    employee_id: integer('employee_id').references(() => employees.id, { onDelete: 'set null' }),
    content: text('content').notNull(),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('service_messages_thread_idx').on(t.thread_id, t.id),
    check('service_messages_sender_check', sql`${t.sender} in ('employee','client')`),
  ],
);

/**
 * Work logs (issue 11): what an employee did, optionally on a case. Newest first per author and per
 * case (the two lists), and the whole firm's for admin.
 */
export const workLogs = pgTable(
  'work_logs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    employee_id: integer('employee_id').references(() => employees.id, { onDelete: 'set null' }),
    case_id: integer('case_id').references(() => cases.id, { onDelete: 'set null' }),
    kind: text('kind').notNull().default('other'),
    content: text('content').notNull(),
    happened_at: timestamp('happened_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    ...timestamps,
  },
  (t) => [
    index('work_logs_employee_idx').on(t.employee_id, t.happened_at, t.id),
    index('work_logs_case_idx').on(t.case_id, t.happened_at, t.id),
    index('work_logs_happened_idx').on(t.happened_at, t.id),
  ],
);

// ── The business-card book (issue 11) ───────────────────────────────────────────────────────────

/**
 * A business card: someone staff met. `owner_id` is its creator (edit and grant); others see it by
 * a row of card_grants (both gathered in `readers`). phones, emails and tags are JSON arrays of strings.
 */
export const cards = pgTable(
  'cards',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    company: text('company'),
    title: text('title'),
    phones: jsonb('phones').$type<string[]>().notNull().default([]),
    emails: jsonb('emails').$type<string[]>().notNull().default([]),
    address: text('address'),
    notes: text('notes'),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    image_key: text('image_key'),
    image_mime: text('image_mime'),
    image_size: bigint('image_size', { mode: 'number' }),
    image_sha256: text('image_sha256'),
    image_updated_at: timestamp('image_updated_at', { withTimezone: true, mode: 'date' }),
    owner_id: integer('owner_id').references(() => employees.id, { onDelete: 'set null' }),
    /**
     * Who may read the card: the owner and every employee with a grant, sorted. Derived, kept by
     * triggers (migration 0036) whatever is written here; a list by someone who is not admin
     * filters on it, through the GIN index it shares with the search's grams (in migration 0036 only,
     * as that expression index was in 0019).
     */
    readers: integer('readers').array().notNull().default(sql`'{}'`),
    ...timestamps,
  },
  (t) => [
    index('cards_name_idx').on(t.name, t.id),
    index('cards_owner_idx').on(t.owner_id),
    index('cards_tags_idx').using('gin', t.tags),
  ],
);

/** Who else may read or edit a card; no row means no access ("none" is never stored). */
export const cardGrants = pgTable(
  'card_grants',
  {
    card_id: integer('card_id')
      .notNull()
      .references(() => cards.id, { onDelete: 'cascade' }),
    employee_id: integer('employee_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    permission: text('permission').notNull(),
    granted_by: integer('granted_by').references(() => employees.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.card_id, t.employee_id] }),
    // The list reads a person's grants first: the cards they may see, by employee.
    index('card_grants_employee_idx').on(t.employee_id, t.card_id),
    check('card_grants_permission_check', sql`${t.permission} in ('read', 'edit')`),
  ],
);

export const cardGroups = pgTable(
  'card_groups',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    created_by: createdBy(),
    ...timestamps,
  },
  (t) => [uniqueIndex('card_groups_name_key').on(sql`lower(${t.name})`)],
);

export const cardGroupMembers = pgTable(
  'card_group_members',
  {
    group_id: integer('group_id')
      .notNull()
      .references(() => cardGroups.id, { onDelete: 'cascade' }),
    card_id: integer('card_id')
      .notNull()
      .references(() => cards.id, { onDelete: 'cascade' }),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.group_id, t.card_id] }),
    index('card_group_members_card_idx').on(t.card_id),
  ],
);

/**
 * A case's own contract configuration (issue 12): only what differs from the default (config key
 * `contact` in platform_settings): fund notice figures and clause texts. One row per case.
 */
export const caseContractConfigs = pgTable('case_contract_configs', {
  case_id: integer('case_id')
    .primaryKey()
    .references(() => cases.id, { onDelete: 'cascade' }),
  value: jsonb('value').notNull(),
  updated_by: integer('updated_by').references(() => employees.id, { onDelete: 'set null' }),
  updated_at: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
// ── The one file store (issue 12) ─────────────────────────────────────────────────────────────

/**
 * An uploaded image or document: its bytes in the file store under `storage_key` (never shown),
 * what they are (found in them), and who uploaded it (`owner_kind` + `owner_id`: employees, clients
 * or startup_users, hence no foreign key).
 */
export const files = pgTable(
  'files',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    storage_key: text('storage_key').notNull(),
    name: text('name').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    mime: text('mime').notNull(),
    sha256: text('sha256').notNull(),
    kind: text('kind', { enum: ['image', 'doc'] }).notNull(),
    type: text('type').notNull(),
    owner_kind: text('owner_kind', { enum: ['employee', 'client', 'startup'] }).notNull(),
    owner_id: integer('owner_id').notNull(),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('files_storage_key_key').on(t.storage_key),
    index('files_owner_idx').on(t.owner_kind, t.owner_id, t.created_at),
    check('files_kind_check', sql`${t.kind} in ('image', 'doc')`),
    check('files_owner_kind_check', sql`${t.owner_kind} in ('employee', 'client', 'startup')`),
    check('files_size_check', sql`${t.size} >= 0`),
  ],
);

/**
 * Generated legal documents (issue 12): one LOI, NDA, COI or LP subscription contract for one
 * investor on one case; the PDF as generated and, once signed, the signed PDF in the file store.
 * `events` counts the audit trail's events, so a trail cut short is found on verification.
 */
export const legalDocuments = pgTable(
  'legal_documents',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind', { enum: ['loi', 'nda', 'coi', 'subscription', 'startup_loi'] }).notNull(),
    lang: text('lang', { enum: ['zh-TW', 'en'] }).notNull(),
    status: text('status', { enum: ['draft', 'sent', 'signed', 'void'] })
      .notNull()
      .default('draft'),
    case_id: integer('case_id')
      .notNull()
      .references(() => cases.id, { onDelete: 'restrict' }),
    /** The signer: an investor client, or (a startup LOI, issue 14) the case's startup user; exactly one. */
    client_id: integer('client_id').references(() => clients.id, { onDelete: 'restrict' }),
    startup_user_id: integer('startup_user_id').references(() => startupUsers.id, { onDelete: 'restrict' }),
    commitment_amount: bigint('commitment_amount', { mode: 'number' }),
    content: jsonb('content').notNull(),
    file_id: integer('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'restrict' }),
    sha256: text('sha256').notNull(),
    signed_file_id: integer('signed_file_id').references(() => files.id, { onDelete: 'restrict' }),
    signed_sha256: text('signed_sha256'),
    events: integer('events').notNull().default(0),
    created_by: integer('created_by').references(() => employees.id, { onDelete: 'set null' }),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    sent_at: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
    signed_at: timestamp('signed_at', { withTimezone: true, mode: 'date' }),
    voided_at: timestamp('voided_at', { withTimezone: true, mode: 'date' }),
    void_reason: text('void_reason'),
    /** A COI's declaration (issue 13); null until declared, and for every other kind. */
    conflict_declaration: jsonb('conflict_declaration').$type<{
      conflict: boolean;
      description: string | null;
    }>(),
  },
  (t) => [
    index('legal_documents_case_idx').on(t.case_id, t.created_at),
    index('legal_documents_client_idx').on(t.client_id, t.created_at),
    index('legal_documents_client_case_idx').on(t.client_id, t.case_id, t.kind, t.status),
    index('legal_documents_recusal_idx')
      .on(t.case_id, t.client_id)
      .where(sql`${t.kind} = 'coi' and ${t.status} = 'signed'`),
    index('legal_documents_startup_user_idx')
      .on(t.startup_user_id, t.created_at)
      .where(sql`${t.startup_user_id} is not null`),
    check(
      'legal_documents_kind_check',
      sql`${t.kind} in ('loi', 'nda', 'coi', 'subscription', 'startup_loi')`,
    ),
    check('legal_documents_signer_check', sql`(${t.client_id} is null) <> (${t.startup_user_id} is null)`),
    check(
      'legal_documents_startup_kind_check',
      sql`(${t.kind} = 'startup_loi') = (${t.startup_user_id} is not null)`,
    ),
    check('legal_documents_lang_check', sql`${t.lang} in ('zh-TW', 'en')`),
    check('legal_documents_status_check', sql`${t.status} in ('draft', 'sent', 'signed', 'void')`),
  ],
);

/**
 * A batch of legal documents (issue 12): one kind for many investors of a case, generated by the
 * job `legalDocs.batch` as the one who asked for it. `started_at` is set when the job first takes
 * one of its investors, `finished_at` when none is left.
 */
export const legalDocumentBatches = pgTable(
  'legal_document_batches',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    case_id: integer('case_id')
      .notNull()
      .references(() => cases.id, { onDelete: 'restrict' }),
    kind: text('kind', { enum: ['loi', 'nda', 'coi', 'subscription'] }).notNull(),
    lang: text('lang', { enum: ['zh-TW', 'en'] }).notNull(),
    created_by: integer('created_by').references(() => employees.id, { onDelete: 'set null' }),
    /** Where the request came from: each document's trail records it as its evidence. */
    ip: text('ip'),
    user_agent: text('user_agent'),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    started_at: timestamp('started_at', { withTimezone: true, mode: 'date' }),
    finished_at: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('legal_document_batches_case_idx').on(t.case_id, t.created_at),
    check('legal_document_batches_kind_check', sql`${t.kind} in ('loi', 'nda', 'coi', 'subscription')`),
    check('legal_document_batches_lang_check', sql`${t.lang} in ('zh-TW', 'en')`),
  ],
);

/**
 * One investor of a batch: done (`done_at`) with its document or with an error. `claimed_at` is
 * when a job run took it; a claim older than the job's lease is taken again (a run that died).
 */
export const legalDocumentBatchItems = pgTable(
  'legal_document_batch_items',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    batch_id: integer('batch_id')
      .notNull()
      .references(() => legalDocumentBatches.id, { onDelete: 'cascade' }),
    client_id: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'restrict' }),
    commitment_amount: bigint('commitment_amount', { mode: 'number' }),
    document_id: integer('document_id').references(() => legalDocuments.id, { onDelete: 'restrict' }),
    error_code: text('error_code'),
    error: text('error'),
    claimed_at: timestamp('claimed_at', { withTimezone: true, mode: 'date' }),
    done_at: timestamp('done_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('legal_document_batch_items_client_uq').on(t.batch_id, t.client_id),
    // What the job looks for: the items not done yet.
    index('legal_document_batch_items_pending_idx').on(t.id).where(sql`${t.done_at} is null`),
    check(
      'legal_document_batch_items_done_check',
      sql`${t.done_at} is null or (${t.document_id} is null) <> (${t.error} is null)`,
    ),
  ],
);

/** A legal document's audit trail: append-only (a trigger refuses UPDATE and DELETE), hash-chained. */
export const legalDocumentEvents = pgTable(
  'legal_document_events',
  {
    document_id: integer('document_id')
      .notNull()
      .references(() => legalDocuments.id, { onDelete: 'restrict' }),
    seq: integer('seq').notNull(),
    kind: text('kind').notNull(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
    actor_type: text('actor_type').notNull(),
    actor_id: integer('actor_id'),
    ip: text('ip'),
    user_agent: text('user_agent'),
    data: jsonb('data').notNull(),
    prev_hash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
  },
  (t) => [primaryKey({ name: 'legal_document_events_pk', columns: [t.document_id, t.seq] })],
);

/** One-time signing codes (stored as an HMAC) with what the signer gave when asking for one. */
export const legalDocumentSignCodes = pgTable(
  'legal_document_sign_codes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    document_id: integer('document_id')
      .notNull()
      .references(() => legalDocuments.id, { onDelete: 'cascade' }),
    client_id: integer('client_id').references(() => clients.id, { onDelete: 'cascade' }),
    startup_user_id: integer('startup_user_id').references(() => startupUsers.id, { onDelete: 'cascade' }),
    code_hash: text('code_hash').notNull(),
    typed_name: text('typed_name').notNull(),
    drawn_png: text('drawn_png'),
    consent: text('consent').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expires_at: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    verified_at: timestamp('verified_at', { withTimezone: true, mode: 'date' }),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('legal_document_sign_codes_document_idx').on(t.document_id, t.created_at),
    check(
      'legal_document_sign_codes_signer_check',
      sql`(${t.client_id} is null) <> (${t.startup_user_id} is null)`,
    ),
  ],
);

// ── Investor Q&A (issue 13) ───────────────────────────────────────────────────────────────────

/** A question and its answer for investors, written by admin; investors read the published ones in `position` order. */
export const qaEntries = pgTable(
  'qa_entries',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    question: text('question').notNull(),
    answer: text('answer').notNull(),
    category: text('category'),
    position: integer('position').notNull().default(0),
    published: boolean('published').notNull().default(true),
    created_by: integer('created_by').references(() => employees.id, { onDelete: 'set null' }),
    updated_by: integer('updated_by').references(() => employees.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [index('qa_entries_position_idx').on(t.position, t.id)],
);

// ── Self-service registration (issue 14) ──────────────────────────────────────────────────────

/** The one live mailed code per purpose and address (lib/mailCodes.ts); the code only as an HMAC. */
export const mailCodes = pgTable(
  'mail_codes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    purpose: text('purpose').notNull(),
    email: text('email').notNull(),
    code_hash: text('code_hash'),
    attempts: integer('attempts').notNull().default(0),
    /** When codes were sent within the last hour (older times are dropped at the next send). */
    sent_at: timestamp('sent_at', { withTimezone: true, mode: 'date' })
      .array()
      .notNull()
      .default(sql`'{}'::timestamp with time zone[]`),
    expires_at: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
    verified_at: timestamp('verified_at', { withTimezone: true, mode: 'date' }),
    consumed_at: timestamp('consumed_at', { withTimezone: true, mode: 'date' }),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('mail_codes_purpose_email_key').on(t.purpose, t.email)],
);
