import { and, count, desc, eq } from 'drizzle-orm';
import type { ClientFileKind } from '@dealflow/domain';
import type { DbOrTx } from '../../db/client.ts';
import { withCount, type Paging } from '../../db/paging.ts';
import { clientFiles, employees } from '../../db/schema/index.ts';

export type FileRow = typeof clientFiles.$inferSelect;
export type FileInsert = typeof clientFiles.$inferInsert;
export type FileView = { file: FileRow; uploader_name: string | null };

function select(db: DbOrTx) {
  return db
    .select({ file: clientFiles, uploader_name: employees.name })
    .from(clientFiles)
    .leftJoin(employees, eq(employees.id, clientFiles.uploaded_by));
}

/** A client's files, newest first. */
export async function listFiles(
  db: DbOrTx,
  clientId: number,
  kind: ClientFileKind | undefined,
  paging: Paging,
) {
  const where = and(eq(clientFiles.client_id, clientId), kind ? eq(clientFiles.kind, kind) : undefined);
  const rows = select(db).where(where).orderBy(desc(clientFiles.created_at), desc(clientFiles.id));
  return withCount(
    paging.limit === null ? rows : rows.limit(paging.limit).offset(paging.offset),
    () => db.select({ n: count() }).from(clientFiles).where(where),
    paging,
  );
}

/** A file of this client only: an id of another client's file is not found. */
export async function findFile(db: DbOrTx, clientId: number, id: number): Promise<FileView | null> {
  const [row] = await select(db)
    .where(and(eq(clientFiles.client_id, clientId), eq(clientFiles.id, id)))
    .limit(1);
  return row ?? null;
}

export async function insertFile(db: DbOrTx, values: FileInsert): Promise<number> {
  const [row] = await db.insert(clientFiles).values(values).returning({ id: clientFiles.id });
  return row!.id;
}

export async function updateFile(db: DbOrTx, id: number, values: Partial<FileInsert>) {
  await db
    .update(clientFiles)
    .set({ ...values, updated_at: new Date() })
    .where(eq(clientFiles.id, id));
}

export async function deleteFile(db: DbOrTx, id: number) {
  await db.delete(clientFiles).where(eq(clientFiles.id, id));
}
