import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../../shared/components/ComingSoon.tsx';

/** /investor/contact. */
export function InvestorContactPage() {
  const { t } = useTranslation();
  return <ComingSoon title={t('pages.investorContact')} />;
}
