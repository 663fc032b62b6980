import { STRATEGY_KEY, tokenKey } from '@dealflow/domain';
import { describe, expect, it, vi } from 'vitest';
import { LOGOUT_SERVER_WAIT_MS } from './sessionStore.ts';
import {
  apiError,
  fakeAuthApi,
  investorUser,
  makeStore,
  staffUser,
  startupUser,
} from '../../../test/fakes.ts';

const get = (key: string) => window.localStorage.getItem(key);
const put = (key: string, value: string) => window.localStorage.setItem(key, value);

describe('session start-up look-up (SPEC section 4)', () => {
  it('stays anonymous under local when nothing is saved', async () => {
    const { store } = makeStore();
    await store.start();
    expect(store.getState()).toMatchObject({ status: 'anonymous', strategy: 'local', session: null });
  });

  it('an investor token switches to investor and restores the user', async () => {
    put(tokenKey('investor'), 'Bearer inv');
    const api = fakeAuthApi({ inv: investorUser() });
    const { store } = makeStore(api);
    await store.start();
    expect(store.getState()).toMatchObject({ status: 'authenticated', strategy: 'investor', via: 'restore' });
    expect(api.fetchUser).toHaveBeenCalledWith('investor', 'Bearer inv');
    expect(get(STRATEGY_KEY)).toBe('investor');
  });

  it('dashboard wins when both tokens exist, and the investor token is discarded', async () => {
    put(tokenKey('investor'), 'Bearer inv');
    put(tokenKey('dashboard'), 'Bearer staff');
    const { store } = makeStore(fakeAuthApi({ staff: staffUser('ao'), inv: investorUser() }));
    await store.start();
    expect(store.getState().strategy).toBe('dashboard');
    expect(store.getState().session?.user).toMatchObject({ role: 'ao' });
    expect(get(tokenKey('investor'))).toBeNull();
    expect(get(tokenKey('dashboard'))).toBe('Bearer staff');
  });

  it('keeps a signed-in local session without looking at the other tokens', async () => {
    put(STRATEGY_KEY, 'local');
    put(tokenKey('local'), 'Bearer st');
    put(tokenKey('dashboard'), 'Bearer staff');
    const { store } = makeStore(fakeAuthApi({ st: startupUser(), staff: staffUser() }));
    await store.start();
    expect(store.getState()).toMatchObject({ status: 'authenticated', strategy: 'local' });
    expect(get(tokenKey('dashboard'))).toBe('Bearer staff');
  });

  it('on failure logs out, returns to local, clears the local token and keeps a 403 marker', async () => {
    put(STRATEGY_KEY, 'dashboard');
    put(tokenKey('dashboard'), 'Bearer staff');
    put(tokenKey('local'), 'Bearer st');
    const { store } = makeStore(
      fakeAuthApi({ staff: apiError(403, 'WRONG_STRATEGY', 'This sign-in cannot be used here') }),
    );
    await store.start();
    expect(store.getState()).toMatchObject({ status: 'anonymous', strategy: 'local', forbidden: true });
    expect(get(tokenKey('dashboard'))).toBeNull();
    expect(get(tokenKey('local'))).toBeNull();
    expect(get(STRATEGY_KEY)).toBe('local');
  });

  it('a failure without 403 leaves no marker', async () => {
    put(tokenKey('investor'), 'Bearer expired');
    const { store } = makeStore(fakeAuthApi({}));
    await store.start();
    expect(store.getState()).toMatchObject({ status: 'anonymous', forbidden: false });
    expect(get(tokenKey('investor'))).toBeNull();
  });

  it('runs once however often it is asked', async () => {
    put(tokenKey('investor'), 'Bearer inv');
    const api = fakeAuthApi({ inv: investorUser() });
    const { store } = makeStore(api);
    await Promise.all([store.start(), store.start()]);
    expect(api.fetchUser).toHaveBeenCalledTimes(1);
  });
});

describe('the signed-in investor changing on the server', () => {
  it('follows a closed onboarding tour, and leaves other sessions alone', async () => {
    put(tokenKey('investor'), 'Bearer inv');
    const { store, queryClient } = makeStore(fakeAuthApi({ inv: investorUser({ tutorial_seen_at: null }) }));
    await store.start();
    store.updateInvestor({ tutorial_seen_at: '2026-11-26T00:00:00.000Z' });
    expect(store.getState().session?.user).toMatchObject({ tutorial_seen_at: '2026-11-26T00:00:00.000Z' });
    expect(queryClient.getQueryData(['session', 'user', 'investor'])).toMatchObject({
      tutorial_seen_at: '2026-11-26T00:00:00.000Z',
    });

    window.localStorage.clear();
    put(tokenKey('dashboard'), 'Bearer staff');
    const staff = makeStore(fakeAuthApi({ staff: staffUser('ao') })).store;
    await staff.start();
    staff.updateInvestor({ tutorial_seen_at: null });
    expect(staff.getState().session?.user).not.toHaveProperty('tutorial_seen_at');
  });
});

describe('login', () => {
  it('resets the previous session, stores a Bearer token, then fetches the user', async () => {
    put(tokenKey('investor'), 'Bearer old');
    put(STRATEGY_KEY, 'investor');
    const api = fakeAuthApi({ 'token-for-admin@example.com': staffUser('admin') });
    const { store } = makeStore(api);
    await store.login('dashboard', { email: 'admin@example.com', password: 'x' });
    expect(get(tokenKey('investor'))).toBeNull();
    expect(get(tokenKey('dashboard'))).toBe('Bearer token-for-admin@example.com');
    expect(get(STRATEGY_KEY)).toBe('dashboard');
    expect(store.getState()).toMatchObject({ status: 'authenticated', strategy: 'dashboard', via: 'login' });
  });

  it('a refused login leaves the visitor signed out and rethrows the server error', async () => {
    const api = fakeAuthApi();
    api.login.mockRejectedValueOnce(apiError(401, 'INVALID_CREDENTIALS', 'Incorrect email or password'));
    const { store } = makeStore(api);
    await expect(store.login('investor', { email: 'a@b.co', password: 'x' })).rejects.toMatchObject({
      status: 401,
    });
    expect(store.getState().status).toBe('anonymous');
    expect(get(tokenKey('investor'))).toBeNull();
  });

  it('a user fetch failing after the token drops the token again', async () => {
    const { store } = makeStore(fakeAuthApi({}));
    await expect(store.login('dashboard', { email: 'a@b.co', password: 'x' })).rejects.toBeTruthy();
    expect(get(tokenKey('dashboard'))).toBeNull();
    expect(store.getState().status).toBe('anonymous');
  });
});

describe('logout', () => {
  it('generic (local) logout calls the server, ignores its failure and clears the token', async () => {
    const api = fakeAuthApi({ 'token-for-s@example.com': startupUser() });
    api.logout.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const { store } = makeStore(api);
    await store.login('local', { email: 's@example.com', password: 'x' });
    await store.logout();
    expect(api.logout).toHaveBeenCalledWith('Bearer token-for-s@example.com', expect.any(AbortSignal));
    expect(get(tokenKey('local'))).toBeNull();
    expect(store.getState()).toMatchObject({ status: 'anonymous', session: null, exitTo: '/login' });
  });

  it('dashboard logout revokes the token on the server, clears tokens and goes to /dashboard/login', async () => {
    const api = fakeAuthApi({ 'token-for-a@example.com': staffUser() });
    const { store, queryClient, cookie } = makeStore(api);
    await store.login('dashboard', { email: 'a@example.com', password: 'x' });
    queryClient.setQueryData(['employees'], ['secret']);
    await store.logout();
    // A deliberate deviation from SPEC section 6 (local only): docs/decisions/0009.
    expect(api.logout).toHaveBeenCalledWith('Bearer token-for-a@example.com', expect.any(AbortSignal));
    expect(get(tokenKey('dashboard'))).toBeNull();
    expect(queryClient.getQueryData(['employees'])).toBeUndefined();
    expect(cookie).toHaveBeenLastCalledWith(false);
    expect(store.getState().exitTo).toBe('/dashboard/login');
  });

  it('investor logout revokes the token on the server, ignores its failure and goes to /', async () => {
    const api = fakeAuthApi({ 'token-for-i@example.com': investorUser() });
    api.logout.mockRejectedValueOnce(apiError(500, 'INTERNAL', 'Internal Server Error'));
    const { store } = makeStore(api);
    await store.login('investor', { email: 'i@example.com', password: 'x' });
    await store.logout();
    expect(api.logout).toHaveBeenCalledWith('Bearer token-for-i@example.com', expect.any(AbortSignal));
    expect(get(tokenKey('investor'))).toBeNull();
    expect(store.getState().exitTo).toBe('/');
  });

  it('waits for the server at most two seconds, then gives up and signs out locally', async () => {
    const api = fakeAuthApi({ 'token-for-a@example.com': staffUser() });
    let signal: AbortSignal | undefined;
    api.logout.mockImplementationOnce((_authorization, s) => {
      signal = s;
      return new Promise(() => {});
    });
    const { store } = makeStore(api);
    await store.login('dashboard', { email: 'a@example.com', password: 'x' });
    vi.useFakeTimers();
    try {
      const done = store.logout();
      await vi.advanceTimersByTimeAsync(LOGOUT_SERVER_WAIT_MS - 1);
      expect(store.getState().status).toBe('authenticated');
      await vi.advanceTimersByTimeAsync(1);
      await done;
    } finally {
      vi.useRealTimers();
    }
    expect(LOGOUT_SERVER_WAIT_MS).toBeLessThanOrEqual(2000);
    expect(signal?.aborted).toBe(true);
    expect(get(tokenKey('dashboard'))).toBeNull();
    expect(store.getState()).toMatchObject({ status: 'anonymous', exitTo: '/dashboard/login' });
  });

  it('a 401 while signed in signs out locally and goes to the given login', async () => {
    const { store } = makeStore(fakeAuthApi({ 'token-for-a@example.com': staffUser() }));
    await store.login('dashboard', { email: 'a@example.com', password: 'x' });
    store.expire('/dashboard/login?redirect=%2Fdashboard%2Fauth');
    expect(store.getState()).toMatchObject({
      status: 'anonymous',
      exitTo: '/dashboard/login?redirect=%2Fdashboard%2Fauth',
    });
    expect(get(tokenKey('dashboard'))).toBeNull();
  });
});

describe('reviewer sign-in', () => {
  it('exchanges the link token once, signs in as dashboard and sets the reviewer cookie', async () => {
    const api = fakeAuthApi({ 'staff-from-link-token': staffUser('ir', { reviewer: true }) });
    const { store, cookie } = makeStore(api);
    await Promise.all([store.signInAsReviewer('link-token'), store.signInAsReviewer('link-token')]);
    expect(api.exchangeReviewerToken).toHaveBeenCalledTimes(1);
    expect(store.getState()).toMatchObject({ status: 'authenticated', strategy: 'dashboard' });
    expect(cookie).toHaveBeenLastCalledWith(true);
  });

  it('a failed exchange sends the visitor to the staff login', async () => {
    const api = fakeAuthApi();
    api.exchangeReviewerToken.mockRejectedValueOnce(
      apiError(401, 'INVALID_TOKEN', 'Invalid or expired token'),
    );
    const { store } = makeStore(api);
    await expect(store.signInAsReviewer('bad')).rejects.toBeTruthy();
    expect(store.getState()).toMatchObject({ status: 'anonymous', exitTo: '/dashboard/login' });
  });
});
