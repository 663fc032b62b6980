import { ApiError, errorText } from '../../../shared/api/index.ts';

/** Error codes of the account screens that change what the page offers (a dead link, a wrong tab). */
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

/** The sentence for an account error: the one error display's text for its code. */
export function accountErrorText(error: unknown): string {
  return errorText(error);
}
