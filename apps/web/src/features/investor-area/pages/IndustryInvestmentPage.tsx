import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../../shared/components/ComingSoon.tsx';

/** /investor/industry/investment. */
export function IndustryInvestmentPage() {
  const { t } = useTranslation();
  return <ComingSoon title={t('pages.industryInvestment')} />;
}
