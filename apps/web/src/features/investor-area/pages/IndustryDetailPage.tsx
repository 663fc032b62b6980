import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { IndustryNav } from '../../investorIndustry/components/IndustryNav.tsx';
import { IndustryStageTable } from '../../investorIndustry/components/IndustryStageTable.tsx';
import '../../investorIndustry/investorIndustry.css';

/** /investor/industry/detail: industries × stages. */
export function IndustryDetailPage() {
  const { t } = useTranslation();
  return (
    <section className="page-section" aria-labelledby="page-title">
      <Typography.Title level={3} id="page-title">
        {t('investorIndustry.detail.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('investorIndustry.detail.intro')}</Typography.Paragraph>
      <IndustryNav active="detail" />
      <IndustryStageTable />
    </section>
  );
}
