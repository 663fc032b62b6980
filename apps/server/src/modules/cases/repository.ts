import { and, asc, count, desc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type { CaseStage, StaffRole } from '@dealflow/domain';
import type { DbOrTx } from '../../db/client.ts';
import { type PageStart, pageStartMemo, readPageWithStarts } from '../../db/pageStarts.ts';
import { preparedShapes } from '../../db/prepared.ts';
import { likePattern } from '../../lib/sql.ts';
import { entityLog } from '../activity/repository.ts';
import {
  activityLogs,
  caseRoles,
  caseStageTotals,
  caseTodos,
  cases,
  clients,
  employees,
} from '../../db/schema/index.ts';

export type CaseRow = typeof cases.$inferSelect;
export type CaseInsert = typeof cases.$inferInsert;

export interface CaseFilters {
  status?: CaseStage;
  text?: string;
  employeeId?: number;
  aoId?: number;
  round?: string;
  domain?: string;
  currency?: string;
  deleted: boolean;
}

const SORT_COLUMNS = {
  created_at: cases.created_at,
  updated_at: cases.updated_at,
  name: cases.name,
  status: cases.status,
  fund_raising: cases.fund_raising,
  pre_money: cases.pre_money,
  funding: cases.funding,
  id: cases.id,
} as const;
export type CaseSortField = keyof typeof SORT_COLUMNS;

/**
 * The searched text of a case, written exactly as the expression of `cases_search_grams_idx`
 * (migration 0007): any other spelling and the planner no longer uses the index.
 */
const caseSearchText = sql`${cases.name} || E'\\n' || coalesce(${cases.source}, '') || E'\\n' || coalesce(${cases.overview}, '')`;

/** The values of the list filters, by the names their conditions read them by. */
function filterValues(f: CaseFilters): Record<string, unknown> {
  return {
    deleted: f.deleted,
    status: f.status,
    text: f.text,
    pattern: f.text ? likePattern(f.text) : undefined,
    employeeId: f.employeeId,
    aoId: f.aoId,
    round: f.round,
    domain: f.domain ? JSON.stringify([f.domain]) : undefined,
    currency: f.currency,
  };
}

/** Which filters a call has, as a short key: one prepared statement per shape. */
function filterShape(f: CaseFilters): string {
  return [
    f.status ? 's' : '',
    f.text ? (/\S/.test(f.text) ? 't' : 'w') : '',
    f.employeeId ? 'e' : '',
    f.aoId ? 'a' : '',
    f.round ? 'r' : '',
    f.domain ? 'd' : '',
    f.currency ? 'c' : '',
  ].join('');
}

/**
 * The list filters of a shape, reading each value through `value(name)` (a placeholder when
 * prepared). Text: cases whose name, source or overview contains it, ignoring case; the grams
 * narrow the rows through the index (a text holds every character and character pair of what it
 * contains) and the ILIKE decides. Only whitespace (`w`) has no grams and skips the index.
 */
function conditions(shape: string, value: (name: string) => unknown): SQL | undefined {
  const v = (name: string) => sql`${value(name)}`;
  const conds: SQL[] = [sql`${cases.is_deleted} = ${v('deleted')}`];
  if (shape.includes('s')) conds.push(sql`${cases.status} = ${v('status')}`);
  if (shape.includes('t') || shape.includes('w')) {
    const p = v('pattern');
    const contains = sql`(${cases.name} ilike ${p} or ${cases.source} ilike ${p} or ${cases.overview} ilike ${p})`;
    if (shape.includes('t'))
      conds.push(sql`case_search_grams(${caseSearchText}) @> case_search_grams(${v('text')})`);
    conds.push(contains);
  }
  if (shape.includes('e'))
    conds.push(sql`(${cases.ao_id} = ${v('employeeId')} or ${v('employeeId')} = any(${cases.agent_ids}))`);
  if (shape.includes('a')) conds.push(sql`${cases.ao_id} = ${v('aoId')}`);
  if (shape.includes('r')) conds.push(sql`${cases.round} = ${v('round')}`);
  if (shape.includes('d')) conds.push(sql`${cases.domain_keys} @> ${v('domain')}::jsonb`);
  if (shape.includes('c')) conds.push(sql`${cases.currency} = ${v('currency')}`);
  return and(...conds);
}

/** The list filters with their values written in (for the queries that are not prepared). */
function where(f: CaseFilters): SQL | undefined {
  const values = filterValues(f);
  return conditions(filterShape(f), (name) => values[name]);
}

const summaryColumns = {
  id: cases.id,
  name: cases.name,
  status: cases.status,
  dropped_from: cases.dropped_from,
  ao_id: cases.ao_id,
  ao_name: employees.name,
  agent_ids: cases.agent_ids,
  currency: cases.currency,
  source: cases.source,
  round: cases.round,
  pre_money: cases.pre_money,
  fund_raising: cases.fund_raising,
  funding: cases.funding,
  domain_keys: cases.domain_keys,
  rating_ao_score: cases.rating_ao_score,
  rating_ir_score: cases.rating_ir_score,
  application_status: cases.application_status,
  is_deleted: cases.is_deleted,
  created_at: cases.created_at,
  updated_at: cases.updated_at,
};
export type CaseSummaryRow = {
  [K in keyof typeof summaryColumns]: (typeof summaryColumns)[K]['_']['notNull'] extends true
    ? (typeof summaryColumns)[K]['_']['data']
    : (typeof summaryColumns)[K]['_']['data'] | null;
};

/** Filters the stage totals can answer: stage, deletion flag and currency only. */
function totalsCanAnswer(f: Omit<CaseFilters, 'status'>): boolean {
  return !f.text && !f.employeeId && !f.aoId && !f.round && !f.domain;
}

function totalsWhere(f: Omit<CaseFilters, 'status'> & { status?: CaseStage }): SQL | undefined {
  return and(
    eq(caseStageTotals.is_deleted, f.deleted),
    f.status ? eq(caseStageTotals.status, f.status) : undefined,
    f.currency ? eq(caseStageTotals.currency, f.currency) : undefined,
  );
}

/** Totals shape: which of stage and currency filter the stage totals. */
const totalsShape = (f: CaseFilters) => `${f.status ? 's' : ''}${f.currency ? 'c' : ''}`;

/**
 * The number of matching cases and the version of their buckets, from the trigger-kept totals
 * (only when no other filter applies). The version changes with any insert, deletion, stage or
 * currency change among them: while it stands, the order of these cases by creation is the same.
 */
const totalsQuery = preparedShapes('case.totals', (db, shape) =>
  db
    .select({
      n: sql<string | null>`sum(${caseStageTotals.n})`,
      version: sql<string | null>`sum(${caseStageTotals.version})`,
    })
    .from(caseStageTotals)
    .where(
      and(
        eq(caseStageTotals.is_deleted, sql.placeholder('deleted')),
        shape.includes('s') ? eq(caseStageTotals.status, sql.placeholder('status')) : undefined,
        shape.includes('c') ? eq(caseStageTotals.currency, sql.placeholder('currency')) : undefined,
      ),
    ),
);
const countQuery = preparedShapes('case.count', (db, shape) =>
  db
    .select({ n: count() })
    .from(cases)
    .where(conditions(shape, (name) => sql.placeholder(name))),
);

/** The count of matching cases and, when the totals answered it, their version. */
async function countCases(db: DbOrTx, filters: CaseFilters): Promise<{ n: number; version: string | null }> {
  const values = filterValues(filters);
  if (totalsCanAnswer(filters)) {
    const [row] = await totalsQuery(db, totalsShape(filters), values);
    return { n: Number(row?.n ?? 0), version: `${row?.n ?? 0}:${row?.version ?? 0}` };
  }
  const [row] = await countQuery(db, filterShape(filters), values);
  return { n: Number(row?.n ?? 0), version: null };
}

type Sort = { field: CaseSortField; dir: 'asc' | 'desc' };
const orderOf = (sort: Sort) => {
  const column = SORT_COLUMNS[sort.field];
  return sort.dir === 'asc' ? [asc(column), asc(cases.id)] : [desc(column), desc(cases.id)];
};

/** Page starts of the case list (docs/decisions/0008): the creation time of a page's first row. */
const pageStarts = pageStartMemo();

/**
 * What a board card shows beyond the case row, read in the same statement as the page (no query
 * per card): when the case entered its stage (its last stage move through the history index, else
 * its creation) and its open to-do due first (undated last).
 */
const cardColumns = {
  stage_entered_at: sql<Date>`coalesce((select max(${activityLogs.created_at}) from ${activityLogs}
    where ${activityLogs.entity_type} = 'case' and ${activityLogs.entity_id} = ${cases.id}
    and ${activityLogs.action} = 'stage'), ${cases.created_at})`.mapWith(cases.created_at),
  next_todo: sql<{ id: number; title: string; due_at: string | null } | null>`(select
    json_build_object('id', ${caseTodos.id}, 'title', ${caseTodos.title}, 'due_at', ${caseTodos.due_at})
    from ${caseTodos} where ${caseTodos.case_id} = ${cases.id} and not ${caseTodos.done}
    order by ${caseTodos.due_at} asc nulls last, ${caseTodos.id} asc limit 1)`,
};
export type CaseListRow = CaseSummaryRow & {
  stage_entered_at: Date;
  next_todo: { id: number; title: string; due_at: string | null } | null;
};

const pageColumns = {
  ...summaryColumns,
  ...cardColumns,
  start_key: sql<string>`${cases.created_at}::text`,
};

/**
 * One page of the list. `offset` pages (deferred join: the page's ids come from an index-only scan,
 * then only those rows are read) or, with `from`, the rows from a remembered start on, through the
 * same index. One row more than the page is read: it is where the next page starts.
 */
const pageQuery = preparedShapes('case.page', (db, key) => {
  const [shape, field, dir, mode] = key.split('|') as [string, CaseSortField, 'asc' | 'desc', string];
  const order = orderOf({ field, dir });
  const cond = conditions(shape, (name) => sql.placeholder(name));
  const fromStart =
    dir === 'desc'
      ? sql`(${cases.created_at}, ${cases.id}) <= (${sql.placeholder('startCreated')}::timestamptz, ${sql.placeholder('startId')})`
      : sql`(${cases.created_at}, ${cases.id}) >= (${sql.placeholder('startCreated')}::timestamptz, ${sql.placeholder('startId')})`;
  const ids =
    mode === 'from'
      ? db
          .select({ id: cases.id })
          .from(cases)
          .where(and(cond, fromStart))
          .orderBy(...order)
          .limit(sql.placeholder('limit'))
      : db
          .select({ id: cases.id })
          .from(cases)
          .where(cond)
          .orderBy(...order)
          .limit(sql.placeholder('limit'))
          .offset(sql.placeholder('offset'));
  return db
    .select(pageColumns)
    .from(cases)
    .leftJoin(employees, eq(employees.id, cases.ao_id))
    .where(inArray(cases.id, ids))
    .orderBy(...order);
});
const allQuery = preparedShapes('case.all', (db, key) => {
  const [shape, field, dir] = key.split('|') as [string, CaseSortField, 'asc' | 'desc'];
  return db
    .select(pageColumns)
    .from(cases)
    .leftJoin(employees, eq(employees.id, cases.ao_id))
    .where(conditions(shape, (name) => sql.placeholder(name)))
    .orderBy(...orderOf({ field, dir }));
});

const strip = <T extends { start_key: string }>(rows: T[]): CaseListRow[] =>
  rows.map(({ start_key: _k, ...row }) => row) as unknown as CaseListRow[];

export async function listCases(
  db: DbOrTx,
  filters: CaseFilters,
  sort: Sort,
  page: { limit: number | null; offset: number },
): Promise<{ rows: CaseListRow[]; count: number }> {
  const shape = filterShape(filters);
  const values = filterValues(filters);
  const base = `${shape}|${sort.field}|${sort.dir}`;
  if (page.limit === null) {
    const [rows, total] = await Promise.all([allQuery(db, base, values), countCases(db, filters)]);
    return { rows: strip(rows), count: total.n };
  }
  const limit = page.limit;
  // Remembered starts need an order the totals' version covers: creation time, and no filter but
  // stage, currency and deletion.
  const startable = sort.field === 'created_at' && totalsCanAnswer(filters);
  const { rows, total } = await readPageWithStarts(db, pageStarts, {
    startable,
    keyOf: (offset) => `${base}|${limit}|${offset}|${JSON.stringify(values)}`,
    offset: page.offset,
    limit,
    read: (start?: PageStart) =>
      pageQuery(db, `${base}|${start ? 'from' : 'offset'}`, {
        ...values,
        limit: limit + 1,
        offset: page.offset,
        startCreated: start?.key,
        startId: start?.id,
      }),
    total: { parallel: () => countCases(db, filters) },
  });
  return { rows: strip(rows), count: total.n };
}

/** Case counts and fund-raising sums per stage (and currency), under the list filters but the stage. */
export async function statsByStatus(db: DbOrTx, filters: Omit<CaseFilters, 'status'>) {
  const rows = totalsCanAnswer(filters)
    ? await db
        .select({
          status: caseStageTotals.status,
          currency: caseStageTotals.currency,
          n: caseStageTotals.n,
          sum: sql<string | null>`${caseStageTotals.fund_raising}`,
        })
        .from(caseStageTotals)
        .where(totalsWhere(filters))
    : await db
        .select({
          status: cases.status,
          currency: cases.currency,
          n: count(),
          sum: sql<string | null>`sum(${cases.fund_raising})`,
        })
        .from(cases)
        .where(where(filters))
        .groupBy(cases.status, cases.currency);
  return rows
    .filter((r) => Number(r.n) > 0)
    .map((r) => ({
      status: r.status as CaseStage,
      currency: r.currency,
      count: Number(r.n),
      sum: Number(r.sum ?? 0),
    }));
}

/** `editorId`: only the cases this ao is the ao or an agent of. */
export async function listLight(db: DbOrTx, text?: string, options: { editorId?: number } = {}) {
  const editor = options.editorId;
  return db
    .select({ id: cases.id, name: cases.name, status: cases.status })
    .from(cases)
    .where(
      and(
        eq(cases.is_deleted, false),
        text ? ilike(cases.name, likePattern(text)) : undefined,
        editor === undefined
          ? undefined
          : sql`(${cases.ao_id} = ${editor} or ${editor} = any(${cases.agent_ids}))`,
      ),
    )
    .orderBy(asc(cases.name), asc(cases.id));
}

/** `id` given as a placeholder; `live` shapes leave deleted cases out. */
const caseById = (shape: string) => {
  const id = eq(cases.id, sql.placeholder('id'));
  return shape === 'live' ? and(id, eq(cases.is_deleted, false)) : id;
};
const shapeOf = (options: { includeDeleted?: boolean }) => (options.includeDeleted ? 'any' : 'live');

const findCaseQuery = preparedShapes('case.find', (db, shape) =>
  db.select().from(cases).where(caseById(shape)).limit(1),
);
export async function findCase(db: DbOrTx, id: number, options: { includeDeleted?: boolean } = {}) {
  const [row] = await findCaseQuery(db, shapeOf(options), { id });
  return row ?? null;
}

const caseExistsQuery = preparedShapes('case.exists', (db, shape) =>
  db.select({ id: cases.id }).from(cases).where(caseById(shape)).limit(1),
);
/** Whether the case is there (and not deleted, unless asked): the cheapest check of a parent. */
export async function caseExists(db: DbOrTx, id: number, options: { includeDeleted?: boolean } = {}) {
  const rows = await caseExistsQuery(db, shapeOf(options), { id });
  return rows.length > 0;
}

const caseWithNamesQuery = preparedShapes('case.withNames', (db, shape) =>
  db
    .select({
      row: cases,
      staff: sql<Array<{
        id: number;
        name: string;
      }> | null>`(select json_agg(json_build_object('id', e.id, 'name', e.name))
        from ${employees} e where e.id = ${cases.ao_id} or e.id = any(${cases.agent_ids}))`,
    })
    .from(cases)
    .where(caseById(shape))
    .limit(1),
);
/** A case with the names of its AO and agents, in one round trip (the case page's hot path). */
export async function findCaseWithNames(db: DbOrTx, id: number, options: { includeDeleted?: boolean } = {}) {
  const [found] = await caseWithNamesQuery(db, shapeOf(options), { id });
  if (!found) return null;
  return { row: found.row, names: new Map((found.staff ?? []).map((e) => [e.id, e.name])) };
}

/** Locks the case row for the rest of the transaction, so two concurrent moves cannot interleave. */
export async function findCaseForUpdate(db: DbOrTx, id: number) {
  const [row] = await db.select().from(cases).where(eq(cases.id, id)).for('update').limit(1);
  return row ?? null;
}

/** Who holds which role on a case, for its summary: the role and the client's id and name. */
export async function roleHoldersOfCase(db: DbOrTx, caseId: number) {
  return db
    .select({ role: caseRoles.role, id: clients.id, name: clients.name })
    .from(caseRoles)
    .innerJoin(clients, eq(clients.id, caseRoles.client_id))
    .where(eq(caseRoles.case_id, caseId))
    .orderBy(asc(caseRoles.id));
}

export async function employeeNames(db: DbOrTx, ids: number[]) {
  if (ids.length === 0) return new Map<number, string>();
  const rows = await db
    .select({ id: employees.id, name: employees.name })
    .from(employees)
    .where(inArray(employees.id, ids));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** Of these ids, the active employees with their roles. */
export async function activeEmployeeRoles(db: DbOrTx, ids: number[]) {
  if (ids.length === 0) return new Map<number, StaffRole>();
  const rows = await db
    .select({ id: employees.id, role: employees.role })
    .from(employees)
    .where(and(inArray(employees.id, ids), eq(employees.status, 'active')));
  return new Map(rows.map((r) => [r.id, r.role as StaffRole]));
}

export async function insertCase(db: DbOrTx, values: CaseInsert) {
  const [row] = await db.insert(cases).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function updateCase(db: DbOrTx, id: number, values: Partial<CaseInsert>) {
  const [row] = await db
    .update(cases)
    .set({ ...values, updated_at: new Date() })
    .where(eq(cases.id, id))
    .returning();
  return row ?? null;
}

/** One case's history entries; the `actions` shape keeps only the actions listed. */
/** One case's history, newest first; `actions` keeps only those. */
export function caseLog(
  db: DbOrTx,
  caseId: number,
  page: { limit: number; offset: number },
  actions?: string[],
) {
  return entityLog(db, 'case', caseId, page, actions);
}
