import { z } from 'zod';
import { STAFF_ASSIGNMENT_KINDS } from '../policy.ts';
import { EMPLOYEE_STATUSES, STAFF_ROLES } from '../roles.ts';
import { PageQuery, sortParam } from './common.ts';

export const PASSWORD_MIN = 8;
/** The one password rule: every place a password is set (create, edit, reset, invitation, change). */
export const NewPassword = z
  .string()
  .min(PASSWORD_MIN, { message: `Password must be at least ${PASSWORD_MIN} characters` })
  .max(256);
const password = NewPassword;

/** A staff invitation not yet accepted: pending until `expires_at`, then expired (docs/decisions/0012). */
export const EmployeeInvitation = z.object({
  status: z.enum(['pending', 'expired']),
  expires_at: z.string(),
});
export type EmployeeInvitation = z.infer<typeof EmployeeInvitation>;

export const Employee = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  role: z.enum(STAFF_ROLES),
  status: z.enum(EMPLOYEE_STATUSES),
  phone: z.string().nullable(),
  title: z.string().nullable(),
  last_login_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  /** The open invitation to set a password, or null once accepted (or never sent). */
  invitation: EmployeeInvitation.nullable(),
});
export type Employee = z.infer<typeof Employee>;

/** Columns the staff list sorts by (`sort=field:asc|desc`); without `sort` the list is in id order. */
export const EMPLOYEE_SORT_FIELDS = [
  'id',
  'name',
  'email',
  'role',
  'status',
  'created_at',
  'last_login_at',
] as const;
export type EmployeeSortField = (typeof EMPLOYEE_SORT_FIELDS)[number];

export const EmployeeListQuery = PageQuery.extend({
  status: z.enum(EMPLOYEE_STATUSES).optional(),
  role: z.enum(STAFF_ROLES).optional(),
  sort: sortParam(EMPLOYEE_SORT_FIELDS).optional(),
  /** Case-insensitive substring of name or email; `%` and `_` are plain characters. */
  q: z.string().trim().max(200).optional(),
});
export type EmployeeListQuery = z.infer<typeof EmployeeListQuery>;

export const EmployeeCreateBody = z.object({
  email: z.string().trim().toLowerCase().email({ message: 'Enter a valid email address' }).max(254),
  name: z.string().trim().min(1, { message: 'Name is required' }).max(100),
  role: z.enum(STAFF_ROLES),
  status: z.enum(EMPLOYEE_STATUSES).default('active'),
  /**
   * Kept for callers of SPEC section 7 that set one. Without it (as the web sends it), the person is
   * mailed an invitation to set their own password.
   */
  password: password.optional(),
  phone: z.string().trim().max(40).nullish(),
  title: z.string().trim().max(100).nullish(),
});
export type EmployeeCreateBody = z.infer<typeof EmployeeCreateBody>;

// Spelled out rather than `.partial()`: a partial of a defaulted field would still apply the default
// (status 'active') and silently reactivate an account on every edit.
export const EmployeeUpdateBody = z.object({
  email: EmployeeCreateBody.shape.email.optional(),
  name: EmployeeCreateBody.shape.name.optional(),
  role: z.enum(STAFF_ROLES).optional(),
  status: z.enum(EMPLOYEE_STATUSES).optional(),
  password: password.optional(),
  phone: z.string().trim().max(40).nullish(),
  title: z.string().trim().max(100).nullish(),
});
export type EmployeeUpdateBody = z.infer<typeof EmployeeUpdateBody>;

/** An active colleague as pickers show them: no email, phone or login data. */
export const StaffDirectoryEntry = z.object({
  id: z.number().int(),
  name: z.string(),
  role: z.enum(STAFF_ROLES),
});
export type StaffDirectoryEntry = z.infer<typeof StaffDirectoryEntry>;
export const StaffDirectoryQuery = z.object({
  role: z.enum(STAFF_ROLES).optional(),
  /** Only colleagues who can be given this kind of work (canBeAssigned). */
  assignable: z.enum(STAFF_ASSIGNMENT_KINDS).optional(),
});
