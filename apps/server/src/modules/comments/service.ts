import type { CommentCreateBody, CommentListQuery, CommentUpdateBody } from '@dealflow/domain';
import type { DbOrTx } from '../../db/client.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import {
  createdChanges,
  deletedChanges,
  paging,
  readableCase,
  recordCaseActivity,
  updatedChanges,
  writeOnCase,
} from '../caseItems/service.ts';
import * as repo from './repository.ts';
import type { CommentInsert, CommentRow, CommentView } from './repository.ts';

function toColumns(input: CommentUpdateBody): Partial<CommentInsert> {
  const values: Partial<CommentInsert> = {};
  if (input.title !== undefined) values.title = input.title || null;
  if (input.comment !== undefined) values.comment = input.comment;
  if (input.publish_at !== undefined) values.publish_at = new Date(input.publish_at);
  return values;
}

function audited(row: CommentRow) {
  return { type: row.type, title: row.title, comment: row.comment, publish_at: row.publish_at };
}

async function found(db: DbOrTx, caseId: number, id: number): Promise<CommentView> {
  const view = await repo.findComment(db, caseId, id);
  if (!view) throw new AppError('COMMENT_NOT_FOUND');
  return view;
}

export async function listComments(ctx: ServiceContext, caseId: number, q: CommentListQuery) {
  await readableCase(ctx, caseId);
  return repo.listComments(ctx.db, caseId, q.type, paging(q, { size: 20, allByDefault: true }));
}

/** `type` defaults to invest_comment (in the contract) and `publish_at` to now. */
export async function createComment(ctx: ServiceContext, caseId: number, input: CommentCreateBody) {
  return writeOnCase(ctx, caseId, async (tx, _kase, actor) => {
    const row = await repo.insertComment(tx, {
      ...toColumns(input),
      type: input.type,
      comment: input.comment,
      publish_at: input.publish_at ? new Date(input.publish_at) : new Date(),
      case_id: caseId,
      created_by: actor.id,
    });
    await recordCaseActivity(tx, ctx, caseId, 'comment.create', createdChanges(row.id, audited(row)));
    return found(tx, caseId, row.id);
  });
}

export async function updateComment(
  ctx: ServiceContext,
  caseId: number,
  id: number,
  input: CommentUpdateBody,
) {
  return writeOnCase(ctx, caseId, async (tx) => {
    const before = await found(tx, caseId, id);
    const values = toColumns(input);
    const changes = updatedChanges(id, audited(before.comment), values);
    if (!changes) return before;
    await repo.updateComment(tx, caseId, id, values);
    await recordCaseActivity(tx, ctx, caseId, 'comment.update', changes);
    return found(tx, caseId, id);
  });
}

export async function deleteComment(ctx: ServiceContext, caseId: number, id: number) {
  return writeOnCase(ctx, caseId, async (tx) => {
    const before = await found(tx, caseId, id);
    await repo.deleteComment(tx, caseId, id);
    await recordCaseActivity(tx, ctx, caseId, 'comment.delete', deletedChanges(id, audited(before.comment)));
  });
}
