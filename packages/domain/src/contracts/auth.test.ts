import { describe, expect, it } from 'vitest';
import {
  InvestorUser,
  LoginBody,
  MeResponse,
  ReviewerExchangeBody,
  ReviewerTokenBody,
  StaffUser,
} from './auth.ts';

/** The messages of the issues a parse failed with. */
function messages(result: { success: boolean; error?: { issues: { message: string }[] } }): string[] {
  return result.error?.issues.map((i) => i.message) ?? [];
}

describe('LoginBody', () => {
  it('trims and lowercases the email', () => {
    expect(LoginBody.parse({ email: '  Alice.Wang@Example.COM ', password: 'secret' })).toEqual({
      email: 'alice.wang@example.com',
      password: 'secret',
    });
  });

  it('keeps the password exactly as typed', () => {
    expect(LoginBody.parse({ email: 'a@example.com', password: '  Pa ss  ' }).password).toBe('  Pa ss  ');
  });

  it.each([
    '',
    '   ',
    'alice',
    'alice@',
    '@example.com',
    'alice@example',
    'alice example@x.com',
    'a@b@c.com',
    'alice@.com',
  ])('refuses the email %j', (email) => {
    const result = LoginBody.safeParse({ email, password: 'secret' });
    expect(result.success).toBe(false);
    expect(messages(result)).toContain('Enter a valid email address');
  });

  it('refuses an email longer than 254 characters', () => {
    const email = `${'a'.repeat(64)}@${'b'.repeat(185)}.com`;
    expect(email.length).toBe(254);
    expect(LoginBody.safeParse({ email, password: 'x' }).success).toBe(true);
    expect(LoginBody.safeParse({ email: `a${email}`, password: 'x' }).success).toBe(false);
  });

  it('requires a password', () => {
    const empty = LoginBody.safeParse({ email: 'a@example.com', password: '' });
    expect(empty.success).toBe(false);
    expect(messages(empty)).toEqual(['Enter your password']);
    expect(LoginBody.safeParse({ email: 'a@example.com' }).success).toBe(false);
    expect(LoginBody.safeParse({ email: 'a@example.com', password: 'x'.repeat(1025) }).success).toBe(false);
  });

  it('refuses non-string fields', () => {
    expect(LoginBody.safeParse({ email: 42, password: 'x' }).success).toBe(false);
    expect(LoginBody.safeParse({ email: 'a@example.com', password: 12345678 }).success).toBe(false);
    expect(LoginBody.safeParse(null).success).toBe(false);
  });
});

describe('users and reviewer tokens', () => {
  const staff = {
    kind: 'employee',
    id: 1,
    email: 'ao@example.com',
    name: '王小明',
    role: 'ao',
    status: 'active',
    reviewer: false,
  } as const;

  it('accepts a staff user of each role and refuses other roles', () => {
    expect(StaffUser.parse(staff)).toEqual(staff);
    expect(StaffUser.safeParse({ ...staff, role: 'manager' }).success).toBe(false);
  });

  it('tells staff and investors apart by kind', () => {
    const investor = {
      kind: 'client',
      id: 2,
      email: 'inv@example.com',
      name: '林美玲',
      firstName: '美玲',
      lastName: '林',
      type: 'Lead Angel',
      status: 'active',
      membership: 'gp',
      process_status: 'p5',
      expiry_at: null,
      tutorial_seen_at: null,
      application_status: null,
    } as const;
    expect(InvestorUser.parse(investor)).toEqual(investor);
    expect(MeResponse.parse({ data: staff }).data.kind).toBe('employee');
    expect(MeResponse.parse({ data: investor }).data.kind).toBe('client');
    expect(InvestorUser.safeParse({ ...investor, process_status: 'p7' }).success).toBe(false);
    expect(InvestorUser.safeParse({ ...investor, membership: 'vip' }).success).toBe(false);
  });

  it('defaults a reviewer link to 15 minutes and caps it at 60', () => {
    expect(ReviewerTokenBody.parse({ employee_id: 3 })).toEqual({ employee_id: 3, ttl_minutes: 15 });
    expect(ReviewerTokenBody.safeParse({ employee_id: 3, ttl_minutes: 61 }).success).toBe(false);
    expect(ReviewerTokenBody.safeParse({ employee_id: 3, ttl_minutes: 0 }).success).toBe(false);
    expect(ReviewerTokenBody.safeParse({ employee_id: 0 }).success).toBe(false);
    expect(ReviewerExchangeBody.safeParse({ token: 'short' }).success).toBe(false);
    expect(ReviewerExchangeBody.safeParse({ token: 'x'.repeat(10) }).success).toBe(true);
  });
});
