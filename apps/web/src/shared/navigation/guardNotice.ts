import { ROUTE_NAMES, type RouteName } from '@dealflow/domain';

/** Navigation state of a guard redirect: which page the user was refused (read once on arrival). */
export interface GuardDeniedState {
  guardDenied: RouteName;
}

export function guardDeniedState(route: RouteName): GuardDeniedState {
  return { guardDenied: route };
}

export function guardDeniedOf(state: unknown): RouteName | null {
  if (typeof state !== 'object' || state === null) return null;
  const route = (state as { guardDenied?: unknown }).guardDenied;
  return (ROUTE_NAMES as readonly unknown[]).includes(route) ? (route as RouteName) : null;
}
