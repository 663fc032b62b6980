import {
  addDays,
  type CaseReportFacts,
  type ClientReportFacts,
  caseContributions,
  caseMoveContribution,
  clientContributions,
  dayInTimeZone,
  daysFrom,
  isCalendarDate,
  REPORT_MAX_DAYS,
  type RollbackEvent,
  rollbackDays,
  type SnapshotRow,
} from '@dealflow/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { JobDefinition } from '../../jobs/queue.ts';
import * as repo from './repository.ts';

/** What the snapshot work needs: a database, the configuration, a logger. */
export interface SnapshotDeps {
  db: Db;
  config: Config;
  log: FastifyBaseLogger;
}

/** Today, in the report time zone. */
export function reportToday(config: Config, now = new Date()): string {
  return dayInTimeZone(now, config.reports.timeZone);
}

const CASE_FIELDS = [
  'status',
  'is_deleted',
  'ao_id',
  'round',
  'domain_keys',
  'fund_raising',
  'funding',
  'currency',
] as const satisfies readonly (keyof CaseReportFacts)[];
const CLIENT_FIELDS = [
  'process_status',
  'is_deleted',
  'membership',
  'domain_keys',
  'employee_id',
  'check_size',
  'currency',
] as const satisfies readonly (keyof ClientReportFacts)[];

/** A history value as the facts hold it: ids and amounts as numbers, keys as a list of text. */
function coerce(field: string, value: unknown): never {
  if (value === undefined) value = null;
  switch (field) {
    case 'ao_id':
    case 'employee_id':
    case 'fund_raising':
    case 'funding':
    case 'check_size': {
      const n = value === null || value === '' ? null : Number(value);
      return (n === null || Number.isFinite(n) ? n : null) as never;
    }
    case 'domain_keys':
      return (Array.isArray(value) ? value.filter((k) => typeof k === 'string') : []) as never;
    case 'is_deleted':
      return (value === true) as never;
    default:
      return (value === null ? null : String(value)) as never;
  }
}

/**
 * Rebuilds these days' rows from the cases and clients as they are now and the history since the
 * first of them (packages/domain snapshotRollback), handing each day over as it is done, latest
 * first. A day before the first case or client has no rows.
 */
export async function rebuildSnapshotDays(
  deps: SnapshotDeps,
  days: readonly string[],
  onDay: (day: { day: string; rows: SnapshotRow[] }) => Promise<void>,
): Promise<void> {
  if (days.length === 0) return;
  const { db, config } = deps;
  const windows = await repo.dayWindows(db, days, config.reports.timeZone);
  const since = new Date(Math.min(...windows.map((w) => w.start)));
  const [caseItems, clientItems, caseEvents, clientEvents] = await Promise.all([
    repo.caseFacts(db),
    repo.clientFacts(db),
    repo.historySince(db, 'case', since, CASE_FIELDS),
    repo.historySince(db, 'client', since, CLIENT_FIELDS),
  ]);
  const caseDays = rollbackDays<CaseReportFacts>({
    items: caseItems,
    events: caseEvents as RollbackEvent[],
    days: windows,
    fields: CASE_FIELDS,
    coerce,
    contributions: caseContributions,
    flow: (after, changed) => (changed.has('status') ? caseMoveContribution(after) : null),
  });
  const clientDays = rollbackDays<ClientReportFacts>({
    items: clientItems,
    events: clientEvents as RollbackEvent[],
    days: windows,
    fields: CLIENT_FIELDS,
    coerce,
    contributions: clientContributions,
  });
  // Both walk the same days, latest first: a day's rows are the cases' and the clients'.
  for (const c of caseDays) {
    const k = clientDays.next();
    await onDay({ day: c.day, rows: [...c.rows, ...(k.done ? [] : k.value.rows)] });
  }
}

/** Rebuilds and stores these days, a month of days per transaction. A day stored again replaces its rows. */
export async function storeSnapshotDays(deps: SnapshotDeps, days: readonly string[]): Promise<void> {
  let batch: Array<{ day: string; rows: SnapshotRow[] }> = [];
  await rebuildSnapshotDays(deps, days, async (day) => {
    batch.push(day);
    if (batch.length >= 31) {
      await repo.storeDays(deps.db, batch);
      batch = [];
    }
  });
  await repo.storeDays(deps.db, batch);
}

/** The earliest day the job keeps stored: REPORT_MAX_DAYS before today, the longest period a report asks for. */
export function snapshotFloor(today: string): string {
  return addDays(today, -REPORT_MAX_DAYS);
}

/**
 * The past days to store: the last REPORT_MAX_DAYS days up to yesterday, less those already
 * stored (days before the first case or client are stored too, empty: they are known, not missing).
 */
export async function missingSnapshotDays(deps: SnapshotDeps, now = new Date()): Promise<string[]> {
  const today = reportToday(deps.config, now);
  const yesterday = addDays(today, -1);
  const stored = await repo.allStoredDays(deps.db);
  return daysFrom(snapshotFloor(today), yesterday).filter((d) => !stored.has(d));
}

/** The daily job: stores every past day not stored yet (yesterday, and whatever a downtime missed). */
export async function catchUpSnapshots(deps: SnapshotDeps, now = new Date()): Promise<string[]> {
  const missing = await missingSnapshotDays(deps, now);
  if (missing.length > 0) {
    await storeSnapshotDays(deps, missing);
    deps.log.info(
      { days: missing.length, from: missing[0], to: missing[missing.length - 1] },
      'report snapshots stored',
    );
  }
  return missing;
}

export const SNAPSHOT_JOB = 'reports.snapshots';

/** `days`: rebuild these days even if stored (an operator's repair); otherwise catch up. */
export interface SnapshotJobData {
  days?: string[];
}

/**
 * Once a day, 10 minutes past midnight in the report time zone, on one instance: yesterday's
 * counts (and any day missed). Also sent at start-up, so a downtime is caught up at once.
 */
export function snapshotJob(config: Config): JobDefinition<SnapshotJobData> {
  return {
    name: SNAPSHOT_JOB,
    schedule: { cron: '10 0 * * *', timeZone: config.reports.timeZone, data: {} },
    onStart: {},
    // A backfill of three years of 100k cases takes a while.
    expireInSeconds: 60 * 60,
    run: async (data, ctx) => {
      const days = Array.isArray(data.days)
        ? data.days.filter((d) => typeof d === 'string' && isCalendarDate(d))
        : [];
      if (days.length > 0) await storeSnapshotDays(ctx, days);
      else await catchUpSnapshots(ctx);
    },
  };
}
