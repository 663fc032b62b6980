import { CASE_STAGES, type CaseStage } from '@dealflow/domain';
import { Card, Empty, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useIsMobile } from '../../../shared/hooks/useIsMobile.ts';
import { useLabel } from '../../../shared/i18n/label.ts';
import { useMyCaseFacets, useIndustryKeys } from '../api/investorIndustryApi.ts';
import { type IndustrySummary, summarizeIndustries } from '../lib/industryStats.ts';
import { LoadState } from './LoadState.tsx';

/**
 * `/investor/industry/detail`: industries × stages, how many of the investor's visible cases are
 * at each stage. Only the stages that have a case get a column, so the table stays narrow; on a
 * phone each industry is a card listing its stages instead.
 */
export function IndustryStageTable() {
  const { t } = useTranslation();
  const label = useLabel();
  const cases = useMyCaseFacets();
  const industries = useIndustryKeys();
  const mobile = useIsMobile();
  return (
    <LoadState queries={[cases, industries]}>
      {() => {
        const rows = summarizeIndustries(cases.data ?? [], industries.keys);
        if (rows.length === 0)
          return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('investorIndustry.empty')} />;
        const present = new Set((cases.data ?? []).map((c) => c.status));
        const stages = CASE_STAGES.filter((s): s is CaseStage => present.has(s));
        if (mobile)
          return (
            <ul className="iindustry-stack iindustry-by-stage">
              {rows.map((row) => (
                <li key={row.key}>
                  <Card size="small">
                    <div className="iindustry-row__head">
                      <Link to={`/investor/industry/detail/${row.id}`} className="iindustry-record__name">
                        {row.label}
                      </Link>
                      <span className="iindustry-label">
                        {t('investorIndustry.cases', { count: row.cases })}
                      </span>
                    </div>
                    <dl className="iindustry-stage-counts">
                      {stages
                        .filter((stage) => row.stages[stage])
                        .map((stage) => (
                          <div key={stage}>
                            <dt>{label('caseStage', stage)}</dt>
                            <dd>{row.stages[stage]}</dd>
                          </div>
                        ))}
                    </dl>
                  </Card>
                </li>
              ))}
            </ul>
          );
        return (
          <Table<IndustrySummary>
            className="iindustry-table iindustry-by-stage"
            size="small"
            rowKey="key"
            pagination={false}
            scroll={{ x: 'max-content' }}
            dataSource={rows}
            columns={[
              {
                key: 'industry',
                title: t('investorIndustry.detail.industry'),
                fixed: 'left',
                render: (_, row) => <Link to={`/investor/industry/detail/${row.id}`}>{row.label}</Link>,
              },
              ...stages.map((stage) => ({
                key: stage,
                title: label('caseStage', stage),
                align: 'right' as const,
                render: (_: unknown, row: IndustrySummary) => row.stages[stage] ?? 0,
              })),
              {
                key: 'total',
                title: t('investorIndustry.detail.total'),
                align: 'right' as const,
                render: (_, row) => <strong>{row.cases}</strong>,
              },
            ]}
          />
        );
      }}
    </LoadState>
  );
}
