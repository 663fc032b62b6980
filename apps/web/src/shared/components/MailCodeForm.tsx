import { MAIL_CODE } from '@dealflow/domain';
import { Alert, Button, Form } from 'antd';
import { CodeInput } from './CodeInput.tsx';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, errorText } from '../api/index.ts';
import { UnsavedChangesGuard } from '../unsaved/index.ts';

/** The tries a refused code leaves (422 INCORRECT_VERIFICATION_CODE with `attempts_left`). */
export function attemptsLeft(error: unknown): number | null {
  if (!(error instanceof ApiError) || error.code !== 'INCORRECT_VERIFICATION_CODE') return null;
  const left = (error.details as { attempts_left?: unknown } | undefined)?.attempts_left;
  return typeof left === 'number' ? left : null;
}

/** What the form needs of a mutation: TanStack Query's `useMutation` result fits. */
interface CodeCall<T, R = unknown> {
  mutateAsync: (value: T) => Promise<R>;
  reset: () => void;
  isPending: boolean;
  isError: boolean;
  error: unknown;
}

/**
 * The six-digit code mailed to an address, entered in a code field: a refused code says how many
 * tries are left and is cleared for the next one; a new code may be asked for after 30 s (the old
 * one then stops working). Registration and the sign-in email change both use it.
 */
export function MailCodeForm<R>({
  name,
  subtitle,
  submitText,
  backText,
  onBack,
  verify,
  resend,
  onVerified,
  size,
  guard = false,
  linksClassName = 'login-page__links',
}: {
  name: string;
  /** Where the code went and for how long it works, as the page sets it. */
  subtitle: ReactNode;
  submitText: string;
  backText: string;
  onBack: () => void;
  /** Checks the code; what it resolves to goes to `onVerified`. */
  verify: CodeCall<string, R>;
  /** Mails a new code. */
  resend: CodeCall<undefined>;
  onVerified: (result: R) => void;
  size?: 'large';
  /** Warn before leaving while the code is not yet accepted. */
  guard?: boolean;
  linksClassName?: string;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ code: string }>();
  const [wait, setWait] = useState<number>(MAIL_CODE.resendAfterSeconds);
  const [resent, setResent] = useState(false);
  const [accepted, setAccepted] = useState(false);

  useEffect(() => {
    if (wait <= 0) return;
    const timer = setTimeout(() => setWait((w) => w - 1), 1000);
    return () => clearTimeout(timer);
  }, [wait]);

  const left = attemptsLeft(verify.error);
  const verifyError =
    verify.isError &&
    (left === null
      ? errorText(verify.error)
      : left > 0
        ? t('forms.mailCode.triesLeft', { count: left })
        : t('forms.mailCode.noTriesLeft'));

  return (
    <Form<{ code: string }>
      form={form}
      name={name}
      layout="vertical"
      requiredMark={false}
      size={size}
      disabled={verify.isPending}
      onFinish={async ({ code }) => {
        let result: R;
        try {
          result = await verify.mutateAsync(code);
        } catch {
          // A refused code is cleared, so the next one is typed from the first box.
          form.resetFields(['code']);
          return;
        }
        setAccepted(true);
        onVerified(result);
      }}
    >
      {guard && <UnsavedChangesGuard when={!accepted} />}
      {subtitle}
      <Form.Item
        label={t('forms.mailCode.label')}
        name="code"
        rules={[
          { required: true, message: t('forms.mailCode.required') },
          { pattern: /^\d{6}$/, message: t('forms.mailCode.required') },
        ]}
      >
        <CodeInput length={MAIL_CODE.digits} autoFocus aria-label={t('forms.mailCode.label')} />
      </Form.Item>
      {verifyError && <Alert className="form-alert" type="error" showIcon role="alert" title={verifyError} />}
      {resend.isError && (
        <Alert className="form-alert" type="error" showIcon role="alert" title={errorText(resend.error)} />
      )}
      {resent && !resend.isError && (
        <Alert
          className="form-alert"
          type="success"
          showIcon
          role="status"
          title={t('forms.mailCode.resent')}
        />
      )}
      <Button type="primary" htmlType="submit" block={size === 'large'} loading={verify.isPending}>
        {submitText}
      </Button>
      <div className={linksClassName}>
        <Button
          type="link"
          disabled={wait > 0 || resend.isPending}
          loading={resend.isPending}
          onClick={async () => {
            setResent(false);
            try {
              await resend.mutateAsync(undefined);
            } catch {
              // Shown by the alert above (resend.isError).
              return;
            }
            verify.reset();
            form.resetFields();
            setResent(true);
            setWait(MAIL_CODE.resendAfterSeconds);
          }}
        >
          {wait > 0 ? t('forms.mailCode.resendIn', { seconds: wait }) : t('forms.mailCode.resend')}
        </Button>
        <Button type="link" onClick={onBack}>
          {backText}
        </Button>
      </div>
    </Form>
  );
}
