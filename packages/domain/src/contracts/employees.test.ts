import { describe, expect, it } from 'vitest';
import { STAFF_ROLES } from '../roles.ts';
import { EmployeeCreateBody, EmployeeListQuery, EmployeeUpdateBody, PASSWORD_MIN } from './employees.ts';

const valid = { email: ' New.Staff@Example.com ', name: ' 陳大文 ', role: 'ir', password: 'longenough' };

describe('EmployeeCreateBody', () => {
  it('normalises email and name and defaults status to active', () => {
    expect(EmployeeCreateBody.parse(valid)).toEqual({
      email: 'new.staff@example.com',
      name: '陳大文',
      role: 'ir',
      status: 'active',
      password: 'longenough',
    });
  });

  it.each(STAFF_ROLES)('accepts role %s', (role) => {
    expect(EmployeeCreateBody.parse({ ...valid, role }).role).toBe(role);
  });

  it.each(['manager', 'ADMIN', 'Admin', '', 'investor'])('refuses role %j', (role) => {
    expect(EmployeeCreateBody.safeParse({ ...valid, role }).success).toBe(false);
  });

  it(`refuses passwords shorter than ${PASSWORD_MIN} characters`, () => {
    expect(PASSWORD_MIN).toBe(8);
    const short = EmployeeCreateBody.safeParse({ ...valid, password: 'x'.repeat(PASSWORD_MIN - 1) });
    expect(short.success).toBe(false);
    expect(short.error?.issues.map((i) => i.message)).toEqual(['Password must be at least 8 characters']);
    expect(EmployeeCreateBody.safeParse({ ...valid, password: 'x'.repeat(PASSWORD_MIN) }).success).toBe(true);
    expect(EmployeeCreateBody.safeParse({ ...valid, password: 'x'.repeat(257) }).success).toBe(false);
  });

  it('requires email, name and role; the password is optional (without it the person is invited)', () => {
    const { password: _none, ...invited } = valid;
    expect(EmployeeCreateBody.safeParse(invited).success).toBe(true);
    for (const field of ['email', 'name', 'role'] as const) {
      const { [field]: _dropped, ...rest } = valid;
      expect(EmployeeCreateBody.safeParse(rest).success, field).toBe(false);
    }
    expect(EmployeeCreateBody.safeParse({ ...valid, name: '   ' }).success).toBe(false);
    expect(EmployeeCreateBody.safeParse({ ...valid, email: 'not-an-email' }).success).toBe(false);
  });

  it('refuses unknown statuses', () => {
    expect(EmployeeCreateBody.parse({ ...valid, status: 'inactive' }).status).toBe('inactive');
    expect(EmployeeCreateBody.safeParse({ ...valid, status: 'deleted' }).success).toBe(false);
  });
});

describe('EmployeeUpdateBody', () => {
  it('does not default the status, so an edit never reactivates an account', () => {
    expect(EmployeeUpdateBody.parse({})).toEqual({});
    expect(EmployeeUpdateBody.parse({ name: 'x' })).toEqual({ name: 'x' });
  });

  it('validates the fields it is given like creation does', () => {
    expect(EmployeeUpdateBody.parse({ email: ' A@B.com ' })).toEqual({ email: 'a@b.com' });
    expect(EmployeeUpdateBody.safeParse({ password: 'short' }).success).toBe(false);
    expect(EmployeeUpdateBody.safeParse({ role: 'boss' }).success).toBe(false);
  });
});

describe('EmployeeListQuery', () => {
  it('extends the page query with status and role filters', () => {
    expect(EmployeeListQuery.parse({ page: '1', size: '20', status: 'active', role: 'sa' })).toEqual({
      page: 1,
      size: 20,
      status: 'active',
      role: 'sa',
    });
    expect(EmployeeListQuery.safeParse({ size: '201' }).success).toBe(false);
    expect(EmployeeListQuery.safeParse({ role: 'boss' }).success).toBe(false);
  });
});
