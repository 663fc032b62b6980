import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { SignInNoticeAlert } from '../../account/components/SignInNoticeAlert.tsx';
import { ForbiddenMarkerAlert } from '../components/ForbiddenMarkerAlert.tsx';
import { LoginForm } from '../components/LoginForm.tsx';
import { LoginKindSwitch } from '../components/LoginKindSwitch.tsx';
import { useLoginKind } from '../hooks/useLoginKind.ts';

/** /login: investors and startup teams, with a clear choice between the two sign-ins. */
export function LoginPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const [kind, setKind] = useLoginKind(params.get('redirect'));
  const navigate = useNavigate();
  return (
    <div className="login-page">
      <h1 className="login-page__title">{t('auth.loginTitle')}</h1>
      <p className="login-page__subtitle">{t('auth.loginSubtitle')}</p>
      <div className="login-page__kind">
        <LoginKindSwitch value={kind} onChange={setKind} />
      </div>
      <ForbiddenMarkerAlert />
      <SignInNoticeAlert />
      <LoginForm
        key={kind}
        strategy={kind}
        formName={`login-${kind}`}
        onUseArea={(area) => {
          if (area === 'dashboard') navigate('/dashboard/login');
          else setKind(area === 'startup' ? 'local' : 'investor');
        }}
      />
      <div className="login-page__links">
        <Link to="/register">{t('auth.toRegister')}</Link>
        <Link to="/dashboard/login">{t('auth.toStaffLogin')}</Link>
      </div>
    </div>
  );
}
