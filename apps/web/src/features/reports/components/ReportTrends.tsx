import { useTranslation } from 'react-i18next';
import type { ReportParams } from '../hooks/useReportParams.ts';
import { AnalyticsSection } from './AnalyticsSection.tsx';
import { FocusFilter } from './FocusFilter.tsx';
import { PeriodSection, ReportSection } from './PeriodSection.tsx';
import { StatusChartCard } from './StatusChartCard.tsx';

/**
 * The lower half of either report: the period's stage trend (with the period and stuck threshold
 * controls) and the pipeline analytics over that period, for cases or for the contact pipeline,
 * of everything or of the one AO, owner or domain in focus.
 */
export function ReportTrends({
  pipeline,
  params,
  update,
}: {
  pipeline: 'cases' | 'clients';
  params: ReportParams;
  update: (patch: Partial<ReportParams>) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <PeriodSection
        period={params.period}
        stuckDays={params.stuckDays}
        onPeriod={(period) => update({ period, periodSet: true })}
        onStuckDays={(stuckDays) => update({ stuckDays })}
        focusFilter={
          <FocusFilter pipeline={pipeline} focus={params.focus} onChange={(focus) => update({ focus })} />
        }
      >
        <div className="report-grid">
          <StatusChartCard pipeline={pipeline} period={params.period} focus={params.focus} />
        </div>
      </PeriodSection>
      <ReportSection
        id="analytics"
        title={t('report.sections.analytics')}
        note={
          <span className="report-section__note">
            {t('report.analytics.subtitle', { start: params.period.start, end: params.period.end })}
          </span>
        }
      >
        <AnalyticsSection
          pipeline={pipeline}
          period={params.period}
          stuckDays={params.stuckDays}
          focus={params.focus}
        />
      </ReportSection>
    </>
  );
}
