import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { CaseStage } from '@dealflow/domain';
import type { DbOrTx } from '../../db/client.ts';
import { likePattern } from '../../lib/sql.ts';
import {
  activityLogs,
  caseStageTotals,
  cases,
  clients,
  employees,
  startupUsers,
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

/** `%` and `_` typed by a user are literal characters, not wildcards. */
/**
 * The searched text of a case, written exactly as the expression of `cases_search_grams_idx`
 * (migration 0007): any other spelling and the planner no longer uses the index.
 */
const caseSearchText = sql`${cases.name} || E'\\n' || coalesce(${cases.source}, '') || E'\\n' || coalesce(${cases.overview}, '')`;

/**
 * Cases whose name, source or overview contains `text`, ignoring case. The grams narrow the rows
 * through the index (a text holds every character and character pair of what it contains); the
 * ILIKE decides. A query of only whitespace has no grams and would make the index read everything.
 */
function textCondition(text: string): SQL {
  const p = likePattern(text);
  const contains = or(ilike(cases.name, p), ilike(cases.source, p), ilike(cases.overview, p))!;
  if (!/\S/.test(text)) return contains;
  return and(sql`case_search_grams(${caseSearchText}) @> case_search_grams(${text})`, contains)!;
}

function where(f: CaseFilters): SQL | undefined {
  const conds: SQL[] = [eq(cases.is_deleted, f.deleted)];
  if (f.status) conds.push(eq(cases.status, f.status));
  if (f.text) conds.push(textCondition(f.text));
  if (f.employeeId)
    conds.push(or(eq(cases.ao_id, f.employeeId), sql`${f.employeeId} = any(${cases.agent_ids})`)!);
  if (f.aoId) conds.push(eq(cases.ao_id, f.aoId));
  if (f.round) conds.push(eq(cases.round, f.round));
  if (f.domain) conds.push(sql`${cases.domain_keys} @> ${JSON.stringify([f.domain])}::jsonb`);
  if (f.currency) conds.push(eq(cases.currency, f.currency));
  return and(...conds);
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

/** The number of matching cases: from the trigger-kept totals when they can answer, else counted. */
async function countCases(db: DbOrTx, filters: CaseFilters): Promise<number> {
  if (totalsCanAnswer(filters)) {
    const [row] = await db
      .select({ n: sql<string | null>`sum(${caseStageTotals.n})` })
      .from(caseStageTotals)
      .where(totalsWhere(filters));
    return Number(row?.n ?? 0);
  }
  const [row] = await db.select({ n: count() }).from(cases).where(where(filters));
  return Number(row?.n ?? 0);
}

export async function listCases(
  db: DbOrTx,
  filters: CaseFilters,
  sort: { field: CaseSortField; dir: 'asc' | 'desc' },
  page: { limit: number | null; offset: number },
): Promise<{ rows: CaseSummaryRow[]; count: number }> {
  const cond = where(filters);
  const column = SORT_COLUMNS[sort.field];
  const order = sort.dir === 'asc' ? [asc(column), asc(cases.id)] : [desc(column), desc(cases.id)];
  // Deferred join: the page's ids come from an index-only scan, then only those rows are read,
  // so a deep page skips index entries rather than whole rows.
  const pageIds =
    page.limit === null
      ? null
      : db
          .select({ id: cases.id })
          .from(cases)
          .where(cond)
          .orderBy(...order)
          .limit(page.limit)
          .offset(page.offset);
  const query = db
    .select(summaryColumns)
    .from(cases)
    .leftJoin(employees, eq(employees.id, cases.ao_id))
    .where(pageIds ? inArray(cases.id, pageIds) : cond)
    .orderBy(...order);
  const [rows, total] = await Promise.all([query, countCases(db, filters)]);
  return { rows: rows as CaseSummaryRow[], count: total };
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

export async function listLight(db: DbOrTx, text?: string) {
  return db
    .select({ id: cases.id, name: cases.name, status: cases.status })
    .from(cases)
    .where(and(eq(cases.is_deleted, false), text ? ilike(cases.name, likePattern(text)) : undefined))
    .orderBy(asc(cases.name), asc(cases.id));
}

export async function findCase(db: DbOrTx, id: number, options: { includeDeleted?: boolean } = {}) {
  const [row] = await db
    .select()
    .from(cases)
    .where(options.includeDeleted ? eq(cases.id, id) : and(eq(cases.id, id), eq(cases.is_deleted, false)))
    .limit(1);
  return row ?? null;
}

/** Whether the case is there (and not deleted, unless asked): the cheapest check of a parent. */
export async function caseExists(db: DbOrTx, id: number, options: { includeDeleted?: boolean } = {}) {
  const rows = await db
    .select({ id: cases.id })
    .from(cases)
    .where(options.includeDeleted ? eq(cases.id, id) : and(eq(cases.id, id), eq(cases.is_deleted, false)))
    .limit(1);
  return rows.length > 0;
}

/** A case with the names of its AO and agents, in one round trip (the case page's hot path). */
export async function findCaseWithNames(db: DbOrTx, id: number, options: { includeDeleted?: boolean } = {}) {
  const [found] = await db
    .select({
      row: cases,
      staff: sql<Array<{
        id: number;
        name: string;
      }> | null>`(select json_agg(json_build_object('id', e.id, 'name', e.name))
        from ${employees} e where e.id = ${cases.ao_id} or e.id = any(${cases.agent_ids}))`,
    })
    .from(cases)
    .where(options.includeDeleted ? eq(cases.id, id) : and(eq(cases.id, id), eq(cases.is_deleted, false)))
    .limit(1);
  if (!found) return null;
  return { row: found.row, names: new Map((found.staff ?? []).map((e) => [e.id, e.name])) };
}

/** Locks the case row for the rest of the transaction, so two concurrent moves cannot interleave. */
export async function findCaseForUpdate(db: DbOrTx, id: number) {
  const [row] = await db.select().from(cases).where(eq(cases.id, id)).for('update').limit(1);
  return row ?? null;
}

export async function employeeNames(db: DbOrTx, ids: number[]) {
  if (ids.length === 0) return new Map<number, string>();
  const rows = await db
    .select({ id: employees.id, name: employees.name })
    .from(employees)
    .where(inArray(employees.id, ids));
  return new Map(rows.map((r) => [r.id, r.name]));
}

export async function activeEmployeeIds(db: DbOrTx, ids: number[]) {
  if (ids.length === 0) return new Set<number>();
  const rows = await db
    .select({ id: employees.id })
    .from(employees)
    .where(and(inArray(employees.id, ids), eq(employees.status, 'active')));
  return new Set(rows.map((r) => r.id));
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

export async function caseLog(
  db: DbOrTx,
  caseId: number,
  page: { limit: number; offset: number },
  actions?: string[],
) {
  const actorName = sql<string | null>`case ${activityLogs.actor_type}
      when 'employee' then (select ${employees.name} from ${employees} where ${employees.id} = ${activityLogs.actor_id})
      when 'client' then (select ${clients.name} from ${clients} where ${clients.id} = ${activityLogs.actor_id})
      when 'startup' then (select ${startupUsers.name} from ${startupUsers} where ${startupUsers.id} = ${activityLogs.actor_id})
    end`;
  const cond = and(
    eq(activityLogs.entity_type, 'case'),
    eq(activityLogs.entity_id, caseId),
    actions?.length ? inArray(activityLogs.action, actions) : undefined,
  );
  const [rows, total] = await Promise.all([
    db
      .select({
        id: activityLogs.id,
        action: activityLogs.action,
        actor_type: activityLogs.actor_type,
        actor_id: activityLogs.actor_id,
        actor_name: actorName,
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
