import type { CaseReview, CaseReviewWithUser, ReviewComment, ReviewStatus } from '@dealflow/domain';
import { iso, isoOrNull, presentPerson } from '../items/presenter.ts';
import type { ReviewCommentView, ReviewView, StartupUserRef } from './repository.ts';

export function presentReviewComment({ comment, name }: ReviewCommentView): ReviewComment {
  return {
    id: comment.id,
    employee_id: comment.employee_id,
    name: name ?? '',
    content: comment.content,
    field: comment.field,
    reply: comment.reply,
    replied_at: isoOrNull(comment.replied_at),
    created_at: iso(comment.created_at),
    updated_at: iso(comment.updated_at),
  };
}

export function presentReview(
  { review, applied_by_name }: ReviewView,
  comments: ReviewCommentView[],
): CaseReview {
  return {
    id: review.id,
    user_id: review.startup_user_id,
    case_id: review.case_id,
    status: review.status as ReviewStatus,
    update_content: review.update_content,
    comment: comments.map(presentReviewComment),
    applied_at: isoOrNull(review.applied_at),
    applied_by: presentPerson(review.applied_by, applied_by_name),
    created_at: iso(review.created_at),
    updated_at: iso(review.updated_at),
  };
}

export function presentReviewWithUser(
  view: ReviewView & { user: StartupUserRef },
  comments: ReviewCommentView[],
): CaseReviewWithUser {
  return { ...presentReview(view, comments), user: view.user };
}
