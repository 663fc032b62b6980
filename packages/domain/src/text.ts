/**
 * Text PostgreSQL cannot keep as sent: a NUL (U+0000) is refused by `text` and `jsonb` columns, and
 * a lone UTF-16 surrogate has no UTF-8 form (the driver would store U+FFFD, jsonb refuses its
 * escape). The API refuses both up front with these messages, stable so the web can translate them.
 */
export const TEXT_PROBLEM_MESSAGES = {
  nul: 'must not contain NUL characters',
  surrogate: 'must be valid Unicode text',
} as const;
export type TextProblem = keyof typeof TEXT_PROBLEM_MESSAGES;

// With the `u` flag a surrogate range matches only a surrogate that is not half of a pair.
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

/** What is wrong with a string the database would not store faithfully, or null. */
export function textProblem(value: string): TextProblem | null {
  if (value.includes('\u0000')) return 'nul';
  if (LONE_SURROGATE.test(value)) return 'surrogate';
  return null;
}
