import { describe, expect, it } from 'vitest';
import { COMMON_PASSWORDS_REFUSED, judgePassword } from './passwordStrength.ts';

describe('judgePassword (registration, issue 14)', () => {
  const email = 'mei.lin@example.com';

  it.each(['password', '123456789', 'iloveyou', 'Password1', 'qwerty123'])('refuses %s as common', (pw) => {
    expect(judgePassword(pw, email).refusal).toBe('common');
  });

  it('refuses the email itself, a password containing it, and the bare local part', () => {
    expect(judgePassword(email, email).refusal).toBe('email');
    expect(judgePassword(`${email.toUpperCase()}2024!`, email).refusal).toBe('email');
    expect(judgePassword('mei.lin', email).refusal).toBe('email');
  });

  it('refuses a weak password that is not on the list', () => {
    expect(judgePassword('aaaaaaaa', email)).toMatchObject({ refusal: 'weak' });
  });

  it('accepts a long passphrase, scoring it high', () => {
    const verdict = judgePassword('violet-harbour-lantern-42', email);
    expect(verdict.refusal).toBeNull();
    expect(verdict.score).toBeGreaterThanOrEqual(3);
  });

  it('refuses exactly the 10,000 most common', () => {
    expect(COMMON_PASSWORDS_REFUSED).toBe(10_000);
  });
});
