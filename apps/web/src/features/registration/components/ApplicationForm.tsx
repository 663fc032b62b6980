import type { InvestorApplicationForm, RegistrationKind, StartupApplicationForm } from '@dealflow/domain';
import { Alert, Button, Form, Input, Select, Space } from 'antd';
import type { Rule } from 'antd/es/form';
import { MoneyInput } from '../../../shared/fields/MoneyInput.tsx';
import { useTranslation } from 'react-i18next';
import { ApiError, errorText, validationFieldErrors } from '../../../shared/api/index.ts';
import { useRegister } from '../api/registrationApi.ts';

type Values = Partial<StartupApplicationForm & InvestorApplicationForm>;

const PHONE = /^[0-9+()\- ]*$/;

/** The form of the kind chosen; submitting it registers with the proven email and the password. */
export function ApplicationForm({
  kind,
  ticket,
  password,
  onBack,
  onRestart,
  onDone,
}: {
  kind: RegistrationKind;
  ticket: string;
  password: string;
  onBack: () => void;
  onRestart: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const register = useRegister();
  const label = (field: string) => t(`registration.${kind}.${field}` as 'registration.startup.company_name');
  const required = (field: string): Rule => ({
    required: true,
    whitespace: true,
    message: t('registration.required', { field: label(field) }),
  });
  const phoneRules: Rule[] = [
    required(kind === 'startup' ? 'contract_tel' : 'phone'),
    { pattern: PHONE, message: t('registration.phoneInvalid') },
    { min: 6, max: 40, message: t('registration.phoneInvalid') },
  ];
  const industries = (
    <Form.Item
      label={label('industry_keys')}
      name="industry_keys"
      extra={t('registration.startup.industryHint')}
      rules={[
        {
          required: true,
          type: 'array',
          min: 1,
          message: t('registration.required', { field: label('industry_keys') }),
        },
      ]}
    >
      <Select mode="tags" tokenSeparators={[',', '，']} maxCount={20} open={false} suffixIcon={null} />
    </Form.Item>
  );
  const expired = register.error instanceof ApiError && register.error.code === 'REGISTRATION_TICKET_INVALID';
  const refused = register.error instanceof ApiError && register.error.code === 'PASSWORD_REFUSED';

  return (
    <Form<Values>
      form={form}
      name={`register-${kind}`}
      layout="vertical"
      requiredMark
      size="large"
      disabled={register.isPending}
      scrollToFirstError
      onFinish={async (values) => {
        try {
          if (kind === 'startup')
            await register.mutateAsync({ kind, ticket, password, form: values as StartupApplicationForm });
          else
            await register.mutateAsync({ kind, ticket, password, form: values as InvestorApplicationForm });
          onDone();
        } catch (err) {
          const fields = Object.entries(validationFieldErrors(err));
          if (fields.length > 0)
            form.setFields(
              fields.map(([name, text]) => ({ name: name.replace(/^form\./, '') as never, errors: [text] })),
            );
        }
      }}
    >
      {kind === 'startup' ? (
        <>
          <Form.Item
            label={label('company_name')}
            name="company_name"
            rules={[required('company_name'), { max: 200 }]}
          >
            <Input autoComplete="organization" autoFocus />
          </Form.Item>
          <Form.Item
            label={label('contract_name')}
            name="contract_name"
            rules={[required('contract_name'), { max: 100 }]}
          >
            <Input autoComplete="name" />
          </Form.Item>
          <Form.Item label={label('contract_title')} name="contract_title" rules={[{ max: 100 }]}>
            <Input autoComplete="organization-title" />
          </Form.Item>
          <Form.Item label={label('contract_tel')} name="contract_tel" rules={phoneRules}>
            <Input type="tel" inputMode="tel" autoComplete="tel" />
          </Form.Item>
          {industries}
          <Form.Item
            label={label('description')}
            name="description"
            extra={t('registration.startup.descriptionHint')}
            rules={[
              required('description'),
              { min: 10, max: 2000, message: t('registration.startup.descriptionHint') },
            ]}
          >
            <Input.TextArea rows={4} showCount maxLength={2000} />
          </Form.Item>
          <Form.Item
            label={label('website')}
            name="website"
            rules={[
              { type: 'url', pattern: /^https?:\/\//, message: t('registration.urlInvalid') },
              { max: 500 },
            ]}
          >
            <Input type="url" inputMode="url" placeholder="https://" />
          </Form.Item>
        </>
      ) : (
        <>
          <Form.Item label={label('name')} name="name" rules={[required('name'), { max: 200 }]}>
            <Input autoComplete="name" autoFocus />
          </Form.Item>
          <Form.Item label={label('phone')} name="phone" rules={phoneRules}>
            <Input type="tel" inputMode="tel" autoComplete="tel" />
          </Form.Item>
          <Form.Item label={label('organisation')} name="organisation" rules={[{ max: 200 }]}>
            <Input autoComplete="organization" />
          </Form.Item>
          {industries}
          <Form.Item label={label('check_size')} name="check_size">
            <MoneyInput currency="NTD" />
          </Form.Item>
          <Form.Item label={label('introduction')} name="introduction" rules={[{ max: 2000 }]}>
            <Input.TextArea rows={3} showCount maxLength={2000} />
          </Form.Item>
        </>
      )}
      {register.isError && (
        <Alert
          className="form-alert"
          type="error"
          showIcon
          role="alert"
          title={errorText(register.error)}
          action={
            expired ? (
              <Button size="small" onClick={onRestart}>
                {t('registration.code.changeEmail')}
              </Button>
            ) : refused ? (
              <Button size="small" onClick={onBack}>
                {t('registration.back')}
              </Button>
            ) : undefined
          }
        />
      )}
      <Space className="register-page__actions" wrap>
        <Button onClick={onBack} disabled={register.isPending}>
          {t('registration.back')}
        </Button>
        <Button type="primary" htmlType="submit" loading={register.isPending}>
          {t('registration.submit')}
        </Button>
      </Space>
    </Form>
  );
}
