import type { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api/index.ts';

/** Error codes of the account screens whose texts live in the account namespace (account.errorCodes). */
export const ACCOUNT_ERROR_CODES = [
  'ACCOUNT_DEACTIVATED',
  'WRONG_SIGN_IN_TAB',
  'RESET_LINK_INVALID',
  'INVITATION_LINK_INVALID',
  'CURRENT_PASSWORD_INCORRECT',
] as const;
export type AccountErrorCode = (typeof ACCOUNT_ERROR_CODES)[number];

export function accountErrorCode(error: unknown): AccountErrorCode | null {
  if (!(error instanceof ApiError) || error.code === null) return null;
  return (ACCOUNT_ERROR_CODES as readonly string[]).includes(error.code)
    ? (error.code as AccountErrorCode)
    : null;
}

/** The sentence for an account error: its own text when known, else the general failure text. */
export function accountErrorText(t: ReturnType<typeof useTranslation>['t'], error: unknown): string {
  const code = accountErrorCode(error);
  if (code) return t(`account.errorCodes.${code}`);
  if (error instanceof ApiError && error.code === 'TOO_MANY_ATTEMPTS')
    return t('auth.codes.TOO_MANY_ATTEMPTS');
  return t('common.requestFailed');
}
