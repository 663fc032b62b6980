import { ERROR_CATALOGUE, type LegalDocumentBatchCreateBody } from '@dealflow/domain';
import type { Db } from '../../db/client.ts';
import type { JobContext, JobDefinition } from '../../jobs/queue.ts';
import { type ServiceContext, staffActor, type WorkContext } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { findEmployeeById } from '../auth/repository.ts';
import type { Principal } from '../auth/principal.ts';
import { findClient } from '../clients/repository.ts';
import { invalidField } from '../items/service.ts';
import * as repo from './batchRepository.ts';
import { type Evidence, editableCase, generateDocument } from './service.ts';

/**
 * Batches of legal documents (issue 12 "background work"): one kind of document for many investors
 * of a case. The request records the batch and its investors and queues the job; the job generates
 * the documents one by one as the staff member who asked, with the code that generates one
 * (`generateDocument`), and records per investor the document or why there is none.
 */

export const BATCH_JOB = 'legalDocs.batch';

/**
 * How long a run's claim on one investor holds: a claim older than this belongs to a run that
 * died, and the next run takes the investor again. One document takes well under a second.
 */
export const BATCH_CLAIM_LEASE_SECONDS = 10 * 60;

export interface BatchView {
  batch: repo.BatchRow;
  items: repo.BatchItemView[];
}

async function view(db: Db, id: number): Promise<BatchView> {
  const batch = await repo.findBatch(db, id);
  if (!batch) throw new AppError('DOCUMENT_BATCH_NOT_FOUND');
  return { batch, items: await repo.listItems(db, id) };
}

/** Records the batch and its investors in one transaction, then queues the job (202: it runs apart). */
export async function createBatch(
  ctx: ServiceContext,
  caseId: number,
  body: LegalDocumentBatchCreateBody,
  evidence: Evidence,
): Promise<BatchView> {
  const { actor } = await editableCase(ctx, ctx.db, caseId);
  const states = new Map((await repo.findClientStates(ctx.db, body.client_ids)).map((c) => [c.id, c]));
  const bad = body.client_ids.findIndex((id) => !states.get(id) || states.get(id)?.is_deleted);
  if (bad >= 0) throw invalidField(`body.client_ids.${bad}`, `No such client: ${body.client_ids[bad]}`);

  const amounts = body.commitment_amounts ?? {};
  const id = await ctx.db.transaction((tx) =>
    repo.insertBatch(
      tx,
      {
        case_id: caseId,
        kind: body.kind,
        lang: body.lang,
        created_by: actor.id,
        ip: evidence.ip,
        user_agent: evidence.user_agent,
      },
      body.client_ids.map((clientId) => ({
        client_id: clientId,
        commitment_amount: amounts[String(clientId)] ?? null,
      })),
    ),
  );
  // The batch is kept either way: a queue that cannot take the job now leaves it queued, and the
  // next run (the next batch, or the sweep when the app starts) does it.
  await ctx.jobs.send(BATCH_JOB, {}).catch((err: unknown) => {
    ctx.log.error({ err, batchId: id }, 'queueing a batch of legal documents failed');
  });
  return view(ctx.db, id);
}

/** A batch and how far it is, for staff who read cases (as the documents themselves). */
export async function getBatch(ctx: ServiceContext, id: number): Promise<BatchView> {
  staffActor(ctx);
  return view(ctx.db, id);
}

/** A document of the batch was made meanwhile by another run: this one's is undone. */
class ItemAlreadyDone extends Error {}

/**
 * Whoever queued the batch, as their account is now: the documents are theirs, and they must still
 * be active staff who may edit the case (checked again for each document).
 */
async function batchActor(db: Db, employeeId: number | null): Promise<Principal> {
  const row = employeeId === null ? null : await findEmployeeById(db, employeeId);
  if (row?.status !== 'active') throw new AppError('FORBIDDEN');
  // Acting for them is not a session: no token id to revoke, and it lasts as long as the claim.
  return {
    kind: 'employee',
    id: row.id,
    role: row.role,
    reviewer: false,
    jti: `job:${BATCH_JOB}`,
    expiresAt: new Date(Date.now() + BATCH_CLAIM_LEASE_SECONDS * 1000),
    row,
  };
}

/** One investor of a batch: its document, or the error that stopped it (the code and the message, never a stack). */
async function runItem(ctx: JobContext, claimed: { item: repo.BatchItemRow; batch: repo.BatchRow }) {
  const { item, batch } = claimed;
  try {
    const work: WorkContext = {
      db: ctx.db,
      config: ctx.config,
      log: ctx.log,
      files: ctx.files,
      actor: await batchActor(ctx.db, batch.created_by),
    };
    const client = await findClient(ctx.db, item.client_id);
    if (!client || client.is_deleted) throw new AppError('CLIENT_NOT_FOUND');
    await generateDocument(
      work,
      batch.case_id,
      {
        kind: batch.kind,
        lang: batch.lang,
        client_id: item.client_id,
        commitment_amount: item.commitment_amount,
      },
      { ip: batch.ip, user_agent: batch.user_agent },
      async (tx, documentId) => {
        if (!(await repo.completeItem(tx, item.id, documentId))) throw new ItemAlreadyDone();
        await repo.finishBatches(tx, batch.id);
      },
    );
    return 'generated' as const;
  } catch (err) {
    if (err instanceof ItemAlreadyDone) return 'skipped' as const;
    const known = err instanceof AppError && err.status < 500;
    if (!known) ctx.log.error({ err, batchId: batch.id, itemId: item.id }, 'a document of a batch failed');
    const code = known ? err.code : 'INTERNAL';
    const message = known ? err.message : ERROR_CATALOGUE.INTERNAL.message;
    await ctx.db.transaction(async (tx) => {
      if (await repo.failItem(tx, item.id, code, message)) await repo.finishBatches(tx, batch.id);
    });
    return 'failed' as const;
  }
}

/**
 * The job: every investor not done of every batch, oldest first, each claimed so that another run
 * going at once skips it. Idempotent: an investor done is never taken again, and a document is
 * kept only in the transaction that marks its investor done.
 */
export async function runBatches(ctx: JobContext) {
  const tally = { generated: 0, failed: 0, skipped: 0 };
  for (;;) {
    const claimed = await repo.claimNextItem(ctx.db, BATCH_CLAIM_LEASE_SECONDS);
    if (!claimed) break;
    tally[await runItem(ctx, claimed)]++;
  }
  // A batch whose last investor another run finished is marked there; this catches any left over.
  await repo.finishBatches(ctx.db);
  return tally;
}

export const batchJob: JobDefinition = {
  name: BATCH_JOB,
  // Batches left by a stop or a crash go on when the app starts again.
  onStart: {},
  run: async (_data, ctx) => {
    const tally = await runBatches(ctx);
    if (tally.generated + tally.failed > 0)
      ctx.log.info({ job: BATCH_JOB, ...tally }, 'legal document batches');
  },
};
