import {
  CASE_STAGES,
  type CaseBreakdown,
  type CaseSummaryReport,
  daysFrom,
  type StatusSeries,
} from '@dealflow/domain';
import { label } from '../../../shared/i18n/label.ts';
import { type ChartSpec, paletteColor, stageColor } from './chartSpec.ts';
import { amountCells, amountColumns, currenciesOf, currencyName, slicesOf, t } from './common.ts';
import { caseListHref } from './links.ts';
import type { CellValue } from './reportTable.ts';

/** Cases by stage (bar): a bar opens the case list at that stage. */
export function caseStageChart(summary: CaseSummaryReport): ChartSpec {
  const stages = [...CASE_STAGES];
  const counts = stages.map((s) => summary.by_stage[s]);
  return {
    kind: 'bar',
    labels: stages.map((s) => label('caseStage', s)),
    series: [
      {
        label: t('report.series.cases'),
        data: counts,
        kind: 'count',
        color: stages.map((s) => stageColor(s, CASE_STAGES)),
      },
    ],
    hrefAt: (i) => caseListHref({ status: stages[i] }),
    table: {
      columns: [
        { key: 'stage', title: t('report.columns.stage'), kind: 'text' },
        { key: 'count', title: t('report.columns.cases'), kind: 'count' },
      ],
      rows: stages.map((s, i) => ({ stage: label('caseStage', s), count: counts[i] ?? 0 })),
    },
    rowHrefs: stages.map((s) => caseListHref({ status: s })),
  };
}

type GroupDimension = 'round' | 'domain' | 'ao';

/** The name of a case group: a round as typed, a domain by its label, an AO by name. */
export function caseGroupName(
  dimension: GroupDimension,
  group: { key: string; name: string | null },
  domainLabel: (key: string) => string,
): string {
  if (group.key === '') return t(`report.none.${dimension}`);
  if (dimension === 'domain') return domainLabel(group.key);
  if (dimension === 'ao') return group.name ?? `#${group.key}`;
  return group.key;
}

function caseGroupHref(dimension: GroupDimension, key: string | null): string | null {
  if (!key) return null;
  return caseListHref(dimension === 'ao' ? { ao: key } : { [dimension]: key });
}

/** The table of a case breakdown: every group, its count, in progress and raising per currency. */
function caseGroupTable(
  dimension: GroupDimension,
  answer: CaseBreakdown,
  domainLabel: (key: string) => string,
) {
  const currencies = currenciesOf(answer.result.map((g) => g.fund_raising));
  return {
    table: {
      columns: [
        { key: 'name', title: t(`report.columns.${dimension}`), kind: 'text' as const },
        { key: 'count', title: t('report.columns.cases'), kind: 'count' as const },
        { key: 'in_progress', title: t('report.columns.inProgress'), kind: 'count' as const },
        ...amountColumns(currencies, (currency) => t('report.columns.raising', { currency })),
      ],
      rows: answer.result.map(
        (g): Record<string, CellValue> => ({
          name: caseGroupName(dimension, g, domainLabel),
          count: g.count,
          in_progress: g.in_progress,
          ...amountCells(currencies, g.fund_raising),
        }),
      ),
    },
    rowHrefs: answer.result.map((g) => caseGroupHref(dimension, g.key)),
    currencies,
  };
}

/** Cases by round or by domain (doughnut): a slice opens the case list filtered to it. */
export function caseDoughnut(
  dimension: 'round' | 'domain',
  answer: CaseBreakdown,
  domainLabel: (key: string) => string,
): ChartSpec {
  const slices = slicesOf(answer.result, (g) => caseGroupName(dimension, g, domainLabel));
  const { table, rowHrefs } = caseGroupTable(dimension, answer, domainLabel);
  return {
    kind: 'doughnut',
    labels: slices.map((s) => s.label),
    series: [
      {
        label: t('report.series.cases'),
        data: slices.map((s) => s.count),
        kind: 'count',
        color: slices.map((s, i) => (s.key === null ? '#bfbfbf' : paletteColor(i))),
      },
    ],
    hrefAt: (i) => caseGroupHref(dimension, slices[i]?.key ?? null),
    table,
    rowHrefs,
  };
}

/** The currencies a per-AO chart can show its amounts in. */
export function aoCurrencies(answer: CaseBreakdown): string[] {
  return currenciesOf(answer.result.map((g) => g.fund_raising));
}

/**
 * Cases per AO (bar): the count, and beside it (right axis) the amount their cases in progress are
 * raising in one currency at a time. A bar opens the case list of that AO.
 */
export function caseAoChart(answer: CaseBreakdown, currency: string | null): ChartSpec {
  const groups = answer.result;
  const { table, rowHrefs } = caseGroupTable('ao', answer, (k) => k);
  return {
    kind: 'bar',
    labels: groups.map((g) => caseGroupName('ao', g, (k) => k)),
    series: [
      {
        label: t('report.series.cases'),
        data: groups.map((g) => g.count),
        kind: 'count',
        color: paletteColor(0),
      },
      ...(currency
        ? [
            {
              label: t('report.series.raising', { currency: currencyName(currency) }),
              data: groups.map((g) => g.fund_raising[currency] ?? 0),
              kind: 'money' as const,
              currency,
              color: paletteColor(1),
              secondAxis: true,
            },
          ]
        : []),
    ],
    hrefAt: (i) => caseGroupHref('ao', groups[i]?.key ?? null),
    table,
    rowHrefs,
  };
}

/**
 * How many items were in each stage on each day (line per stage). Days without a stored snapshot
 * (`missing_days`) are gaps, not zeros; a stage with no entry on a stored day had none.
 */
export function statusChart(
  series: StatusSeries,
  stageLabel: (stage: string) => string,
  order: readonly string[],
): ChartSpec {
  const dayList = daysFrom(series.start_at, series.end_at);
  const missing = new Set(series.missing_days);
  const counts = new Map<string, number>();
  for (const e of series.result) counts.set(`${e.date}|${e.stage}`, e.count);
  const value = (day: string, stage: string) =>
    missing.has(day) ? null : (counts.get(`${day}|${stage}`) ?? 0);
  return {
    kind: 'line',
    labels: dayList,
    series: series.stages.map((stage) => ({
      label: stageLabel(stage),
      data: dayList.map((d) => value(d, stage)),
      kind: 'count',
      color: stageColor(stage, order),
    })),
    table: {
      columns: [
        { key: 'date', title: t('report.columns.date'), kind: 'text' },
        ...series.stages.map((s) => ({ key: s, title: stageLabel(s), kind: 'count' as const })),
      ],
      rows: dayList
        .filter((d) => !missing.has(d))
        .map((d) => ({ date: d, ...Object.fromEntries(series.stages.map((s) => [s, value(d, s)])) })),
    },
  };
}
