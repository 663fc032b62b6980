import { Segmented } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ACTIVITY_PAGE_SIZE, useCaseActivity, useCaseBreakdown, useCaseSummary } from '../api/reportsApi.ts';
import { useDomainLabel } from '../hooks/useDomainLabel.ts';
import { caseActionText, stageMoveText } from '../lib/activityText.ts';
import { aoCurrencies, caseAoChart, caseDoughnut, caseStageChart } from '../lib/caseCharts.ts';
import { currencyName } from '../lib/common.ts';
import { caseHref } from '../lib/links.ts';
import type { ReportParams } from '../hooks/useReportParams.ts';
import { ActivityFeed, type FeedEntry } from './ActivityFeed.tsx';
import { ChartCard, loadStateOf } from './ChartCard.tsx';
import { ReportSection } from './PeriodSection.tsx';
import { ReportTrends } from './ReportTrends.tsx';
import { SummaryRow } from './SummaryRow.tsx';

/** The case report (admin, ao): where cases stand now, the recent activity, the period's trend and analytics. */
export function CaseReport({
  params,
  update,
}: {
  params: ReportParams;
  update: (patch: Partial<ReportParams>) => void;
}) {
  const { t, i18n } = useTranslation();
  const domainLabel = useDomainLabel();
  const summary = useCaseSummary();
  const rounds = useCaseBreakdown('round');
  const domains = useCaseBreakdown('domain');
  const aos = useCaseBreakdown('ao');
  const activity = useCaseActivity(params.activityPage);
  const [currency, setCurrency] = useState<string | null>(null);

  const currencies = aos.data ? aoCurrencies(aos.data) : [];
  const shownCurrency = currency && currencies.includes(currency) ? currency : (currencies[0] ?? null);
  const lang = i18n.language;
  // biome-ignore lint/correctness/useExhaustiveDependencies: labels follow the language
  const stageSpec = useMemo(() => summary.data && caseStageChart(summary.data), [summary.data, lang]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: labels follow the language
  const roundSpec = useMemo(
    () => rounds.data && caseDoughnut('round', rounds.data, domainLabel),
    [rounds.data, lang],
  );
  const domainSpec = useMemo(
    () => domains.data && caseDoughnut('domain', domains.data, domainLabel),
    [domains.data, domainLabel],
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: labels follow the language
  const aoSpec = useMemo(
    () => aos.data && caseAoChart(aos.data, shownCurrency),
    [aos.data, shownCurrency, lang],
  );

  const entries: FeedEntry[] | undefined = activity.data?.result.map((e) => ({
    id: e.id,
    at: e.created_at,
    actor: e.actor.name,
    action: caseActionText(e.action),
    detail: stageMoveText('case', e.changes),
    target: { name: e.case.name, href: caseHref(e.case.id), deleted: e.case.is_deleted },
  }));

  return (
    <>
      <ReportSection id="overview" title={t('report.sections.overview')}>
        <SummaryRow state={loadStateOf(summary)} summary={summary.data} />
        <div className="report-grid">
          <ChartCard
            id="case-stages"
            title={t('report.charts.caseStages')}
            state={loadStateOf(summary)}
            spec={stageSpec}
            className="is-wide"
          />
          <ChartCard
            id="case-rounds"
            title={t('report.charts.caseRounds')}
            state={loadStateOf(rounds)}
            spec={roundSpec}
          />
          <ChartCard
            id="case-domains"
            title={t('report.charts.caseDomains')}
            state={loadStateOf(domains)}
            spec={domainSpec}
          />
          <ChartCard
            id="case-ao"
            title={t('report.charts.caseAo')}
            state={loadStateOf(aos)}
            spec={aoSpec}
            className="is-wide"
            height={300}
            extra={
              currencies.length > 1 && shownCurrency ? (
                <Segmented<string>
                  size="small"
                  aria-label={t('report.currency')}
                  value={shownCurrency}
                  onChange={setCurrency}
                  options={currencies.map((c) => ({ value: c, label: currencyName(c) }))}
                />
              ) : null
            }
          />
        </div>
        <ActivityFeed
          id="case-activity"
          title={t('report.activity.caseTitle')}
          state={loadStateOf(activity)}
          entries={entries}
          count={activity.data?.count ?? 0}
          page={params.activityPage}
          size={ACTIVITY_PAGE_SIZE}
          onPage={(activityPage) => update({ activityPage })}
        />
      </ReportSection>
      <ReportTrends pipeline="cases" params={params} update={update} />
    </>
  );
}
