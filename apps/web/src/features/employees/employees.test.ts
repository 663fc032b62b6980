import type { Employee } from '@dealflow/domain';
import { describe, expect, it } from 'vitest';
import { changedFields } from './components/EmployeeFormModal.tsx';
import { listRequestOf, parseSort } from './hooks/useEmployeeTableParams.ts';

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
  invitation: null,
  ...overrides,
});

describe('staff table view', () => {
  const params = { q: '', page: 1, size: 20, sort: { field: 'id', order: 'asc' } } as const;

  it('asks the server for the sort, search and page it shows', () => {
    expect(
      listRequestOf({
        ...params,
        status: 'active',
        q: '王',
        page: 3,
        sort: { field: 'name', order: 'desc' },
      }),
    ).toEqual({ status: 'active', role: undefined, q: '王', sort: 'name:desc', page: 3, size: 20 });
  });

  it('leaves the default order and an empty search out of the request', () => {
    expect(listRequestOf({ ...params })).toEqual({
      status: undefined,
      role: undefined,
      q: undefined,
      sort: undefined,
      page: 1,
      size: 20,
    });
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
