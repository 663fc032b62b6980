import {
  CASE_STAGES,
  type CaseStage,
  CONTACT_STAGES,
  type ContactStage,
  formatDate,
  type PipelineAnalytics,
} from '@dealflow/domain';
import { label } from '../../../shared/i18n/label.ts';
import { type ChartSpec, paletteColor, stageColor } from './chartSpec.ts';
import { days, percent, t } from './common.ts';
import { caseHref, caseListHref, clientHref, clientListHref } from './links.ts';

export type Pipeline = PipelineAnalytics['pipeline'];

export function pipelineStageLabel(pipeline: Pipeline, stage: string): string {
  return pipeline === 'cases' ? label('caseStage', stage) : label('contactStage', stage);
}

const stageOrder = (pipeline: Pipeline) => (pipeline === 'cases' ? CASE_STAGES : CONTACT_STAGES);

/** The list of the items now in a stage. */
export function stageListHref(pipeline: Pipeline, stage: string): string | null {
  if (pipeline === 'cases')
    return (CASE_STAGES as readonly string[]).includes(stage)
      ? caseListHref({ status: stage as CaseStage })
      : null;
  return (CONTACT_STAGES as readonly string[]).includes(stage)
    ? clientListHref({ process_status: stage as ContactStage })
    : null;
}

export function itemHref(pipeline: Pipeline, id: number): string {
  return pipeline === 'cases' ? caseHref(id) : clientHref(id);
}

/** The funnel (horizontal bars): of the items created in the period, how many reached each stage. */
export function funnelChart(a: PipelineAnalytics): ChartSpec {
  const stages = a.funnel.map((f) => f.stage);
  return {
    kind: 'bar',
    horizontal: true,
    labels: stages.map((s) => pipelineStageLabel(a.pipeline, s)),
    series: [
      {
        label: t('report.series.reached'),
        data: a.funnel.map((f) => f.count),
        kind: 'count',
        color: stages.map((s) => stageColor(s, stageOrder(a.pipeline))),
      },
    ],
    hrefAt: (i) => stageListHref(a.pipeline, stages[i] ?? ''),
    table: {
      columns: [
        { key: 'stage', title: t('report.columns.stage'), kind: 'text' },
        { key: 'count', title: t('report.columns.reached'), kind: 'count' },
      ],
      rows: a.funnel.map((f) => ({ stage: pipelineStageLabel(a.pipeline, f.stage), count: f.count })),
    },
    rowHrefs: stages.map((s) => stageListHref(a.pipeline, s)),
  };
}

/** Conversion from each stage to the next (bars in %), with the figures behind each rate. */
export function conversionChart(a: PipelineAnalytics): ChartSpec {
  const step = (from: string, to: string) =>
    `${pipelineStageLabel(a.pipeline, from)} → ${pipelineStageLabel(a.pipeline, to)}`;
  return {
    kind: 'bar',
    // Horizontal: the steps' names (「S1 早期評估 → S2 …」) are long, and read across.
    horizontal: true,
    labels: a.conversion.map((c) => step(c.from, c.to)),
    series: [
      {
        label: t('report.series.rate'),
        data: a.conversion.map((c) => percent(c.rate)),
        kind: 'percent',
        color: paletteColor(0),
      },
    ],
    noteAt: (i) => {
      const c = a.conversion[i];
      return c ? t('report.tooltip.conversion', { advanced: c.advanced, entered: c.entered }) : null;
    },
    table: {
      columns: [
        { key: 'step', title: t('report.columns.step'), kind: 'text' },
        { key: 'entered', title: t('report.columns.entered'), kind: 'count' },
        { key: 'advanced', title: t('report.columns.advanced'), kind: 'count' },
        { key: 'dropped', title: t('report.columns.dropped'), kind: 'count' },
        { key: 'moved_back', title: t('report.columns.movedBack'), kind: 'count' },
        { key: 'rate', title: t('report.columns.rate'), kind: 'percent' },
      ],
      rows: a.conversion.map((c) => ({
        step: step(c.from, c.to),
        entered: c.entered,
        advanced: c.advanced,
        dropped: c.dropped,
        moved_back: c.moved_back,
        rate: percent(c.rate),
      })),
    },
  };
}

/** Median and 90th percentile of the days spent in each stage (stays that ended in the period). */
export function timeInStageChart(a: PipelineAnalytics): ChartSpec {
  const rows = a.time_in_stage;
  return {
    kind: 'bar',
    labels: rows.map((r) => pipelineStageLabel(a.pipeline, r.stage)),
    series: [
      {
        label: t('report.series.median'),
        data: rows.map((r) => days(r.median_days)),
        kind: 'days',
        color: paletteColor(0),
      },
      {
        label: t('report.series.p90'),
        data: rows.map((r) => days(r.p90_days)),
        kind: 'days',
        color: paletteColor(1),
      },
    ],
    hrefAt: (i) => stageListHref(a.pipeline, rows[i]?.stage ?? ''),
    table: {
      columns: [
        { key: 'stage', title: t('report.columns.stage'), kind: 'text' },
        { key: 'samples', title: t('report.columns.samples'), kind: 'count' },
        { key: 'median', title: t('report.columns.median'), kind: 'days' },
        { key: 'p90', title: t('report.columns.p90'), kind: 'days' },
        { key: 'ongoing', title: t('report.columns.ongoing'), kind: 'count' },
      ],
      rows: rows.map((r) => ({
        stage: pipelineStageLabel(a.pipeline, r.stage),
        samples: r.samples,
        median: days(r.median_days),
        p90: days(r.p90_days),
        ongoing: r.ongoing,
      })),
    },
    rowHrefs: rows.map((r) => stageListHref(a.pipeline, r.stage)),
  };
}

/** The stuck items as a table (no chart): name, stage, since, days; each row opens the item. */
export function stuckTable(a: PipelineAnalytics) {
  return {
    table: {
      columns: [
        { key: 'name', title: t('report.columns.name'), kind: 'text' as const },
        { key: 'stage', title: t('report.columns.stage'), kind: 'text' as const },
        { key: 'since', title: t('report.columns.since'), kind: 'text' as const },
        { key: 'days', title: t('report.columns.days'), kind: 'count' as const },
      ],
      rows: a.stuck.items.map((item) => ({
        name: item.name,
        stage: pipelineStageLabel(a.pipeline, item.stage),
        since: formatDate(item.since),
        days: item.days,
      })),
    },
    rowHrefs: a.stuck.items.map((item) => itemHref(a.pipeline, item.id)),
  };
}
