import type {
  ClientCalendarEvent,
  ClientNotification,
  PortfolioIndustry,
  PortfolioValue,
} from '@dealflow/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/index.ts';
import { useSession } from '../../auth/session/index.ts';
import { useAllThreads } from '../../contact/api/servicesApi.ts';

/**
 * The investor's own records, read through the client routes with their own id (issue 13): the
 * portfolio, the calendar of their cases, their notifications and their message threads.
 */

interface Data<T> {
  data: T;
}
interface ListPage<T> {
  result: T[];
  count: number;
}

/** The signed-in investor's client id; only for components behind the investor guard. */
export function useInvestorId(): number {
  const { session } = useSession();
  if (session?.strategy !== 'investor') throw new Error('useInvestorId needs an investor session');
  return session.user.id;
}

const clientBase = (id: number) => `/api/internal/v1/clients/${id}`;
const SERVICES = '/api/internal/v1/services';
/** How often the header's counts are read again (the live channel tells only of messages). */
export const NOTIFICATION_POLL_MS = 60_000;

export const investorHomeKeys = {
  all: ['investorHome'] as const,
  portfolio: (id: number) => ['investorHome', 'portfolio', id] as const,
  industries: (id: number) => ['investorHome', 'industries', id] as const,
  events: (id: number, from: string) => ['investorHome', 'events', id, from] as const,
  notifications: (id: number) => ['investorHome', 'notifications', id] as const,
  notificationList: (id: number, unread: boolean) => ['investorHome', 'notifications', id, unread] as const,
};

export function usePortfolio(clientId: number) {
  return useQuery({
    queryKey: investorHomeKeys.portfolio(clientId),
    queryFn: async ({ signal }) =>
      (await api.get<Data<ListPage<PortfolioValue>>>(`${clientBase(clientId)}/portfolio`, { signal })).data
        .result,
  });
}

export function usePortfolioIndustries(clientId: number) {
  return useQuery({
    queryKey: investorHomeKeys.industries(clientId),
    queryFn: async ({ signal }) =>
      (
        await api.get<Data<ListPage<PortfolioIndustry>>>(`${clientBase(clientId)}/portfolio/industries`, {
          signal,
        })
      ).data.result,
  });
}

/** Events of their cases ending from `from` on (the start of today, so the key is stable for the day). */
export function useUpcomingEvents(clientId: number, from: string) {
  return useQuery({
    queryKey: investorHomeKeys.events(clientId, from),
    queryFn: async ({ signal }) =>
      (
        await api.get<Data<ListPage<ClientCalendarEvent>>>(`${clientBase(clientId)}/calendars`, {
          query: { from, page: 1, size: 50 },
          signal,
        })
      ).data,
  });
}

/** Their notifications, newest first (the latest 20), or the unread ones only. */
export function useNotifications(clientId: number, options: { unread?: boolean; enabled?: boolean } = {}) {
  const unread = options.unread ?? false;
  return useQuery({
    queryKey: investorHomeKeys.notificationList(clientId, unread),
    queryFn: async ({ signal }) =>
      (
        await api.get<Data<ListPage<ClientNotification>>>(`${clientBase(clientId)}/notifications`, {
          query: { page: 1, size: 20, ...(unread ? { unread: 1 } : {}) },
          signal,
        })
      ).data,
    enabled: options.enabled ?? true,
    refetchInterval: NOTIFICATION_POLL_MS,
  });
}

export function useMarkNotificationRead(clientId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) =>
      (
        await api.put<Data<ClientNotification>>(`${clientBase(clientId)}/notifications/${id}`, {
          read: true,
        })
      ).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: investorHomeKeys.notifications(clientId) }),
  });
}

export function useMarkAllNotificationsRead(clientId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      (await api.put<Data<{ updated: number }>>(`${clientBase(clientId)}/notifications`, { read: true }))
        .data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: investorHomeKeys.notifications(clientId) }),
  });
}

/** Their message threads (an investor only ever gets their own), newest first. */
export function useMyThreads(clientId: number, poll: number | false) {
  return useAllThreads(SERVICES, { client_id: clientId }, poll);
}
