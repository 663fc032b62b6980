import type { PipelineAnalytics, ReportFocus } from '@dealflow/domain';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type ReportPipeline, usePipelineAnalytics } from '../api/reportsApi.ts';
import { conversionChart, funnelChart, timeInStageChart } from '../lib/analyticsCharts.ts';
import type { Period } from '../lib/period.ts';
import { ChartCard, loadStateOf } from './ChartCard.tsx';
import { StuckCard } from './StuckCard.tsx';

/**
 * Pipeline analytics over the period: the funnel, conversion from each stage to the next, median
 * and 90th-percentile time in each stage, and the items stuck past the threshold.
 */
export function AnalyticsSection({
  pipeline,
  period,
  stuckDays,
  focus,
}: {
  pipeline: ReportPipeline;
  period: Period;
  stuckDays: number;
  focus: ReportFocus;
}) {
  const { t, i18n } = useTranslation();
  const query = usePipelineAnalytics(pipeline, period, stuckDays, focus);
  const state = loadStateOf(query);
  const data: PipelineAnalytics | undefined = query.data;
  // biome-ignore lint/correctness/useExhaustiveDependencies: labels follow the language
  const specs = useMemo(
    () =>
      data
        ? { funnel: funnelChart(data), conversion: conversionChart(data), time: timeInStageChart(data) }
        : null,
    [data, i18n.language],
  );
  const prefix = pipeline === 'cases' ? 'case' : 'client';
  const empty = t('report.emptyPeriod');
  return (
    <div className="report-grid">
      <ChartCard
        id={`${prefix}-funnel`}
        title={t('report.charts.funnel')}
        state={state}
        spec={specs?.funnel}
        emptyText={empty}
      />
      <ChartCard
        id={`${prefix}-conversion`}
        title={t('report.charts.conversion')}
        state={state}
        spec={specs?.conversion}
        emptyText={empty}
      />
      <ChartCard
        id={`${prefix}-time-in-stage`}
        title={t('report.charts.timeInStage')}
        state={state}
        spec={specs?.time}
        emptyText={empty}
      />
      <StuckCard id={`${prefix}-stuck`} state={state} analytics={data} />
    </div>
  );
}
