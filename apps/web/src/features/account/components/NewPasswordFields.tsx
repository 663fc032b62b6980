import { LockOutlined } from '@ant-design/icons';
import { PASSWORD_MIN } from '@dealflow/domain';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';

/** New password and its confirmation, with the one password rule of the domain (at least PASSWORD_MIN). */
export function NewPasswordFields({ autoFocus = false }: { autoFocus?: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item
        label={t('account.password.new')}
        name="password"
        rules={[
          { required: true, message: t('account.password.required') },
          { min: PASSWORD_MIN, message: t('account.password.min', { min: PASSWORD_MIN }) },
          { max: 256 },
        ]}
        hasFeedback
      >
        <Input.Password
          autoComplete="new-password"
          autoFocus={autoFocus}
          prefix={<LockOutlined aria-hidden />}
        />
      </Form.Item>
      <Form.Item
        label={t('account.password.confirm')}
        name="confirm"
        dependencies={['password']}
        hasFeedback
        rules={[
          { required: true, message: t('account.password.confirmRequired') },
          ({ getFieldValue }) => ({
            validator: (_rule, value) =>
              !value || getFieldValue('password') === value
                ? Promise.resolve()
                : Promise.reject(new Error(t('account.password.mismatch'))),
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" prefix={<LockOutlined aria-hidden />} />
      </Form.Item>
    </>
  );
}
