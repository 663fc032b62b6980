import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ACTIVITY_PAGE_SIZE, useClientActivity, useClientBreakdown } from '../api/reportsApi.ts';
import { useDomainLabel } from '../hooks/useDomainLabel.ts';
import type { ReportParams } from '../hooks/useReportParams.ts';
import { clientActionText, stageMoveText } from '../lib/activityText.ts';
import { clientDoughnut, clientOwnerChart, clientStageChart } from '../lib/clientCharts.ts';
import { clientHref } from '../lib/links.ts';
import { ActivityFeed, type FeedEntry } from './ActivityFeed.tsx';
import { ChartCard, loadStateOf } from './ChartCard.tsx';
import { ReportSection } from './PeriodSection.tsx';
import { ReportTrends } from './ReportTrends.tsx';

/**
 * The investor report (admin, ir, sa): investors by contact stage, tier, domain and owner (counted
 * over the stages the user works), the recent activity, the period's contact stages and analytics.
 */
export function InvestorReport({
  params,
  update,
}: {
  params: ReportParams;
  update: (patch: Partial<ReportParams>) => void;
}) {
  const { t, i18n } = useTranslation();
  const domainLabel = useDomainLabel();
  const tiers = useClientBreakdown('type');
  const domains = useClientBreakdown('domain');
  const owners = useClientBreakdown('ao');
  const activity = useClientActivity(params.activityPage);
  const lang = i18n.language;
  // biome-ignore lint/correctness/useExhaustiveDependencies: labels follow the language
  const stageSpec = useMemo(() => tiers.data && clientStageChart(tiers.data), [tiers.data, lang]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: labels follow the language
  const tierSpec = useMemo(
    () => tiers.data && clientDoughnut('tier', tiers.data, domainLabel),
    [tiers.data, lang],
  );
  const domainSpec = useMemo(
    () => domains.data && clientDoughnut('domain', domains.data, domainLabel),
    [domains.data, domainLabel],
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: labels follow the language
  const ownerSpec = useMemo(() => owners.data && clientOwnerChart(owners.data), [owners.data, lang]);

  const entries: FeedEntry[] | undefined = activity.data?.result.map((e) => ({
    id: e.id,
    at: e.created_at,
    actor: e.actor.name,
    action: clientActionText(e.action),
    detail: stageMoveText('client', e.changes),
    target: { name: e.client.name, href: clientHref(e.client.id), deleted: e.client.is_deleted },
  }));

  return (
    <>
      <ReportSection id="overview" title={t('report.sections.overview')}>
        <div className="report-grid">
          <ChartCard
            id="client-stages"
            title={t('report.charts.clientStages')}
            state={loadStateOf(tiers)}
            spec={stageSpec}
            className="is-wide"
          />
          <ChartCard
            id="client-tiers"
            title={t('report.charts.clientTiers')}
            state={loadStateOf(tiers)}
            spec={tierSpec}
          />
          <ChartCard
            id="client-domains"
            title={t('report.charts.clientDomains')}
            state={loadStateOf(domains)}
            spec={domainSpec}
          />
          <ChartCard
            id="client-owners"
            title={t('report.charts.clientOwners')}
            state={loadStateOf(owners)}
            spec={ownerSpec}
            className="is-wide"
            height={300}
          />
        </div>
        <ActivityFeed
          id="client-activity"
          title={t('report.activity.clientTitle')}
          state={loadStateOf(activity)}
          entries={entries}
          count={activity.data?.count ?? 0}
          page={params.activityPage}
          size={ACTIVITY_PAGE_SIZE}
          onPage={(activityPage) => update({ activityPage })}
        />
      </ReportSection>
      <ReportTrends pipeline="clients" params={params} update={update} />
    </>
  );
}
