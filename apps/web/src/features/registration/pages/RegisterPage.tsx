import { MailOutlined } from '@ant-design/icons';
import type { RegistrationKind } from '@dealflow/domain';
import { Alert, Button, Form, Input, Radio, Result, Steps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { preselectSignInTab } from '../../account/signInPath.ts';
import { errorText } from '../../../shared/api/index.ts';
import { UnsavedChangesGuard } from '../../../shared/unsaved/index.ts';
import { useSendCode } from '../api/registrationApi.ts';
import { ApplicationForm } from '../components/ApplicationForm.tsx';
import { CodeStep } from '../components/CodeStep.tsx';
import { PasswordStep } from '../components/PasswordStep.tsx';

type Step = 'email' | 'code' | 'password' | 'form' | 'done';
const STEPS: readonly Step[] = ['email', 'code', 'password', 'form', 'done'];

/**
 * /register (issue 14): a startup applying for funding or an investor applying for membership.
 * Email and kind → the mailed six-digit code → a password (strength meter) → the form of the kind
 * → done. Leaving once the email is proven asks first: the proof would be lost.
 */
export function RegisterPage() {
  const { t } = useTranslation();
  const [step, setStep] = useState<Step>('email');
  const [kind, setKind] = useState<RegistrationKind>('startup');
  const [email, setEmail] = useState('');
  const [ticket, setTicket] = useState('');
  const [password, setPassword] = useState('');
  const send = useSendCode();

  return (
    <div className="login-page register-page">
      <UnsavedChangesGuard when={step === 'password' || step === 'form'} />
      <h1 className="login-page__title">{t('registration.title')}</h1>
      <Steps
        className="register-page__steps"
        size="small"
        responsive={false}
        labelPlacement="vertical"
        current={STEPS.indexOf(step)}
        items={STEPS.map((s) => ({ title: t(`registration.steps.${s}`) }))}
      />

      {step === 'email' && (
        <Form<{ kind: RegistrationKind; email: string }>
          name="register-email"
          layout="vertical"
          requiredMark={false}
          size="large"
          initialValues={{ kind, email }}
          disabled={send.isPending}
          onFinish={async (values) => {
            const address = values.email.trim().toLowerCase();
            await send.mutateAsync({ email: address, kind: values.kind });
            setKind(values.kind);
            setEmail(address);
            setStep('code');
          }}
        >
          <p className="login-page__subtitle">{t('registration.email.subtitle')}</p>
          <Form.Item label={t('registration.kind.label')} name="kind">
            <Radio.Group className="register-page__kinds">
              <Radio.Button value="startup">{t('registration.kind.startup')}</Radio.Button>
              <Radio.Button value="investor">{t('registration.kind.investor')}</Radio.Button>
            </Radio.Group>
          </Form.Item>
          <Form.Item
            label={t('auth.email')}
            name="email"
            rules={[
              { required: true, whitespace: true, message: t('auth.emailRequired') },
              { type: 'email', message: t('auth.emailInvalid') },
              { max: 254 },
            ]}
          >
            <Input
              type="email"
              inputMode="email"
              autoComplete="email"
              autoFocus
              placeholder={t('auth.emailPlaceholder')}
              prefix={<MailOutlined aria-hidden />}
            />
          </Form.Item>
          {send.isError && (
            <Alert className="form-alert" type="error" showIcon role="alert" title={errorText(send.error)} />
          )}
          <Button type="primary" htmlType="submit" block loading={send.isPending}>
            {t('registration.email.submit')}
          </Button>
        </Form>
      )}

      {step === 'code' && (
        <CodeStep
          email={email}
          kind={kind}
          onVerified={(proof) => {
            setTicket(proof);
            setStep('password');
          }}
          onChangeEmail={() => setStep('email')}
        />
      )}

      {step === 'password' && (
        <PasswordStep
          email={email}
          initial={password}
          onDone={(chosen) => {
            setPassword(chosen);
            setStep('form');
          }}
        />
      )}

      {step === 'form' && (
        <ApplicationForm
          kind={kind}
          ticket={ticket}
          password={password}
          onBack={() => setStep('password')}
          onRestart={() => {
            setTicket('');
            setStep('email');
          }}
          onDone={() => {
            setPassword('');
            setStep('done');
          }}
        />
      )}

      {step === 'done' && (
        <Result
          status="success"
          title={t(kind === 'startup' ? 'registration.done.startupTitle' : 'registration.done.investorTitle')}
          subTitle={t(
            kind === 'startup' ? 'registration.done.startupBody' : 'registration.done.investorBody',
          )}
          extra={
            <Link
              to="/login"
              className="ant-btn ant-btn-primary ant-btn-lg"
              onClick={() => preselectSignInTab(kind === 'startup' ? 'local' : 'investor')}
            >
              {t(kind === 'startup' ? 'registration.done.startupAction' : 'registration.done.investorAction')}
            </Link>
          }
        />
      )}

      {step !== 'done' && (
        <div className="login-page__links">
          <Link to="/login">{t('registration.toLogin')}</Link>
        </div>
      )}
    </div>
  );
}
