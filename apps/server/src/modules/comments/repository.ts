import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { caseComments, employees } from '../../db/schema/index.ts';
import { type Paging, preparedList } from '../../db/paging.ts';

export type CommentRow = typeof caseComments.$inferSelect;
export type CommentInsert = typeof caseComments.$inferInsert;
export type CommentView = { comment: CommentRow; author_name: string | null };

function select(db: DbOrTx) {
  return db
    .select({ comment: caseComments, author_name: employees.name })
    .from(caseComments)
    .leftJoin(employees, eq(employees.id, caseComments.created_by));
}

/** Newest publication first, of one type when asked. */
const commentList = preparedList('comments.list', {
  where: (shape) =>
    and(
      eq(caseComments.case_id, sql.placeholder('caseId')),
      shape === 'type' ? eq(caseComments.type, sql.placeholder('type')) : undefined,
    ),
  rows: (db, where) => select(db).where(where).orderBy(desc(caseComments.publish_at), desc(caseComments.id)),
  count: (db, where) => db.select({ n: count() }).from(caseComments).where(where),
});
export async function listComments(db: DbOrTx, caseId: number, type: string | undefined, paging: Paging) {
  return commentList(db, paging, { caseId, type }, type ? 'type' : 'base');
}

/** A comment of this case only: an id of another case's comment is not found. */
export async function findComment(db: DbOrTx, caseId: number, id: number): Promise<CommentView | null> {
  const [row] = await select(db)
    .where(and(eq(caseComments.case_id, caseId), eq(caseComments.id, id)))
    .limit(1);
  return row ?? null;
}

export async function insertComment(db: DbOrTx, values: CommentInsert) {
  const [row] = await db.insert(caseComments).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function updateComment(db: DbOrTx, caseId: number, id: number, values: Partial<CommentInsert>) {
  await db
    .update(caseComments)
    .set({ ...values, updated_at: new Date() })
    .where(and(eq(caseComments.case_id, caseId), eq(caseComments.id, id)));
}

export async function deleteComment(db: DbOrTx, caseId: number, id: number) {
  await db.delete(caseComments).where(and(eq(caseComments.case_id, caseId), eq(caseComments.id, id)));
}
