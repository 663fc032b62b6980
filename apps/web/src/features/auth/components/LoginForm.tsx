import { LockOutlined, MailOutlined } from '@ant-design/icons';
import type { Strategy } from '@dealflow/domain';
import { useMutation } from '@tanstack/react-query';
import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../shared/components/ErrorAlert.tsx';
import type { Credentials } from '../api/authApi.ts';
import { useSessionStore } from '../session/index.ts';

/**
 * Email and password sign-in for one strategy. Success flips the session on; the guest guard then
 * sends the user to the safe `?redirect=` or home. Errors show translated, the server's
 * `[status] message` under 「詳細資訊」.
 */
export function LoginForm({ strategy, formName }: { strategy: Strategy; formName: string }) {
  const { t } = useTranslation();
  const store = useSessionStore();
  const login = useMutation({
    mutationFn: (credentials: Credentials) => store.login(strategy, credentials),
  });

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
      {login.isError && <ErrorAlert className="form-alert" error={login.error} />}
      <Button type="primary" htmlType="submit" block loading={login.isPending}>
        {t('common.signIn')}
      </Button>
    </Form>
  );
}
