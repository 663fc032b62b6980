/** Staff roles of the back office (SPEC section 1). */
export const STAFF_ROLES = ['admin', 'ao', 'ir', 'sa'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/**
 * Sign-in strategies (SPEC section 4). `local` is the generic login used by startups
 * (case owners), `dashboard` is staff, `investor` is investor clients.
 */
export const STRATEGIES = ['local', 'dashboard', 'investor'] as const;
export type Strategy = (typeof STRATEGIES)[number];

/** Token audiences: a token carries exactly one and is refused by the other areas. */
export const TOKEN_AUDIENCE: Record<Strategy, string> = {
  local: 'dealflow:startup',
  dashboard: 'dealflow:staff',
  investor: 'dealflow:investor',
};
/** Reviewer tokens are a separate, single-purpose audience exchanged for a staff token. */
export const REVIEWER_AUDIENCE = 'dealflow:reviewer';

export const EMPLOYEE_STATUSES = ['active', 'inactive'] as const;
export type EmployeeStatus = (typeof EMPLOYEE_STATUSES)[number];

export const STARTUP_USER_STATUSES = ['active', 'inactive', 'drop'] as const;
export type StartupUserStatus = (typeof STARTUP_USER_STATUSES)[number];

export const CLIENT_STATUSES = ['active', 'inactive'] as const;
export type ClientStatus = (typeof CLIENT_STATUSES)[number];

/** Role flags of SPEC section 6: all false when nobody (or no staff member) is signed in. */
export function staffRoleFlags(role: StaffRole | null | undefined): Record<StaffRole, boolean> {
  return { admin: role === 'admin', ao: role === 'ao', ir: role === 'ir', sa: role === 'sa' };
}
