import type { ReactNode } from 'react';
import { CASE_STAGES } from '@dealflow/domain';
import { Card, Empty, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLabel } from '../../../shared/i18n/label.ts';
import { useMyCaseFacets } from '../api/investorIndustryApi.ts';
import { type IndustryKey, stageBreakdown } from '../lib/industryStats.ts';
import { caseListPath } from '../lib/stagePaths.ts';
import { AmountList } from './AmountList.tsx';
import { LoadState } from './LoadState.tsx';

/** `/investor/industry/detail/:id`: one industry's visible cases by stage, each stage opening the case list. */
export function IndustryStageBreakdown({ industry, nav }: { industry: IndustryKey; nav?: ReactNode }) {
  const { t } = useTranslation();
  const label = useLabel();
  const cases = useMyCaseFacets();
  return (
    <>
      <div className="iindustry-head">
        <Typography.Title level={3} id="page-title" className="iindustry-title">
          {industry.label}
        </Typography.Title>
        <Link to={`/investor/industry/${industry.id}`}>{t('investorIndustry.detail.allCases')}</Link>
      </div>
      {nav}
      <LoadState queries={[cases]}>
        {() => {
          const rows = stageBreakdown(cases.data ?? [], industry.key).sort(
            (a, b) => CASE_STAGES.indexOf(a.stage) - CASE_STAGES.indexOf(b.stage),
          );
          if (rows.length === 0)
            return (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('investorIndustry.item.empty')} />
            );
          return (
            <ul className="iindustry-grid">
              {rows.map((row) => (
                <li key={row.stage}>
                  <Link to={caseListPath(row.stage, industry.key)} className="iindustry-card__link">
                    <Card size="small" hoverable className="iindustry-card">
                      <Typography.Text strong className="iindustry-card__name">
                        {label('caseStage', row.stage)}
                      </Typography.Text>
                      <div className="iindustry-card__figure">
                        {t('investorIndustry.cases', { count: row.cases })}
                      </div>
                      <div className="iindustry-card__money">
                        <span className="iindustry-label">{t('investorIndustry.raising')}</span>{' '}
                        <AmountList amounts={row.raising} />
                      </div>
                    </Card>
                  </Link>
                </li>
              ))}
            </ul>
          );
        }}
      </LoadState>
    </>
  );
}
