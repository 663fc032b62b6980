import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import type { FastifyRequest } from 'fastify';
import { TEXT_PROBLEM_MESSAGES, textProblem } from '@dealflow/domain';
import { checkZipArchive } from './archive.ts';
import { AppError } from './errors.ts';

/** A cell as read from either format: XLSX keeps numbers and dates typed, CSV gives text. */
export type Cell = string | number | boolean | Date | null;
/** `row` is the row number a spreadsheet shows (1-based, the header included). */
export interface TableRow {
  row: number;
  cells: Cell[];
}

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
/** Legacy Excel (.xls) and other OLE compound files. */
const OLE_MAGIC = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
/**
 * An XLSX inflates to far more than its size; past these it is refused before ExcelJS sees it.
 * A 5 MB workbook of text unpacks to some 25 MB; Excel writes about a dozen entries, plus media.
 */
const XLSX_LIMITS = { maxTotalBytes: 64 * 1024 * 1024, maxEntries: 2000 } as const;

const startsWith = (data: Buffer, magic: number[]) => magic.every((b, i) => data[i] === b);

/**
 * Reads an uploaded CSV (UTF-8, with or without BOM) or XLSX (first sheet) into rows, the header
 * first. The format is told by the bytes, not by the name or the declared type, which browsers
 * set unreliably for CSV. Anything else is a 400 that says what to send instead.
 */
export async function readTable(data: Buffer): Promise<TableRow[]> {
  if (data.length === 0) throw new AppError('IMPORT_FILE_UNREADABLE', { message: 'The file is empty' });
  if (startsWith(data, ZIP_MAGIC)) return readXlsx(data);
  if (startsWith(data, OLE_MAGIC)) {
    throw new AppError('IMPORT_FILE_TYPE', {
      message: 'Excel 97-2003 (.xls) files are not read: save the sheet as XLSX or CSV (UTF-8)',
    });
  }
  return readCsv(data);
}

function readCsv(data: Buffer): TableRow[] {
  let text: string;
  try {
    // fatal: a file in another encoding (Big5 is common here) is refused, not imported as mojibake.
    text = new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    throw new AppError('IMPORT_FILE_TYPE', {
      message: 'The file is neither an XLSX workbook nor a CSV in UTF-8: save it as CSV UTF-8 or XLSX',
    });
  }
  // A NUL is refused later with its row and column, as for XLSX (importRows.ts).
  let records: string[][];
  try {
    records = parse(text, {
      bom: true,
      delimiter: ',',
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: false,
    }) as string[][];
  } catch (err) {
    throw new AppError('IMPORT_FILE_UNREADABLE', {
      message: `The CSV file cannot be read: ${(err as Error).message}`,
    });
  }
  return records.map((cells, i) => ({ row: i + 1, cells }));
}

const notXlsx = () =>
  new AppError('IMPORT_FILE_TYPE', { message: 'The file is a zip archive but not an XLSX workbook' });

async function readXlsx(data: Buffer): Promise<TableRow[]> {
  // Every entry is inflated and counted first, so ExcelJS only ever inflates a bounded archive.
  await checkZipArchive(data, {
    limits: XLSX_LIMITS,
    unreadable: notXlsx,
    tooLargeMessage: `The workbook holds too much data for one import (more than ${XLSX_LIMITS.maxTotalBytes / 1024 / 1024} MB unpacked): split it`,
  });
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(data as unknown as Parameters<ExcelJS.Xlsx['load']>[0]);
  } catch {
    throw notXlsx();
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw notXlsx();
  const rows: TableRow[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    const values = row.values as ExcelJS.CellValue[];
    // row.values is 1-based: index 0 is always empty.
    rows.push({ row: rowNumber, cells: values.slice(1).map(cellValue) });
  });
  return rows;
}

function cellValue(value: ExcelJS.CellValue | undefined): Cell {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if ('richText' in value) return value.richText.map((r) => r.text).join('');
  if ('hyperlink' in value) {
    const text = value.text as unknown;
    if (typeof text === 'string') return text;
    if (text && typeof text === 'object' && 'richText' in text) {
      return (text as ExcelJS.CellRichTextValue).richText.map((r) => r.text).join('');
    }
    return value.hyperlink.replace(/^mailto:/i, '');
  }
  if ('formula' in value || 'sharedFormula' in value) {
    return cellValue(value.result as ExcelJS.CellValue | undefined);
  }
  if ('error' in value) return null;
  return null;
}

// ── The upload of an import (one file in the field `file`), shared by every importer. ──

/** Multipart errors of the upload, in the API's error shape. */
function uploadError(err: unknown, maxBytes?: number): AppError {
  const code = (err as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE')
    return new AppError(
      'IMPORT_FILE_TOO_LARGE',
      // Each importer sets its own limit; the catalogue's sentence names the first one's.
      maxBytes ? { message: `The file is larger than ${maxBytes / (1024 * 1024)} MB` } : undefined,
    );
  if (code === 'FST_FILES_LIMIT')
    return new AppError('IMPORT_FILE_MISSING', { message: 'Send one file only' });
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return new AppError('IMPORT_FILE_MISSING');
  return new AppError('IMPORT_FILE_UNREADABLE', { message: 'The upload could not be read' });
}

/** The one file of the upload, in the field `file`; `maxBytes` is the route's multipart limit, for the message. */
export async function readUpload(
  request: FastifyRequest,
  options: { maxBytes?: number } = {},
): Promise<{ filename: string; data: Buffer }> {
  if (!request.isMultipart()) throw new AppError('IMPORT_FILE_MISSING');
  let upload: { filename: string; data: Buffer } | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== 'file') {
        throw new AppError('IMPORT_FILE_MISSING', {
          message: `Send the file in the field "file", not "${part.fieldname}"`,
        });
      }
      upload = { filename: part.filename, data: await part.toBuffer() };
    }
  } catch (err) {
    throw err instanceof AppError ? err : uploadError(err, options.maxBytes);
  }
  if (!upload) throw new AppError('IMPORT_FILE_MISSING');
  // The name goes into the case history (jsonb), which cannot hold a NUL.
  const problem = textProblem(upload.filename);
  if (problem) {
    throw new AppError('VALIDATION_FAILED', {
      details: [
        { field: 'file.filename', message: TEXT_PROBLEM_MESSAGES[problem], kind: 'invalid_characters' },
      ],
    });
  }
  return upload;
}
