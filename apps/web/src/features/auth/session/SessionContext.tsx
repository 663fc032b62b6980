import { homeFor, type StaffUser } from '@dealflow/domain';
import { createContext, type ReactNode, useContext, useSyncExternalStore } from 'react';
import type { ActiveSession, SessionState, SessionStore } from './sessionStore.ts';

const SessionContext = createContext<SessionStore | null>(null);

export function SessionProvider({ store, children }: { store: SessionStore; children: ReactNode }) {
  return <SessionContext.Provider value={store}>{children}</SessionContext.Provider>;
}

export function useSessionStore(): SessionStore {
  const store = useContext(SessionContext);
  if (!store) throw new Error('useSessionStore must be used inside <SessionProvider>');
  return store;
}

/** The current session state; re-renders when it changes. */
export function useSession(): SessionState {
  const store = useSessionStore();
  return useSyncExternalStore(store.subscribe, store.getState, store.getState);
}

/** Home of a session (SPEC section 2: 回首頁 and signed-in visits to login pages go there). */
export function sessionHome(session: ActiveSession | null): string {
  if (!session) return homeFor(null);
  return homeFor({
    strategy: session.strategy,
    role: session.strategy === 'dashboard' ? session.user.role : null,
  });
}

export function useSessionHome(): string {
  return sessionHome(useSession().session);
}

/** The signed-in staff member; only for components rendered behind the dashboard guard. */
export function useStaffUser(): StaffUser {
  const { session } = useSession();
  if (session?.strategy !== 'dashboard') throw new Error('useStaffUser needs a dashboard session');
  return session.user;
}
