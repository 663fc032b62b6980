import { Button, Card, Empty, Segmented, Skeleton, Space } from 'antd';
import type { Chart as ChartInstance } from 'chart.js';
import { type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../shared/components/ErrorAlert.tsx';
import { type ChartSpec, isEmptyChart } from '../lib/chartSpec.ts';
import { ChartCanvas } from './ChartCanvas.tsx';
import { DownloadMenu } from './DownloadMenu.tsx';
import { ReportTableView } from './ReportTableView.tsx';

/** Where a card's data stands: loading, failed (with a retry) or here. */
export interface LoadState {
  loading: boolean;
  error: unknown;
  retry: () => void;
}

/** A TanStack query as a LoadState. */
export function loadStateOf(query: {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}) {
  return {
    loading: query.isPending,
    error: query.isError ? query.error : null,
    retry: () => void query.refetch(),
  } satisfies LoadState;
}

/** The body of a card while its data is not there: skeleton, error with retry, or nothing. */
export function CardStatus({ state }: { state: LoadState }) {
  const { t } = useTranslation();
  if (state.error)
    return (
      <div className="report-card__error">
        <ErrorAlert error={state.error} title={t('report.loadError')} />
        <Button size="small" onClick={state.retry}>
          {t('common.retry')}
        </Button>
      </div>
    );
  return <Skeleton active paragraph={{ rows: 5 }} title={false} />;
}

/**
 * One chart of the report in a card: the title, a chart / data-table switch, the downloads, and the
 * chart (or the empty state when there is nothing to draw). `id` names it for tests (`chart-{id}`).
 */
export function ChartCard({
  id,
  title,
  state,
  spec,
  emptyText,
  extra,
  note,
  height = 280,
  className,
}: {
  id: string;
  title: string;
  state: LoadState;
  spec: ChartSpec | undefined;
  emptyText?: string;
  /** Controls of this chart (a currency switch), before the view switch. */
  extra?: ReactNode;
  /** A line above the chart (days still being compiled). */
  note?: ReactNode;
  height?: number;
  className?: string;
}) {
  const { t } = useTranslation();
  const [view, setView] = useState<'chart' | 'table'>('chart');
  const chartRef = useRef<ChartInstance | undefined>(undefined);
  const ready = Boolean(spec) && !state.error && !state.loading;
  const empty = !spec || isEmptyChart(spec);
  const titleId = `chart-${id}-title`;

  let body: ReactNode;
  if (!ready || !spec) body = <CardStatus state={state} />;
  else if (empty)
    body = (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={emptyText ?? t('report.empty')}
        data-testid={`chart-${id}-empty`}
      />
    );
  else if (view === 'table')
    body = <ReportTableView table={spec.table} caption={title} rowHrefs={spec.rowHrefs} />;
  else
    body = (
      <div className="report-chart" style={{ height }}>
        <ChartCanvas spec={spec} label={t('report.chartLabel', { title })} chartRef={chartRef} />
      </div>
    );

  return (
    <Card
      className={`report-card ${className ?? ''}`.trim()}
      data-testid={`chart-${id}`}
      aria-labelledby={titleId}
      role="region"
      title={
        <h5 className="report-card__title" id={titleId}>
          {title}
        </h5>
      }
      extra={
        ready && !empty ? (
          <Space size={8} wrap className="report-card__tools">
            {extra}
            <Segmented<'chart' | 'table'>
              size="small"
              aria-label={t('report.view.label')}
              value={view}
              onChange={setView}
              options={[
                { value: 'chart', label: t('report.view.chart') },
                { value: 'table', label: t('report.view.table') },
              ]}
            />
            <DownloadMenu
              title={title}
              table={spec.table}
              testId={`chart-${id}`}
              image={
                view === 'chart' ? () => chartRef.current?.toBase64Image('image/png', 1) ?? null : undefined
              }
            />
          </Space>
        ) : null
      }
    >
      {ready && note}
      {body}
    </Card>
  );
}
