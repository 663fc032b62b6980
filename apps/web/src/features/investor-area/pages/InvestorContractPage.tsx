import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { MyDocuments } from '../../legalDocs/components/MyDocuments.tsx';

/** /investor/contract: the legal documents sent to the investor, to read, sign, download and verify. */
export function InvestorContractPage() {
  const { t } = useTranslation();
  return (
    <section className="page-section" aria-labelledby="page-title">
      <div className="page-head">
        <div>
          <Typography.Title level={3} id="page-title">
            {t('legalDocs.mine.title')}
          </Typography.Title>
          <Typography.Paragraph type="secondary">{t('legalDocs.mine.intro')}</Typography.Paragraph>
        </div>
      </div>
      <MyDocuments />
    </section>
  );
}
