import type { TodoAcross, TodoFilter } from '@dealflow/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/index.ts';

interface Data<T> {
  data: T;
}
export interface TodoPage {
  result: TodoAcross[];
  count: number;
}

export const TODO_PAGE_SIZE = 20;

export const todoCentreKeys = {
  all: ['todoCentre'] as const,
  list: (type: TodoFilter, employeeId: number, page: number) =>
    ['todoCentre', 'list', type, employeeId, page] as const,
  openCount: (employeeId: number) => ['todoCentre', 'openCount', employeeId] as const,
};

/** `v2/todos`: one person's to-dos (assigned or written) of a state, across cases and clients. */
export function useTodoCentre(type: TodoFilter, employeeId: number, page: number) {
  return useQuery({
    queryKey: todoCentreKeys.list(type, employeeId, page),
    queryFn: async () =>
      (
        await api.get<Data<TodoPage>>('/api/internal/v2/todos', {
          query: { type, employee_id: employeeId, page, size: TODO_PAGE_SIZE },
        })
      ).data,
    placeholderData: keepPreviousData,
  });
}

/** How many open to-dos the signed-in person has (the header badge); refreshed every minute. */
export function useOpenTodoCount(employeeId: number) {
  return useQuery({
    queryKey: todoCentreKeys.openCount(employeeId),
    queryFn: async () =>
      (
        await api.get<Data<TodoPage>>('/api/internal/v2/todos', {
          query: { type: 'open', employee_id: employeeId, page: 1, size: 1 },
        })
      ).data.count,
    refetchInterval: 60_000,
  });
}

/** Where a to-do of the centre is changed: under its case or its client (the records' own routes). */
export function todoPath(todo: Pick<TodoAcross, 'id' | 'case_id' | 'client_id'>): string {
  return todo.case_id !== null
    ? `/api/internal/v1/cases/${todo.case_id}/todo/${todo.id}`
    : `/api/internal/v1/clients/${todo.client_id}/todo/${todo.id}`;
}

/** Ticks a to-do off (or back on) or moves its due date, in place; the lists and the badge follow. */
export function useUpdateTodoAcross() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      todo,
      body,
    }: {
      todo: TodoAcross;
      body: { done?: boolean; due_at?: string | null };
    }) => api.put(todoPath(todo), body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: todoCentreKeys.all }),
  });
}
