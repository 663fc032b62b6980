import type { CaseRecusal } from '@dealflow/domain';
import { and, desc, eq, inArray, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { clients, legalDocuments } from '../../db/schema/index.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { staffActor } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import type { Principal } from '../auth/principal.ts';
import { recordActivity } from '../activity/repository.ts';
import { findCase } from '../cases/repository.ts';

/**
 * Recusal by conflict of interest (issue 13): an investor who signed a COI declaring a conflict on
 * a case is recused from that case's IC discussion and allocation (registering an interest, an LOI
 * or subscription, questions and due-diligence comments as theirs) until the COI is voided.
 *
 * Nothing is stored besides the signed COI itself: the recusal is read from it, so it cannot drift.
 * Consistency under concurrency comes from the investor's client row: signing or voiding a COI
 * with a conflict, and every refused write, take that row's lock before they read the COIs, so a
 * write either commits before the recusal (and is then recorded as it was) or sees it.
 */

/** A signed COI of the case declaring a conflict. */
const recusing = (caseId: number) =>
  and(
    eq(legalDocuments.case_id, caseId),
    eq(legalDocuments.kind, 'coi'),
    eq(legalDocuments.status, 'signed'),
    sql`(${legalDocuments.conflict_declaration}->>'conflict') = 'true'`,
  );

/**
 * The same recusal as one JSON value inside another query (`{document_id, recused_at}` or null),
 * for a select that reads a case for an investor in one round trip (the investor's case detail).
 */
export const recusalJsonOf = (caseId: SQL, clientId: number | Placeholder) =>
  sql<{
    document_id: number;
    recused_at: string;
  } | null>`(select json_build_object('document_id', d.id, 'recused_at', d.signed_at)
    from ${legalDocuments} d where d.case_id = ${caseId} and d.client_id = ${clientId} and d.kind = 'coi'
      and d.status = 'signed' and (d.conflict_declaration->>'conflict') = 'true'
    order by d.signed_at limit 1)`;

/** Locks the investor's client row: recusal checks and the COI changes that make or lift one queue here. */
export async function lockInvestor(tx: Tx, clientId: number) {
  // FOR NO KEY UPDATE, not FOR UPDATE: a transaction that already inserted a row pointing at the
  // client (a document, an interest) holds its KEY SHARE, which FOR UPDATE would wait on, so two
  // such transactions would deadlock; NO KEY UPDATE still queues them one after the other.
  await tx.select({ id: clients.id }).from(clients).where(eq(clients.id, clientId)).for('no key update');
}

/** The COI recusing the investor on the case (the earliest signed), or null. */
export async function findRecusal(db: DbOrTx, caseId: number, clientId: number) {
  const [row] = await db
    .select({ id: legalDocuments.id, signed_at: legalDocuments.signed_at })
    .from(legalDocuments)
    .where(and(recusing(caseId), eq(legalDocuments.client_id, clientId)))
    .orderBy(legalDocuments.signed_at)
    .limit(1);
  return row ? { document_id: row.id, recused_at: (row.signed_at ?? new Date(0)).toISOString() } : null;
}

/**
 * Refuses the write with COI_RECUSED when the investor is recused on the case. Takes the
 * investor's row lock first (in the caller's transaction), so a COI being signed at the same
 * moment is either seen or signed after this write.
 */
export async function assertNotRecused(tx: Tx, caseId: number, clientId: number) {
  await lockInvestor(tx, clientId);
  const recusal = await findRecusal(tx, caseId, clientId);
  if (recusal) throw new AppError('COI_RECUSED', { details: { document_id: recusal.document_id } });
}

/** Of the given cases, those where the investor is recused. */
export async function recusedCaseIds(db: DbOrTx, clientId: number, caseIds: number[]) {
  if (caseIds.length === 0) return new Set<number>();
  const rows = await db
    .selectDistinct({ case_id: legalDocuments.case_id })
    .from(legalDocuments)
    .where(
      and(
        eq(legalDocuments.client_id, clientId),
        inArray(legalDocuments.case_id, caseIds),
        eq(legalDocuments.kind, 'coi'),
        eq(legalDocuments.status, 'signed'),
        sql`(${legalDocuments.conflict_declaration}->>'conflict') = 'true'`,
      ),
    );
  return new Set(rows.map((r) => r.case_id));
}

/** `GET cases/{id}/recusals`: staff who read cases; one row per recused investor (their earliest COI). */
export async function listRecusals(ctx: ServiceContext, caseId: number): Promise<CaseRecusal[]> {
  staffActor(ctx);
  if (!(await findCase(ctx.db, caseId))) throw new AppError('CASE_NOT_FOUND');
  const rows = await ctx.db
    .select({
      id: legalDocuments.id,
      client_id: clients.id,
      client_name: clients.name,
      content: legalDocuments.content,
      declaration: legalDocuments.conflict_declaration,
      signed_at: legalDocuments.signed_at,
    })
    .from(legalDocuments)
    .innerJoin(clients, eq(clients.id, legalDocuments.client_id))
    .where(recusing(caseId))
    .orderBy(legalDocuments.signed_at, desc(legalDocuments.id));
  const seen = new Set<number>();
  const result: CaseRecusal[] = [];
  for (const r of rows) {
    if (seen.has(r.client_id)) continue;
    seen.add(r.client_id);
    result.push({
      client: { id: r.client_id, name: r.client_name },
      document: { id: r.id, title: (r.content as { title?: string }).title ?? '' },
      description: r.declaration?.description ?? null,
      recused_at: (r.signed_at ?? new Date(0)).toISOString(),
    });
  }
  return result;
}

/**
 * After a COI of the investor on the case was signed or voided (in that transaction, with the
 * investor's row lock held): records `coi.recuse` when this COI made the recusal, and
 * `coi.recusal_lift` when voiding it left none, in the case's and the client's history.
 */
export async function recordRecusalChange(
  tx: Tx,
  actor: Principal | null,
  input: {
    caseId: number;
    clientId: number;
    clientName: string;
    documentId: number;
    change: 'recuse' | 'lift';
  },
) {
  const still = await findRecusal(tx, input.caseId, input.clientId);
  if (input.change === 'recuse' && still?.document_id !== input.documentId) return;
  if (input.change === 'lift' && still) return;
  const action = input.change === 'recuse' ? 'coi.recuse' : 'coi.recusal_lift';
  const changes = {
    recusal:
      input.change === 'recuse' ? { from: null, to: input.clientName } : { from: input.clientName, to: null },
    document: { from: null, to: input.documentId },
  };
  await recordActivity(tx, actor, { entity_type: 'case', entity_id: input.caseId, action, changes });
  await recordActivity(tx, actor, { entity_type: 'client', entity_id: input.clientId, action, changes });
}
