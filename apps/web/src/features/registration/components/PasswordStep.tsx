import { Button, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { NewPasswordFields } from '../../account/components/NewPasswordFields.tsx';
import { loadJudge, PasswordStrength, usePasswordVerdict } from './PasswordStrength.tsx';

/** The password, with the meter and the refusals of the domain rule explained as it is typed. */
export function PasswordStep({
  email,
  initial,
  onDone,
}: {
  email: string;
  initial: string;
  onDone: (password: string) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ password: string; confirm: string }>();
  const typed = Form.useWatch('password', form) ?? '';
  const verdict = usePasswordVerdict(typed, email);
  return (
    <Form<{ password: string; confirm: string }>
      form={form}
      name="register-password"
      layout="vertical"
      requiredMark={false}
      size="large"
      initialValues={{ password: initial, confirm: initial }}
      onFinish={async ({ password }) => {
        const judge = await loadJudge();
        const refusal = judge(password, email).refusal;
        if (refusal) {
          form.setFields([{ name: 'password', errors: [t(`registration.password.refusal.${refusal}`)] }]);
          return;
        }
        onDone(password);
      }}
    >
      <p className="login-page__subtitle">{t('registration.password.subtitle')}</p>
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      <NewPasswordFields autoFocus />
      <PasswordStrength verdict={verdict} />
      <Button type="primary" htmlType="submit" block disabled={verdict?.refusal != null}>
        {t('registration.password.submit')}
      </Button>
    </Form>
  );
}
