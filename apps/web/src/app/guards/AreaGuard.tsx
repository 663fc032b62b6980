import {
  areaAccess,
  dashboardGuard,
  loginPathFor,
  signedInDomainRedirect,
  type Strategy,
} from '@dealflow/domain';
import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useSession, useSessionStore } from '../../features/auth/session/index.ts';
import { usePlatformSettings } from '../../features/platform/api/platformApi.ts';
import { FullPageSpin } from '../../shared/components/FullPageSpin.tsx';
import { AppErrorScreen } from './AppErrorScreen.tsx';
import { guardDeniedState } from '../../shared/navigation/guardNotice.ts';
import { ReviewerSignIn } from './ReviewerSignIn.tsx';
import { useRouteName, wantedPath } from './routeMeta.ts';

/**
 * Guard of a signed-in area (SPEC section 6): anonymous → its login with `?redirect=`; a user of
 * another strategy → 403; a staff role the guard table refuses → its report; on the dashboard an
 * anonymous visit with `?token=` signs in a reviewer. With the automatic domain redirect on, a
 * signed-in user on the listed investor pages goes to their list (SPEC section 2).
 */
export function AreaGuard({ area }: { area: Strategy }) {
  const state = useSession();
  const store = useSessionStore();
  const route = useRouteName();
  const location = useLocation();
  const reviewerToken = area === 'dashboard' ? new URLSearchParams(location.search).get('token') : null;
  const allowed =
    state.status === 'authenticated' && route !== null && areaAccess(route, state.strategy) === 'allow';
  const signedInStrategy = state.status === 'authenticated' ? (state.session?.strategy ?? null) : null;
  // Where the domain redirect would send this user; the setting is fetched only when that matters.
  const domainTarget = signedInDomainRedirect(route, signedInStrategy, true);
  const platform = usePlatformSettings({ enabled: domainTarget !== null });

  useEffect(() => {
    if (allowed) store.settle();
  }, [allowed, store]);

  if (state.status === 'restoring') return <FullPageSpin />;
  if (!route) return <AppErrorScreen status={404} />;

  if (state.status === 'anonymous') {
    if (state.exitTo) return <Navigate to={state.exitTo} replace />;
    if (reviewerToken) return <ReviewerSignIn token={reviewerToken} />;
    return <Navigate to={loginPathFor(route, wantedPath(location))} replace />;
  }

  if (domainTarget) {
    if (platform.isPending) return <FullPageSpin />;
    // Settings that fail to load leave the user where they are: the page works on any host.
    if (platform.data?.domain_redirect.enabled) return <Navigate to={domainTarget} replace />;
  }

  const session = state.session;
  if (!session || areaAccess(route, session.strategy) === 'forbidden') return <AppErrorScreen status={403} />;

  if (session.strategy === 'dashboard') {
    const decision = dashboardGuard(session.user.role, route);
    if (!decision.allow) return <Navigate to={decision.redirect} replace state={guardDeniedState(route)} />;
    if (reviewerToken) {
      // The link token is spent; keep it out of the address bar and history.
      const params = new URLSearchParams(location.search);
      params.delete('token');
      const search = params.toString();
      return <Navigate to={`${location.pathname}${search ? `?${search}` : ''}${location.hash}`} replace />;
    }
  }
  return <Outlet />;
}
