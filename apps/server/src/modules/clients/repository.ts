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
import { type PageStart, pageStartMemo, readPageWithStarts } from '../../db/pageStarts.ts';
import { preparedQuery, preparedShapes } from '../../db/prepared.ts';
import {
  clientGroupMembers,
  clientStageTotals,
  clientTodos,
  clients,
  employees,
} from '../../db/schema/index.ts';
import { likePattern } from '../../lib/sql.ts';
import { entityLog } from '../activity/repository.ts';

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
  /** Only self-registered clients waiting for approval (issue 14). */
  application?: 'pending';
  deleted: boolean;
  deletedOwner?: number;
}

/**
 * The searched text of a client, written exactly as the expression of `clients_search_grams_idx`
 * (migration 0013): any other spelling and the planner no longer uses the index.
 */
const clientSearchText = sql`${clients.name} || E'\\n' || ${clients.email} || E'\\n' || coalesce(${clients.phone}, '')`;

/**
 * Which filters a list has, as one letter each: the name of its prepared statements. `S` stages
 * (else all), `O` deleted clients of one owner, `T` text with grams (`W` whitespace only: no
 * grams, no index), `M` tier, `Y` type, `E` owner, `D` domain, `I` industry, `X` expired, `N`
 * expiring, `G` group.
 */
function filterShape(f: ClientFilters): string {
  return [
    f.stages === 'all' ? '' : 'S',
    f.deleted && f.deletedOwner !== undefined ? 'O' : '',
    f.text ? (/\S/.test(f.text) ? 'T' : 'W') : '',
    f.membership ? 'M' : '',
    f.type ? 'Y' : '',
    f.employeeId ? 'E' : '',
    f.domain ? 'D' : '',
    f.industry ? 'I' : '',
    f.expiry === 'expired' ? 'X' : f.expiry === 'expiring' ? 'N' : '',
    f.groupId ? 'G' : '',
    f.application ? 'P' : '',
  ].join('');
}

/** The values the conditions of a shape read. */
function filterValues(f: ClientFilters): Record<string, unknown> {
  return {
    deleted: f.deleted,
    stages: f.stages === 'all' ? undefined : [...f.stages],
    deletedOwner: f.deletedOwner,
    text: f.text,
    pattern: f.text ? likePattern(f.text) : undefined,
    membership: f.membership,
    type: f.type,
    employeeId: f.employeeId,
    domain: f.domain ? JSON.stringify([f.domain]) : undefined,
    industry: f.industry ? JSON.stringify([f.industry]) : undefined,
    expiryDays: MEMBERSHIP_EXPIRY_WARNING_DAYS,
    groupId: f.groupId,
  };
}

/**
 * The list filters of a shape, reading each value through `value(name)` (a placeholder when
 * prepared). Text: clients whose name, email or phone contains it, ignoring case; the grams narrow
 * the rows through the index, the ILIKE decides (only whitespace has no grams: no index).
 */
function conditions(shape: string, value: (name: string) => unknown): SQL | undefined {
  const v = (name: string) => sql`${value(name)}`;
  const conds: SQL[] = [sql`${clients.is_deleted} = ${v('deleted')}`];
  if (shape.includes('S')) conds.push(sql`${clients.process_status} = any(${v('stages')})`);
  if (shape.includes('O')) conds.push(sql`${clients.employee_id} = ${v('deletedOwner')}`);
  if (shape.includes('T') || shape.includes('W')) {
    const p = v('pattern');
    if (shape.includes('T'))
      conds.push(sql`case_search_grams(${clientSearchText}) @> case_search_grams(${v('text')})`);
    conds.push(
      sql`(${clients.name} ilike ${p} or ${clients.email} ilike ${p} or ${clients.phone} ilike ${p})`,
    );
  }
  if (shape.includes('M')) conds.push(sql`${clients.membership} = ${v('membership')}`);
  if (shape.includes('Y')) conds.push(sql`${clients.type} = ${v('type')}`);
  if (shape.includes('E')) conds.push(sql`${clients.employee_id} = ${v('employeeId')}`);
  if (shape.includes('D')) conds.push(sql`${clients.domain_keys} @> ${v('domain')}::jsonb`);
  if (shape.includes('I')) conds.push(sql`${clients.industry_keys} @> ${v('industry')}::jsonb`);
  if (shape.includes('X')) conds.push(sql`${clients.expiry_at} <= now()`);
  if (shape.includes('N')) {
    conds.push(
      sql`${clients.expiry_at} > now() and ${clients.expiry_at} <= now() + make_interval(days => ${v('expiryDays')})`,
    );
  }
  if (shape.includes('P')) conds.push(sql`${clients.application_status} = 'pending'`);
  if (shape.includes('G')) {
    conds.push(
      sql`exists (select 1 from ${clientGroupMembers} where ${clientGroupMembers.group_id} = ${v('groupId')}
        and ${clientGroupMembers.client_id} = ${clients.id})`,
    );
  }
  return and(...conds);
}

/**
 * The list filters with their values written in (for the queries that are not prepared); each value
 * one parameter, the stages array too (a bare array would be spread into a list).
 */
function where(f: ClientFilters): SQL | undefined {
  const values = filterValues(f);
  return conditions(filterShape(f), (name) => sql.param(values[name]));
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
  invested: clients.invested,
  domain_keys: clients.domain_keys,
  industry_keys: clients.industry_keys,
  employee_id: clients.employee_id,
  employee_name: employees.name,
  expiry_at: clients.expiry_at,
  next_step: clients.next_step,
  application_status: clients.application_status,
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
    !f.application &&
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

/**
 * How many clients the stage totals count under these buckets, and the version of the buckets:
 * while it stands, no client joined or left them and none changed its `invest_money` (migration 0015).
 */
const totalsQuery = preparedShapes('client.totals', (db, shape) =>
  db
    .select({
      n: sql<string | null>`sum(${clientStageTotals.n})`,
      version: sql<string | null>`sum(${clientStageTotals.version})`,
    })
    .from(clientStageTotals)
    .where(
      and(
        eq(clientStageTotals.is_deleted, sql.placeholder('deleted')),
        shape === 'S'
          ? sql`${clientStageTotals.process_status} = any(${sql.placeholder('stages')})`
          : undefined,
      ),
    ),
);
const countQuery = preparedShapes('client.count', (db, shape) =>
  db
    .select({ n: count() })
    .from(clients)
    .where(conditions(shape, (name) => sql.placeholder(name))),
);

/** How many clients match, and the version of their buckets when the stage totals could say. */
async function countClients(
  db: DbOrTx,
  f: ClientFilters,
  values: Record<string, unknown>,
): Promise<{ n: number; version: string | null }> {
  if (totalsCanAnswer(f)) {
    const [row] = await totalsQuery(db, f.stages === 'all' ? 'all' : 'S', values);
    return { n: Number(row?.n ?? 0), version: `${row?.n ?? 0}:${row?.version ?? 0}` };
  }
  const [row] = await countQuery(db, filterShape(f), values);
  return { n: Number(row?.n ?? 0), version: null };
}

/** Orders whose page starts can be remembered: the totals' version moves with their values. */
const STARTABLE: ReadonlySet<ClientSortField> = new Set(['invest_money', 'created_at']);

/** The sort value of a row as exact text, where a remembered page starts. */
const startKeyOf = (field: ClientSortField) =>
  field === 'created_at'
    ? sql<string>`${clients.created_at}::text`
    : sql<string>`${clients.invest_money}::text`;

/**
 * One page of the list. Its ids come from the filter and order alone (through the index for the
 * default order), from an OFFSET or, with `from`, from a remembered start on; then only those rows
 * are read with their owner and next to-do. One row more than the page is read: where the next
 * page starts.
 */
const pageQuery = preparedShapes('client.page', (db, key) => {
  const [shape, field, dir, mode] = key.split('|') as [string, ClientSortField, 'asc' | 'desc', string];
  const order = orderOf({ field, dir });
  const cond = conditions(shape, (name) => sql.placeholder(name));
  const column = SORT_COLUMNS[field];
  const cast = field === 'created_at' ? sql`timestamptz` : sql`numeric`;
  const fromStart =
    dir === 'desc'
      ? sql`(${column}, ${clients.id}) <= (${sql.placeholder('startKey')}::${cast}, ${sql.placeholder('startId')})`
      : sql`(${column}, ${clients.id}) >= (${sql.placeholder('startKey')}::${cast}, ${sql.placeholder('startId')})`;
  const pageIds =
    mode === 'from'
      ? db
          .select({ id: clients.id })
          .from(clients)
          .where(and(cond, fromStart))
          .orderBy(...order)
          .limit(sql.placeholder('limit'))
      : db
          .select({ id: clients.id })
          .from(clients)
          .where(cond)
          .orderBy(...order)
          .limit(sql.placeholder('limit'))
          .offset(sql.placeholder('offset'));
  // Under the filters the stage totals answer, the page carries its count and version in each row
  // (one round trip); any other count is a query of its own, run alongside.
  const inline = shape === '' || shape === 'S';
  const totals = sql<
    string | null
  >`(select coalesce(sum(${clientStageTotals.n}), 0) || ':' || coalesce(sum(${clientStageTotals.version}), 0)
    from ${clientStageTotals} where ${clientStageTotals.is_deleted} = ${sql.placeholder('deleted')}
    ${shape === 'S' ? sql`and ${clientStageTotals.process_status} = any(${sql.placeholder('stages')})` : sql``})`;
  return db
    .select({
      ...summaryColumns,
      start_key: STARTABLE.has(field) ? startKeyOf(field) : sql<string>`''`,
      totals: inline ? totals : sql<string | null>`null`,
    })
    .from(clients)
    .leftJoin(employees, eq(employees.id, clients.employee_id))
    .where(inArray(clients.id, pageIds))
    .orderBy(...order);
});
const allQuery = preparedShapes('client.all', (db, key) => {
  const [shape, field, dir] = key.split('|') as [string, ClientSortField, 'asc' | 'desc'];
  return summarySelect(db)
    .where(conditions(shape, (name) => sql.placeholder(name)))
    .orderBy(...orderOf({ field, dir }));
});

/** Page starts of the client list (docs/decisions/0008). */
const pageStarts = pageStartMemo();

/**
 * One page of the list (or every row when `limit` is null) and the number of matching clients.
 * A deep page in the default order (or by creation) under no filter but stage and deletion is
 * read from where it starts once that is known (the page before tells it), as cheap as page 1.
 */
export async function listClients(
  db: DbOrTx,
  filters: ClientFilters,
  sort: ClientSort,
  page: { limit: number | null; offset: number },
): Promise<{ rows: ClientSummaryRow[]; count: number }> {
  if (filters.stages !== 'all' && filters.stages.length === 0) return { rows: [], count: 0 };
  const shape = filterShape(filters);
  const values = filterValues(filters);
  const base = `${shape}|${sort.field}|${sort.dir}`;
  if (page.limit === null) {
    const rows = await allQuery(db, base, values);
    return { rows, count: rows.length };
  }
  const limit = page.limit;
  const startable = STARTABLE.has(sort.field) && totalsCanAnswer(filters);
  const read = (start?: PageStart) =>
    pageQuery(db, `${base}|${start ? 'from' : 'offset'}`, {
      ...values,
      limit: limit + 1,
      offset: page.offset,
      startKey: start?.key,
      startId: start?.id,
    });
  const { rows, total } = await readPageWithStarts(db, pageStarts, {
    startable,
    keyOf: (offset) => `${base}|${limit}|${offset}|${JSON.stringify(values)}`,
    offset: page.offset,
    limit,
    read,
    // Under the filters the totals answer, the page carries its count (one round trip); else a
    // count query runs alongside.
    total: totalsCanAnswer(filters)
      ? {
          fromRows: async (found) => {
            const inline = found[0]?.totals;
            if (!inline) return countClients(db, filters, values);
            return { n: Number(inline.split(':')[0]), version: inline };
          },
        }
      : { parallel: () => countClients(db, filters, values) },
  });
  return { rows: rows.map(({ start_key: _k, totals: _t, ...row }) => row), count: total.n };
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
const clientWithOwnerQuery = preparedQuery('client.withOwner', (db) =>
  db
    .select({ row: clients, employee_name: employees.name })
    .from(clients)
    .leftJoin(employees, eq(employees.id, clients.employee_id))
    .where(eq(clients.id, sql.placeholder('id')))
    .limit(1),
);
export async function findClientWithOwner(db: DbOrTx, id: number) {
  const [found] = await clientWithOwnerQuery(db, { id });
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
export function clientLog(
  db: DbOrTx,
  clientId: number,
  page: { limit: number; offset: number },
  actions?: string[],
) {
  return entityLog(db, 'client', clientId, page, actions);
}
