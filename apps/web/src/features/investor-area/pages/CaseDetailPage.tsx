import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { CaseSwitch } from '../../investorCases/components/InvestorCaseDetailView.tsx';

/** /investor/cases/detail: choose a case (the switch navigates to its detail). */
export function CaseDetailPage() {
  const { t } = useTranslation();
  return (
    <section className="page-section" aria-labelledby="page-title">
      <Typography.Title level={3} id="page-title">
        {t('investorCases.pickTitle')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('investorCases.pickIntro')}</Typography.Paragraph>
      <CaseSwitch caseId={null} />
    </section>
  );
}
