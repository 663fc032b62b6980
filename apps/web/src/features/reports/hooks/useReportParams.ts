import { type ReportFocus, type ReportType, STUCK_DAYS_DEFAULT } from '@dealflow/domain';
import { useSearchParams } from 'react-router';
import { defaultPeriod, isValidPeriod, type Period, today } from '../lib/period.ts';
import { useReportDay } from './useReportDay.ts';

export const STUCK_DAYS_MAX = 3650;

/**
 * The report page's state, all in the URL (house style), so a view can be linked: `type`, the period
 * (`start_at`, `end_at`), the focus of the trend and analytics (`ao_id` on the case report,
 * `employee_id` on the investor report, or `domain`: one at a time, decision 0022), the stuck
 * threshold (`stuck_days`) and the activity page (`activity_page`).
 * Defaults are left out, so the landing address stays `/dashboard/report?type=case`.
 */
export interface ReportParams {
  type: ReportType | null;
  period: Period;
  /** Whether the URL names the period (otherwise it is the default, the last 30 days). */
  periodSet: boolean;
  /** One AO (case report), one owner (investor report) or one domain; null: everything. */
  focus: ReportFocus;
  stuckDays: number;
  activityPage: number;
}

const isReportType = (value: string | null): value is ReportType => value === 'case' || value === 'investor';

function positiveInt(value: string | null, fallback: number, max: number): number {
  if (value === null || !/^\d{1,9}$/.test(value)) return fallback;
  const n = Number(value);
  return n >= 1 && n <= max ? n : fallback;
}

/** The URL parameter naming the person a report focuses on: the AO of cases, the owner of clients. */
const personParam = (type: ReportType | null) => (type === 'investor' ? 'employee_id' : 'ao_id');

/** The focus the URL names: a person of the report's kind, else a domain; anything else is none. */
function parseFocus(search: URLSearchParams, type: ReportType | null): ReportFocus {
  const person = search.get(personParam(type));
  if (person !== null && /^[1-9]\d{0,8}$/.test(person))
    return { by: type === 'investor' ? 'owner' : 'ao', key: person };
  const domain = search.get('domain')?.trim();
  if (domain && domain.length <= 100) return { by: 'domain', key: domain };
  return null;
}

/** Reads the state from the URL; an invalid period, focus or number falls back to the default. */
export function parseReportParams(search: URLSearchParams, day: string = today()): ReportParams {
  const start = search.get('start_at') ?? '';
  const end = search.get('end_at') ?? '';
  const periodSet = isValidPeriod(start, end);
  const type = isReportType(search.get('type')) ? (search.get('type') as ReportType) : null;
  return {
    type,
    period: periodSet ? { start, end } : defaultPeriod(day),
    periodSet,
    focus: parseFocus(search, type),
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
  if (params.focus)
    out.set(params.focus.by === 'domain' ? 'domain' : personParam(params.type), params.focus.key);
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
