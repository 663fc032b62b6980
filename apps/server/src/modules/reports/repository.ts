import { and, between, eq, gte, inArray, lt, ne, or, type SQL, sql } from 'drizzle-orm';
import type { CaseReportFacts, ClientReportFacts, SnapshotDimension, SnapshotRow } from '@dealflow/domain';
import type { DbOrTx } from '../../db/client.ts';
import { preparedQuery, preparedShapes } from '../../db/prepared.ts';
import {
  activityLogs,
  cases,
  caseStageTotals,
  clients,
  clientStageTotals,
  employees,
  reportLiveTotals,
  reportSnapshotDays,
  reportSnapshots,
} from '../../db/schema/index.ts';

/** Rows of a raw statement, whichever driver ran it. */
async function rowsOf<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

// ── Days and their instants ──────────────────────────────────────────────────────────────────

/** Each day's bounds in the time zone, as instants (epoch ms): `[start, end)`. */
export async function dayWindows(db: DbOrTx, days: readonly string[], timeZone: string) {
  if (days.length === 0) return [];
  return rowsOf<{ day: string; start: number; end: number }>(
    db,
    sql`select d::text as day,
               (extract(epoch from (d::timestamp at time zone ${timeZone})) * 1000)::float8 as start,
               (extract(epoch from ((d + 1)::timestamp at time zone ${timeZone})) * 1000)::float8 as end
          from unnest(string_to_array(${days.join(',')}, ',')::date[]) as d
         order by d`,
  );
}

// ── Stored days ───────────────────────────────────────────────────────────────────────────────

/** The stored days between two days (both included). */
export async function storedDays(db: DbOrTx, from: string, to: string) {
  const rows = await db
    .select({ day: reportSnapshotDays.day })
    .from(reportSnapshotDays)
    .where(between(reportSnapshotDays.day, from, to));
  return { days: new Set(rows.map((r) => r.day)) };
}

/** Every stored day. */
export async function allStoredDays(db: DbOrTx): Promise<Set<string>> {
  const rows = await db.select({ day: reportSnapshotDays.day }).from(reportSnapshotDays);
  return new Set(rows.map((r) => r.day));
}

/** The stored rows of a dimension over days (both included), through the primary key. */
export async function snapshotRows(db: DbOrTx, dimension: SnapshotDimension, from: string, to: string) {
  return db
    .select({
      day: reportSnapshots.day,
      key: reportSnapshots.key,
      stage: reportSnapshots.stage,
      n: reportSnapshots.n,
      amounts: reportSnapshots.amounts,
    })
    .from(reportSnapshots)
    .where(and(eq(reportSnapshots.dimension, dimension), between(reportSnapshots.day, from, to)));
}

/**
 * A dimension's stored rows of some keys over days, summed per key: count and amounts per
 * currency (the summary's year of moves into after_invest and drop). Summed in SQL: a year is ~2,000 rows, and reading them one by one
 * (dates, JSON amounts) cost the summary ten times what the sums do.
 */
export async function snapshotTotals(
  db: DbOrTx,
  dimension: SnapshotDimension,
  from: string,
  to: string,
  keys: readonly string[],
) {
  return rowsOf<{ key: string; n: number; amounts: Record<string, number> }>(
    db,
    sql`select ${reportSnapshots.key} as key, sum(${reportSnapshots.n})::int as n,
               (select coalesce(jsonb_object_agg(t.currency, t.amount), '{}'::jsonb)
                  from (select e.key as currency, sum(e.value::numeric)::float8 as amount
                          from jsonb_array_elements(jsonb_agg(${reportSnapshots.amounts})
                                 filter (where ${reportSnapshots.amounts} <> '{}'::jsonb)) as x,
                               jsonb_each_text(x) as e
                         group by 1) t) as amounts
          from ${reportSnapshots}
         where ${reportSnapshots.dimension} = ${dimension} and ${reportSnapshots.day} between ${from} and ${to}
           and ${inArray(reportSnapshots.key, [...keys])}
         group by 1`,
  );
}

/** The days between two days (both included) that are not stored, in order: usually none. */
export async function unstoredDays(db: DbOrTx, from: string, to: string): Promise<string[]> {
  const rows = await rowsOf<{ day: string }>(
    db,
    sql`select d::date::text as day from generate_series(${from}::date, ${to}::date, interval '1 day') d
         where not exists (select 1 from ${reportSnapshotDays} s where s.day = d::date)
         order by 1`,
  );
  return rows.map((r) => r.day);
}

/**
 * The stored counts of a status dimension over days: day, stage and count only (a year of a
 * series is ~3,300 rows; their amounts would double the cost of reading them).
 */
export async function snapshotCounts(
  db: DbOrTx,
  dimension: SnapshotDimension,
  from: string,
  to: string,
  key?: string,
) {
  return db
    .select({ day: reportSnapshots.day, stage: reportSnapshots.stage, n: reportSnapshots.n })
    .from(reportSnapshots)
    .where(
      and(
        eq(reportSnapshots.dimension, dimension),
        key === undefined ? undefined : eq(reportSnapshots.key, key),
        between(reportSnapshots.day, from, to),
      ),
    );
}

/**
 * Stores days: each day's rows replace what it held (one row per dimension, day, key and stage:
 * the primary key, written by upsert), and the day is marked stored. One transaction.
 */
export async function storeDays(
  db: DbOrTx,
  days: ReadonlyArray<{ day: string; rows: readonly SnapshotRow[] }>,
  source: 'history' | 'bench' = 'history',
) {
  if (days.length === 0) return;
  await db.transaction(async (tx) => {
    const names = days.map((d) => d.day);
    // A day stored again is replaced whole: a group that emptied since goes.
    await tx.delete(reportSnapshots).where(inArray(reportSnapshots.day, names));
    const rows = days.flatMap((d) => d.rows.map((r) => ({ ...r, day: d.day })));
    // 6 values a row: 1,000 rows stay well under the 65,535 parameters of a statement.
    for (let i = 0; i < rows.length; i += 1000) {
      await tx
        .insert(reportSnapshots)
        .values(rows.slice(i, i + 1000))
        .onConflictDoUpdate({
          target: [
            reportSnapshots.dimension,
            reportSnapshots.day,
            reportSnapshots.key,
            reportSnapshots.stage,
          ],
          set: { n: sql`excluded.n`, amounts: sql`excluded.amounts` },
        });
    }
    await tx
      .insert(reportSnapshotDays)
      .values(names.map((day) => ({ day, source })))
      .onConflictDoUpdate({
        target: reportSnapshotDays.day,
        set: { source: sql`excluded.source`, computed_at: sql`now()` },
      });
  });
}

// ── Live figures ────────────────────────────────────────────────────────────────────────────

/** Live cases per stage and currency (trigger-kept, migration 0005): count and fund raising. */
export async function liveCaseStages(db: DbOrTx) {
  return db
    .select({
      stage: caseStageTotals.status,
      currency: caseStageTotals.currency,
      n: caseStageTotals.n,
      amount: caseStageTotals.fund_raising,
    })
    .from(caseStageTotals)
    .where(eq(caseStageTotals.is_deleted, false));
}

/** Live clients per contact stage (trigger-kept, migrations 0013–0014): count and check sizes per currency. */
export async function liveClientStages(db: DbOrTx) {
  return db
    .select({
      stage: clientStageTotals.process_status,
      n: clientStageTotals.n,
      amounts: clientStageTotals.check_size,
    })
    .from(clientStageTotals)
    .where(eq(clientStageTotals.is_deleted, false));
}

/** Live groups of a dimension, per stage and currency (trigger-kept, migration 0017). */
/** Today's rows of a dimension (of one key when given): a prepared statement per shape, as the page reads several. */
const liveGroupsQuery = preparedShapes('report.liveGroups', (db, shape) =>
  db
    .select({
      key: reportLiveTotals.key,
      stage: reportLiveTotals.stage,
      currency: reportLiveTotals.currency,
      n: reportLiveTotals.n,
      amount: reportLiveTotals.amount,
    })
    .from(reportLiveTotals)
    .where(
      and(
        eq(reportLiveTotals.dimension, sql.placeholder('dimension')),
        shape === 'key' ? eq(reportLiveTotals.key, sql.placeholder('key')) : undefined,
        or(ne(reportLiveTotals.n, 0), ne(reportLiveTotals.amount, 0)),
      ),
    ),
);

export async function liveGroups(db: DbOrTx, dimension: SnapshotDimension, key?: string) {
  return key === undefined
    ? liveGroupsQuery(db, 'all', { dimension })
    : liveGroupsQuery(db, 'key', { dimension, key });
}

/**
 * Stage moves of live cases since a day began in a time zone (today's, for the summary), per stage
 * moved into and currency, with the funding of the cases moved. The day's start is found in the
 * same statement (one round trip fewer on the summary).
 */
export async function caseMovesSince(db: DbOrTx, day: string, timeZone: string) {
  return rowsOf<{ stage: string; currency: string; n: number; funding: number }>(
    db,
    sql`select a.changes -> 'status' ->> 'to' as stage, c.currency, count(*)::int as n,
               coalesce(sum(c.funding), 0)::float8 as funding
          from ${activityLogs} a join ${cases} c on c.id = a.entity_id
         where a.entity_type = 'case' and a.action = 'stage'
           and a.created_at >= (${day}::date::timestamp at time zone ${timeZone})
           and c.is_deleted = false
         group by 1, 2`,
  );
}

/** Names of employees by id: prepared, as the AO and owner breakdowns ask on every call. */
const employeeNamesQuery = preparedQuery('report.employeeNames', (db) =>
  db
    .select({ id: employees.id, name: employees.name })
    .from(employees)
    .where(sql`${employees.id} = any(${sql.placeholder('ids')}::int[])`),
);

/** Names of employees (AOs, owners), as they are now. */
export async function employeeNames(db: DbOrTx, ids: readonly number[]) {
  if (ids.length === 0) return new Map<number, string>();
  const rows = await employeeNamesQuery(db, { ids: [...ids] });
  return new Map(rows.map((r) => [r.id, r.name]));
}

// ── What the daily job rebuilds days from ────────────────────────────────────────────────────

/** Every case as it is now (deleted ones too: they may have been live on a past day). */
export async function caseFacts(
  db: DbOrTx,
): Promise<Array<{ id: number; createdAt: number; facts: CaseReportFacts }>> {
  const rows = await db
    .select({
      id: cases.id,
      created_at: cases.created_at,
      status: cases.status,
      is_deleted: cases.is_deleted,
      ao_id: cases.ao_id,
      round: cases.round,
      domain_keys: cases.domain_keys,
      fund_raising: cases.fund_raising,
      funding: cases.funding,
      currency: cases.currency,
    })
    .from(cases);
  return rows.map(({ id, created_at, ...facts }) => ({ id, createdAt: created_at.getTime(), facts }));
}

/** Every client as it is now. */
export async function clientFacts(
  db: DbOrTx,
): Promise<Array<{ id: number; createdAt: number; facts: ClientReportFacts }>> {
  const rows = await db
    .select({
      id: clients.id,
      created_at: clients.created_at,
      process_status: clients.process_status,
      is_deleted: clients.is_deleted,
      membership: clients.membership,
      domain_keys: clients.domain_keys,
      employee_id: clients.employee_id,
      check_size: clients.check_size,
      currency: clients.currency,
    })
    .from(clients);
  return rows.map(({ id, created_at, ...facts }) => ({ id, createdAt: created_at.getTime(), facts }));
}

/**
 * History entries of one kind since an instant that changed any of `fields`; creations are left
 * out (an item counts from its `created_at`, and their `from` is nothing).
 */
export async function historySince(
  db: DbOrTx,
  entityType: 'case' | 'client',
  since: Date,
  fields: readonly string[],
) {
  const creation = entityType === 'case' ? 'create' : 'client.create';
  const rows = await db
    .select({
      id: activityLogs.id,
      entityId: activityLogs.entity_id,
      at: activityLogs.created_at,
      changes: activityLogs.changes,
    })
    .from(activityLogs)
    .where(
      and(
        eq(activityLogs.entity_type, entityType),
        gte(activityLogs.created_at, since),
        ne(activityLogs.action, creation),
        sql`jsonb_exists_any(${activityLogs.changes}, string_to_array(${fields.join(',')}, ','))`,
      ),
    );
  return rows.map((r) => ({ ...r, at: r.at.getTime() }));
}

// ── Pipeline analytics ────────────────────────────────────────────────────────────────────────

const MOVE_ACTION = { case: 'stage', client: 'client.move' } as const;

/** A focus of the analytics: the items of one AO or owner, or of one domain, as they are now. */
export type ItemFocus = { by: 'ao' | 'owner' | 'domain'; key: string } | null;

/** The focus as a condition on a cases (`c`) or clients row alias. */
function focusOn(kind: 'case' | 'client', alias: string, focus: ItemFocus): SQL {
  if (!focus) return sql`true`;
  const t = sql.raw(alias);
  if (focus.by === 'domain') return sql`${t}.domain_keys @> jsonb_build_array(${focus.key}::text)`;
  const column = sql.raw(kind === 'case' ? 'ao_id' : 'employee_id');
  return sql`${t}.${column} = ${Number(focus.key)}`;
}

/** Live items that moved stage, or were created, within `[from, to]`. */
export async function itemsActiveIn(
  db: DbOrTx,
  kind: 'case' | 'client',
  from: Date,
  to: Date,
  focus: ItemFocus = null,
) {
  const table = kind === 'case' ? cases : clients;
  const moved = sql`select distinct a.entity_id as id from ${activityLogs} a
         where a.entity_type = ${kind} and a.action = ${MOVE_ACTION[kind]} and a.created_at between ${from} and ${to}`;
  const rows = await rowsOf<{ id: number }>(
    db,
    focus
      ? sql`select t.id from ${table} t
             where t.is_deleted = false and ${focusOn(kind, 't', focus)}
               and (t.created_at between ${from} and ${to} or t.id in (${moved}))`
      : sql`${moved}
        union
        select t.id from ${table} t where t.created_at between ${from} and ${to} and t.is_deleted = false`,
  );
  return rows.map((r) => r.id);
}

/** Stage histories of these live items: creation, current stage, every move (oldest first). */
export async function stageHistories(db: DbOrTx, kind: 'case' | 'client', ids: readonly number[]) {
  if (ids.length === 0) return [];
  const items =
    kind === 'case'
      ? await db
          .select({ id: cases.id, created_at: cases.created_at, stage: cases.status })
          .from(cases)
          .where(and(inArray(cases.id, [...ids]), eq(cases.is_deleted, false)))
      : await db
          .select({ id: clients.id, created_at: clients.created_at, stage: clients.process_status })
          .from(clients)
          .where(and(inArray(clients.id, [...ids]), eq(clients.is_deleted, false)));
  const field = kind === 'case' ? 'status' : 'process_status';
  const moves = await rowsOf<{ id: number; at: Date; from: string | null; to: string | null }>(
    db,
    sql`select entity_id as id, created_at as at, changes -> ${field} ->> 'from' as "from",
               changes -> ${field} ->> 'to' as "to"
          from ${activityLogs}
         where entity_type = ${kind} and action = ${MOVE_ACTION[kind]}
           and entity_id in (select unnest(string_to_array(${ids.join(',')}, ',')::int[]))
         order by created_at, id`,
  );
  const byId = new Map<number, Array<{ at: number; from: string; to: string }>>();
  for (const m of moves) {
    if (!m.from || !m.to) continue;
    const list = byId.get(m.id) ?? [];
    list.push({ at: new Date(m.at).getTime(), from: m.from, to: m.to });
    byId.set(m.id, list);
  }
  return items.map((i) => ({
    id: i.id,
    createdAt: i.created_at.getTime(),
    current: i.stage,
    moves: byId.get(i.id) ?? [],
  }));
}

/**
 * Live items in one of `stages` since `cutoff` or earlier: in their stage since their last move
 * (cases: the last stage entry of their history, else their creation; clients: `stage_entered_at`).
 */
export async function stageOccupantsSince(
  db: DbOrTx,
  kind: 'case' | 'client',
  stages: readonly string[],
  cutoff: Date,
  focus: ItemFocus = null,
) {
  if (stages.length === 0) return [];
  if (kind === 'client') {
    const rows = await db
      .select({ id: clients.id, stage: clients.process_status, since: clients.stage_entered_at })
      .from(clients)
      .where(
        and(
          eq(clients.is_deleted, false),
          inArray(clients.process_status, [...stages]),
          lt(clients.stage_entered_at, cutoff),
          focus ? focusOn('client', '"clients"', focus) : undefined,
        ),
      );
    return rows.map((r) => ({ ...r, since: r.since.getTime() }));
  }
  const rows = await rowsOf<{ id: number; stage: string; since: Date }>(
    db,
    sql`select c.id, c.status as stage, greatest(c.created_at, coalesce(m.at, c.created_at)) as since
          from ${cases} c
          left join (select entity_id, max(created_at) as at from ${activityLogs}
                      where entity_type = 'case' and action = 'stage' group by entity_id) m on m.entity_id = c.id
         where c.is_deleted = false and c.status = any(string_to_array(${stages.join(',')}, ','))
           and ${focusOn('case', 'c', focus)}
           and c.created_at < ${cutoff} and coalesce(m.at, c.created_at) < ${cutoff}`,
  );
  return rows.map((r) => ({ id: r.id, stage: r.stage, since: new Date(r.since).getTime() }));
}

/** Names of these cases or clients. */
export async function itemNames(db: DbOrTx, kind: 'case' | 'client', ids: readonly number[]) {
  if (ids.length === 0) return new Map<number, string>();
  const table = kind === 'case' ? cases : clients;
  const rows = await db
    .select({ id: table.id, name: table.name })
    .from(table)
    .where(inArray(table.id, [...ids]));
  return new Map(rows.map((r) => [r.id, r.name]));
}
