import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Form, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useSessionStore } from '../../auth/session/index.ts';
import { acceptInvitation, tokenFromHash, useInvitation } from '../api/accountApi.ts';
import { accountErrorCode, accountErrorText } from '../components/accountErrors.ts';
import { NewPasswordFields } from '../components/NewPasswordFields.tsx';

/**
 * /accept-invitation#token=…: the invited staff member chooses a password and is signed in (the
 * guest guard then takes them to their home). A dead link says to ask an admin for a new one.
 */
export function AcceptInvitationPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const store = useSessionStore();
  const token = tokenFromHash(location.hash);
  const invitation = useInvitation(token);
  const accept = useMutation({
    mutationFn: (password: string) =>
      store.signInWithToken('dashboard', () => acceptInvitation({ token: token ?? '', password })),
  });
  const dead = !token || invitation.isError || accountErrorCode(accept.error) === 'INVITATION_LINK_INVALID';

  if (dead) {
    return (
      <div className="login-page">
        <h1 className="login-page__title">{t('account.invitation.invalidTitle')}</h1>
        <Alert type="error" showIcon role="alert" title={t('errors.codes.INVITATION_LINK_INVALID')} />
        <div className="login-page__links">
          <Link to="/dashboard/login">{t('account.invitation.toStaffLogin')}</Link>
        </div>
      </div>
    );
  }
  if (!invitation.data) {
    return (
      <div className="login-page" aria-busy="true">
        <Spin />
        <p className="login-page__subtitle">{t('account.invitation.checking')}</p>
      </div>
    );
  }

  return (
    <div className="login-page">
      <h1 className="login-page__title">{t('account.invitation.title')}</h1>
      <p className="login-page__subtitle">
        {t('account.invitation.greeting', { name: invitation.data.name, email: invitation.data.email })}
      </p>
      <Form<{ password: string; confirm: string }>
        name="invitation-accept"
        layout="vertical"
        requiredMark={false}
        size="large"
        disabled={accept.isPending}
        onFinish={({ password }) => accept.mutate(password)}
      >
        {/* Lets password managers file the new password under the right account. */}
        <input
          type="email"
          name="username"
          autoComplete="username"
          value={invitation.data.email}
          readOnly
          hidden
        />
        <NewPasswordFields autoFocus />
        {accept.isError && (
          <Alert
            className="form-alert"
            type="error"
            showIcon
            role="alert"
            title={accountErrorText(accept.error)}
          />
        )}
        <Button type="primary" htmlType="submit" block loading={accept.isPending}>
          {t('account.invitation.submit')}
        </Button>
      </Form>
    </div>
  );
}
