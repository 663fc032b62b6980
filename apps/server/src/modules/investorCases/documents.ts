import type { MyDocumentCreateBody } from '@dealflow/domain';
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { ServiceContext } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { legalDocuments } from '../../db/schema/index.ts';
import * as docsRepo from '../legalDocs/repository.ts';
import { createDocument, type Evidence } from '../legalDocs/service.ts';
import { lockInvestor } from '../legalDocs/recusal.ts';
import { myCase } from './service.ts';

/**
 * An investor's own NDA, LOI and COI on a case they see (issue 13): made from the case's contract
 * configuration and sent to them at once, then signed through the signing flow of issue 12. One
 * alive document of a kind per investor and case: asking again returns it.
 */

class AlreadyThere extends Error {}

/** The investor's documents on the case (sent or signed), newest first. */
export async function listMyCaseDocuments(ctx: ServiceContext, caseId: number) {
  const { actor } = await myCase(ctx, caseId);
  return docsRepo.signerDocumentsOfCase(ctx.db, actor.id, caseId);
}

export async function generateMyDocument(
  ctx: ServiceContext,
  caseId: number,
  body: MyDocumentCreateBody,
  evidence: Evidence,
) {
  const { actor, found, access } = await myCase(ctx, caseId);
  // Until the NDA, the investor knows the case only by its code name: nothing else to sign.
  if (body.kind !== 'nda' && access.masked) throw new AppError('NDA_REQUIRED');
  if (body.kind === 'loi' && !access.mayRegisterInterest) throw new AppError('INTEREST_NOT_OFFERED');
  const alive = async () =>
    (await docsRepo.signerDocumentsOfCase(ctx.db, actor.id, caseId)).find((d) => d.doc.kind === body.kind);
  const existing = await alive();
  if (existing) return { view: existing, created: false };

  const interestAmount =
    found.interest?.amount === null || found.interest?.amount === undefined
      ? null
      : Math.round(Number(found.interest.amount));
  try {
    const id = await createDocument(ctx, {
      kase: found.row,
      signer: { kind: 'client', id: actor.row.id, name: actor.row.name, email: actor.row.email },
      body: {
        kind: body.kind,
        lang: body.lang,
        commitment_amount: body.kind === 'loi' ? (body.commitment_amount ?? interestAmount) : null,
        conflict_declaration: body.kind === 'coi' ? (body.conflict_declaration ?? null) : null,
      },
      evidence,
      author: { kind: 'client', id: actor.id },
      send: true,
      // Two requests at once: the client's row lock puts them in line, and the second finds the
      // first's document and gives up (its PDF is discarded with the transaction). The lock is
      // FOR NO KEY UPDATE: each insert already holds the row's KEY SHARE (the foreign key), which
      // FOR UPDATE would wait on, and two of them waiting on each other was a deadlock (a 500).
      onCreated: async (tx, documentId) => {
        await lockInvestor(tx, actor.id);
        const [other] = await tx
          .select({ id: legalDocuments.id })
          .from(legalDocuments)
          .where(
            and(
              eq(legalDocuments.client_id, actor.id),
              eq(legalDocuments.case_id, caseId),
              eq(legalDocuments.kind, body.kind),
              inArray(legalDocuments.status, ['sent', 'signed']),
              ne(legalDocuments.id, documentId),
            ),
          )
          .limit(1);
        if (other) throw new AlreadyThere();
      },
    });
    const view = await docsRepo.findSignerDocument(ctx.db, id, { kind: 'client', id: actor.id });
    if (!view) throw new AppError('DOCUMENT_NOT_FOUND');
    return { view, created: true };
  } catch (err) {
    if (!(err instanceof AlreadyThere)) throw err;
    const view = await alive();
    if (!view) throw new AppError('DOCUMENT_NOT_FOUND');
    return { view, created: false };
  }
}
