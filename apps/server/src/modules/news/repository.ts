import { and, count, eq, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { caseComments, caseInfoUpdates, cases, employees } from '../../db/schema/index.ts';
import type { Paging } from '../caseItems/service.ts';

/**
 * The firm-wide feed: published comments (publish_at reached) and info updates of cases that are
 * not deleted, newest first, in one query so paging is exact across both kinds; `caseId` keeps
 * one case's entries.
 */
export async function listNews(db: DbOrTx, now: Date, filter: { caseId?: number }, paging: Paging) {
  const ofCase = filter.caseId === undefined ? undefined : eq(cases.id, filter.caseId);
  const commentsWhere = and(eq(cases.is_deleted, false), lte(caseComments.publish_at, now), ofCase);
  const infoWhere = and(eq(cases.is_deleted, false), ofCase);
  const comments = db
    .select({
      kind: sql<'comment' | 'info'>`'comment'`,
      item_id: caseComments.id,
      case_id: cases.id,
      case_name: cases.name,
      type: sql<string | null>`${caseComments.type}`,
      title: caseComments.title,
      content: sql<string | null>`${caseComments.comment}`,
      author_id: caseComments.created_by,
      author_name: employees.name,
      published_at: caseComments.publish_at,
    })
    .from(caseComments)
    .innerJoin(cases, eq(cases.id, caseComments.case_id))
    .leftJoin(employees, eq(employees.id, caseComments.created_by))
    .where(commentsWhere);
  const info = db
    .select({
      kind: sql<'comment' | 'info'>`'info'`,
      item_id: caseInfoUpdates.id,
      case_id: cases.id,
      case_name: cases.name,
      type: sql<string | null>`null`,
      title: sql<string | null>`${caseInfoUpdates.title}`,
      content: sql<string | null>`${caseInfoUpdates.content}`,
      author_id: caseInfoUpdates.created_by,
      author_name: employees.name,
      published_at: caseInfoUpdates.created_at,
    })
    .from(caseInfoUpdates)
    .innerJoin(cases, eq(cases.id, caseInfoUpdates.case_id))
    .leftJoin(employees, eq(employees.id, caseInfoUpdates.created_by))
    .where(infoWhere);
  // Output columns by position (the union's names repeat): published_at, kind, item_id.
  const union = comments.unionAll(info).orderBy(sql`10 desc`, sql`1 asc`, sql`2 desc`);
  const [rows, commentTotal, infoTotal] = await Promise.all([
    paging.limit === null ? union : union.limit(paging.limit).offset(paging.offset),
    db
      .select({ n: count() })
      .from(caseComments)
      .innerJoin(cases, eq(cases.id, caseComments.case_id))
      .where(commentsWhere),
    db
      .select({ n: count() })
      .from(caseInfoUpdates)
      .innerJoin(cases, eq(cases.id, caseInfoUpdates.case_id))
      .where(infoWhere),
  ]);
  return { rows, count: Number(commentTotal[0]?.n ?? 0) + Number(infoTotal[0]?.n ?? 0) };
}
export type NewsRow = Awaited<ReturnType<typeof listNews>>['rows'][number];
