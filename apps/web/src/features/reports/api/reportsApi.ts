import type {
  ReportFocus,
  CaseActivityEntry,
  CaseBreakdown,
  CaseSummaryReport,
  ClientActivityEntry,
  ClientBreakdown,
  PipelineAnalytics,
  StatusSeries,
} from '@dealflow/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/index.ts';
import type { Period } from '../lib/period.ts';

const V1 = '/api/internal/v1';
const V2 = '/api/internal/v2';

interface Data<T> {
  data: T;
}
export interface ActivityPage<T> {
  result: T[];
  count: number;
}

export type CaseDimension = 'ao' | 'round' | 'domain';
export type ClientDimension = 'ao' | 'type' | 'domain';
export type ReportPipeline = 'cases' | 'clients';

const focusKey = (focus: ReportFocus) => (focus ? `${focus.by}:${focus.key}` : '');

/** Every report answer sits under `reports`: one invalidation refreshes the page. */
export const reportKeys = {
  all: ['reports'] as const,
  caseSummary: () => ['reports', 'cases', 'summary'] as const,
  caseBreakdown: (dimension: CaseDimension) => ['reports', 'cases', dimension] as const,
  clientBreakdown: (dimension: ClientDimension) => ['reports', 'client', dimension] as const,
  status: (pipeline: ReportPipeline, period: Period, focus: ReportFocus) =>
    ['reports', pipeline, 'status', period.start, period.end, focusKey(focus)] as const,
  analytics: (pipeline: ReportPipeline, period: Period, stuckDays: number, focus: ReportFocus) =>
    ['reports', pipeline, 'analytics', period.start, period.end, stuckDays, focusKey(focus)] as const,
  activity: (pipeline: ReportPipeline, page: number, size: number) =>
    ['reports', pipeline, 'activity', page, size] as const,
};

async function read<T>(path: string, query?: Record<string, string | number>): Promise<T> {
  return (await api.get<Data<T>>(path, query ? { query } : undefined)).data;
}

/** `v2/snapshots/cases/summary`: the summary row and the cases by stage (live). */
export function useCaseSummary() {
  return useQuery({
    queryKey: reportKeys.caseSummary(),
    queryFn: () => read<CaseSummaryReport>(`${V2}/snapshots/cases/summary`),
  });
}

/** `v2/snapshots/cases/{ao,round,domain}`, live. */
export function useCaseBreakdown(dimension: CaseDimension) {
  return useQuery({
    queryKey: reportKeys.caseBreakdown(dimension),
    queryFn: () => read<CaseBreakdown>(`${V2}/snapshots/cases/${dimension}`),
  });
}

/** `v2/snapshots/client/{ao,type,domain}`, live; counted over the contact stages the caller works. */
export function useClientBreakdown(dimension: ClientDimension) {
  return useQuery({
    queryKey: reportKeys.clientBreakdown(dimension),
    queryFn: () => read<ClientBreakdown>(`${V2}/snapshots/client/${dimension}`),
  });
}

const periodQuery = (period: Period) => ({ start_at: period.start, end_at: period.end });

/** The focus as the server reads it: `ao_id` (cases), `employee_id` (clients) or `domain`. */
function focusQuery(focus: ReportFocus): Record<string, string> {
  if (!focus) return {};
  if (focus.by === 'domain') return { domain: focus.key };
  return { [focus.by === 'ao' ? 'ao_id' : 'employee_id']: focus.key };
}

/** `v2/snapshots/{cases,client}/status` over the period; the previous period stays drawn while the next loads. */
export function useStatusSeries(pipeline: ReportPipeline, period: Period, focus: ReportFocus) {
  const path = pipeline === 'cases' ? 'cases' : 'client';
  return useQuery({
    queryKey: reportKeys.status(pipeline, period, focus),
    queryFn: () =>
      read<StatusSeries>(`${V2}/snapshots/${path}/status`, { ...periodQuery(period), ...focusQuery(focus) }),
    placeholderData: keepPreviousData,
  });
}

/** `v2/analytics/{cases,clients}` over the period, with the stuck threshold. */
export function usePipelineAnalytics(
  pipeline: ReportPipeline,
  period: Period,
  stuckDays: number,
  focus: ReportFocus,
) {
  return useQuery({
    queryKey: reportKeys.analytics(pipeline, period, stuckDays, focus),
    queryFn: () =>
      read<PipelineAnalytics>(`${V2}/analytics/${pipeline}`, {
        ...periodQuery(period),
        ...focusQuery(focus),
        stuck_days: stuckDays,
      }),
    placeholderData: keepPreviousData,
  });
}

/** The activity feeds (SPEC section 9: page 1, size 10 by default). */
export const ACTIVITY_PAGE_SIZE = 10;

export function useCaseActivity(page: number) {
  return useQuery({
    queryKey: reportKeys.activity('cases', page, ACTIVITY_PAGE_SIZE),
    queryFn: () =>
      read<ActivityPage<CaseActivityEntry>>(`${V1}/caseActivity`, { page, size: ACTIVITY_PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
}

export function useClientActivity(page: number) {
  return useQuery({
    queryKey: reportKeys.activity('clients', page, ACTIVITY_PAGE_SIZE),
    queryFn: () =>
      read<ActivityPage<ClientActivityEntry>>(`${V1}/clientActivity`, { page, size: ACTIVITY_PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
}
