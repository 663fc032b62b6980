import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../../shared/components/ComingSoon.tsx';

/** /investor/qa. */
export function QaPage() {
  const { t } = useTranslation();
  return <ComingSoon title={t('pages.qa')} />;
}
