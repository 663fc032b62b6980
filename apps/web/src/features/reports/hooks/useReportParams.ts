import { type ReportType, STUCK_DAYS_DEFAULT } from '@dealflow/domain';
import { useSearchParams } from 'react-router';
import { defaultPeriod, isValidPeriod, type Period, today } from '../lib/period.ts';
import { useReportDay } from './useReportDay.ts';

export const STUCK_DAYS_MAX = 3650;

/**
 * The report page's state, all in the URL (house style), so a view can be linked: `type`, the period
 * (`start_at`, `end_at`), the stuck threshold (`stuck_days`) and the activity page (`activity_page`).
 * Defaults are left out, so the landing address stays `/dashboard/report?type=case`.
 */
export interface ReportParams {
  type: ReportType | null;
  period: Period;
  /** Whether the URL names the period (otherwise it is the default, the last 30 days). */
  periodSet: boolean;
  stuckDays: number;
  activityPage: number;
}

const isReportType = (value: string | null): value is ReportType => value === 'case' || value === 'investor';

function positiveInt(value: string | null, fallback: number, max: number): number {
  if (value === null || !/^\d{1,9}$/.test(value)) return fallback;
  const n = Number(value);
  return n >= 1 && n <= max ? n : fallback;
}

/** Reads the state from the URL; an invalid period or number falls back to the default. */
export function parseReportParams(search: URLSearchParams, day: string = today()): ReportParams {
  const start = search.get('start_at') ?? '';
  const end = search.get('end_at') ?? '';
  const periodSet = isValidPeriod(start, end);
  return {
    type: isReportType(search.get('type')) ? (search.get('type') as ReportType) : null,
    period: periodSet ? { start, end } : defaultPeriod(day),
    periodSet,
    stuckDays: positiveInt(search.get('stuck_days'), STUCK_DAYS_DEFAULT, STUCK_DAYS_MAX),
    activityPage: positiveInt(search.get('activity_page'), 1, 1_000_000),
  };
}

export function reportSearch(params: ReportParams): URLSearchParams {
  const out = new URLSearchParams();
  if (params.type) out.set('type', params.type);
  if (params.periodSet) {
    out.set('start_at', params.period.start);
    out.set('end_at', params.period.end);
  }
  if (params.stuckDays !== STUCK_DAYS_DEFAULT) out.set('stuck_days', String(params.stuckDays));
  if (params.activityPage !== 1) out.set('activity_page', String(params.activityPage));
  return out;
}

export function useReportParams() {
  const [search, setSearch] = useSearchParams();
  const params = parseReportParams(search, useReportDay());
  function update(patch: Partial<ReportParams>) {
    setSearch(reportSearch({ ...params, ...patch }), { replace: true });
  }
  return { params, update };
}
