import { afterEach, describe, expect, it, vi } from 'vitest';
import { signSessionToken, verifySessionToken } from '../src/lib/tokens.ts';

const secret = new TextEncoder().encode('tokens-test-secret-tokens-test-secret-00');
const other = new TextEncoder().encode('tokens-test-other-secret-tokens-test-000');

afterEach(() => {
  vi.useRealTimers();
});

describe('session tokens, checked once and remembered', () => {
  it('a remembered token still expires at its exp, and a changed one is checked afresh', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.UTC(2026, 10, 28, 9, 0, 0);
    vi.setSystemTime(start);
    const token = await signSessionToken(secret, {
      strategy: 'dashboard',
      subjectId: 7,
      tokenVersion: 3,
      ttlMinutes: 10,
    });
    for (let i = 0; i < 3; i++) {
      const ok = await verifySessionToken(secret, token, 60);
      expect(ok).toMatchObject({
        ok: true,
        claims: { subjectId: 7, tokenVersion: 3, strategy: 'dashboard' },
      });
    }
    // Another secret (a rotated JWT_SECRET) does not share what the first remembered.
    expect(await verifySessionToken(other, token, 60)).toEqual({ ok: false, reason: 'invalid' });
    // One character of the signature changed: refused, though the original is remembered.
    const last = token.at(-2) === 'A' ? 'B' : 'A';
    const tampered = `${token.slice(0, -2)}${last}${token.at(-1)}`;
    expect(await verifySessionToken(secret, tampered, 60)).toEqual({ ok: false, reason: 'invalid' });
    vi.setSystemTime(start + 9 * 60_000);
    expect((await verifySessionToken(secret, token, 60)).ok).toBe(true);
    vi.setSystemTime(start + 10 * 60_000 + 1_000);
    expect(await verifySessionToken(secret, token, 60)).toEqual({ ok: false, reason: 'expired' });
  });

  it('more tokens than are remembered: the oldest are checked afresh and still pass', async () => {
    const tokens = await Promise.all(
      Array.from({ length: 1005 }, (_, i) =>
        signSessionToken(secret, {
          strategy: 'dashboard',
          subjectId: i + 1,
          tokenVersion: 0,
          ttlMinutes: 10,
        }),
      ),
    );
    for (const token of tokens) expect((await verifySessionToken(secret, token, 30)).ok).toBe(true);
    const first = await verifySessionToken(secret, tokens[0]!, 30);
    expect(first).toMatchObject({ ok: true, claims: { subjectId: 1 } });
    // What a caller gets cannot change what the next request is told.
    if (first.ok) expect(Object.isFrozen(first.claims)).toBe(true);
  });

  it('a lifetime cap lower than the token’s refuses it, remembered or not', async () => {
    const token = await signSessionToken(secret, {
      strategy: 'investor',
      subjectId: 8,
      tokenVersion: 0,
      ttlMinutes: 120,
    });
    expect((await verifySessionToken(secret, token, 180)).ok).toBe(true);
    expect((await verifySessionToken(secret, token, 60)).ok).toBe(false);
  });
});
