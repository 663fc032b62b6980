import { LockOutlined, MailOutlined } from '@ant-design/icons';
import { MAIL_CODE } from '@dealflow/domain';
import { Alert, Button, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../shared/api/index.ts';
import { MailCodeForm } from '../../../shared/components/MailCodeForm.tsx';
import { UnsavedChangesGuard } from '../../../shared/unsaved/index.ts';
import { useStartupAccountChange } from '../api/startupAccountApi.ts';
import { useFeedback } from '../../../shared/feedback/index.tsx';

interface RequestValues {
  email: string;
  current_password: string;
}

/**
 * Two steps: the new address and the current password send a code to that address; the code
 * makes the change. Nothing changes before the code comes back.
 */
export function StartupEmailForm({ email }: { email: string }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
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
  return (
    <MailCodeForm
      name="startup-email-code"
      guard
      linksClassName="startup-account__links"
      subtitle={
        <Typography.Paragraph>
          {t('startupAccount.email.codeSubtitle', { email: sent.email, minutes: MAIL_CODE.ttlMinutes })}
        </Typography.Paragraph>
      }
      submitText={t('startupAccount.email.confirm')}
      backText={t('startupAccount.email.back')}
      onBack={onBack}
      verify={{
        ...confirm,
        mutateAsync: (code: string) =>
          confirm.mutateAsync({ action: 'email_confirm', email: sent.email, code }),
      }}
      resend={{
        ...resend,
        mutateAsync: () =>
          resend.mutateAsync({
            action: 'email_request',
            email: sent.email,
            current_password: sent.current_password,
          }),
      }}
      onVerified={() => onDone(sent.email)}
    />
  );
}
