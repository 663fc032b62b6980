import type { WorkLog, WorkLogKind } from '@dealflow/domain';
import type { WorkLogView } from './repository.ts';

export function presentWorkLog({ log, employee_name, case_name }: WorkLogView): WorkLog {
  return {
    id: log.id,
    content: log.content,
    kind: log.kind as WorkLogKind,
    happened_at: log.happened_at.toISOString(),
    case_id: log.case_id,
    case: log.case_id === null ? null : { id: log.case_id, name: case_name ?? '' },
    employee_id: log.employee_id,
    employee: log.employee_id === null ? null : { id: log.employee_id, name: employee_name ?? '' },
    created_at: log.created_at.toISOString(),
    updated_at: log.updated_at.toISOString(),
  };
}
