import { describe, expect, it } from 'vitest';
import { STRATEGIES, type Strategy } from './roles.ts';
import {
  STORAGE_PREFIX,
  STRATEGY_KEY,
  type StartupDecision,
  type StartupInput,
  TOKEN_TYPE,
  isForbiddenFailure,
  refreshTokenKey,
  resolveStartupStrategy,
  tokenKey,
} from './session.ts';

type TokenSet = 'none' | 'dashboard' | 'investor' | 'both';
const TOKEN_SETS: Record<TokenSet, StartupInput['tokens']> = {
  none: {},
  dashboard: { dashboard: 'dash-token' },
  investor: { investor: 'inv-token' },
  both: { dashboard: 'dash-token', investor: 'inv-token' },
};

/** SPEC section 4, spelled out case by case. */
function expected(strategy: Strategy, loggedIn: boolean, tokens: TokenSet): StartupDecision {
  if (loggedIn && strategy === 'local') return { strategy: 'local', discard: [] };
  switch (tokens) {
    case 'both':
      return { strategy: 'dashboard', discard: ['investor'] };
    case 'dashboard':
      return { strategy: 'dashboard', discard: [] };
    case 'investor':
      return { strategy: 'investor', discard: [] };
    case 'none':
      return { strategy, discard: [] };
  }
}

describe('resolveStartupStrategy (every strategy × logged-in × saved tokens)', () => {
  const cases = STRATEGIES.flatMap((strategy) =>
    [true, false].flatMap((loggedIn) =>
      (Object.keys(TOKEN_SETS) as TokenSet[]).map((tokens) => [strategy, loggedIn, tokens] as const),
    ),
  );
  it('covers 3 × 2 × 4 combinations', () => {
    expect(cases).toHaveLength(24);
  });

  it.each(cases)('strategy %s, logged in %s, tokens %s', (strategy, loggedIn, tokens) => {
    expect(resolveStartupStrategy({ strategy, loggedIn, tokens: TOKEN_SETS[tokens] })).toEqual(
      expected(strategy, loggedIn, tokens),
    );
  });
});

describe('resolveStartupStrategy rules', () => {
  it('keeps a session signed in under local, whatever tokens are saved', () => {
    expect(resolveStartupStrategy({ strategy: 'local', loggedIn: true, tokens: TOKEN_SETS.both })).toEqual({
      strategy: 'local',
      discard: [],
    });
  });

  it('looks tokens up when local is not signed in', () => {
    expect(
      resolveStartupStrategy({ strategy: 'local', loggedIn: false, tokens: TOKEN_SETS.investor }),
    ).toEqual({
      strategy: 'investor',
      discard: [],
    });
  });

  it('switches to investor on an investor token alone', () => {
    expect(
      resolveStartupStrategy({ strategy: 'dashboard', loggedIn: false, tokens: TOKEN_SETS.investor }),
    ).toEqual({ strategy: 'investor', discard: [] });
  });

  it('lets dashboard win over investor and discards the investor token', () => {
    for (const strategy of STRATEGIES) {
      expect(resolveStartupStrategy({ strategy, loggedIn: false, tokens: TOKEN_SETS.both })).toEqual({
        strategy: 'dashboard',
        discard: ['investor'],
      });
    }
  });

  it('never discards the token of the strategy it switches to', () => {
    for (const strategy of STRATEGIES) {
      for (const loggedIn of [true, false]) {
        for (const tokens of Object.values(TOKEN_SETS)) {
          const d = resolveStartupStrategy({ strategy, loggedIn, tokens });
          expect(d.discard).not.toContain(d.strategy);
        }
      }
    }
  });

  it('treats empty and null tokens as absent', () => {
    expect(
      resolveStartupStrategy({
        strategy: 'local',
        loggedIn: false,
        tokens: { dashboard: '', investor: 'inv' },
      }),
    ).toEqual({ strategy: 'investor', discard: [] });
    expect(
      resolveStartupStrategy({
        strategy: 'investor',
        loggedIn: false,
        tokens: { dashboard: 'd', investor: null },
      }),
    ).toEqual({ strategy: 'dashboard', discard: [] });
    expect(
      resolveStartupStrategy({
        strategy: 'dashboard',
        loggedIn: false,
        tokens: { dashboard: null, investor: null },
      }),
    ).toEqual({ strategy: 'dashboard', discard: [] });
  });
});

describe('isForbiddenFailure (SPEC sections 4 and 8)', () => {
  it('is true when the message contains 403', () => {
    expect(isForbiddenFailure('Request failed with status code 403')).toBe(true);
    expect(isForbiddenFailure('403')).toBe(true);
    expect(isForbiddenFailure('[403] Forbidden')).toBe(true);
  });

  it('is false otherwise', () => {
    expect(isForbiddenFailure('Request failed with status code 401')).toBe(false);
    expect(isForbiddenFailure('Forbidden')).toBe(false);
    expect(isForbiddenFailure('40 3')).toBe(false);
    expect(isForbiddenFailure('')).toBe(false);
    expect(isForbiddenFailure(null)).toBe(false);
    expect(isForbiddenFailure(undefined)).toBe(false);
  });
});

describe('storage keys (SPEC section 9)', () => {
  it('prefixes keys with auth.', () => {
    expect(STORAGE_PREFIX).toBe('auth.');
    expect(STRATEGY_KEY).toBe('auth.strategy');
    expect(TOKEN_TYPE).toBe('Bearer');
  });

  it('names token keys auth._token.<strategy>', () => {
    expect(tokenKey('dashboard')).toBe('auth._token.dashboard');
    expect(tokenKey('investor')).toBe('auth._token.investor');
    expect(tokenKey('local')).toBe('auth._token.local');
  });

  it('names refresh token keys auth._refresh_token.<strategy>', () => {
    expect(refreshTokenKey('investor')).toBe('auth._refresh_token.investor');
    expect(refreshTokenKey('dashboard')).toBe('auth._refresh_token.dashboard');
    expect(refreshTokenKey('local')).toBe('auth._refresh_token.local');
  });

  it('gives every strategy and kind its own key', () => {
    const keys = STRATEGIES.flatMap((s) => [tokenKey(s), refreshTokenKey(s)]);
    expect(new Set([...keys, STRATEGY_KEY]).size).toBe(keys.length + 1);
  });
});
