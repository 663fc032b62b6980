import type { SignInArea, Strategy } from '@dealflow/domain';
import { local, PREF_KEYS } from '../../shared/storage.ts';

/** The sign-in page of a strategy (or of an area named by WRONG_SIGN_IN_TAB). */
export function signInPathFor(strategy: Strategy | SignInArea): string {
  return strategy === 'dashboard' ? '/dashboard/login' : '/login';
}

/** Makes /login open on the tab of this strategy next time it mounts (the remembered choice). */
export function preselectSignInTab(strategy: Strategy | SignInArea): void {
  if (strategy === 'investor') local.setItem(PREF_KEYS.loginKind, 'investor');
  if (strategy === 'local' || strategy === 'startup') local.setItem(PREF_KEYS.loginKind, 'local');
}

/** Navigation state a sign-in page reads to show a one-time notice. */
export interface SignInNotice {
  notice: 'passwordReset';
}

export function isSignInNotice(state: unknown): state is SignInNotice {
  return (
    typeof state === 'object' && state !== null && (state as { notice?: unknown }).notice === 'passwordReset'
  );
}
