import { Alert } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type ReportPipeline, useStatusSeries } from '../api/reportsApi.ts';
import { pipelineStageLabel } from '../lib/analyticsCharts.ts';
import { statusChart } from '../lib/caseCharts.ts';
import type { Period } from '../lib/period.ts';
import { CASE_STAGES, CONTACT_STAGES, type ReportFocus } from '@dealflow/domain';
import { ChartCard, loadStateOf } from './ChartCard.tsx';

/** How many cases (or clients) were in each stage on each day of the period (cases/status, client/status). */
export function StatusChartCard({
  pipeline,
  period,
  focus,
}: {
  pipeline: ReportPipeline;
  period: Period;
  focus: ReportFocus;
}) {
  const { t, i18n } = useTranslation();
  const query = useStatusSeries(pipeline, period, focus);
  const data = query.data;
  // biome-ignore lint/correctness/useExhaustiveDependencies: labels follow the language
  const spec = useMemo(
    () =>
      data
        ? statusChart(
            data,
            (s) => pipelineStageLabel(pipeline, s),
            pipeline === 'cases' ? CASE_STAGES : CONTACT_STAGES,
          )
        : undefined,
    [data, pipeline, i18n.language],
  );
  const missing = data?.missing_days.length ?? 0;
  return (
    <ChartCard
      id={pipeline === 'cases' ? 'case-status' : 'client-status'}
      title={t(pipeline === 'cases' ? 'report.charts.caseStatus' : 'report.charts.clientStatus')}
      state={loadStateOf(query)}
      spec={spec}
      emptyText={t('report.emptyPeriod')}
      height={320}
      className="is-wide"
      note={
        missing > 0 ? (
          <Alert
            className="report-card__note"
            type="info"
            showIcon
            title={t('report.missingDays', { count: missing })}
          />
        ) : null
      }
    />
  );
}
