import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Period } from '../lib/period.ts';
import { PeriodFilter } from './PeriodFilter.tsx';
import { StuckDaysInput } from './StuckDaysInput.tsx';

/** The part of the report that reads a period: its filters (in the URL) above the trend and the analytics. */
export function PeriodSection({
  period,
  stuckDays,
  onPeriod,
  onStuckDays,
  focusFilter,
  children,
}: {
  period: Period;
  stuckDays: number;
  onPeriod: (period: Period) => void;
  onStuckDays: (days: number) => void;
  /** The focus picker (AO, owner or domain), beside the period. */
  focusFilter?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <section className="report-section" aria-labelledby="report-period-title">
      <div className="report-section__head">
        <h4 className="report-section__title" id="report-period-title">
          {t('report.sections.trend')}
        </h4>
        <div className="report-filters">
          <PeriodFilter period={period} onChange={onPeriod} />
          {focusFilter}
          <StuckDaysInput value={stuckDays} onChange={onStuckDays} />
        </div>
      </div>
      {children}
    </section>
  );
}

/** A titled part of the report. */
export function ReportSection({
  id,
  title,
  note,
  children,
}: {
  id: string;
  title: string;
  note?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className="report-section" aria-labelledby={`report-${id}-title`}>
      <div className="report-section__head">
        <h4 className="report-section__title" id={`report-${id}-title`}>
          {title}
        </h4>
        {note}
      </div>
      {children}
    </section>
  );
}
