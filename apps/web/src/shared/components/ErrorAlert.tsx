import { Alert, Button } from 'antd';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, fieldLines, technicalText } from '../api/ApiError.ts';
import { useFeedback } from '../feedback/index.tsx';

/**
 * The spec's technical line (`[status] server text`, SPEC section 8) behind a small 「詳細資訊」
 * toggle: there for support and the curious, never the message itself.
 */
export function ErrorDetails({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <div className="error-details">
      <Button
        type="link"
        size="small"
        className="error-details-toggle"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((v) => !v)}
      >
        {open ? t('errors.hideDetails') : t('errors.details')}
      </Button>
      <div id={id} hidden={!open}>
        {open && (
          <code className="error-details-text" data-testid="error-details">
            {technicalText(error)}
          </code>
        )}
      </div>
    </div>
  );
}

/** The failing fields not shown under a form field, one line each. */
function FieldList({ error, except }: { error: unknown; except?: readonly string[] }) {
  const lines = fieldLines(error, except);
  if (lines.length === 0) return null;
  return (
    <ul className="error-fields">
      {lines.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  );
}

/**
 * The content of any error message (a toast, a notification, an alert's description): the
 * translated sentence, the failing fields, and the details toggle.
 */
export function ErrorMessage({ error, withSentence = true }: { error: unknown; withSentence?: boolean }) {
  useTranslation(); // re-render when the language changes
  return (
    <div className="error-message">
      {withSentence && <span>{errorText(error)}</span>}
      <FieldList error={error} />
      <ErrorDetails error={error} />
    </div>
  );
}

/** `errorText()`'s sentence with the failing fields and 「詳細資訊」, wherever a node is taken. */
export const errorContent = (error: unknown): ReactNode => <ErrorMessage error={error} />;

export interface ErrorAlertProps {
  error: unknown;
  /** What failed (「無法載入案件」); the translated sentence then goes below it. */
  title?: ReactNode;
  /** Body fields the form already shows under their own labels (left out of the list). */
  formFields?: readonly string[];
  className?: string;
  onClose?: () => void;
}

/** The one inline error display: a translated sentence by error code, never the raw server text. */
export function ErrorAlert({ error, title, formFields, className, onClose }: ErrorAlertProps) {
  useTranslation();
  const sentence = errorText(error);
  return (
    <Alert
      type="error"
      showIcon
      role="alert"
      className={className}
      closable={onClose ? { onClose } : undefined}
      title={title ?? sentence}
      description={
        <div className="error-message">
          {title !== undefined && <span>{sentence}</span>}
          <FieldList error={error} except={formFields} />
          <ErrorDetails error={error} />
        </div>
      }
    />
  );
}

/**
 * The one error toast: `const showError = useErrorToast(); showError(error)`. One error is shown
 * once: use this or an `<ErrorAlert>`, not both.
 */
export function useErrorToast(): (error: unknown, title?: ReactNode) => void {
  const { notification } = useFeedback();
  return (error, title) =>
    notification.error({
      title: title ?? errorText(error),
      description: <ErrorMessage error={error} withSentence={title !== undefined} />,
      duration: 8,
    });
}
