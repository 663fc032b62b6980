import { z } from 'zod';
import {
  CLIENT_STATUSES,
  EMPLOYEE_STATUSES,
  STAFF_ROLES,
  STARTUP_USER_STATUSES,
  STRATEGIES,
} from '../roles.ts';
import { CONTACT_STAGES, MEMBERSHIP_TIERS } from '../stages.ts';
import { DB_ID_MAX } from './common.ts';
import { NewPassword } from './employees.ts';

export const LoginBody = z.object({
  email: z.string().trim().toLowerCase().email({ message: 'Enter a valid email address' }).max(254),
  password: z.string().min(1, { message: 'Enter your password' }).max(1024),
});
export type LoginBody = z.infer<typeof LoginBody>;

export const TokenData = z.object({ data: z.object({ token: z.string() }) });
/** `POST /api/auth/login` answers `{ token }` (SPEC section 7). */
export const StartupTokenResponse = z.object({ token: z.string() });

export const StaffUser = z.object({
  kind: z.literal('employee'),
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  role: z.enum(STAFF_ROLES),
  status: z.enum(EMPLOYEE_STATUSES),
  reviewer: z.boolean(),
});
export type StaffUser = z.infer<typeof StaffUser>;

export const InvestorUser = z.object({
  kind: z.literal('client'),
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  type: z.string().nullable(),
  status: z.enum(CLIENT_STATUSES),
  membership: z.enum(MEMBERSHIP_TIERS),
  process_status: z.enum(CONTACT_STAGES),
  expiry_at: z.string().nullable(),
  /** When they closed the onboarding tour (issue 13); null: the tour opens. */
  tutorial_seen_at: z.string().nullable(),
  /** A self-registered investor (issue 14): 'pending' sees no case until staff approve. */
  application_status: z.enum(['pending', 'approved']).nullable(),
});
export type InvestorUser = z.infer<typeof InvestorUser>;

export const StartupUser = z.object({
  kind: z.literal('startup'),
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  role: z.string(),
  status: z.enum(STARTUP_USER_STATUSES),
  scope: z.union([z.array(z.string()), z.record(z.string(), z.unknown())]).nullable(),
  case_review: z.boolean(),
  case_id: z.number().int().nullable(),
  case_name: z.string().nullable(),
  expiry_at: z.string().nullable(),
});
export type StartupUser = z.infer<typeof StartupUser>;

export const MeResponse = z.object({ data: z.discriminatedUnion('kind', [StaffUser, InvestorUser]) });
export const StartupUserResponse = z.object({ user: StartupUser });

/** Staff issue a short-lived reviewer link for a colleague (SPEC section 6 `?token=`). */
export const ReviewerTokenBody = z.object({
  employee_id: z.number().int().positive().max(DB_ID_MAX),
  ttl_minutes: z.number().int().min(1).max(60).default(15),
});
export const ReviewerTokenResponse = z.object({
  data: z.object({ token: z.string(), expires_at: z.string(), url: z.string() }),
});
export const ReviewerExchangeBody = z.object({ token: z.string().min(10).max(4096) });

/** Sign-in areas as told to a user on the wrong one (`WRONG_SIGN_IN_TAB` details.use). */
export const SIGN_IN_AREAS = ['dashboard', 'investor', 'startup'] as const;
export type SignInArea = (typeof SIGN_IN_AREAS)[number];

/** A mailed single-use token: 32 random bytes, base64url. */
const MailedToken = z
  .string()
  .min(20)
  .max(200)
  .regex(/^[A-Za-z0-9_-]+$/, { message: 'Invalid link' });

export const PasswordForgotBody = z.object({
  email: LoginBody.shape.email,
  strategy: z.enum(STRATEGIES),
});
export type PasswordForgotBody = z.infer<typeof PasswordForgotBody>;

export const PasswordResetBody = z.object({ token: MailedToken, password: NewPassword });
export type PasswordResetBody = z.infer<typeof PasswordResetBody>;
/** Which sign-in page the reset account uses, so the web can send the person there. */
export const PasswordResetResponse = z.object({ data: z.object({ strategy: z.enum(STRATEGIES) }) });

export const InvitationCheckBody = z.object({ token: MailedToken });
export const InvitationCheckResponse = z.object({
  data: z.object({ email: z.string(), name: z.string(), expires_at: z.string() }),
});
export const InvitationAcceptBody = z.object({ token: MailedToken, password: NewPassword });
export type InvitationAcceptBody = z.infer<typeof InvitationAcceptBody>;

export const PasswordChangeBody = z.object({
  current_password: z.string().min(1, { message: 'Enter your current password' }).max(1024),
  password: NewPassword,
});
export type PasswordChangeBody = z.infer<typeof PasswordChangeBody>;
