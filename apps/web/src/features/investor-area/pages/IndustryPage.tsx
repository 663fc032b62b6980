import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../../shared/components/ComingSoon.tsx';

/** /investor/industry. */
export function IndustryPage() {
  const { t } = useTranslation();
  return <ComingSoon title={t('pages.industry')} />;
}
