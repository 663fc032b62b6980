import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
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
    investe_startup: text('investe_startup'),
    scale: text('scale'),
    check_size: text('check_size'),
    domain_keys: jsonb('domain_keys').$type<string[]>().notNull().default([]),
    industry_keys: jsonb('industry_keys').$type<string[]>().notNull().default([]),
    employee_id: integer('employee_id').references(() => employees.id, { onDelete: 'set null' }),
    expiry_at: timestamp('expiry_at', { withTimezone: true, mode: 'date' }),
    next_step: text('next_step'),
    token_version: integer('token_version').notNull().default(0),
    last_login_at: timestamp('last_login_at', { withTimezone: true, mode: 'date' }),
    is_deleted: boolean('is_deleted').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('clients_email_key').on(t.email),
    index('clients_employee_idx').on(t.employee_id),
    index('clients_process_status_idx').on(t.process_status),
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
    term_sheet: jsonb('term_sheet').$type<Record<string, unknown>>().notNull().default({}),
    is_deleted: boolean('is_deleted').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    index('cases_status_created_idx').on(t.status, t.created_at),
    index('cases_created_idx').on(t.created_at),
    index('cases_ao_idx').on(t.ao_id),
    index('cases_agents_idx').using('gin', t.agent_ids),
  ],
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

/** Failed sign-ins, kept in the database so throttling holds across several server instances. */
export const authFailures = pgTable(
  'auth_failures',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    key: text('key').notNull(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('auth_failures_key_at_idx').on(t.key, t.at)],
);

/** Token ids that may no longer be used: signed-out startup sessions and spent reviewer links. */
export const revokedTokens = pgTable('revoked_tokens', {
  jti: text('jti').primaryKey(),
  expires_at: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
});

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
  (t) => [index('activity_logs_entity_idx').on(t.entity_type, t.entity_id, t.created_at)],
);
