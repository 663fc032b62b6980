import type { StaffRole } from './roles.ts';
import { CONTACT_STAGES, type ContactStage } from './stages.ts';

/**
 * Who works which investor clients (SPEC section 6, issue 9): sa develop clients through p0–p4,
 * ir look after them from p5 (a client moving p4 → p5 is handed from sa to ir), both see dropped
 * clients, admin sees all. ao read names and tiers only (the client directory), not the book.
 * One table for the server's list filter, its get-by-id check and the web's page guard.
 */
export const CLIENT_STAGES_BY_ROLE: Record<StaffRole, readonly ContactStage[]> = {
  admin: CONTACT_STAGES,
  sa: ['p0', 'p1', 'p2', 'p3', 'p4', 'drop'],
  ir: ['p5', 'p6', 'drop'],
  ao: [],
};

export function clientStagesVisibleTo(role: StaffRole | null | undefined): readonly ContactStage[] {
  return role ? CLIENT_STAGES_BY_ROLE[role] : [];
}

/** Whether a staff member may open (and work) a client in this contact stage. */
export function canSeeClient(role: StaffRole | null | undefined, processStatus: ContactStage): boolean {
  return clientStagesVisibleTo(role).includes(processStatus);
}

/**
 * Who may delete a client, restore it, and open it while deleted: admin, or its owner while they
 * work its stage. Others who work the stage edit the client but do not remove a colleague's record.
 */
export function canDeleteClient(
  actor: { id: number; role: StaffRole },
  facts: { processStatus: ContactStage; ownerId: number | null },
): boolean {
  if (actor.role === 'admin') return true;
  return facts.ownerId === actor.id && canSeeClient(actor.role, facts.processStatus);
}

/** The contact pipeline's forward path; drop is off the path (any stage may leave for it). */
export const CONTACT_STAGE_PATH = [
  'p0',
  'p1',
  'p2',
  'p3',
  'p4',
  'p5',
  'p6',
] as const satisfies readonly ContactStage[];

/**
 * Whether a move needs a reason: dropping a client, moving one back, and bringing one back from
 * drop are explained in the history; moving forward is the normal course.
 */
export function contactMoveNeedsReason(from: ContactStage, to: ContactStage): boolean {
  if (from === to) return false;
  if (to === 'drop' || from === 'drop') return true;
  return CONTACT_STAGE_PATH.indexOf(to) < CONTACT_STAGE_PATH.indexOf(from);
}

/**
 * Where a staff member may move a client: any other stage they can still see afterwards, plus the
 * hand-over p4 → p5 for sa (the client then leaves their book). ir may not send a client back
 * into sa's stages except through drop.
 */
export function contactMoveTargets(role: StaffRole | null | undefined, from: ContactStage): ContactStage[] {
  const visible = clientStagesVisibleTo(role);
  if (!visible.includes(from)) return [];
  const targets = CONTACT_STAGES.filter((s) => s !== from && visible.includes(s));
  if (role === 'sa' && from === 'p4') targets.push('p5');
  return targets;
}

/** How a contact with a client happened (issue 9). */
export const CONTACT_CHANNELS = ['phone', 'meeting', 'mail', 'message', 'event'] as const;
export type ContactChannel = (typeof CONTACT_CHANNELS)[number];

/** The legal person behind an investment account. */
export const CLIENT_ACCOUNT_KINDS = ['individual', 'company'] as const;
export type ClientAccountKind = (typeof CLIENT_ACCOUNT_KINDS)[number];

/**
 * Who reads an account's whole tax id and bank account number (lists show the last 4
 * characters): admin, and the client's owner (`clients.employee_id`). Each such read is recorded.
 */
export function canRevealClientAccounts(
  actor: { id: number; role: StaffRole } | null | undefined,
  client: { employee_id: number | null },
): boolean {
  if (!actor) return false;
  return actor.role === 'admin' || (client.employee_id !== null && client.employee_id === actor.id);
}

/** Kinds of client files, for the list's label and filter. */
export const CLIENT_FILE_KINDS = ['kyc', 'contract', 'statement', 'report', 'other'] as const;
export type ClientFileKind = (typeof CLIENT_FILE_KINDS)[number];

/** A client file is refused above this size (issue 9). */
export const CLIENT_FILE_MAX_BYTES = 20 * 1024 * 1024;

/** Days before `expiry_at` when a membership is flagged as expiring. */
export const MEMBERSHIP_EXPIRY_WARNING_DAYS = 30;

export type MembershipExpiry = 'expired' | 'expiring' | 'valid' | 'none';

/** Whether a membership has run out, runs out within 30 days, or is fine. */
export function membershipExpiry(
  expiryAt: string | Date | null | undefined,
  now = new Date(),
): MembershipExpiry {
  if (!expiryAt) return 'none';
  const at = typeof expiryAt === 'string' ? new Date(expiryAt) : expiryAt;
  const ms = at.getTime() - now.getTime();
  if (ms <= 0) return 'expired';
  return ms <= MEMBERSHIP_EXPIRY_WARNING_DAYS * 86_400_000 ? 'expiring' : 'valid';
}

/**
 * Masks a secret-ish account value for lists: everything but its last 4 characters (issue 9).
 * Values of 4 characters or fewer are masked whole.
 */
export function maskTail(value: string | null | undefined): string | null {
  if (value === null || value === undefined || value === '') return value ?? null;
  const chars = [...value];
  if (chars.length <= 4) return '•'.repeat(chars.length);
  return '•'.repeat(chars.length - 4) + chars.slice(-4).join('');
}
