import { Alert, Button, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { tokenFromHash, useResetPassword } from '../api/accountApi.ts';
import { accountErrorCode, accountErrorText } from '../components/accountErrors.ts';
import { NewPasswordFields } from '../components/NewPasswordFields.tsx';
import { preselectSignInTab, type SignInNotice, signInPathFor } from '../signInPath.ts';

/** /reset-password#token=…: choose a new password; then the sign-in page of that account says so. */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const token = tokenFromHash(location.hash);
  const reset = useResetPassword();
  const linkDead = !token || accountErrorCode(reset.error) === 'RESET_LINK_INVALID';

  return (
    <div className="login-page">
      <h1 className="login-page__title">{t('account.reset.title')}</h1>
      {linkDead ? (
        <>
          <Alert
            type="error"
            showIcon
            role="alert"
            title={token ? accountErrorText(reset.error) : t('account.reset.missingToken')}
          />
          <div className="login-page__links">
            <Link to="/forgot-password">{t('account.reset.requestAgain')}</Link>
          </div>
        </>
      ) : (
        <>
          <p className="login-page__subtitle">{t('account.reset.subtitle')}</p>
          <Form<{ password: string; confirm: string }>
            name="password-reset"
            layout="vertical"
            requiredMark={false}
            size="large"
            disabled={reset.isPending}
            onFinish={async ({ password }) => {
              const strategy = await reset.mutateAsync({ token, password });
              preselectSignInTab(strategy);
              const state: SignInNotice = { notice: 'passwordReset' };
              navigate(signInPathFor(strategy), { replace: true, state });
            }}
          >
            <NewPasswordFields autoFocus />
            {reset.isError && (
              <Alert
                className="form-alert"
                type="error"
                showIcon
                role="alert"
                title={accountErrorText(reset.error)}
              />
            )}
            <Button type="primary" htmlType="submit" block loading={reset.isPending}>
              {t('account.reset.submit')}
            </Button>
          </Form>
        </>
      )}
    </div>
  );
}
