import type { StaffRole } from './roles.ts';

/**
 * Which staff role may use which group of staff API routes. The server checks this on every
 * staff route; the web reads it only to hide what would be refused. SPEC section 6 guards are the
 * floor: a role blocked from a page is also refused that page's API.
 */
export const STAFF_PERMISSIONS = {
  'employees.read': ['admin'],
  // Names and roles of active colleagues, for pickers (AO, agents, assignees): every staff member.
  'employees.directory': ['admin', 'ao', 'ir', 'sa'],
  'employees.write': ['admin'],
  'reviewer-tokens.issue': ['admin', 'ao', 'ir', 'sa'],
  'cases.read': ['admin', 'ao'],
  'cases.summary': ['admin', 'ao', 'ir', 'sa'],
  'cases.write': ['admin', 'ao'],
  'clients.read': ['admin', 'ir', 'sa'],
  'clients.write': ['admin', 'ir', 'sa'],
  // Names and tiers of active clients, for pickers (fund roles, due diligence): every staff member.
  'clients.directory': ['admin', 'ao', 'ir', 'sa'],
  'platform.config': ['admin'],
  'reports.read': ['admin', 'ao', 'ir', 'sa'],
  /** Due-diligence comments: ir and sa read them for their investor work; writing is case work (cases.write). */
  'dd.read': ['admin', 'ao', 'ir', 'sa'],
} as const satisfies Record<string, readonly StaffRole[]>;

export type StaffPermission = keyof typeof STAFF_PERMISSIONS;

export function staffCan(role: StaffRole | null | undefined, permission: StaffPermission): boolean {
  if (!role) return false;
  return (STAFF_PERMISSIONS[permission] as readonly StaffRole[]).includes(role);
}

/**
 * Who may change one case: admin any case; an ao the cases they are the AO or an agent of.
 * Reading is wider (every ao reads every case); see STAFF_PERMISSIONS.
 */
export function canEditCase(
  actor: { id: number; role: StaffRole },
  facts: { aoId: number | null; agentIds: readonly number[] },
): boolean {
  if (actor.role === 'admin') return true;
  if (actor.role !== 'ao') return false;
  return facts.aoId === actor.id || facts.agentIds.includes(actor.id);
}
