import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../../shared/components/ComingSoon.tsx';

/** /investor/industry/record. */
export function IndustryRecordPage() {
  const { t } = useTranslation();
  return <ComingSoon title={t('pages.industryRecord')} />;
}
