import { canSeeClient, type ContactStage, type StaffRole, staffCan } from '@dealflow/domain';

/** The contract's phone rule: digits, spaces and + ( ) - only. */
export const PHONE_PATTERN = /^[0-9+()\- ]*$/;

/**
 * The display name a new client gets from the name parts until someone types one: 王 + 小明 is
 * 王小明; names in Latin letters read first name first (Ivy Chen).
 */
export function composedName(lastName: string | undefined, firstName: string | undefined): string {
  const last = (lastName ?? '').trim();
  const first = (firstName ?? '').trim();
  if (!last || !first) return last || first;
  const latin = /^[\p{Script=Latin}\s'.-]+$/u;
  return latin.test(last) && latin.test(first) ? `${first} ${last}` : `${last}${first}`;
}

/**
 * Who may own a client: a colleague who works clients (sa, ir, admin) and, once the stage is
 * known, works that stage; the server refuses anyone else.
 */
export function canOwnClient(role: StaffRole, stage: ContactStage | undefined): boolean {
  return staffCan(role, 'clients.write') && (stage === undefined || canSeeClient(role, stage));
}
