import { and, asc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { clients, legalDocumentBatches, legalDocumentBatchItems } from '../../db/schema/index.ts';

export type BatchRow = typeof legalDocumentBatches.$inferSelect;
export type BatchInsert = typeof legalDocumentBatches.$inferInsert;
export type BatchItemRow = typeof legalDocumentBatchItems.$inferSelect;
export interface BatchItemView {
  item: BatchItemRow;
  client_name: string;
}

export async function insertBatch(
  db: DbOrTx,
  values: BatchInsert,
  items: ReadonlyArray<{ client_id: number; commitment_amount: number | null }>,
): Promise<number> {
  const [row] = await db
    .insert(legalDocumentBatches)
    .values(values)
    .returning({ id: legalDocumentBatches.id });
  if (!row) throw new Error('legal document batch insert returned no row');
  await db.insert(legalDocumentBatchItems).values(items.map((i) => ({ ...i, batch_id: row.id })));
  return row.id;
}

export async function findBatch(db: DbOrTx, id: number): Promise<BatchRow | null> {
  const [row] = await db.select().from(legalDocumentBatches).where(eq(legalDocumentBatches.id, id)).limit(1);
  return row ?? null;
}

/** A batch's investors in the order they were asked for, with their names. */
export async function listItems(db: DbOrTx, batchId: number): Promise<BatchItemView[]> {
  return db
    .select({ item: legalDocumentBatchItems, client_name: clients.name })
    .from(legalDocumentBatchItems)
    .innerJoin(clients, eq(clients.id, legalDocumentBatchItems.client_id))
    .where(eq(legalDocumentBatchItems.batch_id, batchId))
    .orderBy(asc(legalDocumentBatchItems.id));
}

/** The clients among these ids, deleted ones too (the caller tells them apart). */
export async function findClientStates(db: DbOrTx, ids: readonly number[]) {
  return db
    .select({ id: clients.id, is_deleted: clients.is_deleted })
    .from(clients)
    .where(inArray(clients.id, [...ids]));
}

/**
 * Claims the oldest item not done, of any batch, for `leaseSeconds`: one no other run holds (its
 * row locked at this moment, or its claim younger than the lease). Marks its batch started.
 */
export async function claimNextItem(
  db: DbOrTx,
  leaseSeconds: number,
): Promise<{ item: BatchItemRow; batch: BatchRow } | null> {
  const items = legalDocumentBatchItems;
  const next = db
    .select({ id: items.id })
    .from(items)
    .where(
      and(
        isNull(items.done_at),
        or(
          isNull(items.claimed_at),
          lt(items.claimed_at, sql`now() - make_interval(secs => ${leaseSeconds})`),
        ),
      ),
    )
    .orderBy(asc(items.id))
    .limit(1)
    .for('update', { skipLocked: true });
  const [item] = await db
    .update(items)
    .set({ claimed_at: sql`now()` })
    .where(inArray(items.id, next))
    .returning();
  if (!item) return null;
  const [batch] = await db
    .update(legalDocumentBatches)
    .set({ started_at: sql`coalesce(${legalDocumentBatches.started_at}, now())` })
    .where(eq(legalDocumentBatches.id, item.batch_id))
    .returning();
  if (!batch) throw new Error(`legal document batch ${item.batch_id} of item ${item.id} is missing`);
  return { item, batch };
}

/**
 * The item gets its document, if it is not done yet (checked under its row lock, in the
 * transaction that inserts the document). False when another run finished it meanwhile.
 */
export async function completeItem(db: DbOrTx, itemId: number, documentId: number): Promise<boolean> {
  const items = legalDocumentBatchItems;
  const [open] = await db
    .select({ id: items.id })
    .from(items)
    .where(and(eq(items.id, itemId), isNull(items.done_at)))
    .for('update');
  if (!open) return false;
  await db
    .update(items)
    .set({ document_id: documentId, error_code: null, error: null, done_at: sql`now()` })
    .where(eq(items.id, itemId));
  return true;
}

/** The item ends with an error instead, if it is not done yet. */
export async function failItem(db: DbOrTx, itemId: number, code: string, message: string): Promise<boolean> {
  const items = legalDocumentBatchItems;
  const rows = await db
    .update(items)
    .set({ error_code: code, error: message, done_at: sql`now()` })
    .where(and(eq(items.id, itemId), isNull(items.done_at)))
    .returning({ id: items.id });
  return rows.length > 0;
}

/** Marks finished the unfinished batches (this one, or every one) that have no item left. */
export async function finishBatches(db: DbOrTx, batchId?: number) {
  const b = legalDocumentBatches;
  const i = legalDocumentBatchItems;
  await db
    .update(b)
    .set({ finished_at: sql`now()` })
    .where(
      and(
        isNull(b.finished_at),
        batchId === undefined ? undefined : eq(b.id, batchId),
        sql`not exists (select 1 from ${i} where ${i.batch_id} = ${b.id} and ${i.done_at} is null)`,
      ),
    );
}
