import { and, asc, count, desc, eq, isNull, lte, or, sql } from 'drizzle-orm';
import { DEFAULT_COMMENT_TYPE, INVESTOR_ANSWER_TYPE, INVESTOR_QUESTION_TYPE } from '@dealflow/domain';
import type { DbOrTx } from '../../db/client.ts';
import { caseComments, clients, employees } from '../../db/schema/index.ts';
import { type Paging, preparedList } from '../../db/paging.ts';

export type CommentRow = typeof caseComments.$inferSelect;
export type CommentInsert = typeof caseComments.$inferInsert;
export type CommentView = { comment: CommentRow; author_name: string | null; asker_name: string | null };

function select(db: DbOrTx) {
  return db
    .select({ comment: caseComments, author_name: employees.name, asker_name: clients.name })
    .from(caseComments)
    .leftJoin(employees, eq(employees.id, caseComments.created_by))
    .leftJoin(clients, eq(clients.id, caseComments.client_id));
}

/**
 * What an investor reads under a case (issue 13): staff's published investment comments, and
 * the investor's own questions with staff's answers to them; oldest first, as a conversation.
 */
export async function listForInvestor(db: DbOrTx, caseId: number, clientId: number, now: Date) {
  return select(db)
    .where(
      and(
        eq(caseComments.case_id, caseId),
        or(
          and(
            eq(caseComments.type, DEFAULT_COMMENT_TYPE),
            isNull(caseComments.client_id),
            lte(caseComments.publish_at, now),
          ),
          and(eq(caseComments.type, INVESTOR_QUESTION_TYPE), eq(caseComments.client_id, clientId)),
          and(
            eq(caseComments.type, INVESTOR_ANSWER_TYPE),
            sql`${caseComments.reply_to} in (select q.id from ${caseComments} q where q.case_id = ${caseId} and q.client_id = ${clientId})`,
          ),
        ),
      ),
    )
    .orderBy(asc(caseComments.publish_at), asc(caseComments.id))
    .limit(500);
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
