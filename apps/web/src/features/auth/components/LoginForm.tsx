import { LockOutlined, MailOutlined } from '@ant-design/icons';
import type { Strategy } from '@dealflow/domain';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError, errorText } from '../../../shared/api/index.ts';
import type { Credentials } from '../api/authApi.ts';
import { useSessionStore } from '../session/index.ts';

const KNOWN_CODES = ['INVALID_CREDENTIALS', 'TOO_MANY_ATTEMPTS', 'VALIDATION_FAILED'] as const;
type KnownCode = (typeof KNOWN_CODES)[number];
const isKnownCode = (code: string | null): code is KnownCode =>
  code !== null && (KNOWN_CODES as readonly string[]).includes(code);

/**
 * Email and password sign-in for one strategy. Success flips the session on; the guest guard then
 * sends the user to the safe `?redirect=` or home. Errors show as `[status] message`.
 */
export function LoginForm({ strategy, formName }: { strategy: Strategy; formName: string }) {
  const { t } = useTranslation();
  const store = useSessionStore();
  const login = useMutation({
    mutationFn: (credentials: Credentials) => store.login(strategy, credentials),
  });
  const code = login.error instanceof ApiError ? login.error.code : null;

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
          type="error"
          showIcon
          role="alert"
          title={isKnownCode(code) ? t(`auth.codes.${code}`) : t('auth.failed')}
          description={errorText(login.error)}
        />
      )}
      <Button type="primary" htmlType="submit" block loading={login.isPending}>
        {t('common.signIn')}
      </Button>
    </Form>
  );
}
