import type { CommentCreateBody, CommentListQuery, CommentUpdateBody } from '@dealflow/domain';
import { caseParent } from '../caseItems/service.ts';
import { itemService } from '../items/service.ts';
import * as repo from './repository.ts';
import type { CommentInsert, CommentRow } from './repository.ts';

function toColumns(input: CommentUpdateBody): Partial<CommentInsert> {
  const values: Partial<CommentInsert> = {};
  if (input.title !== undefined) values.title = input.title || null;
  if (input.comment !== undefined) values.comment = input.comment;
  if (input.publish_at !== undefined) values.publish_at = new Date(input.publish_at);
  return values;
}

const comments = itemService(caseParent, {
  notFound: 'COMMENT_NOT_FOUND',
  action: 'comment',
  list: (db, caseId, paging, q: CommentListQuery) => repo.listComments(db, caseId, q.type, paging),
  find: repo.findComment,
  insert: repo.insertComment,
  update: repo.updateComment,
  remove: repo.deleteComment,
  row: (view) => view.comment,
  contribution: { authorId: (view) => view.comment.created_by },
  toColumns,
  /** `type` defaults to invest_comment (in the contract) and `publish_at` to now. */
  toNewRow: (input: CommentCreateBody, owner) => ({
    ...toColumns(input),
    type: input.type,
    comment: input.comment,
    publish_at: input.publish_at ? new Date(input.publish_at) : new Date(),
    ...owner,
  }),
  audited: (row: CommentRow) => ({
    type: row.type,
    title: row.title,
    comment: row.comment,
    publish_at: row.publish_at,
  }),
});

export const {
  list: listComments,
  create: createComment,
  update: updateComment,
  remove: deleteComment,
} = comments;
