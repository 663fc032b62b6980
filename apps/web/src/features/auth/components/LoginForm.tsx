import { LockOutlined, MailOutlined } from '@ant-design/icons';
import { SIGN_IN_AREAS, type SignInArea, type Strategy } from '@dealflow/domain';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError, errorText } from '../../../shared/api/index.ts';
import { accountErrorCode } from '../../account/components/accountErrors.ts';
import type { Credentials } from '../api/authApi.ts';
import { useSessionStore } from '../session/index.ts';

const KNOWN_CODES = ['INVALID_CREDENTIALS', 'TOO_MANY_ATTEMPTS', 'VALIDATION_FAILED'] as const;
type KnownCode = (typeof KNOWN_CODES)[number];
const isKnownCode = (code: string | null): code is KnownCode =>
  code !== null && (KNOWN_CODES as readonly string[]).includes(code);

/** The sign-in area WRONG_SIGN_IN_TAB names in `details.use`. */
function areaToUse(error: unknown): SignInArea | null {
  if (!(error instanceof ApiError) || error.code !== 'WRONG_SIGN_IN_TAB') return null;
  const use = (error.details as { use?: unknown } | undefined)?.use;
  return (SIGN_IN_AREAS as readonly unknown[]).includes(use) ? (use as SignInArea) : null;
}

/**
 * Email and password sign-in for one strategy. Success flips the session on; the guest guard then
 * sends the user to the safe `?redirect=` or home. A right password on a deactivated account or on
 * the wrong sign-in is told so, with a way to the right one (`onUseArea`).
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
  const code = login.error instanceof ApiError ? login.error.code : null;
  const accountCode = accountErrorCode(login.error);
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
      {login.isError && (
        <Alert
          className="form-alert"
          type={useArea ? 'warning' : 'error'}
          showIcon
          role="alert"
          title={
            useArea
              ? t(`account.wrongTab.${useArea}`)
              : accountCode
                ? t(`account.errorCodes.${accountCode}`)
                : isKnownCode(code)
                  ? t(`auth.codes.${code}`)
                  : t('auth.failed')
          }
          description={accountCode ? undefined : errorText(login.error)}
          action={
            useArea ? (
              <Button size="small" type="primary" onClick={() => onUseArea(useArea)}>
                {t('account.signIn.switchTo', { area: t(`account.area.${useArea}`) })}
              </Button>
            ) : undefined
          }
        />
      )}
      <Button type="primary" htmlType="submit" block loading={login.isPending}>
        {t('common.signIn')}
      </Button>
      <div className="login-form__forgot">
        <Link to={`/forgot-password?as=${strategy}`}>{t('account.forgotLink')}</Link>
      </div>
    </Form>
  );
}
