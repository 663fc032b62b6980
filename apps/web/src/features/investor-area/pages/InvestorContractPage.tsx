import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../../shared/components/ComingSoon.tsx';

/** /investor/contract. */
export function InvestorContractPage() {
  const { t } = useTranslation();
  return <ComingSoon title={t('pages.investorContract')} />;
}
