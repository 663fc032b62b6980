import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { IndustryInvestment } from '../../investorIndustry/components/IndustryInvestment.tsx';
import { IndustryNav } from '../../investorIndustry/components/IndustryNav.tsx';
import '../../investorIndustry/investorIndustry.css';

/** /investor/industry/investment: the investor's own money by industry. */
export function IndustryInvestmentPage() {
  const { t } = useTranslation();
  return (
    <section className="page-section" aria-labelledby="page-title">
      <Typography.Title level={3} id="page-title">
        {t('investorIndustry.investment.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('investorIndustry.investment.intro')}</Typography.Paragraph>
      <IndustryNav active="investment" />
      <IndustryInvestment />
    </section>
  );
}
