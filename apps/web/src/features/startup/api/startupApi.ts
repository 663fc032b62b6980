import type { CaseReview, ReviewContent, StartupInfo } from '@dealflow/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from '../../../shared/api/index.ts';

const V1 = '/api/internal/v1/cases';

interface Data<T> {
  data: T;
}

export const startupKeys = {
  review: (userId: number) => ['startup', 'review', userId] as const,
  info: (userId: number) => ['startup', 'info', userId] as const,
};

/** The startup's own review of its case; null before its first save (the server says 404). */
export function useMyReview(userId: number) {
  return useQuery({
    queryKey: startupKeys.review(userId),
    queryFn: async () => {
      try {
        return (await api.get<Data<CaseReview>>(`${V1}/${userId}/review`)).data;
      } catch (error) {
        if (error instanceof ApiError && error.code === 'REVIEW_NOT_FOUND') return null;
        throw error;
      }
    },
  });
}

/**
 * Saves the proposal (SPEC section 4): the first save POSTs, later saves PUT the same review;
 * status 0 keeps it a draft, 1 submits it.
 */
export function useSaveMyReview(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      exists,
      update_content,
      status,
    }: {
      exists: boolean;
      update_content: ReviewContent;
      status: 0 | 1;
    }) => {
      const url = `${V1}/${userId}/review`;
      const body = { update_content, status };
      return (
        exists ? await api.put<Data<CaseReview>>(url, body) : await api.post<Data<CaseReview>>(url, body)
      ).data;
    },
    onSuccess: (review) => queryClient.setQueryData(startupKeys.review(userId), review),
  });
}

/** The startup answers one staff comment. */
export function useReplyToComment(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ commentId, reply }: { commentId: number; reply: string }) =>
      (await api.put<Data<CaseReview>>(`${V1}/${userId}/review/comments/${commentId}/reply`, { reply })).data,
    onSuccess: (review) => queryClient.setQueryData(startupKeys.review(userId), review),
  });
}

/** The startup's own account and its case's stage timeline and coming meetings. */
export function useStartupInfo(userId: number) {
  return useQuery({
    queryKey: startupKeys.info(userId),
    queryFn: async () => (await api.get<Data<StartupInfo>>(`${V1}/${userId}/info`)).data,
  });
}
