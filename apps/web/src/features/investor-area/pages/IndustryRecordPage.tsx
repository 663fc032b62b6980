import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { IndustryNav } from '../../investorIndustry/components/IndustryNav.tsx';
import { InvestmentRecord } from '../../investorIndustry/components/InvestmentRecord.tsx';
import '../../investorIndustry/investorIndustry.css';

/** /investor/industry/record: the investor's record, one entry per case they hold a role on. */
export function IndustryRecordPage() {
  const { t } = useTranslation();
  return (
    <section className="page-section" aria-labelledby="page-title">
      <Typography.Title level={3} id="page-title">
        {t('investorIndustry.record.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('investorIndustry.record.intro')}</Typography.Paragraph>
      <IndustryNav active="record" />
      <InvestmentRecord />
    </section>
  );
}
