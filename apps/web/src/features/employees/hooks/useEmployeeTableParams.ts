import {
  EMPLOYEE_SORT_FIELDS,
  EMPLOYEE_STATUSES,
  type EmployeeSortField,
  type EmployeeStatus,
  LIST_DEFAULTS,
  MAX_PAGE_SIZE,
  STAFF_ROLES,
  type StaffRole,
} from '@dealflow/domain';
import { useSearchParams } from 'react-router';
import type { SortState as TableSortState } from '../../../shared/components/tableSort.ts';
import type { EmployeeFilters } from '../api/employeesApi.ts';

export const SORT_FIELDS = EMPLOYEE_SORT_FIELDS;
export type SortField = EmployeeSortField;
export type SortState = TableSortState<SortField>;

export interface EmployeeTableParams {
  status?: EmployeeStatus;
  role?: StaffRole;
  q: string;
  page: number;
  size: number;
  sort: SortState;
}

const [DEFAULT_FIELD, DEFAULT_ORDER] = LIST_DEFAULTS.employees.sort.split(':') as [SortField, 'asc'];
export const DEFAULT_SORT: SortState = { field: DEFAULT_FIELD, order: DEFAULT_ORDER };

function oneOf<T extends string>(values: readonly T[], value: string | null): T | undefined {
  return (values as readonly (string | null)[]).includes(value) ? (value as T) : undefined;
}

function positiveInt(value: string | null, fallback: number, max = Number.MAX_SAFE_INTEGER): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? Math.min(n, max) : fallback;
}

export function parseSort(value: string | null): SortState {
  const [field, order] = (value ?? '').split(':');
  const f = oneOf(SORT_FIELDS, field ?? null);
  return f && (order === 'asc' || order === 'desc') ? { field: f, order } : DEFAULT_SORT;
}

/** Filters, sort and page live in the URL (house style), so a view can be linked and reloaded. */
export function useEmployeeTableParams() {
  const [search, setSearch] = useSearchParams();
  const params: EmployeeTableParams = {
    status: oneOf(EMPLOYEE_STATUSES, search.get('status')),
    role: oneOf(STAFF_ROLES, search.get('role')),
    q: search.get('q') ?? '',
    page: positiveInt(search.get('page'), LIST_DEFAULTS.employees.page),
    size: positiveInt(search.get('size'), LIST_DEFAULTS.employees.size, MAX_PAGE_SIZE),
    sort: parseSort(search.get('sort')),
  };

  function update(patch: Partial<EmployeeTableParams>, options: { resetPage?: boolean } = {}) {
    const next = { ...params, ...patch, ...(options.resetPage ? { page: 1 } : {}) };
    const out = new URLSearchParams();
    if (next.status) out.set('status', next.status);
    if (next.role) out.set('role', next.role);
    if (next.q) out.set('q', next.q);
    if (next.page !== LIST_DEFAULTS.employees.page) out.set('page', String(next.page));
    if (next.size !== LIST_DEFAULTS.employees.size) out.set('size', String(next.size));
    if (next.sort.field !== DEFAULT_SORT.field || next.sort.order !== DEFAULT_SORT.order) {
      out.set('sort', `${next.sort.field}:${next.sort.order}`);
    }
    setSearch(out, { replace: true });
  }

  return { params, update };
}

/** The list request of a table state: the server searches, sorts and pages. */
export function listRequestOf(params: EmployeeTableParams): EmployeeFilters {
  const isDefault = params.sort.field === DEFAULT_SORT.field && params.sort.order === DEFAULT_SORT.order;
  return {
    status: params.status,
    role: params.role,
    q: params.q || undefined,
    sort: isDefault ? undefined : `${params.sort.field}:${params.sort.order}`,
    page: params.page,
    size: params.size,
  };
}
