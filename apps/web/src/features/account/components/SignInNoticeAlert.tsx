import { Alert } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { isSignInNotice } from '../signInPath.ts';

/** The notice a sign-in page was sent with (after a password reset), shown on arrival. */
export function SignInNoticeAlert() {
  const { t } = useTranslation();
  const location = useLocation();
  // Read once: the notice belongs to the arrival, not to later re-renders of the page.
  const [notice] = useState(() => (isSignInNotice(location.state) ? location.state.notice : null));
  if (!notice) return null;
  return (
    <Alert
      className="form-alert"
      type="success"
      showIcon
      role="status"
      title={t('account.signIn.passwordReset')}
    />
  );
}
