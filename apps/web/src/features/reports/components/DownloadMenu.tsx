import { DownloadOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorToast } from '../../../shared/components/ErrorAlert.tsx';
import { downloadCsv, downloadDataUrl, downloadXlsx } from '../lib/download.ts';
import { useReportDay } from '../hooks/useReportDay.ts';
import { exportFileName, type ReportTable } from '../lib/reportTable.ts';

export type DownloadFormat = 'csv' | 'xlsx' | 'png';

/**
 * The downloads of one chart: its data as CSV or XLSX, the chart as PNG. File names are the
 * chart's title in the UI language with the day (「各輪次案件_2026-05-01.xlsx」).
 */
export function DownloadMenu({
  title,
  table,
  image,
  testId,
}: {
  title: string;
  table: ReportTable;
  /** The chart as a PNG data URL (`chart.toBase64Image()`); absent when no chart is drawn. */
  image?: () => string | null;
  testId: string;
}) {
  const { t } = useTranslation();
  const showError = useErrorToast();
  const day = useReportDay();
  const [busy, setBusy] = useState(false);

  async function download(format: DownloadFormat) {
    const name = exportFileName(title, day, format);
    try {
      if (format === 'csv') downloadCsv(table, name);
      else if (format === 'xlsx') {
        setBusy(true);
        await downloadXlsx(table, title, name);
      } else {
        const url = image?.();
        if (url) downloadDataUrl(url, name);
      }
    } catch (error) {
      showError(error, t('report.download.failed'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: [
          { key: 'csv', label: t('report.download.csv') },
          { key: 'xlsx', label: t('report.download.xlsx') },
          ...(image ? [{ key: 'png', label: t('report.download.png') }] : []),
        ],
        onClick: ({ key }) => void download(key as DownloadFormat),
      }}
    >
      <Button
        size="small"
        icon={<DownloadOutlined aria-hidden />}
        loading={busy}
        aria-label={t('report.download.menu', { title })}
        data-testid={`${testId}-download`}
      >
        {t('report.download.label')}
      </Button>
    </Dropdown>
  );
}
