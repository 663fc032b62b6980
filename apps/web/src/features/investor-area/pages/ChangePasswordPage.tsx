import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../../shared/components/ComingSoon.tsx';

/** /investor/changePassword. */
export function ChangePasswordPage() {
  const { t } = useTranslation();
  return <ComingSoon title={t('pages.changePassword')} />;
}
