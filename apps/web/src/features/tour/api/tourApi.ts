import { useMutation } from '@tanstack/react-query';
import { api } from '../../../shared/api/index.ts';
import { useSessionStore } from '../../auth/session/index.ts';

interface Data<T> {
  data: T;
}

/**
 * Marks the onboarding tour seen (closed) or not, on the server for the signed-in investor (so it
 * does not return on another device), and in this page's session.
 */
export function useTutorialSeen() {
  const store = useSessionStore();
  return useMutation({
    mutationFn: async (seen: boolean) =>
      (await api.put<Data<{ tutorial_seen_at: string | null }>>('/api/internal/v1/me/tutorial', { seen }))
        .data,
    onSuccess: (state) => store.updateInvestor({ tutorial_seen_at: state.tutorial_seen_at }),
  });
}
