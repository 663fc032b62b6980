import { formatNumber, type PipelineAnalytics } from '@dealflow/domain';
import { Card, Empty, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { pipelineStageLabel, stuckTable } from '../lib/analyticsCharts.ts';
import { CardStatus, type LoadState } from './ChartCard.tsx';
import { DownloadMenu } from './DownloadMenu.tsx';
import { ReportTableView } from './ReportTableView.tsx';

/** Items in their stage for at least `stuck_days` days, the longest first, each linking to its page. */
export function StuckCard({
  id,
  state,
  analytics,
}: {
  id: string;
  state: LoadState;
  analytics: PipelineAnalytics | undefined;
}) {
  const { t } = useTranslation();
  const title = t('report.charts.stuck');
  const titleId = `chart-${id}-title`;
  const ready = analytics && !state.error && !state.loading;
  const data = ready ? stuckTable(analytics) : null;
  return (
    <Card
      className="report-card"
      data-testid={`chart-${id}`}
      role="region"
      aria-labelledby={titleId}
      title={
        <h5 className="report-card__title" id={titleId}>
          {title}
        </h5>
      }
      extra={
        data && data.table.rows.length > 0 ? (
          <DownloadMenu title={title} table={data.table} testId={`chart-${id}`} />
        ) : null
      }
    >
      {!ready || !data ? (
        <CardStatus state={state} />
      ) : analytics.stuck.total === 0 ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={t('report.analytics.stuckEmpty', { days: analytics.stuck_days })}
          data-testid={`chart-${id}-empty`}
        />
      ) : (
        <>
          <p className="report-stuck__total">
            {t('report.analytics.stuckTotal', {
              days: analytics.stuck_days,
              total: formatNumber(analytics.stuck.total),
            })}
            {analytics.stuck.total > analytics.stuck.items.length &&
              `（${t('report.analytics.stuckListed', { count: analytics.stuck.items.length })}）`}
          </p>
          <div className="report-stuck__stages">
            {Object.entries(analytics.stuck.by_stage)
              .filter(([, n]) => n > 0)
              .map(([stage, n]) => (
                <Tag key={stage}>
                  {pipelineStageLabel(analytics.pipeline, stage)}：{formatNumber(n)}
                </Tag>
              ))}
          </div>
          <ReportTableView table={data.table} caption={title} rowHrefs={data.rowHrefs} />
        </>
      )}
    </Card>
  );
}
