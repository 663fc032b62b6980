import { Skeleton } from 'antd';
import { IndustryCases } from '../../investorIndustry/components/IndustryCases.tsx';
import { IndustryNav } from '../../investorIndustry/components/IndustryNav.tsx';
import { IndustryStageBreakdown } from '../../investorIndustry/components/IndustryStageBreakdown.tsx';
import { useIndustryParam } from '../../investorIndustry/components/useIndustryParam.ts';
import '../../investorIndustry/investorIndustry.css';
import { ErrorAlert } from '../../../shared/components/ErrorAlert.tsx';

/** /investor/industry/:id (its cases) and /investor/industry/detail/:id (its cases by stage). */
export function IndustryItemPage({ detail = false }: { detail?: boolean }) {
  const { industry, query } = useIndustryParam();
  const nav = <IndustryNav active={detail ? 'detail' : 'overview'} />;
  return (
    <section className="page-section" aria-labelledby="page-title">
      {query.isError ? (
        <ErrorAlert error={query.error} />
      ) : !industry ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : detail ? (
        <IndustryStageBreakdown industry={industry} nav={nav} />
      ) : (
        <IndustryCases industry={industry} nav={nav} />
      )}
    </section>
  );
}

export function IndustryDetailItemPage() {
  return <IndustryItemPage detail />;
}
