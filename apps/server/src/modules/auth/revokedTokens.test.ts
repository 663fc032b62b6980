import { describe, expect, it } from 'vitest';
import { RevokedTokens } from './revokedTokens.ts';

describe('RevokedTokens', () => {
  it('reads the trigger payload `<jti> <expiry in epoch seconds>`', () => {
    const list = new RevokedTokens();
    const exp = Math.floor(Date.now() / 1000) + 3600;
    list.addNotified(`5d1c7a0e-2f7b-4c4e-9a55-0c1f8e1b2a3d ${exp}`);
    expect(list.has('5d1c7a0e-2f7b-4c4e-9a55-0c1f8e1b2a3d')).toBe(true);
  });

  it('ignores payloads it cannot read and tokens already expired', () => {
    const list = new RevokedTokens();
    for (const payload of [undefined, '', 'no-expiry', ' 123', 'jti not-a-number']) list.addNotified(payload);
    list.addNotified(`old ${Math.floor(Date.now() / 1000) - 1}`);
    expect(list.size).toBe(0);
  });

  it('loading again keeps what it knew: a revocation is never undone', () => {
    const list = new RevokedTokens();
    const later = new Date(Date.now() + 60_000);
    list.add('a', later);
    list.load([{ jti: 'b', expires_at: later }]);
    expect([list.has('a'), list.has('b')]).toEqual([true, true]);
  });
});
