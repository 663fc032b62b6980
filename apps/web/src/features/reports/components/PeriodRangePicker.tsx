import { REPORT_MAX_DAYS } from '@dealflow/domain';
import { DatePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { PERIOD_PRESETS, type Period, presetPeriod } from '../lib/period.ts';

/**
 * The range picker of the report period, up to REPORT_MAX_DAYS days, today at the latest. Loaded
 * when the user first asks for a custom period (PeriodFilter), so the picker does not weigh on the page.
 */
export function PeriodRangePicker({
  period,
  day,
  onChange,
}: {
  period: Period;
  day: string;
  onChange: (period: Period) => void;
}) {
  const { t } = useTranslation();
  const end = dayjs(day);
  return (
    <DatePicker.RangePicker
      aria-label={t('report.period.custom')}
      allowClear={false}
      defaultOpen
      autoFocus
      value={[dayjs(period.start), dayjs(period.end)]}
      placeholder={[t('report.period.start'), t('report.period.end')]}
      presets={PERIOD_PRESETS.map((p) => {
        const q = presetPeriod(p, day);
        return {
          label: t(`report.period.presets.${p}`),
          value: [dayjs(q.start), dayjs(q.end)] as [Dayjs, Dayjs],
        };
      })}
      disabledDate={(current, info) => {
        if (current.isAfter(end, 'day')) return true;
        const from = info?.from;
        return Boolean(from && Math.abs(current.diff(from, 'day')) >= REPORT_MAX_DAYS);
      }}
      onChange={(values) => {
        const [a, b] = values ?? [];
        if (a && b) onChange({ start: a.format('YYYY-MM-DD'), end: b.format('YYYY-MM-DD') });
      }}
    />
  );
}
