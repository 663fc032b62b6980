import type { Strategy } from './roles.ts';

export const STORAGE_PREFIX = 'auth.';
export const tokenKey = (strategy: Strategy) => `${STORAGE_PREFIX}_token.${strategy}`;
export const refreshTokenKey = (strategy: Strategy) => `${STORAGE_PREFIX}_refresh_token.${strategy}`;
export const STRATEGY_KEY = `${STORAGE_PREFIX}strategy`;
export const TOKEN_TYPE = 'Bearer';

export interface StartupInput {
  strategy: Strategy;
  loggedIn: boolean;
  tokens: { dashboard?: string | null; investor?: string | null };
}

export interface StartupDecision {
  strategy: Strategy;
  /** Saved tokens to delete. */
  discard: Strategy[];
}

/**
 * Session start-up rule (SPEC section 4): unless already signed in under `local`, look up saved
 * tokens: an investor token discards the dashboard token and switches to investor; a dashboard
 * token discards the investor token and switches to dashboard; dashboard wins if both exist.
 */
export function resolveStartupStrategy(input: StartupInput): StartupDecision {
  if (input.loggedIn && input.strategy === 'local') return { strategy: 'local', discard: [] };
  const hasDashboard = Boolean(input.tokens.dashboard);
  const hasInvestor = Boolean(input.tokens.investor);
  if (hasDashboard) return { strategy: 'dashboard', discard: hasInvestor ? ['investor'] : [] };
  if (hasInvestor) return { strategy: 'investor', discard: [] };
  return { strategy: input.strategy, discard: [] };
}

/** Whether a restoration failure should leave the local 403 marker (SPEC section 4 and 8). */
export function isForbiddenFailure(message: string | null | undefined): boolean {
  return typeof message === 'string' && message.includes('403');
}
