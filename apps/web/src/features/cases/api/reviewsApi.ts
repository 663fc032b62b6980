import type {
  Case,
  CaseReview,
  CaseReviewWithUser,
  ReviewDiffEntry,
  ReviewUpdateBody,
} from '@dealflow/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../shared/api/index.ts';
import { caseKeys, type ListPage } from './casesApi.ts';

const V1 = '/api/internal/v1/cases';

interface Data<T> {
  data: T;
}

export const reviewKeys = {
  list: (caseId: number) => ['cases', 'reviews', caseId] as const,
  diff: (userId: number) => ['cases', 'review-diff', userId] as const,
};

/** The startups' reviews of a case, latest saved first. */
export function useCaseReviews(caseId: number) {
  return useQuery({
    queryKey: reviewKeys.list(caseId),
    queryFn: async () =>
      (await api.get<Data<ListPage<CaseReviewWithUser>>>(`${V1}/${caseId}/review/list`)).data.result,
  });
}

/** What one startup's review would change on the case. `{userId}` is the startup user (SPEC naming). */
export function useReviewDiff(userId: number) {
  return useQuery({
    queryKey: reviewKeys.diff(userId),
    queryFn: async () =>
      (await api.get<Data<ListPage<ReviewDiffEntry>>>(`${V1}/${userId}/review/diff`)).data.result,
  });
}

/** Staff save the comment list, sending content and status back as loaded (SPEC section 4). */
export function useSaveReviewComments(caseId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      review,
      comment,
    }: {
      review: CaseReview;
      comment: z.input<typeof ReviewUpdateBody>['comment'];
    }) =>
      (
        await api.put<Data<CaseReview>>(`${V1}/${review.user_id}/review`, {
          update_content: review.update_content,
          status: review.status,
          comment,
        })
      ).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reviewKeys.list(caseId) }),
  });
}

/** Copies a submitted review onto the case; the case, its history and the diff change. */
export function useApplyReview(caseId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (userId: number) =>
      (await api.post<Data<{ review: CaseReview; case: Case }>>(`${V1}/${userId}/review/apply`)).data,
    onSuccess: (result, userId) => {
      queryClient.setQueryData(caseKeys.detail(caseId), result.case);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: reviewKeys.list(caseId) }),
        queryClient.invalidateQueries({ queryKey: reviewKeys.diff(userId) }),
        queryClient.invalidateQueries({ queryKey: caseKeys.all }),
      ]);
    },
  });
}
