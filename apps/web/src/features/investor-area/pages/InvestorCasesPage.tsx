import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { InvestorCaseList } from '../../investorCases/components/InvestorCaseList.tsx';

/** /investor/cases: the cases the investor may see. */
export function InvestorCasesPage() {
  return <InvestorCasesView />;
}

export function InvestorCasesView({ stage }: { stage?: Parameters<typeof InvestorCaseList>[0]['stage'] }) {
  const { t } = useTranslation();
  return (
    <section className="page-section" aria-labelledby="page-title">
      <Typography.Title level={3} id="page-title">
        {t('investorCases.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('investorCases.intro')}</Typography.Paragraph>
      <InvestorCaseList stage={stage} />
    </section>
  );
}
