import { MailOutlined } from '@ant-design/icons';
import { STRATEGIES, type Strategy } from '@dealflow/domain';
import { Alert, Button, Form, Input, Segmented } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useRequestPasswordReset } from '../api/accountApi.ts';
import { accountErrorText } from '../components/accountErrors.ts';
import { signInPathFor } from '../signInPath.ts';

const isStrategy = (v: string | null): v is Strategy => (STRATEGIES as readonly string[]).includes(v ?? '');
const ORDER: readonly Strategy[] = ['investor', 'local', 'dashboard'];

/** /forgot-password?as=…: asks for a reset link; the answer never says whether the email has an account. */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const given = params.get('as');
  const [area, setArea] = useState<Strategy>(isStrategy(given) ? given : 'investor');
  const request = useRequestPasswordReset();
  const [sentTo, setSentTo] = useState<string | null>(null);

  if (sentTo !== null) {
    return (
      <div className="login-page">
        <h1 className="login-page__title">{t('account.forgot.sentTitle')}</h1>
        <Alert
          type="success"
          showIcon
          role="status"
          title={t('account.forgot.sentBody', { email: sentTo, area: t(`account.area.${area}`) })}
        />
        <div className="login-page__links">
          <Link to={signInPathFor(area)}>{t('account.forgot.backToSignIn')}</Link>
        </div>
      </div>
    );
  }

  return (
    <div className="login-page">
      <h1 className="login-page__title">{t('account.forgot.title')}</h1>
      <p className="login-page__subtitle">{t('account.forgot.subtitle')}</p>
      <div className="login-page__kind">
        <Segmented<Strategy>
          block
          aria-label={t('account.forgot.areaLabel')}
          value={area}
          onChange={setArea}
          options={ORDER.map((s) => ({ value: s, label: t(`account.area.${s}`) }))}
        />
      </div>
      <Form<{ email: string }>
        name="password-forgot"
        layout="vertical"
        requiredMark={false}
        size="large"
        disabled={request.isPending}
        onFinish={async ({ email }) => {
          await request.mutateAsync({ email: email.trim().toLowerCase(), strategy: area });
          setSentTo(email.trim());
        }}
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
        {request.isError && (
          <Alert
            className="form-alert"
            type="error"
            showIcon
            role="alert"
            title={accountErrorText(request.error)}
          />
        )}
        <Button type="primary" htmlType="submit" block loading={request.isPending}>
          {t('account.forgot.submit')}
        </Button>
      </Form>
      <div className="login-page__links">
        <Link to={signInPathFor(area)}>{t('account.forgot.backToSignIn')}</Link>
      </div>
    </div>
  );
}
