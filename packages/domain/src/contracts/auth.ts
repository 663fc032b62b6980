import { z } from 'zod';
import { CLIENT_STATUSES, EMPLOYEE_STATUSES, STAFF_ROLES, STARTUP_USER_STATUSES } from '../roles.ts';
import { CONTACT_STAGES, MEMBERSHIP_TIERS } from '../stages.ts';

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
  employee_id: z.number().int().positive(),
  ttl_minutes: z.number().int().min(1).max(60).default(15),
});
export const ReviewerTokenResponse = z.object({
  data: z.object({ token: z.string(), expires_at: z.string(), url: z.string() }),
});
export const ReviewerExchangeBody = z.object({ token: z.string().min(10).max(4096) });
