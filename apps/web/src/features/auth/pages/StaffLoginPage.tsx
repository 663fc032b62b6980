import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { SignInNoticeAlert } from '../../account/components/SignInNoticeAlert.tsx';
import { preselectSignInTab } from '../../account/signInPath.ts';
import { ForbiddenMarkerAlert } from '../components/ForbiddenMarkerAlert.tsx';
import { LoginForm } from '../components/LoginForm.tsx';

/** /dashboard/login: staff sign-in. */
export function StaffLoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="login-page">
      <h1 className="login-page__title">{t('auth.staffLoginTitle')}</h1>
      <p className="login-page__subtitle">{t('auth.staffLoginSubtitle')}</p>
      <ForbiddenMarkerAlert />
      <SignInNoticeAlert />
      <LoginForm
        strategy="dashboard"
        formName="staff-login"
        onUseArea={(area) => {
          preselectSignInTab(area);
          if (area !== 'dashboard') navigate('/login');
        }}
      />
      <div className="login-page__links">
        <Link to="/login">{t('auth.toAreaLogin')}</Link>
      </div>
    </div>
  );
}
