import { LockOutlined, MailOutlined } from '@ant-design/icons';
import { MAIL_CODE } from '@dealflow/domain';
import { Alert, App, Button, Form, Input, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, errorText } from '../../../shared/api/index.ts';
import { UnsavedChangesGuard } from '../../../shared/unsaved/index.ts';
import { useStartupAccountChange } from '../api/startupAccountApi.ts';

interface RequestValues {
  email: string;
  current_password: string;
}

const attemptsLeft = (error: unknown): number | null => {
  if (!(error instanceof ApiError) || error.code !== 'INCORRECT_VERIFICATION_CODE') return null;
  const left = (error.details as { attempts_left?: unknown } | undefined)?.attempts_left;
  return typeof left === 'number' ? left : null;
};

/**
 * Two steps: the new address and the current password send a code to that address; the code
 * makes the change. Nothing changes before the code comes back.
 */
export function StartupEmailForm({ email }: { email: string }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [pending, setPending] = useState<RequestValues | null>(null);
  const [form] = Form.useForm<RequestValues>();
  const request = useStartupAccountChange();
  const typed = Form.useWatch('email', form) ?? '';
  return (
    <>
      <Typography.Paragraph>{t('startupAccount.email.current', { email })}</Typography.Paragraph>
      {pending ? (
        <CodeForm
          sent={pending}
          onBack={() => {
            setPending(null);
            request.reset();
          }}
          onDone={(changed) => {
            setPending(null);
            form.resetFields();
            message.success(t('startupAccount.email.done', { email: changed }));
          }}
        />
      ) : (
        <Form<RequestValues>
          form={form}
          name="startup-email"
          layout="vertical"
          requiredMark={false}
          disabled={request.isPending}
          onValuesChange={() => {
            if (request.isError) request.reset();
          }}
          onFinish={(values) =>
            request.mutate(
              { action: 'email_request', email: values.email, current_password: values.current_password },
              { onSuccess: () => setPending(values) },
            )
          }
        >
          <UnsavedChangesGuard when={typed !== ''} />
          <Form.Item
            label={t('startupAccount.email.newLabel')}
            name="email"
            rules={[
              { required: true, type: 'email', max: 254, message: t('startupAccount.email.newRequired') },
              {
                validator: (_rule, value: string | undefined) =>
                  value && value.trim().toLowerCase() === email.toLowerCase()
                    ? Promise.reject(new Error(t('startupAccount.email.sameAsCurrent')))
                    : Promise.resolve(),
              },
            ]}
          >
            <Input
              type="email"
              autoComplete="email"
              inputMode="email"
              prefix={<MailOutlined aria-hidden />}
            />
          </Form.Item>
          <Form.Item
            label={t('account.password.current')}
            name="current_password"
            rules={[{ required: true, message: t('account.password.currentRequired') }]}
          >
            <Input.Password autoComplete="current-password" prefix={<LockOutlined aria-hidden />} />
          </Form.Item>
          {request.isError && (
            <Alert
              className="form-alert"
              type="error"
              showIcon
              role="alert"
              title={errorText(request.error)}
            />
          )}
          <Button type="primary" htmlType="submit" loading={request.isPending}>
            {t('startupAccount.email.send')}
          </Button>
        </Form>
      )}
    </>
  );
}

function CodeForm({
  sent,
  onBack,
  onDone,
}: {
  sent: RequestValues;
  onBack: () => void;
  onDone: (email: string) => void;
}) {
  const { t } = useTranslation();
  const confirm = useStartupAccountChange();
  const resend = useStartupAccountChange();
  const [form] = Form.useForm<{ code: string }>();
  const [wait, setWait] = useState<number>(MAIL_CODE.resendAfterSeconds);
  const [resent, setResent] = useState(false);

  useEffect(() => {
    if (wait <= 0) return;
    const timer = setTimeout(() => setWait((w) => w - 1), 1000);
    return () => clearTimeout(timer);
  }, [wait]);

  const left = attemptsLeft(confirm.error);
  const confirmError =
    confirm.isError &&
    (left === null
      ? errorText(confirm.error)
      : left > 0
        ? t('startupAccount.email.triesLeft', { count: left })
        : t('startupAccount.email.noTriesLeft'));

  return (
    <Form<{ code: string }>
      form={form}
      name="startup-email-code"
      layout="vertical"
      requiredMark={false}
      disabled={confirm.isPending}
      onFinish={({ code }) =>
        confirm.mutate(
          { action: 'email_confirm', email: sent.email, code },
          {
            onSuccess: () => onDone(sent.email),
            // A refused code is cleared, so the next one is typed from the first box.
            onError: () => form.resetFields(['code']),
          },
        )
      }
    >
      <UnsavedChangesGuard when={!confirm.isSuccess} />
      <Typography.Paragraph>
        {t('startupAccount.email.codeSubtitle', { email: sent.email, minutes: MAIL_CODE.ttlMinutes })}
      </Typography.Paragraph>
      <Form.Item
        label={t('startupAccount.email.codeLabel')}
        name="code"
        rules={[
          { required: true, message: t('startupAccount.email.codeRequired') },
          { pattern: /^\d{6}$/, message: t('startupAccount.email.codeRequired') },
        ]}
      >
        <Input.OTP
          length={MAIL_CODE.digits}
          autoFocus
          inputMode="numeric"
          aria-label={t('startupAccount.email.codeLabel')}
        />
      </Form.Item>
      {confirmError && (
        <Alert className="form-alert" type="error" showIcon role="alert" title={confirmError} />
      )}
      {resend.isError && (
        <Alert className="form-alert" type="error" showIcon role="alert" title={errorText(resend.error)} />
      )}
      {resent && !resend.isError && (
        <Alert
          className="form-alert"
          type="success"
          showIcon
          role="status"
          title={t('startupAccount.email.resent')}
        />
      )}
      <Button type="primary" htmlType="submit" loading={confirm.isPending}>
        {t('startupAccount.email.confirm')}
      </Button>
      <div className="startup-account__links">
        <Button
          type="link"
          disabled={wait > 0 || resend.isPending}
          loading={resend.isPending}
          onClick={async () => {
            setResent(false);
            try {
              await resend.mutateAsync({
                action: 'email_request',
                email: sent.email,
                current_password: sent.current_password,
              });
            } catch {
              // Shown by the alert above (resend.isError).
              return;
            }
            confirm.reset();
            form.resetFields();
            setResent(true);
            setWait(MAIL_CODE.resendAfterSeconds);
          }}
        >
          {wait > 0
            ? t('startupAccount.email.resendIn', { seconds: wait })
            : t('startupAccount.email.resend')}
        </Button>
        <Button type="link" onClick={onBack}>
          {t('startupAccount.email.back')}
        </Button>
      </div>
    </Form>
  );
}
