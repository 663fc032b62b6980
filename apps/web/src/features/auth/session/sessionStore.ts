import {
  isForbiddenFailure,
  logoutTarget,
  resolveStartupStrategy,
  STRATEGIES,
  STRATEGY_KEY,
  type StaffUser,
  type InvestorUser,
  type StartupUser,
  type Strategy,
  TOKEN_TYPE,
  tokenKey,
} from '@dealflow/domain';
import type { QueryClient } from '@tanstack/react-query';
import { technicalText } from '../../../shared/api/ApiError.ts';
import type { KeyValueStorage } from '../../../shared/storage.ts';
import type { AuthApi, Credentials, SessionUser } from '../api/authApi.ts';

/** A signed-in session: the strategy tells which kind of user it carries. */
export type ActiveSession =
  | { strategy: 'dashboard'; user: StaffUser }
  | { strategy: 'investor'; user: InvestorUser }
  | { strategy: 'local'; user: StartupUser };

export interface SessionState {
  /** `restoring` until saved tokens have been looked up at start-up (SPEC section 4). */
  status: 'restoring' | 'anonymous' | 'authenticated';
  strategy: Strategy;
  session: ActiveSession | null;
  /** How the current session began: a login on this page load sends the user to `?redirect=`. */
  via: 'restore' | 'login' | null;
  /** The local 403 marker: restoring a saved session failed with a 403 (SPEC sections 4 and 8). */
  forbidden: boolean;
  /** Where a session that just ended sends the user (logout target, or login after a 401). */
  exitTo: string | null;
}

export interface SessionStoreDeps {
  api: AuthApi;
  storage: KeyValueStorage;
  queryClient: QueryClient;
  /** Sets or clears the `auth.reviewer` cookie (path /). */
  setReviewerCookie?: (on: boolean) => void;
}

export const sessionKeys = {
  all: ['session'] as const,
  user: (strategy: Strategy) => ['session', 'user', strategy] as const,
};

export const REVIEWER_COOKIE = 'auth.reviewer';

/** How long a sign-out waits for the server to revoke the token before ending the session anyway. */
export const LOGOUT_SERVER_WAIT_MS = 2000;

function documentReviewerCookie(on: boolean): void {
  if (typeof document === 'undefined') return;
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every supported browser
  document.cookie = on
    ? `${REVIEWER_COOKIE}=1; path=/; SameSite=Lax`
    : `${REVIEWER_COOKIE}=; path=/; max-age=0; SameSite=Lax`;
}

function asSession(strategy: Strategy, user: SessionUser): ActiveSession {
  // The strategy decides which endpoint answered, so the kind must match it.
  if (strategy === 'dashboard' && user.kind === 'employee') return { strategy, user };
  if (strategy === 'investor' && user.kind === 'client') return { strategy, user };
  if (strategy === 'local' && user.kind === 'startup') return { strategy, user };
  throw new Error(`The ${strategy} sign-in returned a ${user.kind} user`);
}

export type SessionStore = ReturnType<typeof createSessionStore>;

/**
 * The session of SPEC section 4 as a small external store: three strategies, tokens in storage as
 * `Bearer <token>` under `auth._token.<strategy>`, the current strategy under `auth.strategy`.
 * The user is fetched through TanStack Query so it is cached and de-duplicated.
 */
export function createSessionStore(deps: SessionStoreDeps) {
  const { api, storage, queryClient } = deps;
  const setReviewerCookie = deps.setReviewerCookie ?? documentReviewerCookie;
  const listeners = new Set<() => void>();
  let state: SessionState = {
    status: 'restoring',
    strategy: 'local',
    session: null,
    via: null,
    forbidden: false,
    exitTo: null,
  };
  let started: Promise<void> | null = null;
  const reviewerExchanges = new Map<string, Promise<void>>();

  function set(patch: Partial<SessionState>): void {
    state = { ...state, ...patch };
    for (const listener of listeners) listener();
  }

  const readToken = (strategy: Strategy) => storage.getItem(tokenKey(strategy));
  const writeToken = (strategy: Strategy, token: string) =>
    storage.setItem(tokenKey(strategy), `${TOKEN_TYPE} ${token}`);
  const removeToken = (strategy: Strategy) => storage.removeItem(tokenKey(strategy));
  const writeStrategy = (strategy: Strategy) => storage.setItem(STRATEGY_KEY, strategy);
  function readStrategy(): Strategy {
    const value = storage.getItem(STRATEGY_KEY);
    return (STRATEGIES as readonly string[]).includes(value ?? '') ? (value as Strategy) : 'local';
  }

  async function fetchUser(strategy: Strategy): Promise<ActiveSession> {
    const authorization = readToken(strategy);
    if (!authorization) throw new Error('No saved token');
    const user = await queryClient.fetchQuery({
      queryKey: sessionKeys.user(strategy),
      queryFn: () => deps.api.fetchUser(strategy, authorization),
      staleTime: 0,
      retry: false,
    });
    return asSession(strategy, user);
  }

  /** Drops every trace of a session: its token, the reviewer cookie and all cached server data. */
  function clearSession(strategy: Strategy): void {
    removeToken(strategy);
    setReviewerCookie(false);
    writeStrategy('local');
    queryClient.clear();
  }

  /** Restoration failed: log out, back to local, local token cleared, 403 marker if it was a 403. */
  function failRestore(strategy: Strategy, error: unknown): void {
    clearSession(strategy);
    removeToken('local');
    set({
      status: 'anonymous',
      strategy: 'local',
      session: null,
      via: null,
      forbidden: isForbiddenFailure(technicalText(error)),
      exitTo: null,
    });
  }

  async function restore(strategy: Strategy): Promise<void> {
    try {
      const session = await fetchUser(strategy);
      set({ status: 'authenticated', strategy, session, via: 'restore', exitTo: null });
    } catch (error) {
      failRestore(strategy, error);
    }
  }

  async function runStart(): Promise<void> {
    const stored = readStrategy();
    // Signed in under local already: keep it (SPEC section 4).
    if (stored === 'local' && readToken('local')) return restore('local');
    const decision = resolveStartupStrategy({
      strategy: stored,
      loggedIn: false,
      tokens: { dashboard: readToken('dashboard'), investor: readToken('investor') },
    });
    for (const strategy of decision.discard) removeToken(strategy);
    writeStrategy(decision.strategy);
    if (!readToken(decision.strategy)) {
      set({ status: 'anonymous', strategy: decision.strategy, session: null, via: null });
      return;
    }
    set({ strategy: decision.strategy });
    return restore(decision.strategy);
  }

  /**
   * Asks the server to revoke the token, waiting at most LOGOUT_SERVER_WAIT_MS and ignoring any
   * failure: the local session ends regardless (docs/decisions/0009).
   */
  async function revokeOnServer(authorization: string): Promise<void> {
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const givenUp = new Promise<void>((resolve) => {
      timer = setTimeout(() => {
        controller.abort();
        resolve();
      }, LOGOUT_SERVER_WAIT_MS);
    });
    try {
      await Promise.race([api.logout(authorization, controller.signal).catch(() => undefined), givenUp]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Login first resets any session, then obtains and stores the token, then fetches the user. */
  async function signIn(
    strategy: Strategy,
    obtainToken: () => Promise<string>,
    reviewer = false,
  ): Promise<void> {
    // Every saved token goes: one left behind could win the next start-up look-up over this login.
    for (const saved of STRATEGIES) removeToken(saved);
    clearSession(strategy);
    set({ status: 'anonymous', strategy, session: null, via: null, exitTo: null });
    const token = await obtainToken();
    writeToken(strategy, token);
    writeStrategy(strategy);
    if (reviewer) setReviewerCookie(true);
    try {
      const session = await fetchUser(strategy);
      set({ status: 'authenticated', strategy, session, via: 'login', forbidden: false, exitTo: null });
    } catch (error) {
      clearSession(strategy);
      set({ status: 'anonymous', strategy: 'local', session: null, via: null });
      throw error;
    }
  }

  return {
    getState: (): SessionState => state,
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    /** Start-up look-up of saved tokens; runs once, later calls share the first run. */
    start(): Promise<void> {
      started ??= runStart();
      return started;
    },

    login(strategy: Strategy, credentials: Credentials): Promise<void> {
      return signIn(strategy, () => api.login(strategy, credentials));
    },

    /** Signs in with a session token obtained another way (an accepted staff invitation). */
    signInWithToken(strategy: Strategy, obtainToken: () => Promise<string>): Promise<void> {
      return signIn(strategy, obtainToken);
    },

    /** The server replaced this session's token (a password change ends every older token). */
    renewToken(token: string): void {
      if (state.status !== 'authenticated') return;
      writeToken(state.strategy, token);
    },

    /**
     * The server changed something of the signed-in investor that the page shows (the onboarding
     * tour closed): the session's copy follows, so a layout mounted again does not show the old state.
     */
    updateInvestor(patch: Partial<Pick<InvestorUser, 'tutorial_seen_at'>>): void {
      const session = state.session;
      if (session?.strategy !== 'investor') return;
      const user = { ...session.user, ...patch };
      queryClient.setQueryData(sessionKeys.user('investor'), user);
      set({ session: { strategy: 'investor', user } });
    },

    /** The signed-in startup's sign-in email changed (account settings): the session's copy follows. */
    updateStartup(patch: Partial<Pick<StartupUser, 'email'>>): void {
      const session = state.session;
      if (session?.strategy !== 'local') return;
      const user = { ...session.user, ...patch };
      queryClient.setQueryData(sessionKeys.user('local'), user);
      set({ session: { strategy: 'local', user } });
    },

    /**
     * Reviewer link (`/dashboard?token=…`): exchanged once for a staff token, then a dashboard
     * session with the reviewer cookie. The link is single use, so repeated calls share one exchange.
     */
    signInAsReviewer(reviewerToken: string): Promise<void> {
      let pending = reviewerExchanges.get(reviewerToken);
      if (!pending) {
        pending = signIn('dashboard', () => api.exchangeReviewerToken(reviewerToken), true).catch((error) => {
          set({ exitTo: '/dashboard/login' });
          throw error;
        });
        reviewerExchanges.set(reviewerToken, pending);
      }
      return pending;
    },

    /**
     * Logout of every strategy revokes the token on the server, then clears the local session.
     * The spec has dashboard and investor logouts stay local; we deliberately do not, so a copied
     * token stops working at sign-out (docs/decisions/0009).
     */
    async logout(): Promise<void> {
      const strategy = state.strategy;
      const authorization = readToken(strategy);
      if (authorization) await revokeOnServer(authorization);
      clearSession(strategy);
      set({
        status: 'anonymous',
        strategy: 'local',
        session: null,
        via: null,
        exitTo: logoutTarget(strategy),
      });
    },

    /** A call made while signed in was answered 401: sign out locally and go to `loginPath`. */
    expire(loginPath: string): void {
      if (state.status !== 'authenticated') return;
      clearSession(state.strategy);
      set({ status: 'anonymous', strategy: 'local', session: null, via: null, exitTo: loginPath });
    },

    /** The exit page was reached. */
    clearExit(): void {
      if (state.exitTo !== null) set({ exitTo: null });
    },

    /** The post-login redirect has been followed; later visits to login pages go home. */
    settle(): void {
      if (state.via === 'login') set({ via: 'restore' });
    },

    clearForbidden(): void {
      if (state.forbidden) set({ forbidden: false });
    },
  };
}
