import {
  and,
  asc,
  count,
  desc,
  eq,
  ilike,
  inArray,
  isNotNull,
  ne,
  or,
  type SQL,
  type SQLWrapper,
  sql,
} from 'drizzle-orm';
import { type ContactStage, MEMBERSHIP_EXPIRY_WARNING_DAYS, type StaffRole } from '@dealflow/domain';
import type { DbOrTx } from '../../db/client.ts';
import {
  activityLogs,
  clientGroupMembers,
  clientStageTotals,
  clientTodos,
  clients,
  employees,
} from '../../db/schema/index.ts';
import { likePattern } from '../../lib/sql.ts';
import { activityActorName } from '../activity/repository.ts';

const nameColumns = { id: clients.id, name: clients.name, membership: clients.membership };
export type ClientNameRow = { id: number; name: string; membership: string };

/**
 * Active clients whose name or email holds `text` (any case), by name: the first `limit`, and how
 * many match in all (so a picker can say there are more than it shows).
 */
export async function searchClientNames(db: DbOrTx, text: string | undefined, limit: number) {
  const conds: SQL[] = [eq(clients.is_deleted, false), eq(clients.status, 'active')];
  if (text) {
    const p = likePattern(text);
    conds.push(or(ilike(clients.name, p), ilike(clients.email, p))!);
  }
  const where = and(...conds);
  const [rows, total] = await Promise.all([
    db
      .select(nameColumns)
      .from(clients)
      .where(where)
      .orderBy(asc(clients.name), asc(clients.id))
      .limit(limit),
    db.select({ n: count() }).from(clients).where(where),
  ]);
  return { rows, count: Number(total[0]?.n ?? 0) };
}

/**
 * These clients by id, whatever their status: a client made inactive still holds the roles and
 * comments that name them, and a picker showing such a value must still show their name.
 * Deleted clients are left out unless asked for (history names people as they were).
 */
export async function clientNamesByIds(
  db: DbOrTx,
  ids: readonly number[],
  options: { includeDeleted?: boolean } = {},
): Promise<ClientNameRow[]> {
  if (ids.length === 0) return [];
  return db
    .select(nameColumns)
    .from(clients)
    .where(
      and(options.includeDeleted ? undefined : eq(clients.is_deleted, false), inArray(clients.id, [...ids])),
    )
    .orderBy(asc(clients.name), asc(clients.id));
}

// ── The client book (issue 9) ─────────────────────────────────────────────────────────────────

export type ClientRow = typeof clients.$inferSelect;
export type ClientInsert = typeof clients.$inferInsert;

/**
 * What a list may show. `stages` are the contact stages the asking staff member works (already
 * narrowed to the `process_status` filter); `deletedOwner` keeps, among deleted clients, those of
 * one owner (a non-admin sees the deleted clients they may restore, no others).
 */
export interface ClientFilters {
  stages: readonly ContactStage[] | 'all';
  text?: string;
  membership?: string;
  type?: string;
  employeeId?: number;
  domain?: string;
  industry?: string;
  expiry?: 'expired' | 'expiring';
  groupId?: number;
  deleted: boolean;
  deletedOwner?: number;
}

/**
 * The searched text of a client, written exactly as the expression of `clients_search_grams_idx`
 * (migration 0013): any other spelling and the planner no longer uses the index.
 */
const clientSearchText = sql`${clients.name} || E'\\n' || ${clients.email} || E'\\n' || coalesce(${clients.phone}, '')`;

/**
 * The list filters. Text: clients whose name, email or phone contains it, ignoring case; the grams
 * narrow the rows through the index, the ILIKE decides (only whitespace has no grams: no index).
 */
function where(f: ClientFilters): SQL | undefined {
  const conds: Array<SQL | undefined> = [eq(clients.is_deleted, f.deleted)];
  if (f.stages !== 'all') conds.push(inArray(clients.process_status, [...f.stages]));
  if (f.deleted && f.deletedOwner !== undefined) conds.push(eq(clients.employee_id, f.deletedOwner));
  if (f.text) {
    const p = likePattern(f.text);
    if (/\S/.test(f.text))
      conds.push(sql`case_search_grams(${clientSearchText}) @> case_search_grams(${f.text})`);
    conds.push(or(ilike(clients.name, p), ilike(clients.email, p), ilike(clients.phone, p)));
  }
  if (f.membership) conds.push(eq(clients.membership, f.membership));
  if (f.type) conds.push(eq(clients.type, f.type));
  if (f.employeeId) conds.push(eq(clients.employee_id, f.employeeId));
  if (f.domain) conds.push(sql`${clients.domain_keys} @> ${JSON.stringify([f.domain])}::jsonb`);
  if (f.industry) conds.push(sql`${clients.industry_keys} @> ${JSON.stringify([f.industry])}::jsonb`);
  if (f.expiry === 'expired') conds.push(sql`${clients.expiry_at} <= now()`);
  if (f.expiry === 'expiring') {
    conds.push(
      sql`${clients.expiry_at} > now() and ${clients.expiry_at} <= now() + make_interval(days => ${MEMBERSHIP_EXPIRY_WARNING_DAYS})`,
    );
  }
  if (f.groupId) {
    conds.push(
      sql`exists (select 1 from ${clientGroupMembers} where ${clientGroupMembers.group_id} = ${f.groupId}
        and ${clientGroupMembers.client_id} = ${clients.id})`,
    );
  }
  return and(...conds);
}

const SORT_COLUMNS = {
  invest_money: clients.invest_money,
  name: clients.name,
  created_at: clients.created_at,
  updated_at: clients.updated_at,
  expiry_at: clients.expiry_at,
  check_size: clients.check_size,
  membership: clients.membership,
  process_status: clients.process_status,
  stage_entered_at: clients.stage_entered_at,
  id: clients.id,
} as const;
export type ClientSortField = keyof typeof SORT_COLUMNS;
export type ClientSort = { field: ClientSortField; dir: 'asc' | 'desc' };
/** Columns that may be empty: their empty values come last either way. */
const NULLABLE: ReadonlySet<ClientSortField> = new Set(['expiry_at', 'check_size']);

/**
 * The order of a list, ties broken by id in the same direction. Not-null columns are ordered
 * plainly, so `invest_money desc, id desc` is read backwards from `clients_invest_idx`.
 */
function orderOf(sort: ClientSort): SQL[] {
  const column: SQLWrapper = SORT_COLUMNS[sort.field];
  const dir = sort.dir === 'asc' ? sql`asc` : sql`desc`;
  const nulls = NULLABLE.has(sort.field) ? sql` nulls last` : sql``;
  return [sql`${column} ${dir}${nulls}`, sort.dir === 'asc' ? asc(clients.id) : desc(clients.id)];
}

const nextTodo = sql<{ id: number; title: string; due_at: string | null } | null>`(select
    json_build_object('id', ${clientTodos.id}, 'title', ${clientTodos.title}, 'due_at', ${clientTodos.due_at})
    from ${clientTodos} where ${clientTodos.client_id} = ${clients.id} and not ${clientTodos.done}
    order by ${clientTodos.due_at} asc nulls last, ${clientTodos.id} asc limit 1)`;

/** A list row: the profile without secrets or login facts, its owner's name and its next to-do. */
const summaryColumns = {
  id: clients.id,
  email: clients.email,
  first_name: clients.first_name,
  last_name: clients.last_name,
  name: clients.name,
  type: clients.type,
  status: clients.status,
  phone: clients.phone,
  membership: clients.membership,
  process_status: clients.process_status,
  dropped_from: clients.dropped_from,
  stage_entered_at: clients.stage_entered_at,
  investe_startup: clients.investe_startup,
  scale: clients.scale,
  check_size: clients.check_size,
  currency: clients.currency,
  invest_money: clients.invest_money,
  domain_keys: clients.domain_keys,
  industry_keys: clients.industry_keys,
  employee_id: clients.employee_id,
  employee_name: employees.name,
  expiry_at: clients.expiry_at,
  next_step: clients.next_step,
  has_login: sql<boolean>`${clients.password_hash} is not null`,
  is_deleted: clients.is_deleted,
  deleted_at: clients.deleted_at,
  created_at: clients.created_at,
  updated_at: clients.updated_at,
  next_todo: nextTodo,
};
export type ClientSummaryRow = Awaited<ReturnType<typeof summarySelect>>[number];
const summarySelect = (db: DbOrTx) =>
  db.select(summaryColumns).from(clients).leftJoin(employees, eq(employees.id, clients.employee_id));

/** Filters the stage totals can answer: stage and deletion flag only (and every deleted one). */
function totalsCanAnswer(f: ClientFilters): boolean {
  return (
    !f.text &&
    !f.membership &&
    !f.type &&
    !f.employeeId &&
    !f.domain &&
    !f.industry &&
    !f.expiry &&
    !f.groupId &&
    f.deletedOwner === undefined
  );
}

/** The stage totals of the filtered buckets (clientStageTotals, kept by trigger). */
function readTotals(db: DbOrTx, f: ClientFilters) {
  return db
    .select({
      stage: clientStageTotals.process_status,
      n: clientStageTotals.n,
      sums: clientStageTotals.check_size,
    })
    .from(clientStageTotals)
    .where(
      and(
        eq(clientStageTotals.is_deleted, f.deleted),
        f.stages === 'all' ? undefined : inArray(clientStageTotals.process_status, [...f.stages]),
      ),
    );
}

/** How many clients match: from the stage totals when only stage and deletion filter, else counted. */
async function countClients(db: DbOrTx, f: ClientFilters, cond: SQL | undefined): Promise<number> {
  if (totalsCanAnswer(f)) {
    const rows = await readTotals(db, f);
    return rows.reduce((sum, r) => sum + r.n, 0);
  }
  const [row] = await db.select({ n: count() }).from(clients).where(cond);
  return Number(row?.n ?? 0);
}

/**
 * One page of the list (or every row when `limit` is null) and the number of matching clients.
 * A page is read in two steps: its ids from the filter and order alone (through the index for the
 * default order), then only those rows with their owner and next to-do, so a deep page does not
 * build the summary of every row it skips.
 */
export async function listClients(
  db: DbOrTx,
  filters: ClientFilters,
  sort: ClientSort,
  page: { limit: number | null; offset: number },
): Promise<{ rows: ClientSummaryRow[]; count: number }> {
  if (filters.stages !== 'all' && filters.stages.length === 0) return { rows: [], count: 0 };
  const cond = where(filters);
  const order = orderOf(sort);
  if (page.limit === null) {
    const rows = await summarySelect(db)
      .where(cond)
      .orderBy(...order);
    return { rows, count: rows.length };
  }
  const ids = db
    .select({ id: clients.id })
    .from(clients)
    .where(cond)
    .orderBy(...order)
    .limit(page.limit)
    .offset(page.offset);
  const [rows, total] = await Promise.all([
    summarySelect(db)
      .where(inArray(clients.id, ids))
      .orderBy(...order),
    countClients(db, filters, cond),
  ]);
  return { rows, count: total };
}

/** Count and `check_size` sum per contact stage, under the list filters (from the totals when they can say). */
export async function statsByStage(db: DbOrTx, filters: ClientFilters) {
  if (filters.stages !== 'all' && filters.stages.length === 0) return [];
  if (totalsCanAnswer(filters)) {
    const rows = await readTotals(db, filters);
    return rows.map((r) => ({ stage: r.stage as ContactStage, count: r.n, checkSize: r.sums }));
  }
  // Per stage and currency, folded into one entry per stage: amounts in two currencies never add up.
  const rows = await db
    .select({
      stage: clients.process_status,
      currency: clients.currency,
      n: count(),
      sum: sql<string>`coalesce(sum(${clients.check_size}), 0)`,
    })
    .from(clients)
    .where(where(filters))
    .groupBy(clients.process_status, clients.currency);
  const byStage = new Map<
    ContactStage,
    { stage: ContactStage; count: number; checkSize: Record<string, number> }
  >();
  for (const r of rows) {
    const stage = r.stage as ContactStage;
    const entry = byStage.get(stage) ?? { stage, count: 0, checkSize: {} };
    entry.count += Number(r.n);
    const sum = Number(r.sum);
    if (sum !== 0) entry.checkSize[r.currency] = (entry.checkSize[r.currency] ?? 0) + sum;
    byStage.set(stage, entry);
  }
  return [...byStage.values()];
}

/** A client with its owner's name (the client page). */
export async function findClientWithOwner(db: DbOrTx, id: number) {
  const [found] = await db
    .select({ row: clients, employee_name: employees.name })
    .from(clients)
    .leftJoin(employees, eq(employees.id, clients.employee_id))
    .where(eq(clients.id, id))
    .limit(1);
  return found ?? null;
}

/** The full row (in a write, writeOnClient has locked it already). */
export async function findClient(db: DbOrTx, id: number) {
  const [row] = await db.select().from(clients).where(eq(clients.id, id)).limit(1);
  return row ?? null;
}

/** Whether another client (deleted ones too: the address stays theirs) holds this email. */
export async function emailTaken(db: DbOrTx, email: string, exceptId?: number) {
  const [row] = await db
    .select({ id: clients.id })
    .from(clients)
    .where(and(eq(clients.email, email), exceptId ? ne(clients.id, exceptId) : undefined))
    .limit(1);
  return Boolean(row);
}

/** The role of an active employee, or null. */
export async function activeEmployeeRole(db: DbOrTx, id: number): Promise<StaffRole | null> {
  const [row] = await db
    .select({ role: employees.role })
    .from(employees)
    .where(and(eq(employees.id, id), eq(employees.status, 'active')))
    .limit(1);
  return (row?.role as StaffRole | undefined) ?? null;
}

export async function insertClient(db: DbOrTx, values: ClientInsert) {
  const [row] = await db.insert(clients).values(values).returning({ id: clients.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

/** Updates a client; `bumpTokenVersion` ends its investor sessions (deactivation, deletion). */
export async function updateClient(
  db: DbOrTx,
  id: number,
  values: Partial<ClientInsert>,
  options: { bumpTokenVersion?: boolean } = {},
) {
  const [row] = await db
    .update(clients)
    .set({
      ...values,
      ...(options.bumpTokenVersion ? { token_version: sql`${clients.token_version} + 1` } : {}),
      updated_at: new Date(),
    })
    .where(eq(clients.id, id))
    .returning({ id: clients.id });
  return row ?? null;
}

/** Digits of a phone number, as the duplicate check compares them (`clients_phone_digits_idx`). */
const phoneDigits = sql<string>`regexp_replace(${clients.phone}, '[^0-9]', '', 'g')`;

/**
 * Clients holding this email, or a phone with these digits, deleted ones included (their email
 * stays taken and they can be restored); at most `limit`, by id.
 */
export async function findDuplicates(
  db: DbOrTx,
  q: { email?: string; digits?: string; excludeId?: number },
  limit: number,
) {
  const matches: SQL[] = [];
  if (q.email) matches.push(eq(clients.email, q.email));
  if (q.digits) matches.push(and(isNotNull(clients.phone), sql`${phoneDigits} = ${q.digits}`)!);
  if (matches.length === 0) return [];
  return (
    db
      .select({
        id: clients.id,
        name: clients.name,
        process_status: clients.process_status,
        employee_id: clients.employee_id,
        is_deleted: clients.is_deleted,
        email_match: q.email ? sql<boolean>`${clients.email} = ${q.email}` : sql<boolean>`false`,
        phone_match: q.digits
          ? sql<boolean>`coalesce(${phoneDigits} = ${q.digits}, false)`
          : sql<boolean>`false`,
      })
      .from(clients)
      .where(and(or(...matches), q.excludeId ? ne(clients.id, q.excludeId) : undefined))
      .limit(limit)
      // Ordered here, not in SQL: an ORDER BY id makes the planner walk the primary key past every
      // client instead of asking the two indexes.
      .then((rows) => rows.sort((a, b) => a.id - b.id))
  );
}

/** Names of these employees (owners a history entry mentions), as they are now. */
export async function employeeNames(db: DbOrTx, ids: readonly number[]) {
  if (ids.length === 0) return new Map<number, string>();
  const rows = await db
    .select({ id: employees.id, name: employees.name })
    .from(employees)
    .where(inArray(employees.id, [...ids]));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** One client's history, newest first; `actions` keeps only those. */
export async function clientLog(
  db: DbOrTx,
  clientId: number,
  page: { limit: number; offset: number },
  actions?: string[],
) {
  const cond = and(
    eq(activityLogs.entity_type, 'client'),
    eq(activityLogs.entity_id, clientId),
    actions?.length ? inArray(activityLogs.action, actions) : undefined,
  );
  const [rows, total] = await Promise.all([
    db
      .select({
        id: activityLogs.id,
        action: activityLogs.action,
        actor_type: activityLogs.actor_type,
        actor_id: activityLogs.actor_id,
        actor_name: activityActorName,
        changes: activityLogs.changes,
        reason: activityLogs.reason,
        created_at: activityLogs.created_at,
      })
      .from(activityLogs)
      .where(cond)
      .orderBy(desc(activityLogs.created_at), desc(activityLogs.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(activityLogs).where(cond),
  ]);
  return { rows, count: Number(total[0]?.n ?? 0) };
}
