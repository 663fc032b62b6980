import type { CaseBrief, CaseRatingBody } from '@dealflow/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/index.ts';
import { caseKeys, invalidateCases } from './casesApi.ts';

const V1 = '/api/internal/v1/cases';

interface Data<T> {
  data: T;
}

export const caseBriefKeys = {
  brief: (id: number) => [...caseKeys.all, 'brief', id] as const,
};

/** The read-only summary of a case (ir and sa present it to investors); fetched while `id` is set. */
export function useCaseBrief(id: number | null) {
  return useQuery({
    queryKey: caseBriefKeys.brief(id ?? 0),
    queryFn: async () => (await api.get<Data<CaseBrief>>(`${V1}/${id}/summary`)).data,
    enabled: id !== null,
  });
}

/** Sets (1–5) or clears (null) the IR rating; every view of the case follows. */
export function useSetIrRating(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CaseRatingBody) =>
      (await api.put<Data<CaseBrief>>(`${V1}/${id}/rating`, body)).data,
    onSuccess: (saved) => {
      queryClient.setQueryData(caseBriefKeys.brief(id), saved);
      return invalidateCases(queryClient);
    },
  });
}
