import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../../shared/components/ComingSoon.tsx';

/** /investor/redirect. */
export function InvestorRedirectPage() {
  const { t } = useTranslation();
  return <ComingSoon title={t('pages.redirect')} />;
}
