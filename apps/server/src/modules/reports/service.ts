import {
  ACTIVITY_COUNT_CAP,
  ANALYTICS_DEFAULT_DAYS,
  type ActivityQuery,
  type CaseAnalyticsQuery,
  type CaseSeriesQuery,
  type ClientAnalyticsQuery,
  type ClientSeriesQuery,
  type ReportFocus,
  reportFocus,
  addDays,
  analyzePipeline,
  CASE_PIPELINE,
  CASE_STAGES,
  type CaseBreakdown,
  type CaseGroup,
  type CaseSummaryReport,
  CASES_IN_PROGRESS,
  type ClientBreakdown,
  type ClientGroup,
  CONTACT_PIPELINE,
  clientIdsInChanges,
  clientStagesVisibleTo,
  type ContactStage,
  daysFrom,
  findStuck,
  LIST_DEFAULTS,
  type PipelineAnalytics,
  REPORT_DEFAULT_DAYS,
  type SnapshotDayQuery,
  type SnapshotDimension,
  type StatusSeries,
  STUCK_DAYS_DEFAULT,
  STUCK_LIST_LIMIT,
} from '@dealflow/domain';
import { type ServiceContext, staffActor } from '../../lib/context.ts';
import { clientNamesByIds } from '../clients/repository.ts';
import { ownerIdsInChanges } from '../clients/presenter.ts';
import { caseActivity, clientActivity } from '../activity/repository.ts';
import * as repo from './repository.ts';
import { rebuildSnapshotDays, reportToday, SNAPSHOT_JOB, snapshotFloor } from './snapshots.ts';

/**
 * The reports (issue 10). Past days are read from the stored snapshots, today's figures live from
 * the trigger-kept totals: no answer groups the cases or clients tables. A past day that should
 * be stored and is not is named in the answer, and the daily job is asked to catch up.
 */

type Amounts = Record<string, number>;
const addTo = (sums: Amounts, currency: string, amount: number) => {
  if (!amount) return;
  const next = Math.round(((sums[currency] ?? 0) + amount) * 100) / 100;
  if (next === 0) delete sums[currency];
  else sums[currency] = next;
};
const inProgress = new Set<string>(CASES_IN_PROGRESS);

/** The missing days in a report: asks the job to store them (once; the queue drops a second ask). */
async function askCatchUp(ctx: ServiceContext, missing: readonly string[]) {
  const floor = snapshotFloor(reportToday(ctx.config));
  if (!missing.some((d) => d >= floor)) return;
  await ctx.jobs.send(SNAPSHOT_JOB, {}).catch((err: unknown) => {
    ctx.log.warn({ err }, 'asking the snapshot job to catch up failed');
  });
}

/** The period asked, within what exists: not after today, REPORT_DEFAULT_DAYS by default. */
function periodOf(q: { start_at?: string; end_at?: string }, today: string, defaultDays: number) {
  const end = q.end_at && q.end_at < today ? q.end_at : today;
  const start = q.start_at ?? addDays(end, -(defaultDays - 1));
  return { start, end };
}

/** The contact stages a staff member works, in pipeline order. */
function visibleContactStages(ctx: ServiceContext): readonly ContactStage[] {
  return clientStagesVisibleTo(staffActor(ctx).role);
}

/**
 * The answer kept for a call (cache.ts) or computed now: the same call on the same day by anyone
 * who counts the same contact stages gets the same answer. Answers naming days not yet stored are
 * not kept (the job asked to store them changes them soon).
 */
function kept<T>(
  ctx: ServiceContext,
  call: readonly unknown[],
  compute: () => Promise<T>,
  keep: (answer: T) => boolean,
): Promise<T> {
  return ctx.reportAnswers.get(JSON.stringify([reportToday(ctx.config), ...call]), compute, keep);
}

// ── Status series ─────────────────────────────────────────────────────────────────────────────

/** The stored dimension that counts a pipeline's items by stage under a focus (none: all of them). */
function focusDimension(pipeline: 'cases' | 'clients', focus: ReportFocus): SnapshotDimension {
  if (pipeline === 'cases')
    return !focus ? 'cases.status' : focus.by === 'domain' ? 'cases.domain' : 'cases.ao';
  return !focus ? 'clients.status' : focus.by === 'domain' ? 'clients.domain' : 'clients.owner';
}

/** Today's count per stage, live: all items, or the focused group's (currencies merged). */
async function liveStageCounts(ctx: ServiceContext, pipeline: 'cases' | 'clients', focus: ReportFocus) {
  const counts = new Map<string, number>();
  const rows = focus
    ? await repo.liveGroups(ctx.db, focusDimension(pipeline, focus), focus.key)
    : pipeline === 'cases'
      ? await repo.liveCaseStages(ctx.db)
      : await repo.liveClientStages(ctx.db);
  for (const r of rows) counts.set(r.stage, (counts.get(r.stage) ?? 0) + r.n);
  return counts;
}

/**
 * `cases/status` and `client/status`: one entry per day per stage over the period, stored days
 * from the snapshots, today live. Investor series count only the stages the caller works.
 */
export function statusSeries(
  ctx: ServiceContext,
  pipeline: 'cases' | 'clients',
  q: CaseSeriesQuery | ClientSeriesQuery,
): Promise<StatusSeries> {
  return kept(
    ctx,
    ['status', pipeline, pipeline === 'clients' ? visibleContactStages(ctx) : null, q],
    () => computeStatusSeries(ctx, pipeline, q),
    (a) => a.missing_days.length === 0,
  );
}

async function computeStatusSeries(
  ctx: ServiceContext,
  pipeline: 'cases' | 'clients',
  q: CaseSeriesQuery | ClientSeriesQuery,
): Promise<StatusSeries> {
  const timeZone = ctx.config.reports.timeZone;
  const today = reportToday(ctx.config);
  const { start, end } = periodOf(q, today, REPORT_DEFAULT_DAYS);
  const stages: readonly string[] = pipeline === 'cases' ? CASE_STAGES : visibleContactStages(ctx);
  const focus = reportFocus(q);
  const dimension = focusDimension(pipeline, focus);
  const lastStored = end < today ? end : addDays(today, -1);
  const [{ days: stored }, rows, live] = await Promise.all([
    repo.storedDays(ctx.db, start, lastStored),
    start <= lastStored
      ? repo.snapshotCounts(ctx.db, dimension, start, lastStored, focus?.key)
      : Promise.resolve([]),
    end === today && start <= today ? liveStageCounts(ctx, pipeline, focus) : Promise.resolve(null),
  ]);
  const counts = new Map<string, number>();
  for (const r of rows) counts.set(`${r.day}|${r.stage}`, (counts.get(`${r.day}|${r.stage}`) ?? 0) + r.n);
  const result: StatusSeries['result'] = [];
  const missing: string[] = [];
  for (const day of daysFrom(start, end)) {
    if (day === today) {
      for (const stage of stages) result.push({ date: day, stage, count: live?.get(stage) ?? 0 });
    } else if (stored.has(day)) {
      for (const stage of stages)
        result.push({ date: day, stage, count: counts.get(`${day}|${stage}`) ?? 0 });
    } else {
      missing.push(day);
    }
  }
  await askCatchUp(ctx, missing);
  return {
    start_at: start,
    end_at: end,
    time_zone: timeZone,
    live_from: today,
    stages: [...stages],
    missing_days: missing,
    result,
  };
}

// ── Breakdowns ────────────────────────────────────────────────────────────────────────────────

interface GroupRow {
  key: string;
  stage: string;
  n: number;
  amounts: Amounts;
}

/**
 * A dimension's rows on a day: live today (per stage, currencies merged), else the stored day.
 * `missing` when a past day is not stored.
 */
async function groupRows(
  ctx: ServiceContext,
  dimension: SnapshotDimension,
  q: SnapshotDayQuery,
): Promise<{ on: string; live: boolean; missing: boolean; rows: GroupRow[] }> {
  const today = reportToday(ctx.config);
  const on = q.on && q.on < today ? q.on : today;
  if (on === today) {
    const merged = new Map<string, GroupRow>();
    for (const r of await repo.liveGroups(ctx.db, dimension)) {
      const k = `${r.key}|${r.stage}`;
      const row = merged.get(k) ?? { key: r.key, stage: r.stage, n: 0, amounts: {} };
      row.n += r.n;
      addTo(row.amounts, r.currency, r.amount);
      merged.set(k, row);
    }
    return { on, live: true, missing: false, rows: [...merged.values()] };
  }
  const [{ days }, rows] = await Promise.all([
    repo.storedDays(ctx.db, on, on),
    repo.snapshotRows(ctx.db, dimension, on, on),
  ]);
  if (!days.has(on)) {
    await askCatchUp(ctx, [on]);
    return { on, live: false, missing: true, rows: [] };
  }
  return { on, live: false, missing: false, rows };
}

const byCount = <T extends { count: number; key: string }>(a: T, b: T) =>
  b.count - a.count || a.key.localeCompare(b.key);

/** `cases/ao`, `cases/round`, `cases/domain`: the groups of cases, largest first. */
export function caseBreakdown(
  ctx: ServiceContext,
  dimension: 'cases.ao' | 'cases.round' | 'cases.domain',
  q: SnapshotDayQuery,
): Promise<CaseBreakdown> {
  return kept(
    ctx,
    ['groups', dimension, q],
    () => computeCaseBreakdown(ctx, dimension, q),
    (a) => !a.missing,
  );
}

async function computeCaseBreakdown(
  ctx: ServiceContext,
  dimension: 'cases.ao' | 'cases.round' | 'cases.domain',
  q: SnapshotDayQuery,
): Promise<CaseBreakdown> {
  const { on, live, missing, rows } = await groupRows(ctx, dimension, q);
  const groups = new Map<string, CaseGroup>();
  for (const r of rows) {
    let g = groups.get(r.key);
    if (!g) {
      g = {
        key: r.key,
        name: null,
        count: 0,
        in_progress: 0,
        stages: Object.fromEntries(CASE_STAGES.map((s) => [s, 0])) as CaseGroup['stages'],
        fund_raising: {},
      };
      groups.set(r.key, g);
    }
    if (!(CASE_STAGES as readonly string[]).includes(r.stage) || r.n === 0) continue;
    g.stages[r.stage as keyof CaseGroup['stages']] += r.n;
    g.count += r.n;
    if (inProgress.has(r.stage)) {
      g.in_progress += r.n;
      for (const [currency, amount] of Object.entries(r.amounts)) addTo(g.fund_raising, currency, amount);
    }
  }
  const result = [...groups.values()].filter((g) => g.count > 0);
  if (dimension === 'cases.ao') {
    const names = await repo.employeeNames(
      ctx.db,
      result.filter((g) => g.key).map((g) => Number(g.key)),
    );
    for (const g of result) g.name = g.key ? (names.get(Number(g.key)) ?? null) : null;
  }
  return { on, time_zone: ctx.config.reports.timeZone, live, missing, result: result.sort(byCount) };
}

/** `client/ao`, `client/type`, `client/domain`: the groups of clients over the caller's stages. */
export function clientBreakdown(
  ctx: ServiceContext,
  dimension: 'clients.owner' | 'clients.type' | 'clients.domain',
  q: SnapshotDayQuery,
): Promise<ClientBreakdown> {
  return kept(
    ctx,
    ['groups', dimension, visibleContactStages(ctx), q],
    () => computeClientBreakdown(ctx, dimension, q),
    (a) => !a.missing,
  );
}

async function computeClientBreakdown(
  ctx: ServiceContext,
  dimension: 'clients.owner' | 'clients.type' | 'clients.domain',
  q: SnapshotDayQuery,
): Promise<ClientBreakdown> {
  const stages = visibleContactStages(ctx);
  const { on, live, missing, rows } = await groupRows(ctx, dimension, q);
  const groups = new Map<string, ClientGroup>();
  for (const r of rows) {
    if (!(stages as readonly string[]).includes(r.stage) || r.n === 0) continue;
    let g = groups.get(r.key);
    if (!g) {
      g = { key: r.key, name: null, count: 0, stages: {}, check_size: {} };
      groups.set(r.key, g);
    }
    const stage = r.stage as ContactStage;
    g.stages[stage] = (g.stages[stage] ?? 0) + r.n;
    g.count += r.n;
    for (const [currency, amount] of Object.entries(r.amounts)) addTo(g.check_size, currency, amount);
  }
  const result = [...groups.values()];
  if (dimension === 'clients.owner') {
    const names = await repo.employeeNames(
      ctx.db,
      result.filter((g) => g.key).map((g) => Number(g.key)),
    );
    for (const g of result) g.name = g.key ? (names.get(Number(g.key)) ?? null) : null;
  }
  return {
    on,
    time_zone: ctx.config.reports.timeZone,
    live,
    missing,
    stages: [...stages],
    result: result.sort(byCount),
  };
}

// ── Summary ───────────────────────────────────────────────────────────────────────────────────

/**
 * `cases/summary`: the cases by stage on the day (live today), and the year's moves into
 * after_invest and drop: stored days from 1 January, today's moves live.
 */
export function caseSummary(ctx: ServiceContext, q: SnapshotDayQuery): Promise<CaseSummaryReport> {
  return kept(
    ctx,
    ['summary', q],
    () => computeCaseSummary(ctx, q),
    (a) => !a.missing && a.missing_days.length === 0,
  );
}

async function computeCaseSummary(ctx: ServiceContext, q: SnapshotDayQuery): Promise<CaseSummaryReport> {
  const today = reportToday(ctx.config);
  const on = q.on && q.on < today ? q.on : today;
  const live = on === today;
  const year = Number(on.slice(0, 4));
  const yearStart = `${year}-01-01`;
  const lastStored = live ? addDays(today, -1) : on;
  // The year's moves summed in SQL, and only the days not stored: a year of rows one by one cost
  // more than the rest of the answer.
  const yearStored = yearStart <= lastStored;
  const [stageRows, missing, moveRows, todayMoves] = await Promise.all([
    live
      ? repo
          .liveCaseStages(ctx.db)
          .then((rows) =>
            rows.map((r) => ({ stage: r.stage, n: r.n, amounts: { [r.currency]: r.amount } as Amounts })),
          )
      : repo.snapshotRows(ctx.db, 'cases.status', on, on),
    yearStored ? repo.unstoredDays(ctx.db, yearStart, lastStored) : Promise.resolve([]),
    yearStored
      ? repo.snapshotTotals(ctx.db, 'cases.moves', yearStart, lastStored, ['after_invest', 'drop'])
      : Promise.resolve([]),
    live ? repo.caseMovesSince(ctx.db, today, ctx.config.reports.timeZone) : Promise.resolve([]),
  ]);
  // Past `on` is within [yearStart, lastStored] (lastStored is `on` then).
  const dayMissing = !live && missing.includes(on);
  const byStage = Object.fromEntries(CASE_STAGES.map((s) => [s, 0])) as CaseSummaryReport['by_stage'];
  const raising: Amounts = {};
  for (const r of dayMissing ? [] : stageRows) {
    if (!(CASE_STAGES as readonly string[]).includes(r.stage)) continue;
    byStage[r.stage as keyof typeof byStage] += r.n;
    if (inProgress.has(r.stage))
      for (const [currency, amount] of Object.entries(r.amounts)) addTo(raising, currency, amount);
  }
  const funded = { count: 0, funding: {} as Amounts };
  const dropped = { count: 0 };
  const countMove = (stage: string, n: number, amounts: Amounts) => {
    if (stage === 'after_invest') {
      funded.count += n;
      for (const [currency, amount] of Object.entries(amounts)) addTo(funded.funding, currency, amount);
    } else if (stage === 'drop') dropped.count += n;
  };
  for (const r of moveRows) countMove(r.key, r.n, r.amounts);
  for (const r of todayMoves) countMove(r.stage, r.n, { [r.currency]: r.funding });
  await askCatchUp(ctx, dayMissing ? [...missing, on] : missing);
  return {
    on,
    time_zone: ctx.config.reports.timeZone,
    live,
    missing: dayMissing,
    year,
    total: Object.values(byStage).reduce((a, b) => a + b, 0),
    in_progress: CASES_IN_PROGRESS.reduce((sum, s) => sum + byStage[s], 0),
    raising,
    by_stage: byStage,
    funded_this_year: funded,
    dropped_this_year: dropped,
    missing_days: missing,
  };
}

// ── Activity feeds ────────────────────────────────────────────────────────────────────────────

function pageOf(q: ActivityQuery) {
  const size = q.size ?? LIST_DEFAULTS.activity.size;
  const page = q.page ?? LIST_DEFAULTS.activity.page;
  return { limit: size, offset: (page - 1) * size };
}

/** `caseActivity`: every case's history, newest first, with the clients it names. */
export async function caseActivityFeed(ctx: ServiceContext, q: ActivityQuery) {
  const { rows, count } = await caseActivity(ctx.db, pageOf(q), ACTIVITY_COUNT_CAP);
  const ids = [...new Set(rows.flatMap((r) => clientIdsInChanges(r.changes)))];
  const named = await clientNamesByIds(ctx.db, ids, { includeDeleted: true });
  return { rows, count, clientNames: new Map(named.map((c) => [c.id, c.name])) };
}

/**
 * `clientActivity`: the history of the clients the caller may open now (their contact stages; a
 * deleted client only for admin and its owner), as the client list and page decide (decision 0017).
 */
export async function clientActivityFeed(ctx: ServiceContext, q: ActivityQuery) {
  const actor = staffActor(ctx);
  const { rows, count } = await clientActivity(
    ctx.db,
    { stages: clientStagesVisibleTo(actor.role), admin: actor.role === 'admin', id: actor.id },
    pageOf(q),
    ACTIVITY_COUNT_CAP,
  );
  const ownerIds = [...new Set(rows.flatMap((r) => ownerIdsInChanges(r.changes)))];
  return { rows, count, employeeNames: await repo.employeeNames(ctx.db, ownerIds) };
}

// ── Pipeline analytics ────────────────────────────────────────────────────────────────────────

/** Counts per stage at the end of a day: stored, or (not stored yet) rebuilt for the answer. */
async function stageCountsAtEndOf(
  ctx: ServiceContext,
  pipeline: 'cases' | 'clients',
  day: string,
  focus: ReportFocus,
) {
  const dimension = focusDimension(pipeline, focus);
  const [{ days }, rows] = await Promise.all([
    repo.storedDays(ctx.db, day, day),
    repo.snapshotCounts(ctx.db, dimension, day, day, focus?.key),
  ]);
  const counts: Record<string, number> = {};
  if (days.has(day)) {
    for (const r of rows) counts[r.stage] = (counts[r.stage] ?? 0) + r.n;
    return counts;
  }
  await askCatchUp(ctx, [day]);
  await rebuildSnapshotDays(ctx, [day], async ({ rows: rebuilt }) => {
    for (const r of rebuilt)
      if (r.dimension === dimension && (!focus || r.key === focus.key))
        counts[r.stage] = (counts[r.stage] ?? 0) + r.n;
  });
  return counts;
}

/**
 * `analytics/cases` and `analytics/clients`: conversion, time in stage and funnel over the period
 * (packages/domain pipelineAnalytics), from the histories of the items that moved or were created
 * in it and the stored counts at its start; stuck items now. Investor analytics show the stages
 * the caller works.
 */
export async function pipelineAnalytics(
  ctx: ServiceContext,
  pipeline: 'cases' | 'clients',
  q: CaseAnalyticsQuery | ClientAnalyticsQuery,
): Promise<PipelineAnalytics> {
  const focus = reportFocus(q);
  const kind = pipeline === 'cases' ? 'case' : 'client';
  const def = pipeline === 'cases' ? CASE_PIPELINE : CONTACT_PIPELINE;
  const timeZone = ctx.config.reports.timeZone;
  const today = reportToday(ctx.config);
  const { start, end } = periodOf(q, today, ANALYTICS_DEFAULT_DAYS);
  const stuckDays = q.stuck_days ?? STUCK_DAYS_DEFAULT;
  const visible: readonly string[] = pipeline === 'cases' ? def.path : visibleContactStages(ctx);
  const stages = def.path.filter((s) => visible.includes(s));
  const now = Date.now();
  const windows = await repo.dayWindows(ctx.db, [start, end], timeZone);
  const from = new Date(windows[0]?.start ?? now);
  const to = new Date(Math.min(now, windows[windows.length - 1]?.end ?? now) - 1);

  const ids = from <= to ? await repo.itemsActiveIn(ctx.db, kind, from, to, focus) : [];
  const [histories, startCounts, occupants] = await Promise.all([
    repo.stageHistories(ctx.db, kind, ids),
    stageCountsAtEndOf(ctx, pipeline, addDays(start, -1), focus),
    repo.stageOccupantsSince(
      ctx.db,
      kind,
      def.stuckStages.filter((s) => visible.includes(s)),
      new Date(now - stuckDays * 86_400_000),
      focus,
    ),
  ]);
  const analysis = analyzePipeline(def, {
    items: histories,
    start: from.getTime(),
    end: to.getTime(),
    startCounts,
  });
  const stuck = findStuck(
    def,
    occupants.map((o) => ({ ...o, name: '' })),
    {
      now,
      stuckDays,
      limit: STUCK_LIST_LIMIT,
      stages: visible,
    },
  );
  const names = await repo.itemNames(
    ctx.db,
    kind,
    stuck.items.map((i) => i.id),
  );
  const shown = new Set<string>(stages);
  return {
    pipeline,
    start_at: start,
    end_at: end,
    time_zone: timeZone,
    stuck_days: stuckDays,
    stages,
    conversion: analysis.conversion.filter((c) => shown.has(c.from)),
    time_in_stage: analysis.time_in_stage.filter((t) => shown.has(t.stage)),
    funnel: analysis.funnel.filter((f) => shown.has(f.stage)),
    stuck: {
      total: stuck.total,
      by_stage: stuck.by_stage,
      items: stuck.items.map((i) => ({
        id: i.id,
        name: names.get(i.id) ?? '',
        stage: i.stage,
        since: new Date(i.since).toISOString(),
        days: i.days,
      })),
    },
  };
}
