import { describe, expect, it } from 'vitest';
import {
  CLIENT_STATUSES,
  EMPLOYEE_STATUSES,
  REVIEWER_AUDIENCE,
  STAFF_ROLES,
  STARTUP_USER_STATUSES,
  STRATEGIES,
  TOKEN_AUDIENCE,
  staffRoleFlags,
} from './roles.ts';

describe('roles and strategies (SPEC sections 1, 4 and 6)', () => {
  it('has the four staff roles and three strategies', () => {
    expect(STAFF_ROLES).toEqual(['admin', 'ao', 'ir', 'sa']);
    expect(STRATEGIES).toEqual(['local', 'dashboard', 'investor']);
  });

  it('sets exactly the flag of the signed-in role', () => {
    expect(staffRoleFlags('admin')).toEqual({ admin: true, ao: false, ir: false, sa: false });
    expect(staffRoleFlags('ao')).toEqual({ admin: false, ao: true, ir: false, sa: false });
    expect(staffRoleFlags('ir')).toEqual({ admin: false, ao: false, ir: true, sa: false });
    expect(staffRoleFlags('sa')).toEqual({ admin: false, ao: false, ir: false, sa: true });
  });

  it('sets no flag when nobody is signed in', () => {
    const none = { admin: false, ao: false, ir: false, sa: false };
    expect(staffRoleFlags(null)).toEqual(none);
    expect(staffRoleFlags(undefined)).toEqual(none);
  });

  it('gives each strategy, and reviewer links, a token audience of its own', () => {
    const audiences = [...STRATEGIES.map((s) => TOKEN_AUDIENCE[s]), REVIEWER_AUDIENCE];
    expect(new Set(audiences).size).toBe(4);
  });

  it('knows active employees and drop for startup users', () => {
    expect(EMPLOYEE_STATUSES).toContain('active');
    expect(CLIENT_STATUSES).toContain('active');
    expect(STARTUP_USER_STATUSES).toContain('drop');
  });
});
