import { MAIL_CODE, type RegistrationKind } from '@dealflow/domain';
import { useTranslation } from 'react-i18next';
import { MailCodeForm } from '../../../shared/components/MailCodeForm.tsx';
import { useCheckCode, useSendCode } from '../api/registrationApi.ts';

/** The six-digit code mailed to `email`; a right one gives the ticket the next steps carry. */
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
  const send = useSendCode();
  return (
    <MailCodeForm
      name="register-code"
      size="large"
      subtitle={
        <p className="login-page__subtitle">
          {t('registration.code.subtitle', { email, minutes: MAIL_CODE.ttlMinutes })}
        </p>
      }
      submitText={t('registration.code.submit')}
      backText={t('registration.code.changeEmail')}
      onBack={onChangeEmail}
      verify={{ ...check, mutateAsync: (code: string) => check.mutateAsync({ email, code }) }}
      resend={{ ...send, mutateAsync: () => send.mutateAsync({ email, kind }) }}
      onVerified={(proof) => onVerified(proof.ticket)}
    />
  );
}
