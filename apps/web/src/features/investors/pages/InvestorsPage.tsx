import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../../shared/components/ComingSoon.tsx';

/** /dashboard/investor: investor clients. */
export function InvestorsPage() {
  const { t } = useTranslation();
  return <ComingSoon title={t('pages.investors')} />;
}
