import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { caseRoles, legalDocuments } from '../../db/schema/index.ts';

/**
 * Whether an investor may open a case's confidential files: they hold a role on the case, or they
 * signed its NDA (and it was not voided since). The tier rules of the investor area (#13) come on
 * top of this; they never open more.
 */
export async function investorMayOpen(db: DbOrTx, caseId: number, clientId: number): Promise<boolean> {
  const [role] = await db
    .select({ id: caseRoles.id })
    .from(caseRoles)
    .where(and(eq(caseRoles.case_id, caseId), eq(caseRoles.client_id, clientId)))
    .limit(1);
  if (role) return true;
  const [nda] = await db
    .select({ id: legalDocuments.id })
    .from(legalDocuments)
    .where(
      and(
        eq(legalDocuments.case_id, caseId),
        eq(legalDocuments.client_id, clientId),
        eq(legalDocuments.kind, 'nda'),
        eq(legalDocuments.status, 'signed'),
      ),
    )
    .limit(1);
  return nda !== undefined;
}
