import { z } from 'zod';
import { NewPassword } from './employees.ts';

/**
 * A startup's own account (issue 14, SPEC section 7: `PUT v1/cases/{id}` "is also used for password
 * or email change"). With a startup token `{id}` is the startup user's own id; `action` says which
 * change. The email is confirmed by a six-digit code mailed to the new address before it takes effect.
 */
const currentPassword = z.string().min(1, { message: 'Enter your current password' }).max(1024);
const email = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  .pipe(z.email({ message: 'Enter a valid email address' }));

export const STARTUP_ACCOUNT_ACTIONS = ['password', 'email_request', 'email_confirm'] as const;

export const StartupAccountBody = z.discriminatedUnion('action', [
  z
    .object({ action: z.literal('password'), current_password: currentPassword, password: NewPassword })
    .strict(),
  z.object({ action: z.literal('email_request'), current_password: currentPassword, email }).strict(),
  z
    .object({
      action: z.literal('email_confirm'),
      email,
      code: z
        .string()
        .trim()
        .regex(/^\d{6}$/, { message: 'Enter the six-digit code' }),
    })
    .strict(),
]);
export type StartupAccountBody = z.infer<typeof StartupAccountBody>;

/**
 * What each action answers: a new session token after a change (every other session has ended),
 * or, for a code request, when the code lapses and when another may be sent (the same whether or
 * not the address is already in use).
 */
export const StartupAccountResult = z.object({
  action: z.enum(STARTUP_ACCOUNT_ACTIONS),
  token: z.string().optional(),
  email: z.string().optional(),
  expires_in_seconds: z.number().int().optional(),
  resend_after_seconds: z.number().int().optional(),
});
export type StartupAccountResult = z.infer<typeof StartupAccountResult>;
export const StartupAccountResponse = z.object({ data: StartupAccountResult });
