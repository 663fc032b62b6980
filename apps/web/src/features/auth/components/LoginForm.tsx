import { LockOutlined, MailOutlined } from '@ant-design/icons';
import { SIGN_IN_AREAS, type SignInArea, type Strategy } from '@dealflow/domain';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../../shared/api/index.ts';
import { ErrorAlert } from '../../../shared/components/ErrorAlert.tsx';
import type { Credentials } from '../api/authApi.ts';
import { useSessionStore } from '../session/index.ts';

/** The sign-in area WRONG_SIGN_IN_TAB names in `details.use`. */
function areaToUse(error: unknown): SignInArea | null {
  if (!(error instanceof ApiError) || error.code !== 'WRONG_SIGN_IN_TAB') return null;
  const use = (error.details as { use?: unknown } | undefined)?.use;
  return (SIGN_IN_AREAS as readonly unknown[]).includes(use) ? (use as SignInArea) : null;
}

/**
 * Email and password sign-in for one strategy. Success flips the session on; the guest guard then
 * sends the user to the safe `?redirect=` or home. Errors show translated, the server's
 * `[status] message` under 「詳細資訊」. A right password on the wrong sign-in is told so, with a
 * way to the right one (`onUseArea`).
 */
export function LoginForm({
  strategy,
  formName,
  onUseArea,
}: {
  strategy: Strategy;
  formName: string;
  onUseArea: (area: SignInArea) => void;
}) {
  const { t } = useTranslation();
  const store = useSessionStore();
  const login = useMutation({
    mutationFn: (credentials: Credentials) => store.login(strategy, credentials),
  });
  const useArea = areaToUse(login.error);

  return (
    <Form<Credentials>
      name={formName}
      layout="vertical"
      requiredMark={false}
      onFinish={(values) => login.mutate({ email: values.email.trim(), password: values.password })}
      onValuesChange={() => {
        if (login.isError) login.reset();
      }}
      disabled={login.isPending}
      size="large"
    >
      <Form.Item
        label={t('auth.email')}
        name="email"
        rules={[
          { required: true, whitespace: true, message: t('auth.emailRequired') },
          { type: 'email', message: t('auth.emailInvalid') },
        ]}
      >
        <Input
          type="email"
          inputMode="email"
          autoComplete="username"
          autoFocus
          placeholder={t('auth.emailPlaceholder')}
          prefix={<MailOutlined aria-hidden />}
        />
      </Form.Item>
      <Form.Item
        label={t('auth.password')}
        name="password"
        rules={[{ required: true, message: t('auth.passwordRequired') }]}
      >
        <Input.Password autoComplete="current-password" prefix={<LockOutlined aria-hidden />} />
      </Form.Item>
      {login.isError && useArea && (
        <Alert
          className="form-alert"
          type="warning"
          showIcon
          role="alert"
          title={t(`account.wrongTab.${useArea}`)}
          action={
            <Button size="small" type="primary" onClick={() => onUseArea(useArea)}>
              {t('account.signIn.switchTo', { area: t(`account.area.${useArea}`) })}
            </Button>
          }
        />
      )}
      {login.isError && !useArea && <ErrorAlert className="form-alert" error={login.error} />}
      <Button type="primary" htmlType="submit" block loading={login.isPending}>
        {t('common.signIn')}
      </Button>
      <div className="login-form__forgot">
        <Link to={`/forgot-password?as=${strategy}`}>{t('account.forgotLink')}</Link>
      </div>
    </Form>
  );
}
