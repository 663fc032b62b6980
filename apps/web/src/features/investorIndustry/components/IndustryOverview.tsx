import { Card, Empty, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMyCaseFacets, useIndustryKeys } from '../api/investorIndustryApi.ts';
import { caseCount, summarizeIndustries, unclassifiedCount } from '../lib/industryStats.ts';
import { AmountList } from './AmountList.tsx';
import { LoadState } from './LoadState.tsx';

/** `/investor/industry`: the industries of the cases the investor may see, each with its count and amount raising. */
export function IndustryOverview() {
  const { t } = useTranslation();
  const cases = useMyCaseFacets();
  const industries = useIndustryKeys();
  return (
    <LoadState queries={[cases, industries]}>
      {() => {
        const rows = summarizeIndustries(cases.data ?? [], industries.keys);
        const other = unclassifiedCount(cases.data ?? [], industries.keys);
        if (rows.length === 0)
          return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('investorIndustry.empty')} />;
        return (
          <>
            <p className="iindustry-count" aria-live="polite">
              {t('investorIndustry.overview.count', {
                industries: rows.length,
                cases: caseCount(cases.data ?? []),
              })}
            </p>
            <ul className="iindustry-grid">
              {rows.map((row) => (
                <li key={row.key}>
                  <Link to={`/investor/industry/${row.id}`} className="iindustry-card__link">
                    <Card size="small" hoverable className="iindustry-card">
                      <Typography.Text strong className="iindustry-card__name">
                        {row.label}
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
            {other > 0 ? (
              <p className="iindustry-note">
                {t('investorIndustry.overview.unclassified', { count: other })}
              </p>
            ) : null}
          </>
        );
      }}
    </LoadState>
  );
}
