import { ROUTE_NAMES, type RouteName } from '@dealflow/domain';

/** Navigation state of a guard redirect: which page the user was refused (read once on arrival). */
export interface GuardDeniedState {
  guardDenied: RouteName;
}

const states = new Map<RouteName, GuardDeniedState>();

/**
 * One object per route: React Router's `<Navigate>` navigates again whenever its `state` prop is a new
 * object, and under Preact a guard re-rendered before the redirect landed, so a fresh object each
 * render navigated without end (the page froze on a refused link).
 */
export function guardDeniedState(route: RouteName): GuardDeniedState {
  let state = states.get(route);
  if (!state) {
    state = Object.freeze({ guardDenied: route });
    states.set(route, state);
  }
  return state;
}

export function guardDeniedOf(state: unknown): RouteName | null {
  if (typeof state !== 'object' || state === null) return null;
  const route = (state as { guardDenied?: unknown }).guardDenied;
  return (ROUTE_NAMES as readonly unknown[]).includes(route) ? (route as RouteName) : null;
}
