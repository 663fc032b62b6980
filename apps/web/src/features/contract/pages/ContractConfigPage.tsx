import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../../shared/components/ComingSoon.tsx';

/** /dashboard/config/contract. */
export function ContractConfigPage() {
  const { t } = useTranslation();
  return <ComingSoon title={t('pages.contract')} />;
}
