import type { Employee } from '@dealflow/domain';
import { describe, expect, it } from 'vitest';
import { changedFields } from './components/EmployeeFormModal.tsx';
import { applyView, parseSort } from './hooks/useEmployeeTableParams.ts';

const employee = (overrides: Partial<Employee>): Employee => ({
  id: 1,
  email: 'a@example.com',
  name: 'A',
  role: 'ao',
  status: 'active',
  phone: null,
  title: null,
  last_login_at: null,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  ...overrides,
});

describe('staff table view', () => {
  const rows = [
    employee({ id: 1, name: 'Chen', email: 'chen@example.com', last_login_at: '2026-02-01T00:00:00Z' }),
    employee({ id: 2, name: 'Amy', email: 'amy@example.com', last_login_at: null }),
    employee({ id: 3, name: 'Bob', email: 'bob@corp.test', last_login_at: '2026-03-01T00:00:00Z' }),
  ];

  it('sorts by a column in either direction', () => {
    expect(applyView(rows, '', { field: 'name', order: 'asc' }).map((r) => r.id)).toEqual([2, 3, 1]);
    expect(applyView(rows, '', { field: 'name', order: 'desc' }).map((r) => r.id)).toEqual([1, 3, 2]);
  });

  it('keeps never-signed-in accounts last whichever the direction', () => {
    expect(applyView(rows, '', { field: 'last_login_at', order: 'asc' }).map((r) => r.id)).toEqual([1, 3, 2]);
    expect(applyView(rows, '', { field: 'last_login_at', order: 'desc' }).map((r) => r.id)).toEqual([
      3, 1, 2,
    ]);
  });

  it('searches name and email', () => {
    expect(applyView(rows, 'CORP', { field: 'id', order: 'asc' }).map((r) => r.id)).toEqual([3]);
  });

  it('reads only known sort fields from the URL', () => {
    expect(parseSort('name:desc')).toEqual({ field: 'name', order: 'desc' });
    expect(parseSort('password:asc')).toEqual({ field: 'id', order: 'asc' });
    expect(parseSort(null)).toEqual({ field: 'id', order: 'asc' });
  });
});

describe('edit form', () => {
  const base = employee({ phone: '02-1234', title: 'Partner' });
  const values = {
    name: 'A',
    email: 'a@example.com',
    role: 'ao' as const,
    status: 'active' as const,
    phone: '02-1234',
    title: 'Partner',
  };

  it('sends nothing when nothing changed and keeps the password unless one is typed', () => {
    expect(changedFields(base, { ...values, password: '' })).toEqual({});
  });

  it('sends only what changed; a cleared optional field becomes null', () => {
    expect(changedFields(base, { ...values, role: 'ir', title: '  ', password: 'new-password-1' })).toEqual({
      role: 'ir',
      title: null,
      password: 'new-password-1',
    });
  });
});
