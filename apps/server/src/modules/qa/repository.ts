import { and, asc, count, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { qaEntries } from '../../db/schema/index.ts';
import { likePattern } from '../../lib/sql.ts';

export type QaRow = typeof qaEntries.$inferSelect;
export type QaInsert = typeof qaEntries.$inferInsert;

export interface QaFilters {
  /** Only published entries (what an investor reads). */
  publishedOnly: boolean;
  /** A substring of the question or the answer, any case. */
  q?: string;
}

function where(filters: QaFilters): SQL | undefined {
  const pattern = filters.q ? likePattern(filters.q) : null;
  return and(
    filters.publishedOnly ? eq(qaEntries.published, true) : undefined,
    pattern ? or(ilike(qaEntries.question, pattern), ilike(qaEntries.answer, pattern)) : undefined,
  );
}

/** A page of entries in admin's order, and how many match. */
export async function listEntries(db: DbOrTx, filters: QaFilters, page: { limit: number; offset: number }) {
  const condition = where(filters);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(qaEntries)
      .where(condition)
      .orderBy(asc(qaEntries.position), asc(qaEntries.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(qaEntries).where(condition),
  ]);
  return { rows, count: Number(total?.n ?? 0) };
}

export async function findEntry(db: DbOrTx, id: number, lock = false): Promise<QaRow | null> {
  const query = db.select().from(qaEntries).where(eq(qaEntries.id, id)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/** A new entry goes last. */
export async function insertEntry(db: DbOrTx, values: Omit<QaInsert, 'position'>): Promise<QaRow> {
  const [row] = await db
    .insert(qaEntries)
    .values({
      ...values,
      position: sql`(select coalesce(max(${qaEntries.position}), -1) + 1 from ${qaEntries})`,
    })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function updateEntry(db: DbOrTx, id: number, values: Partial<QaInsert>): Promise<QaRow | null> {
  const [row] = await db
    .update(qaEntries)
    .set({ ...values, updated_at: new Date() })
    .where(eq(qaEntries.id, id))
    .returning();
  return row ?? null;
}

export async function deleteEntry(db: DbOrTx, id: number): Promise<QaRow | null> {
  const [row] = await db.delete(qaEntries).where(eq(qaEntries.id, id)).returning();
  return row ?? null;
}

/** Every entry's id and position, locked: a reorder rewrites them all at once. */
export async function lockPositions(db: DbOrTx) {
  return db
    .select({ id: qaEntries.id, position: qaEntries.position })
    .from(qaEntries)
    .orderBy(asc(qaEntries.position), asc(qaEntries.id))
    .for('update');
}

/** Sets each listed entry's position to its index in `ids`, in one statement (the content's `updated_at` stays). */
export async function setPositions(db: DbOrTx, ids: readonly number[]) {
  if (ids.length === 0) return;
  const positions = sql.join(
    ids.map((id, index) => sql`when ${id}::int then ${index}::int`),
    sql` `,
  );
  await db
    .update(qaEntries)
    .set({ position: sql`case ${qaEntries.id} ${positions} end` })
    .where(inArray(qaEntries.id, [...ids]));
}
