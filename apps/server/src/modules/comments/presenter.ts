import type { Comment } from '@dealflow/domain';
import { iso, presentPerson } from '../items/presenter.ts';
import type { CommentView } from './repository.ts';

export function presentComment({ comment, author_name, asker_name }: CommentView): Comment {
  return {
    id: comment.id,
    case_id: comment.case_id,
    type: comment.type,
    title: comment.title,
    comment: comment.comment,
    publish_at: iso(comment.publish_at),
    author: presentPerson(comment.created_by, author_name),
    asked_by: presentPerson(comment.client_id, asker_name),
    reply_to: comment.reply_to,
    created_at: iso(comment.created_at),
    updated_at: iso(comment.updated_at),
  };
}
