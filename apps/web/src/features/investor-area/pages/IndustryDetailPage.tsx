import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../../shared/components/ComingSoon.tsx';

/** /investor/industry/detail. */
export function IndustryDetailPage() {
  const { t } = useTranslation();
  return <ComingSoon title={t('pages.industryDetail')} />;
}
