import type { WorkLog, WorkLogCreateBody, WorkLogUpdateBody } from '@dealflow/domain';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/index.ts';
import { useDeleteItem, useSaveItem } from '../../../shared/api/itemQueries.ts';

const V1 = '/api/internal/v1/employee/log';
const V2 = '/api/internal/v2/employee/log';

interface Data<T> {
  data: T;
}
export interface WorkLogPage {
  result: WorkLog[];
  count: number;
}

/** A page of work logs: one case's (v2, page/size/case_id only) or anyone's the viewer may read (v1). */
export interface WorkLogFilter {
  caseId?: number;
  employeeId?: number;
  page: number;
  size: number;
}

export const workLogKeys = {
  all: ['workLogs'] as const,
  list: (f: WorkLogFilter) => ['workLogs', f.caseId ?? null, f.employeeId ?? null, f.page, f.size] as const,
};

export function useWorkLogs(filter: WorkLogFilter) {
  return useQuery({
    queryKey: workLogKeys.list(filter),
    queryFn: async () => {
      const paging = { page: filter.page, size: filter.size };
      return filter.employeeId === undefined
        ? (
            await api.get<Data<WorkLogPage>>(V2, {
              query: filter.caseId === undefined ? paging : { ...paging, case_id: filter.caseId },
            })
          ).data
        : (await api.get<Data<WorkLogPage>>(V1, { query: { ...paging, employee_id: filter.employeeId } }))
            .data;
    },
    placeholderData: keepPreviousData,
  });
}

/** Create or edit; every list of logs goes stale (a log may show on a case and on its author's page). */
export function useSaveWorkLog() {
  const queryClient = useQueryClient();
  return useSaveItem<WorkLog, WorkLogCreateBody, WorkLogUpdateBody>(V1, () =>
    queryClient.invalidateQueries({ queryKey: workLogKeys.all }),
  );
}

export function useDeleteWorkLog() {
  const queryClient = useQueryClient();
  return useDeleteItem(V1, () => queryClient.invalidateQueries({ queryKey: workLogKeys.all }));
}
