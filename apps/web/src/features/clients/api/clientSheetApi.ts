import type { ClientImportReport } from '@dealflow/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { downloadFile, uploadFile } from '../../../shared/api/transfer.ts';
import { invalidateClients } from './clientApi.ts';
import { type ClientFilterQuery, filterQuery } from './clientListApi.ts';

/** The client list as a spreadsheet (issue 9): export what is on screen, import the same file back. */

const EXPORT = '/api/internal/v2/clients/export';
const IMPORT = '/api/internal/v1/clients/import';

/** What the server takes in one import; the browser refuses a bigger file before sending it. */
export const CLIENT_IMPORT_MAX_BYTES = 10 * 1024 * 1024;

export type ClientSheetFormat = 'csv' | 'xlsx';

export interface ClientExportRequest extends ClientFilterQuery {
  format: ClientSheetFormat;
  /** The interface language: headers and enumerated cells are written in it. */
  lang: 'zh-TW' | 'en';
  /** undefined is every stage the user may see. */
  process_status?: string;
  sort: string;
}

/** Downloads the filtered list (every matching row, not one page) and saves it; resolves with its name. */
export function exportClients(q: ClientExportRequest): Promise<string> {
  return downloadFile(EXPORT, {
    query: {
      ...filterQuery(q),
      process_status: q.process_status ?? 'all',
      sort: q.sort,
      format: q.format,
      lang: q.lang,
    },
    fallbackName: `clients.${q.format}`,
  });
}

export interface ClientImportInput {
  file: File;
  /** true: the server reads and reports, and writes nothing. */
  dryRun: boolean;
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

export function importClients(input: ClientImportInput): Promise<ClientImportReport> {
  return uploadFile<{ data: ClientImportReport }>(IMPORT, {
    file: input.file,
    query: { dry_run: input.dryRun ? 1 : 0 },
    onProgress: input.onProgress,
    signal: input.signal,
  }).then((body) => body.data);
}

/** Sends a file to the import; a real run refreshes every client list, board and page. */
export function useImportClients() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importClients,
    // After a real run, even a failed one: rows before the failure may have been written.
    onSettled: (_report, _error, input) => (input.dryRun ? undefined : invalidateClients(queryClient)),
  });
}
