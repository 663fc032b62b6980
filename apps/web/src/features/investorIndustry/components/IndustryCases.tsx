import type { ReactNode } from 'react';
import { Alert, Empty, Pagination, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { errorContent } from '../../../shared/components/ErrorAlert.tsx';
import { useDomainLabel } from '../../reports/hooks/useDomainLabel.ts';
import { useMyCases } from '../../investorCases/api/investorCasesApi.ts';
import { InvestorCaseCardView } from '../../investorCases/components/InvestorCaseCardView.tsx';
import type { IndustryKey } from '../lib/industryStats.ts';
import '../../investorCases/investorCases.css';

const SIZE = 12;

/** `/investor/industry/:id`: the cases of one industry the investor may see, as the case list's cards. */
export function IndustryCases({ industry, nav }: { industry: IndustryKey; nav?: ReactNode }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const list = useMyCases({ domain: industry.key, page, size: SIZE });
  const domainLabel = useDomainLabel();
  const rows = list.data?.result ?? [];
  const count = list.data?.count ?? 0;

  return (
    <>
      <div className="iindustry-head">
        <Typography.Title level={3} id="page-title" className="iindustry-title">
          {industry.label}
        </Typography.Title>
        <Link to={`/investor/industry/detail/${industry.id}`}>{t('investorIndustry.item.byStage')}</Link>
      </div>
      {nav}
      {list.isError ? (
        <Alert
          type="error"
          showIcon
          title={t('investorIndustry.loadError')}
          description={errorContent(list.error)}
        />
      ) : list.isPending ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : rows.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('investorIndustry.item.empty')} />
      ) : (
        <>
          <p className="iindustry-count" aria-live="polite">
            {t('investorIndustry.cases', { count })}
          </p>
          <div className="icase-grid">
            {rows.map((item) => (
              <InvestorCaseCardView key={item.id} item={item} domainLabel={domainLabel} />
            ))}
          </div>
          {count > SIZE ? (
            <Pagination
              className="icase-list__pages"
              current={page}
              pageSize={SIZE}
              total={count}
              showSizeChanger={false}
              onChange={(p) => setParams({ page: String(p) }, { replace: true })}
            />
          ) : null}
        </>
      )}
    </>
  );
}
