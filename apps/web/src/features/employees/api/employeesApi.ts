import type {
  Employee,
  EmployeeCreateBody,
  EmployeeStatus,
  EmployeeUpdateBody,
  StaffRole,
  dataOf,
  listOf,
} from '@dealflow/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../shared/api/index.ts';

const BASE = '/api/internal/v1/employees';

type EmployeeList = z.infer<ReturnType<typeof listOf<typeof Employee>>>;
type EmployeeData = z.infer<ReturnType<typeof dataOf<typeof Employee>>>;
export type EmployeeCreateInput = z.input<typeof EmployeeCreateBody>;
export type EmployeeUpdateInput = z.input<typeof EmployeeUpdateBody>;

/** One page of the staff list: filters, search, sort (`field:asc|desc`) and paging all run on the server. */
export interface EmployeeFilters {
  status?: EmployeeStatus;
  role?: StaffRole;
  q?: string;
  sort?: string;
  page: number;
  size: number;
}

export const employeeKeys = {
  all: ['employees'] as const,
  list: (filters: EmployeeFilters) => ['employees', 'list', filters] as const,
};

export async function fetchEmployees(
  filters: EmployeeFilters,
): Promise<{ result: Employee[]; count: number }> {
  const body = await api.get<EmployeeList>(BASE, {
    query: {
      status: filters.status,
      role: filters.role,
      q: filters.q || undefined,
      sort: filters.sort,
      page: filters.page,
      size: filters.size,
    },
  });
  return body.data;
}

export function useEmployees(filters: EmployeeFilters) {
  return useQuery({
    queryKey: employeeKeys.list(filters),
    queryFn: () => fetchEmployees(filters),
    placeholderData: keepPreviousData,
  });
}

function useInvalidateEmployees() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: employeeKeys.all });
}

export function useCreateEmployee() {
  const invalidate = useInvalidateEmployees();
  return useMutation({
    mutationFn: async (body: EmployeeCreateInput) => (await api.post<EmployeeData>(BASE, body)).data,
    onSuccess: invalidate,
  });
}

export function useUpdateEmployee() {
  const invalidate = useInvalidateEmployees();
  return useMutation({
    mutationFn: async ({ id, body }: { id: number; body: EmployeeUpdateInput }) =>
      (await api.put<EmployeeData>(`${BASE}/${id}`, body)).data,
    onSuccess: invalidate,
  });
}

/** DELETE deactivates (status inactive); the account stays for the activity log. */
export function useDeactivateEmployee() {
  const invalidate = useInvalidateEmployees();
  return useMutation({
    mutationFn: async (id: number) => (await api.delete<EmployeeData>(`${BASE}/${id}`)).data,
    onSuccess: invalidate,
  });
}

/** Mails a new invitation (the previous link stops working). */
export function useResendInvitation() {
  const invalidate = useInvalidateEmployees();
  return useMutation({
    mutationFn: async (id: number) => (await api.post<EmployeeData>(`${BASE}/${id}/invitation`)).data,
    onSuccess: invalidate,
  });
}
