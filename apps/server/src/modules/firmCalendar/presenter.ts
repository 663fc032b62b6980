import { canEditCase, type FirmCalendarEvent } from '@dealflow/domain';
import type { StaffActor } from '../../lib/context.ts';
import { presentPerson } from '../items/presenter.ts';
import type { FirmEventRow } from './repository.ts';

const isoOf = (value: Date | string) => new Date(value).toISOString();

/** An event as the firm calendar shows it to this reader. */
export function presentFirmEvent(row: FirmEventRow, reader: StaffActor): FirmCalendarEvent {
  return {
    id: row.id,
    case_id: row.case_id,
    title: row.title,
    start_at: isoOf(row.start_at),
    end_at: isoOf(row.end_at),
    location: row.location,
    author: presentPerson(row.created_by, row.author_name),
    created_at: isoOf(row.created_at),
    updated_at: isoOf(row.updated_at),
    case: { id: row.case_id, name: row.case_name },
    ao: presentPerson(row.ao_id, row.ao_name),
    client: row.client_id === null ? null : { id: row.client_id, name: row.client_name ?? '' },
    editable: canEditCase(reader, { aoId: row.ao_id, agentIds: row.agent_ids ?? [] }),
  };
}
