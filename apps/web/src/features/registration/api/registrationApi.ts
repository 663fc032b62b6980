import type {
  ApplicationCounts,
  RegisterBody,
  RegisterResponse,
  VerifyMailBody,
  VerifyMailCodeBody,
  VerifyMailCodeResponse,
  VerifyMailResponse,
} from '@dealflow/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../shared/api/index.ts';

// Self-service registration (issue 14) and the staff side of it.

export function useSendCode() {
  return useMutation({
    mutationFn: async (body: VerifyMailBody) =>
      (
        await api.post<z.infer<typeof VerifyMailResponse>>('/api/internal/v1/clients/verifyMail', body, {
          authorization: false,
        })
      ).data,
  });
}

export function useCheckCode() {
  return useMutation({
    mutationFn: async (body: VerifyMailCodeBody) =>
      (
        await api.post<z.infer<typeof VerifyMailCodeResponse>>(
          '/api/internal/v1/clients/verifyMailCode',
          body,
          {
            authorization: false,
          },
        )
      ).data,
  });
}

export function useRegister() {
  return useMutation({
    mutationFn: async (body: RegisterBody) =>
      (
        await api.post<z.infer<typeof RegisterResponse>>('/api/internal/v1/register', body, {
          authorization: false,
        })
      ).data,
  });
}

export const applicationCountsKey = ['applications', 'count'] as const;

/** New registrations staff may handle, for the side menu's badges. */
export function useApplicationCounts(enabled: boolean) {
  return useQuery({
    queryKey: applicationCountsKey,
    enabled,
    staleTime: 30_000,
    // Polled like the inbox badge: a new registration shows within a minute.
    refetchInterval: 60_000,
    queryFn: async () =>
      (await api.get<{ data: ApplicationCounts }>('/api/internal/v1/applications/count')).data,
  });
}

export function useApproveApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (clientId: number) => api.post(`/api/internal/v1/clients/${clientId}/approve`, {}),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}

/** An ao or admin takes on a registered startup's draft case and becomes its AO. */
export function useTakeOnApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (caseId: number) => api.post(`/api/internal/v1/cases/${caseId}/takeOn`, {}),
    // The case, its lists and the badges all change.
    onSettled: () => queryClient.invalidateQueries(),
  });
}
