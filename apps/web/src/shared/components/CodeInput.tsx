import { Input } from 'antd';
import './codeInput.css';

/**
 * A mailed numeric code in one field: digits only (anything else typed or pasted is dropped, a
 * pasted "123 456" becomes 123456), at most `length` of them; phones offer the number pad and the
 * code from a message (`one-time-code`). One field rather than a box per digit: a code pastes and
 * autofills whole, and antd's per-digit Input.OTP lost every keystroke under Preact (decision 0043).
 */
export function CodeInput({
  length,
  value,
  onChange,
  id,
  disabled,
  autoFocus,
  'aria-label': ariaLabel,
}: {
  length: number;
  value?: string;
  onChange?: (value: string) => void;
  id?: string;
  disabled?: boolean;
  autoFocus?: boolean;
  'aria-label'?: string;
}) {
  return (
    <Input
      id={id}
      className="code-input"
      style={{ width: `calc(${length} * 1.6em + 24px)` }}
      value={value ?? ''}
      onChange={(event) => onChange?.(event.target.value.replace(/\D/g, '').slice(0, length))}
      inputMode="numeric"
      autoComplete="one-time-code"
      spellCheck={false}
      disabled={disabled}
      autoFocus={autoFocus}
      aria-label={ariaLabel}
    />
  );
}
