import type { Maintenance } from '@dealflow/domain';
import { iso, presentPerson } from '../items/presenter.ts';
import type { MaintenanceView } from './repository.ts';

export function presentMaintenance({ record, author_name }: MaintenanceView): Maintenance {
  return {
    id: record.id,
    case_id: record.case_id,
    title: record.title,
    content: record.content,
    date: record.date,
    author: presentPerson(record.created_by, author_name),
    created_at: iso(record.created_at),
    updated_at: iso(record.updated_at),
  };
}
