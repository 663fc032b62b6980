import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';

/**
 * The rule for a password chosen at registration (issue 14), one for the server (which refuses)
 * and the web (which shows the meter and says why). Kept out of the package index: its
 * dictionaries weigh about 1 MB, so the server imports `@dealflow/domain/passwordStrength` and
 * the registration page loads it when it opens.
 */

/** How many of the list's most common passwords are refused outright (the list is ordered by frequency). */
export const COMMON_PASSWORDS_REFUSED = 10_000;
/** zxcvbn's score (0–4) a password needs at least. */
export const PASSWORD_MIN_SCORE = 2;

const commonList = common.dictionary['passwords-common'];
const mostCommon = new Set(commonList.slice(0, COMMON_PASSWORDS_REFUSED).map((p) => p.toLowerCase()));

let factory: ZxcvbnFactory | null = null;
const zxcvbn = () => {
  factory ??= new ZxcvbnFactory({ dictionary: common.dictionary, graphs: common.adjacencyGraphs });
  return factory;
};

export type PasswordRefusal = 'common' | 'email' | 'weak';

export interface PasswordVerdict {
  /** zxcvbn's 0 (guessed at once) … 4 (very hard to guess). */
  score: 0 | 1 | 2 | 3 | 4;
  /** Why it is refused; null when it is accepted. */
  refusal: PasswordRefusal | null;
}

/** Checks a new password for the account of `email` (lower-cased by the caller or here). */
export function judgePassword(password: string, email: string): PasswordVerdict {
  const mail = email.trim().toLowerCase();
  const local = mail.split('@')[0] ?? '';
  const lower = password.toLowerCase();
  const result = zxcvbn().check(password.slice(0, 256), [mail, local]);
  const score = result.score as PasswordVerdict['score'];
  let refusal: PasswordRefusal | null = null;
  if (mail && (lower.includes(mail) || (local.length >= 3 && lower === local))) refusal = 'email';
  else if (mostCommon.has(lower)) refusal = 'common';
  else if (score < PASSWORD_MIN_SCORE) refusal = 'weak';
  return { score, refusal };
}
