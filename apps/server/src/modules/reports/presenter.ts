import type { CaseActivityEntry, CaseStage, ClientActivityEntry, ContactStage } from '@dealflow/domain';
import { presentLogEntry } from '../cases/presenter.ts';
import { presentClientLogEntry } from '../clients/presenter.ts';

type EntryRow = Parameters<typeof presentLogEntry>[0];

/** A case history entry of the feed: the entry as the case page shows it, and its case. */
export function presentCaseActivity(
  row: EntryRow & { case_id: number; case_name: string; case_status: string; case_deleted: boolean },
  clientNames: ReadonlyMap<number, string>,
): CaseActivityEntry {
  return {
    ...presentLogEntry(row, clientNames),
    case: {
      id: row.case_id,
      name: row.case_name,
      status: row.case_status as CaseStage,
      is_deleted: row.case_deleted,
    },
  };
}

/** A client history entry of the feed: the entry as the client page shows it, and its client. */
export function presentClientActivity(
  row: EntryRow & { client_id: number; client_name: string; client_stage: string; client_deleted: boolean },
  employeeNames: ReadonlyMap<number, string>,
): ClientActivityEntry {
  return {
    ...presentClientLogEntry(row, employeeNames),
    client: {
      id: row.client_id,
      name: row.client_name,
      process_status: row.client_stage as ContactStage,
      is_deleted: row.client_deleted,
    },
  };
}
