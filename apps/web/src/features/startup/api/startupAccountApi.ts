import type { StartupAccountBody, StartupAccountResponse } from '@dealflow/domain';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../shared/api/index.ts';
import { useSession, useSessionStore } from '../../auth/session/index.ts';

// The startup's own account: `PUT v1/cases/{id}` with its own user id (docs/decisions/0036).

type Result = z.infer<typeof StartupAccountResponse>['data'];

/** One account change; a reply with a token replaces this session's (every other session has ended). */
export function useStartupAccountChange() {
  const { session } = useSession();
  const store = useSessionStore();
  const userId = session?.strategy === 'local' ? session.user.id : null;
  return useMutation({
    mutationFn: async (body: StartupAccountBody): Promise<Result> => {
      if (userId === null) throw new Error('not signed in as a startup');
      return (await api.put<z.infer<typeof StartupAccountResponse>>(`/api/internal/v1/cases/${userId}`, body))
        .data;
    },
    onSuccess: (result) => {
      if (result.token) store.renewToken(result.token);
      if (result.action === 'email_confirm' && result.email) store.updateStartup({ email: result.email });
    },
  });
}
