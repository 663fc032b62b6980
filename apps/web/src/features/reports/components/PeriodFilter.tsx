import { CalendarOutlined } from '@ant-design/icons';
import { Button, Segmented } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PERIOD_PRESETS, type Period, type PeriodPreset, presetOf, presetPeriod } from '../lib/period.ts';
import { useReportDay } from '../hooks/useReportDay.ts';

const loadPicker = () => import('./PeriodRangePicker.tsx');
const PeriodRangePicker = lazy(async () => ({ default: (await loadPicker()).PeriodRangePicker }));

/**
 * The report period (start_at, end_at in the URL): quick choices (近 30 天, 近 90 天, 今年, 近一年)
 * and any other span in a range picker. The picker (rc-picker, a third of the page's weight) loads
 * when first asked for, and is fetched ahead as soon as the pointer or focus reaches the button.
 */
export function PeriodFilter({ period, onChange }: { period: Period; onChange: (period: Period) => void }) {
  const { t } = useTranslation();
  const [picking, setPicking] = useState(false);
  const day = useReportDay();
  const preset = presetOf(period, day);
  const button = (
    <Button
      icon={<CalendarOutlined aria-hidden />}
      onClick={() => setPicking(true)}
      onPointerEnter={() => void loadPicker()}
      onFocus={() => void loadPicker()}
      aria-label={`${t('report.period.custom')}：${period.start} ~ ${period.end}`}
      data-testid="report-period-custom"
    >
      {period.start} ~ {period.end}
    </Button>
  );
  return (
    <div className="report-period" data-testid="report-period">
      <Segmented<PeriodPreset>
        aria-label={t('report.period.label')}
        value={preset ?? undefined}
        onChange={(p) => onChange(presetPeriod(p, day))}
        options={PERIOD_PRESETS.map((p) => ({ value: p, label: t(`report.period.presets.${p}`) }))}
      />
      {picking ? (
        <Suspense fallback={button}>
          <PeriodRangePicker period={period} day={day} onChange={onChange} />
        </Suspense>
      ) : (
        button
      )}
    </div>
  );
}
