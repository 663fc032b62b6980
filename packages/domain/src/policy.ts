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
  /** What a client's holdings are worth and what came back: investor relations keep it (issue 9). */
  'clients.portfolio': ['admin', 'ir'],
  /** Approving a registered investor's membership application (issue 14): the p0 work of sa. */
  'clients.approve': ['admin', 'sa'],
  /** The new-applications badge: every staff member, each counting what they may read. */
  'applications.count': ['admin', 'ao', 'ir', 'sa'],
  // Names and tiers of active clients, for pickers (fund roles, due diligence): every staff member.
  'clients.directory': ['admin', 'ao', 'ir', 'sa'],
  // Client groups are investor work: SPEC section 6 keeps ao off dashboard-group(-id).
  'groups.read': ['admin', 'ir', 'sa'],
  'groups.write': ['admin', 'ir', 'sa'],
  'platform.config': ['admin'],
  // The report page (issue 10): ao read the case report, ir and sa the investor report, admin both;
  // each role's report is where SPEC section 6 sends it (guards.ts staffHome / blockedRedirect).
  // The activity feeds follow the same split (caseActivity, clientActivity).
  'reports.cases': ['admin', 'ao'],
  'reports.investors': ['admin', 'ir', 'sa'],
  /** The to-do centre (issue 11): each reads the to-dos of the cases and clients they may read. */
  'todos.centre': ['admin', 'ao', 'ir', 'sa'],
  /**
   * The firm calendar and its .ics feed (issue 11): every staff member, over the events of the
   * cases they read or their clients take part in (contracts/firmCalendar.ts).
   */
  'calendar.firm': ['admin', 'ao', 'ir', 'sa'],
  /** Work logs (issue 11): everyone records their own work; who reads which is in contracts/workLogs.ts. */
  'worklogs.write': ['admin', 'ao', 'ir', 'sa'],
  /** Due-diligence comments: ir and sa read them for their investor work; writing is case work (cases.write). */
  'dd.read': ['admin', 'ao', 'ir', 'sa'],
  // The message inbox with investors (issue 11). SPEC section 6 blocks both ao and sa from
  // dashboard-contact-type, and a role blocked from a page is refused its API (see above).
  'services.inbox': ['admin', 'ir'],
  /**
   * The business-card book (issue 11): every staff member keeps cards; which cards each one sees
   * is per card (`cardAccessOf`). Card groups are the firm's: any staff member creates one, its
   * creator and admin rename or delete it (`canManageCardGroup`).
   */
  'cards.use': ['admin', 'ao', 'ir', 'sa'],
  'cardGroups.create': ['admin', 'ao', 'ir', 'sa'],
  /** The PDF tools (issue 12): stamping a PDF with the platform's header, footer and watermark. */
  'pdfs.stamp': ['admin', 'ao', 'ir', 'sa'],
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

/**
 * Who can be given a kind of work, by role. One rule for both sides: the server refuses anyone
 * else, and pickers ask the employee directory for these roles only (`?assignable=`), so a picker
 * never offers a colleague the server would then refuse.
 * `case`: AO, agent or to-do assignee of a case: someone who can open cases.
 * `client`: to-do assignee or contact person of a client: someone who works clients (the server
 * also checks that they see that client's stage, `canSeeClient`).
 */
export const STAFF_ASSIGNMENTS = {
  case: 'cases.read',
  client: 'clients.read',
} as const satisfies Record<string, StaffPermission>;
export type StaffAssignment = keyof typeof STAFF_ASSIGNMENTS;
export const STAFF_ASSIGNMENT_KINDS = Object.keys(STAFF_ASSIGNMENTS) as [
  StaffAssignment,
  ...StaffAssignment[],
];

export function canBeAssigned(role: StaffRole | null | undefined, assignment: StaffAssignment): boolean {
  return staffCan(role, STAFF_ASSIGNMENTS[assignment]);
}

/** The roles `canBeAssigned` accepts, for a query that lists only them. */
export function assignableRoles(assignment: StaffAssignment): readonly StaffRole[] {
  return STAFF_PERMISSIONS[STAFF_ASSIGNMENTS[assignment]];
}

/**
 * Comments and to-dos are how a case is worked on together: everyone who may read a case may add
 * them, without being able to edit the case itself (issue 8).
 */
export function canContributeToCase(actor: { role: StaffRole }): boolean {
  return staffCan(actor.role, 'cases.read');
}

/**
 * Changing or removing one comment or to-do: whoever may edit the case, the one who wrote it, and
 * for a to-do the one it is assigned to (they tick it off).
 */
export function canChangeContribution(
  actor: { id: number; role: StaffRole },
  facts: {
    aoId: number | null;
    agentIds: readonly number[];
    authorId: number | null;
    assigneeId?: number | null;
  },
): boolean {
  if (canEditCase(actor, facts)) return true;
  if (!canContributeToCase(actor)) return false;
  return facts.authorId === actor.id || (facts.assigneeId ?? null) === actor.id;
}

/**
 * Which role sets which rating of a case: the AO score is the case team's, the IR score the
 * investor relations team's (ir rate through their own screen, client issue). An admin sets both.
 */
export const CASE_RATING_ROLES = {
  rating_ao_score: ['admin', 'ao'],
  rating_ir_score: ['admin', 'ir'],
} as const satisfies Record<string, readonly StaffRole[]>;
export type CaseRatingField = keyof typeof CASE_RATING_ROLES;

export function canSetRating(role: StaffRole | null | undefined, field: CaseRatingField): boolean {
  return !!role && (CASE_RATING_ROLES[field] as readonly StaffRole[]).includes(role);
}

/**
 * What one staff member may do with one card (issue 11): its owner (creator) and admin manage it
 * (edit and grant); anyone else what their grant says (`edit` fields and groups, `read`), or
 * nothing (`null`: the card is neither listed nor opened for them).
 */
export function cardAccessOf(
  actor: { id: number; role: StaffRole },
  facts: { ownerId: number | null; grant: 'read' | 'edit' | 'none' | null },
): 'manage' | 'edit' | 'read' | null {
  if (actor.role === 'admin' || (facts.ownerId !== null && facts.ownerId === actor.id)) return 'manage';
  if (facts.grant === 'edit') return 'edit';
  if (facts.grant === 'read') return 'read';
  return null;
}

/** Renaming or deleting a card group: the one who created it, and admin. */
export function canManageCardGroup(
  actor: { id: number; role: StaffRole },
  facts: { createdBy: number | null },
): boolean {
  return actor.role === 'admin' || (facts.createdBy !== null && facts.createdBy === actor.id);
}
