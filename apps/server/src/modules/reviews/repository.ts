import { asc, desc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { caseReviewComments, caseReviews, employees, startupUsers } from '../../db/schema/index.ts';

export type ReviewRow = typeof caseReviews.$inferSelect;
export type ReviewInsert = typeof caseReviews.$inferInsert;
export type ReviewCommentRow = typeof caseReviewComments.$inferSelect;
export type ReviewCommentView = { comment: ReviewCommentRow; name: string | null };
export type ReviewView = { review: ReviewRow; applied_by_name: string | null };
export type StartupUserRef = { id: number; name: string; email: string; status: string };

/** The review of a startup user (there is at most one). */
export async function findReview(db: DbOrTx, userId: number): Promise<ReviewView | null> {
  const [row] = await db
    .select({ review: caseReviews, applied_by_name: employees.name })
    .from(caseReviews)
    .leftJoin(employees, eq(employees.id, caseReviews.applied_by))
    .where(eq(caseReviews.startup_user_id, userId))
    .limit(1);
  return row ?? null;
}

/** Reviews of one case with their startup users, the latest saved first. */
export async function listCaseReviews(db: DbOrTx, caseId: number) {
  return db
    .select({
      review: caseReviews,
      applied_by_name: employees.name,
      user: {
        id: startupUsers.id,
        name: startupUsers.name,
        email: startupUsers.email,
        status: startupUsers.status,
      },
    })
    .from(caseReviews)
    .innerJoin(startupUsers, eq(startupUsers.id, caseReviews.startup_user_id))
    .leftJoin(employees, eq(employees.id, caseReviews.applied_by))
    .where(eq(caseReviews.case_id, caseId))
    .orderBy(desc(caseReviews.updated_at), desc(caseReviews.id));
}

/** Comments of these reviews, oldest first, keyed by review id. */
export async function commentsOf(db: DbOrTx, reviewIds: number[]) {
  const byReview = new Map<number, ReviewCommentView[]>();
  if (reviewIds.length === 0) return byReview;
  const rows = await db
    .select({ comment: caseReviewComments, name: employees.name })
    .from(caseReviewComments)
    .leftJoin(employees, eq(employees.id, caseReviewComments.employee_id))
    .where(inArray(caseReviewComments.review_id, reviewIds))
    .orderBy(asc(caseReviewComments.id));
  for (const row of rows) {
    const list = byReview.get(row.comment.review_id) ?? [];
    list.push(row);
    byReview.set(row.comment.review_id, list);
  }
  return byReview;
}

export async function insertReview(db: DbOrTx, values: ReviewInsert) {
  const [row] = await db.insert(caseReviews).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function updateReview(db: DbOrTx, id: number, values: Partial<ReviewInsert>) {
  await db
    .update(caseReviews)
    .set({ ...values, updated_at: new Date() })
    .where(eq(caseReviews.id, id));
}

export async function deleteReview(db: DbOrTx, id: number) {
  await db.delete(caseReviews).where(eq(caseReviews.id, id));
}

export async function insertComments(db: DbOrTx, values: Array<typeof caseReviewComments.$inferInsert>) {
  if (values.length === 0) return;
  await db.insert(caseReviewComments).values(values);
}

export async function updateCommentContent(db: DbOrTx, id: number, content: string) {
  await db
    .update(caseReviewComments)
    .set({ content, updated_at: new Date() })
    .where(eq(caseReviewComments.id, id));
}

export async function deleteComments(db: DbOrTx, ids: number[]) {
  if (ids.length === 0) return;
  await db.delete(caseReviewComments).where(inArray(caseReviewComments.id, ids));
}

export async function updateCommentReply(db: DbOrTx, id: number, reply: string) {
  await db
    .update(caseReviewComments)
    .set({ reply, replied_at: new Date() })
    .where(eq(caseReviewComments.id, id));
}
