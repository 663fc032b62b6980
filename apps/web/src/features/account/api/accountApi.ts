import type {
  InvitationAcceptBody,
  InvitationCheckResponse,
  PasswordChangeBody,
  PasswordForgotBody,
  PasswordResetBody,
  PasswordResetResponse,
  TokenData,
} from '@dealflow/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../shared/api/index.ts';

// Account calls (docs/decisions/0012). Link tokens go in request bodies, never in a URL.

export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (body: PasswordForgotBody) =>
      api.post('/api/auth/password/forgot', body, { authorization: false }),
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: async (body: PasswordResetBody) =>
      (
        await api.post<z.infer<typeof PasswordResetResponse>>('/api/auth/password/reset', body, {
          authorization: false,
        })
      ).data.strategy,
  });
}

export function useInvitation(token: string | null) {
  return useQuery({
    queryKey: ['invitation', token],
    enabled: token !== null,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: async () =>
      (
        await api.post<z.infer<typeof InvitationCheckResponse>>(
          '/api/auth/invitation/check',
          { token },
          { authorization: false },
        )
      ).data,
  });
}

export async function acceptInvitation(body: InvitationAcceptBody): Promise<string> {
  const reply = await api.post<z.infer<typeof TokenData>>('/api/auth/invitation/accept', body, {
    authorization: false,
  });
  return reply.data.token;
}

export async function changePassword(body: PasswordChangeBody): Promise<string> {
  return (await api.post<z.infer<typeof TokenData>>('/api/auth/password/change', body)).data.token;
}

/** The token of a mailed link, read from the fragment (`#token=…`), which no server or Referer sees. */
export function tokenFromHash(hash: string): string | null {
  const token = new URLSearchParams(hash.replace(/^#/, '')).get('token');
  return token && /^[A-Za-z0-9_-]{20,200}$/.test(token) ? token : null;
}
