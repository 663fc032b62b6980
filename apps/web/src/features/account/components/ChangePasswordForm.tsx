import { LockOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSessionStore } from '../../auth/session/index.ts';
import { changePassword } from '../api/accountApi.ts';
import { accountErrorText } from './accountErrors.ts';
import { NewPasswordFields } from './NewPasswordFields.tsx';
import { useFeedback } from '../../../shared/feedback/index.tsx';

interface Values {
  current_password: string;
  password: string;
  confirm: string;
}

/** Current password, then the new one twice; other sessions end, this one keeps going with its new token. */
export function ChangePasswordForm() {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const store = useSessionStore();
  const [form] = Form.useForm<Values>();
  const change = useMutation({
    mutationFn: (values: Values) =>
      changePassword({ current_password: values.current_password, password: values.password }),
    onSuccess: (token) => {
      store.renewToken(token);
      form.resetFields();
      message.success(t('account.change.done'));
    },
  });
  return (
    <Form<Values>
      form={form}
      name="password-change"
      layout="vertical"
      requiredMark={false}
      disabled={change.isPending}
      onFinish={(values) => change.mutate(values)}
      onValuesChange={() => {
        if (change.isError) change.reset();
      }}
    >
      <Form.Item
        label={t('account.password.current')}
        name="current_password"
        rules={[{ required: true, message: t('account.password.currentRequired') }]}
      >
        <Input.Password autoComplete="current-password" prefix={<LockOutlined aria-hidden />} />
      </Form.Item>
      <NewPasswordFields />
      {change.isError && (
        <Alert
          className="form-alert"
          type="error"
          showIcon
          role="alert"
          title={accountErrorText(change.error)}
        />
      )}
      <Button type="primary" htmlType="submit" loading={change.isPending}>
        {t('account.change.submit')}
      </Button>
    </Form>
  );
}
