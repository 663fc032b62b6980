import { loginPathFor, ROUTE_NAMES, type RouteName } from '@dealflow/domain';
import { useMatches } from 'react-router';

/** Every route of the app carries its domain route name, so guards can use the domain tables. */
export interface RouteHandle {
  name: RouteName;
}

export function isRouteHandle(handle: unknown): handle is RouteHandle {
  return (
    typeof handle === 'object' &&
    handle !== null &&
    'name' in handle &&
    (ROUTE_NAMES as readonly unknown[]).includes((handle as { name: unknown }).name)
  );
}

/** The name of the deepest matched named route. */
export function routeNameOf(matches: readonly { handle?: unknown }[]): RouteName | null {
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle;
    if (isRouteHandle(handle)) return handle.name;
  }
  return null;
}

export function useRouteName(): RouteName | null {
  return routeNameOf(useMatches());
}

/** The page to come back to after signing in: path, query and fragment. */
export function wantedPath(location: { pathname: string; search: string; hash: string }): string {
  return `${location.pathname}${location.search}${location.hash}`;
}

/**
 * Where a 401 on a signed-in call sends the user (SPEC section 6): the staff login on a dashboard
 * route, the generic login otherwise, with the current page to come back to.
 */
export function unauthorizedTarget(
  matches: readonly { handle?: unknown }[],
  location: { pathname: string; search: string; hash: string },
): string {
  const name = routeNameOf(matches) ?? (location.pathname.startsWith('/dashboard') ? 'dashboard' : 'login');
  return loginPathFor(name, wantedPath(location));
}
