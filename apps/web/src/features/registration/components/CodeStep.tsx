import { MAIL_CODE, type RegistrationKind } from '@dealflow/domain';
import { Alert, Button, Form, Input } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, errorText } from '../../../shared/api/index.ts';
import { useCheckCode, useSendCode } from '../api/registrationApi.ts';

const attemptsLeft = (error: unknown): number | null => {
  if (!(error instanceof ApiError) || error.code !== 'INCORRECT_VERIFICATION_CODE') return null;
  const left = (error.details as { attempts_left?: unknown } | undefined)?.attempts_left;
  return typeof left === 'number' ? left : null;
};

/** The six-digit code mailed to `email`: tries left shown, a new code offered after 30 s. */
export function CodeStep({
  email,
  kind,
  onVerified,
  onChangeEmail,
}: {
  email: string;
  kind: RegistrationKind;
  onVerified: (ticket: string) => void;
  onChangeEmail: () => void;
}) {
  const { t } = useTranslation();
  const check = useCheckCode();
  const resend = useSendCode();
  const [form] = Form.useForm<{ code: string }>();
  const [wait, setWait] = useState<number>(MAIL_CODE.resendAfterSeconds);
  const [resent, setResent] = useState(false);

  useEffect(() => {
    if (wait <= 0) return;
    const timer = setTimeout(() => setWait((w) => w - 1), 1000);
    return () => clearTimeout(timer);
  }, [wait]);

  const left = attemptsLeft(check.error);
  const checkError =
    check.isError &&
    (left === null
      ? errorText(check.error)
      : left > 0
        ? t('registration.code.triesLeft', { count: left })
        : t('registration.code.noTriesLeft'));

  return (
    <Form<{ code: string }>
      form={form}
      name="register-code"
      layout="vertical"
      requiredMark={false}
      size="large"
      disabled={check.isPending}
      onFinish={async ({ code }) => {
        try {
          const proof = await check.mutateAsync({ email, code });
          onVerified(proof.ticket);
        } catch {
          // A refused code is cleared, so the next one is typed from the first box.
          form.resetFields(['code']);
        }
      }}
    >
      <p className="login-page__subtitle">
        {t('registration.code.subtitle', { email, minutes: MAIL_CODE.ttlMinutes })}
      </p>
      <Form.Item
        label={t('registration.code.label')}
        name="code"
        rules={[
          { required: true, message: t('registration.code.required') },
          { pattern: /^\d{6}$/, message: t('registration.code.required') },
        ]}
      >
        <Input.OTP
          length={MAIL_CODE.digits}
          autoFocus
          inputMode="numeric"
          aria-label={t('registration.code.label')}
        />
      </Form.Item>
      {checkError && <Alert className="form-alert" type="error" showIcon role="alert" title={checkError} />}
      {resend.isError && (
        <Alert className="form-alert" type="error" showIcon role="alert" title={errorText(resend.error)} />
      )}
      {resent && !resend.isError && (
        <Alert
          className="form-alert"
          type="success"
          showIcon
          role="status"
          title={t('registration.code.resent')}
        />
      )}
      <Button type="primary" htmlType="submit" block loading={check.isPending}>
        {t('registration.code.submit')}
      </Button>
      <div className="login-page__links">
        <Button
          type="link"
          disabled={wait > 0 || resend.isPending}
          loading={resend.isPending}
          onClick={async () => {
            setResent(false);
            await resend.mutateAsync({ email, kind });
            check.reset();
            form.resetFields();
            setResent(true);
            setWait(MAIL_CODE.resendAfterSeconds);
          }}
        >
          {wait > 0 ? t('registration.code.resendIn', { seconds: wait }) : t('registration.code.resend')}
        </Button>
        <Button type="link" onClick={onChangeEmail}>
          {t('registration.code.changeEmail')}
        </Button>
      </div>
    </Form>
  );
}
