import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { IndustryNav } from '../../investorIndustry/components/IndustryNav.tsx';
import { IndustryOverview } from '../../investorIndustry/components/IndustryOverview.tsx';
import '../../investorIndustry/investorIndustry.css';

/** /investor/industry: the industries of the cases the investor may see. */
export function IndustryPage() {
  const { t } = useTranslation();
  return (
    <section className="page-section" aria-labelledby="page-title">
      <Typography.Title level={3} id="page-title">
        {t('investorIndustry.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('investorIndustry.overview.intro')}</Typography.Paragraph>
      <IndustryNav active="overview" />
      <IndustryOverview />
    </section>
  );
}
