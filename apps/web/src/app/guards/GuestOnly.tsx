import { safeReturnPath } from '@dealflow/domain';
import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { sessionHome, useSession, useSessionStore } from '../../features/auth/session/index.ts';
import { FullPageSpin } from '../../shared/components/FullPageSpin.tsx';

/**
 * Login-type pages (SPEC section 2): a signed-in visitor is sent home; right after signing in
 * here, to the wanted page if `?redirect=` is a safe relative path (SPEC section 5).
 */
export function GuestOnly() {
  const state = useSession();
  const store = useSessionStore();
  const location = useLocation();

  useEffect(() => {
    if (state.status === 'anonymous') store.clearExit();
  }, [state.status, store]);

  if (state.status === 'restoring') return <FullPageSpin />;
  if (state.status === 'authenticated') {
    const home = sessionHome(state.session);
    const target =
      state.via === 'login'
        ? safeReturnPath(new URLSearchParams(location.search).get('redirect'), home)
        : home;
    return <Navigate to={target} replace />;
  }
  return <Outlet />;
}

/** `/`: home of the session, or the login page. */
export function HomeRedirect() {
  const state = useSession();
  const store = useSessionStore();
  useEffect(() => {
    if (state.status === 'anonymous') store.clearExit();
  }, [state.status, store]);
  if (state.status === 'restoring') return <FullPageSpin />;
  return <Navigate to={sessionHome(state.session)} replace />;
}
