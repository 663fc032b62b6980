import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../../shared/components/ComingSoon.tsx';

/** /investor/cases: case list. */
export function InvestorCasesPage() {
  const { t } = useTranslation();
  return <ComingSoon title={t('pages.investorCases')} />;
}
