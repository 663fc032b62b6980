import { LockOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../shared/api/index.ts';
import { UnsavedChangesGuard } from '../../../shared/unsaved/index.ts';
import { NewPasswordFields } from '../../account/components/NewPasswordFields.tsx';
import {
  loadJudge,
  PasswordStrength,
  usePasswordVerdict,
} from '../../registration/components/PasswordStrength.tsx';
import { useStartupAccountChange } from '../api/startupAccountApi.ts';
import { useFeedback } from '../../../shared/feedback/index.tsx';

interface Values {
  current_password: string;
  password: string;
  confirm: string;
}

/** Current password, then the new one twice with the registration's strength meter and rule. */
export function StartupPasswordForm({ email }: { email: string }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [form] = Form.useForm<Values>();
  const change = useStartupAccountChange();
  const typed = Form.useWatch('password', form) ?? '';
  const current = Form.useWatch('current_password', form) ?? '';
  const verdict = usePasswordVerdict(typed, email);
  const dirty = typed !== '' || current !== '';
  return (
    <Form<Values>
      form={form}
      name="startup-password"
      layout="vertical"
      requiredMark={false}
      disabled={change.isPending}
      onFinish={async (values) => {
        const refusal = (await loadJudge())(values.password, email).refusal;
        if (refusal) {
          form.setFields([{ name: 'password', errors: [t(`registration.password.refusal.${refusal}`)] }]);
          return;
        }
        change.mutate(
          { action: 'password', current_password: values.current_password, password: values.password },
          {
            onSuccess: () => {
              form.resetFields();
              message.success(t('startupAccount.password.done'));
            },
          },
        );
      }}
      onValuesChange={() => {
        if (change.isError) change.reset();
      }}
    >
      <UnsavedChangesGuard when={dirty && !change.isSuccess} />
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      <Form.Item
        label={t('account.password.current')}
        name="current_password"
        rules={[{ required: true, message: t('account.password.currentRequired') }]}
      >
        <Input.Password autoComplete="current-password" prefix={<LockOutlined aria-hidden />} />
      </Form.Item>
      <NewPasswordFields />
      <PasswordStrength verdict={verdict} />
      {change.isError && (
        <Alert className="form-alert" type="error" showIcon role="alert" title={errorText(change.error)} />
      )}
      <Button type="primary" htmlType="submit" loading={change.isPending} disabled={verdict?.refusal != null}>
        {t('startupAccount.password.submit')}
      </Button>
    </Form>
  );
}
