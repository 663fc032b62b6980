import { useTranslation } from 'react-i18next';
import { ChangePasswordForm } from '../../account/components/ChangePasswordForm.tsx';

/** /investor/changePassword: reached from the investor menu. */
export function ChangePasswordPage() {
  const { t } = useTranslation();
  return (
    <div className="change-password-page">
      <h1>{t('account.change.title')}</h1>
      <p>{t('account.change.subtitle')}</p>
      <ChangePasswordForm />
    </div>
  );
}
