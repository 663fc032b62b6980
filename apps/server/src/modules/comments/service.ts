import {
  type CommentCreateBody,
  type CommentListQuery,
  type CommentUpdateBody,
  INVESTOR_ANSWER_TYPE,
  INVESTOR_QUESTION_TYPE,
} from '@dealflow/domain';
import { caseParent } from '../caseItems/service.ts';
import { invalidField, itemService } from '../items/service.ts';
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
    type: input.reply_to ? INVESTOR_ANSWER_TYPE : input.type,
    reply_to: input.reply_to ?? null,
    comment: input.comment,
    publish_at: input.publish_at ? new Date(input.publish_at) : new Date(),
    ...owner,
  }),
  // An answer answers a question of this very case.
  checkCreate: async (tx, input, kase) => {
    if (input.reply_to === undefined) return;
    const question = await repo.findComment(tx, kase.id, input.reply_to);
    if (question?.comment.type !== INVESTOR_QUESTION_TYPE)
      throw invalidField(
        'body.reply_to',
        'No investor question with this id on this case',
        'unknown_reference',
      );
  },
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
