import { z } from 'zod';
import { MAX_PAGE_SIZE } from '../constants.ts';
import { daysBetween, isCalendarDate, REPORT_MAX_DAYS, STUCK_DAYS_DEFAULT } from '../reports.ts';
import { CASE_STAGES, CONTACT_STAGES } from '../stages.ts';
import { CaseLogEntry } from './cases.ts';
import { ClientLogEntry } from './clients.ts';

/**
 * Reports and snapshots (SPEC section 7 "Reports and snapshots", issue 10), all GET, all staff.
 * Who reads what (policy table): case reports `reports.cases` (admin, ao), investor reports
 * `reports.investors` (admin, ir, sa); investors and startups 403, anonymous 401. Investor figures
 * only count the contact stages the caller works (clientRules: sa p0–p4, ir p5–p6, both drop).
 *
 * Days are calendar days in the server's report time zone (`time_zone` in the answers, Asia/Taipei
 * by default), written YYYY-MM-DD. A stored day holds the counts as they stood at the end of that
 * day; today's figures are live. Amounts are sums per currency (`{ "NTD": 5000000, "USD": 20000 }`),
 * never converted or mixed. Deleted cases and clients are never counted.
 */

const date = (field: string) =>
  z.string().refine(isCalendarDate, { message: `${field} must be a date (YYYY-MM-DD)` });

/** A period: both ends included; `end_at` not before `start_at`, at most REPORT_MAX_DAYS days. */
function checkPeriod(
  q: { start_at?: string | undefined; end_at?: string | undefined },
  ctx: z.RefinementCtx,
) {
  if (!q.start_at || !q.end_at || !isCalendarDate(q.start_at) || !isCalendarDate(q.end_at)) return;
  const span = daysBetween(q.start_at, q.end_at);
  if (span < 0)
    ctx.addIssue({ code: 'custom', path: ['end_at'], message: 'end_at must not be before start_at' });
  else if (span + 1 > REPORT_MAX_DAYS)
    ctx.addIssue({
      code: 'custom',
      path: ['end_at'],
      message: `The period can span at most ${REPORT_MAX_DAYS} days`,
    });
}
const PeriodFields = { start_at: date('start_at').optional(), end_at: date('end_at').optional() };

/**
 * `GET v2/snapshots/cases/status` and `client/status`: `start_at`, `end_at` (YYYY-MM-DD, both
 * included). Without them: the last REPORT_DEFAULT_DAYS days up to today; a missing `start_at`
 * starts REPORT_DEFAULT_DAYS days before `end_at`, a missing `end_at` is today. Days after today
 * are left out (the answer's `end_at` says where it stops).
 */
export const SnapshotSeriesQuery = z.object(PeriodFields).superRefine(checkPeriod);
export type SnapshotSeriesQuery = z.infer<typeof SnapshotSeriesQuery>;

/**
 * A report's focus (decision 0022): the case series and analytics of one AO (`ao_id`) or of one
 * domain (`domain`); the investor ones of one owner (`employee_id`) or one domain. One at a time:
 * the stored days keep each dimension on its own (an AO's counts, a domain's counts), and a focus
 * on both would need every AO × domain cell of every day. Analytics follow the items by their
 * current AO, owner or domain; the series by theirs at the end of each day.
 */
const DomainFocus = { domain: z.string().trim().min(1).max(100).optional() };
const CaseFocus = { ao_id: z.coerce.number().int().min(1).optional(), ...DomainFocus };
const ClientFocus = { employee_id: z.coerce.number().int().min(1).optional(), ...DomainFocus };
function checkFocus(q: { ao_id?: number; employee_id?: number; domain?: string }, ctx: z.RefinementCtx) {
  if ((q.ao_id !== undefined || q.employee_id !== undefined) && q.domain !== undefined)
    ctx.addIssue({
      code: 'custom',
      path: ['domain'],
      message: `Focus on one ${q.ao_id !== undefined ? 'ao_id' : 'employee_id'} or one domain, not both`,
    });
}
/** The focus a query names, as a stored dimension and its key; none when it names none. */
export type ReportFocus = { by: 'ao' | 'owner' | 'domain'; key: string } | null;
export function reportFocus(q: { ao_id?: number; employee_id?: number; domain?: string }): ReportFocus {
  if (q.ao_id !== undefined) return { by: 'ao', key: String(q.ao_id) };
  if (q.employee_id !== undefined) return { by: 'owner', key: String(q.employee_id) };
  if (q.domain !== undefined) return { by: 'domain', key: q.domain };
  return null;
}

/** `cases/status` with an optional focus: `ao_id` or `domain`. */
export const CaseSeriesQuery = z
  .object({ ...PeriodFields, ...CaseFocus })
  .strict()
  .superRefine(checkPeriod)
  .superRefine(checkFocus);
export type CaseSeriesQuery = z.infer<typeof CaseSeriesQuery>;
/** `client/status` with an optional focus: `employee_id` (the owner) or `domain`. */
export const ClientSeriesQuery = z
  .object({ ...PeriodFields, ...ClientFocus })
  .strict()
  .superRefine(checkPeriod)
  .superRefine(checkFocus);
export type ClientSeriesQuery = z.infer<typeof ClientSeriesQuery>;

/**
 * `GET v2/snapshots/{cases,client}/{ao,round,domain,summary,type}`: `on` (YYYY-MM-DD) answers as
 * of the end of a stored day; without it, with today or a later day, the figures are today's, live.
 */
export const SnapshotDayQuery = z.object({ on: date('on').optional() });
export type SnapshotDayQuery = z.infer<typeof SnapshotDayQuery>;

/** `GET v1/caseActivity` and `v1/clientActivity`: page (from 1) and size, 1 and 10 by default. */
export const ActivityQuery = z.object({
  page: z.coerce.number().int().min(1).optional(),
  size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).optional(),
});
export type ActivityQuery = z.infer<typeof ActivityQuery>;

/**
 * `GET v2/analytics/cases` and `v2/analytics/clients`: the period (as the status series; by
 * default the last ANALYTICS_DEFAULT_DAYS days) and `stuck_days` (1–3650, STUCK_DAYS_DEFAULT by
 * default): how long an item must have been in its stage to count as stuck.
 */
const StuckField = { stuck_days: z.coerce.number().int().min(1).max(3650).optional() };
export const AnalyticsQuery = z.object({ ...PeriodFields, ...StuckField }).superRefine(checkPeriod);
export type AnalyticsQuery = z.infer<typeof AnalyticsQuery>;
/** `analytics/cases` with an optional focus (`ao_id` or `domain`). */
export const CaseAnalyticsQuery = z
  .object({ ...PeriodFields, ...StuckField, ...CaseFocus })
  .strict()
  .superRefine(checkPeriod)
  .superRefine(checkFocus);
export type CaseAnalyticsQuery = z.infer<typeof CaseAnalyticsQuery>;
/** `analytics/clients` with an optional focus (`employee_id` or `domain`). */
export const ClientAnalyticsQuery = z
  .object({ ...PeriodFields, ...StuckField, ...ClientFocus })
  .strict()
  .superRefine(checkPeriod)
  .superRefine(checkFocus);
export type ClientAnalyticsQuery = z.infer<typeof ClientAnalyticsQuery>;
/** The analytics period when none is given: the last 90 days, today included. */
export const ANALYTICS_DEFAULT_DAYS = 90;
export { STUCK_DAYS_DEFAULT };

// ── Answers ────────────────────────────────────────────────────────────────────────────────────

const Amounts = z.record(z.string(), z.number());
const byStage = <S extends readonly [string, ...string[]]>(stages: S) =>
  z.object(Object.fromEntries(stages.map((s) => [s, z.number().int()])) as Record<S[number], z.ZodNumber>);
const CaseStageCounts = byStage(CASE_STAGES);
/** Client counts by contact stage: only the stages the caller works are present. */
const ContactStageCounts = z.partialRecord(z.enum(CONTACT_STAGES), z.number().int());

/** One day's count of one stage. */
export const StatusSeriesEntry = z.object({
  date: z.string(),
  stage: z.string(),
  count: z.number().int(),
});
export type StatusSeriesEntry = z.infer<typeof StatusSeriesEntry>;

/**
 * A status series: one entry per day per stage (`stages`, in pipeline order), days in order. Past
 * days come from the stored snapshots, today (`live_from`, when inside the period) is counted
 * live. `missing_days` lists past days not stored yet (the daily job is catching up, and is asked
 * to): they have no entries.
 */
export const StatusSeries = z.object({
  start_at: z.string(),
  end_at: z.string(),
  time_zone: z.string(),
  live_from: z.string(),
  stages: z.array(z.string()),
  missing_days: z.array(z.string()),
  result: z.array(StatusSeriesEntry),
});
export type StatusSeries = z.infer<typeof StatusSeries>;

/** When the figures are from: `on` the day, `live` for today's live figures, `missing` if not stored. */
const AsOf = {
  on: z.string(),
  time_zone: z.string(),
  live: z.boolean(),
  /** A past day that is not stored (yet): `result` is empty. */
  missing: z.boolean(),
};

/**
 * One group of cases (an AO, a round, a domain). `key` is the AO's employee id, the round or the
 * domain key; '' groups the cases without one. `count` is every case of the group, `stages` by
 * stage, `in_progress` those in s0–s4 and `fund_raising` their fund raising per currency.
 */
export const CaseGroup = z.object({
  key: z.string(),
  /** The AO's name (cases/ao); null for rounds and domains (the web labels those keys). */
  name: z.string().nullable(),
  count: z.number().int(),
  in_progress: z.number().int(),
  stages: CaseStageCounts,
  fund_raising: Amounts,
});
export type CaseGroup = z.infer<typeof CaseGroup>;

/** `cases/ao`, `cases/round`, `cases/domain`: groups by count, largest first. A case with two domains counts in both. */
export const CaseBreakdown = z.object({ ...AsOf, result: z.array(CaseGroup) });
export type CaseBreakdown = z.infer<typeof CaseBreakdown>;

/**
 * One group of clients (a membership tier, a domain, an owner). `key` is the tier, the domain key
 * or the owner's employee id ('' for none); `count` and `stages` over the stages the caller works;
 * `check_size` summed per currency.
 */
export const ClientGroup = z.object({
  key: z.string(),
  /** The owner's name (client/ao); null for tiers and domains. */
  name: z.string().nullable(),
  count: z.number().int(),
  stages: ContactStageCounts,
  check_size: Amounts,
});
export type ClientGroup = z.infer<typeof ClientGroup>;

/** `client/ao`, `client/type`, `client/domain`: groups by count, largest first. */
export const ClientBreakdown = z.object({
  ...AsOf,
  /** The contact stages counted: the ones the caller works. */
  stages: z.array(z.enum(CONTACT_STAGES)),
  result: z.array(ClientGroup),
});
export type ClientBreakdown = z.infer<typeof ClientBreakdown>;

/**
 * `cases/summary`: the report's summary row. `in_progress` and `raising` are the cases in s0–s4
 * and their fund raising; `funded_this_year` the moves into after_invest from 1 January of `on`'s
 * year to `on` (with the funding of those cases), `dropped_this_year` the moves into drop.
 * `missing_days` lists stored days those year figures lack (they count without them).
 */
export const CaseSummaryReport = z.object({
  ...AsOf,
  year: z.number().int(),
  total: z.number().int(),
  in_progress: z.number().int(),
  raising: Amounts,
  by_stage: CaseStageCounts,
  funded_this_year: z.object({ count: z.number().int(), funding: Amounts }),
  dropped_this_year: z.object({ count: z.number().int() }),
  missing_days: z.array(z.string()),
});
export type CaseSummaryReport = z.infer<typeof CaseSummaryReport>;

/** `v1/caseActivity`: one history entry of a case, with the case it belongs to (to link to it). */
export const CaseActivityEntry = CaseLogEntry.extend({
  case: z.object({
    id: z.number().int(),
    name: z.string(),
    status: z.enum(CASE_STAGES),
    is_deleted: z.boolean(),
  }),
});
export type CaseActivityEntry = z.infer<typeof CaseActivityEntry>;

/**
 * `v1/clientActivity`: one history entry of a client the caller may open now (their contact
 * stages; a deleted client only for admin and its owner), with the client.
 */
export const ClientActivityEntry = ClientLogEntry.extend({
  client: z.object({
    id: z.number().int(),
    name: z.string(),
    process_status: z.enum(CONTACT_STAGES),
    is_deleted: z.boolean(),
  }),
});
export type ClientActivityEntry = z.infer<typeof ClientActivityEntry>;

const ConversionStep = z.object({
  from: z.string(),
  to: z.string(),
  entered: z.number().int(),
  advanced: z.number().int(),
  dropped: z.number().int(),
  moved_back: z.number().int(),
  rate: z.number().nullable(),
});
const StageTime = z.object({
  stage: z.string(),
  samples: z.number().int(),
  median_days: z.number().nullable(),
  p90_days: z.number().nullable(),
  ongoing: z.number().int(),
});
const StuckItem = z.object({
  id: z.number().int(),
  name: z.string(),
  stage: z.string(),
  /** When the item entered its stage. */
  since: z.string(),
  days: z.number().int(),
});

/**
 * `v2/analytics/cases` (the case stages) and `v2/analytics/clients` (the contact pipeline p0–p6).
 * Over the period, per stage of the forward path (`stages`; for clients the ones the caller works):
 * - `conversion`: of the items in a stage at some time in the period (`entered`), how many moved on
 *   to a later stage (`advanced`, `rate` = advanced / entered), went to drop or moved back;
 * - `time_in_stage`: median and 90th percentile (interpolated) of the stays in the stage that
 *   ended in the period, in days, over `samples` stays; `ongoing` items still there at its end;
 * - `funnel`: of the items created in the period, how many reached each stage (or a later one);
 * - `stuck`: items in a stage now for at least `stuck_days` days (not the final stages: after_invest
 *   and finish, p6), the longest first (at most STUCK_LIST_LIMIT listed; `total`, `by_stage` all).
 */
export const PipelineAnalytics = z.object({
  pipeline: z.enum(['cases', 'clients']),
  start_at: z.string(),
  end_at: z.string(),
  time_zone: z.string(),
  stuck_days: z.number().int(),
  stages: z.array(z.string()),
  conversion: z.array(ConversionStep),
  time_in_stage: z.array(StageTime),
  funnel: z.array(z.object({ stage: z.string(), count: z.number().int() })),
  stuck: z.object({
    total: z.number().int(),
    by_stage: z.record(z.string(), z.number().int()),
    items: z.array(StuckItem),
  }),
});
export type PipelineAnalytics = z.infer<typeof PipelineAnalytics>;
