import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../../shared/components/ComingSoon.tsx';

/** /investor/cases/detail. */
export function CaseDetailPage() {
  const { t } = useTranslation();
  return <ComingSoon title={t('pages.caseDetail')} />;
}
