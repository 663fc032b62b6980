import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../../shared/components/PageHeading.tsx';
import { InvestorCaseList } from '../../investorCases/components/InvestorCaseList.tsx';

/** /investor/cases: the cases the investor may see. */
export function InvestorCasesPage() {
  return <InvestorCasesView />;
}

export function InvestorCasesView({ stage }: { stage?: Parameters<typeof InvestorCaseList>[0]['stage'] }) {
  const { t } = useTranslation();
  return (
    <section className="page-section" aria-labelledby="page-title">
      <PageHeading title={t('investorCases.title')} intro={t('investorCases.intro')} />
      <InvestorCaseList stage={stage} />
    </section>
  );
}
