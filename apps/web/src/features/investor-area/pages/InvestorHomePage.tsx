import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../../shared/components/ComingSoon.tsx';

/** /investor: investor home. */
export function InvestorHomePage() {
  const { t } = useTranslation();
  return <ComingSoon title={t('pages.investorHome')} />;
}
