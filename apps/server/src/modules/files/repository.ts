import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { files } from '../../db/schema/index.ts';

export type FileRow = typeof files.$inferSelect;
export type FileInsert = typeof files.$inferInsert;

export async function insertFile(db: DbOrTx, values: FileInsert): Promise<FileRow> {
  const [row] = await db.insert(files).values(values).returning();
  return row!;
}

export async function findFile(db: DbOrTx, id: number): Promise<FileRow | null> {
  const [row] = await db.select().from(files).where(eq(files.id, id)).limit(1);
  return row ?? null;
}

/** Deletes the row; its storage key when there was one (a concurrent delete finds none). */
export async function deleteFile(db: DbOrTx, id: number): Promise<string | null> {
  const [row] = await db.delete(files).where(eq(files.id, id)).returning({ key: files.storage_key });
  return row?.key ?? null;
}
