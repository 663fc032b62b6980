import { Readable } from 'node:stream';
import { parse } from 'csv-parse/sync';
import type ExcelJS from 'exceljs';
import type JSZip from 'jszip';
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
/** Columns past this are refused: no sheet we import has more than a few dozen. */
const MAX_COLUMNS = 200;

/** What an importer takes: at most `maxRows` rows below the header that hold something. */
export interface TableLimits {
  maxRows: number;
}

const tooManyRows = (maxRows: number) =>
  new AppError('IMPORT_TOO_MANY_ROWS', {
    message: `The file has more than ${maxRows} rows; one import takes at most ${maxRows}: split it`,
  });
const tooWide = () =>
  new AppError('IMPORT_FILE_UNREADABLE', {
    message: `A row has more than ${MAX_COLUMNS} columns: keep only the columns of the import`,
  });

const blank = (cell: Cell) => cell === null || (typeof cell === 'string' && cell.trim() === '');

/**
 * Counts the rows that hold something while a file is read, and stops the read past the limit (the
 * header and `maxRows` rows): a small file of many rows is refused before it is all in memory.
 */
function rowCounter(limits: TableLimits) {
  let filled = 0;
  return (cells: Cell[]) => {
    if (cells.length > MAX_COLUMNS) throw tooWide();
    if (cells.some((c) => !blank(c)) && ++filled > limits.maxRows + 1) throw tooManyRows(limits.maxRows);
  };
}

const startsWith = (data: Buffer, magic: number[]) => magic.every((b, i) => data[i] === b);

/**
 * Reads an uploaded CSV (UTF-8, with or without BOM) or XLSX (first sheet) into rows, the header
 * first. The format is told by the bytes, not by the name or the declared type, which browsers
 * set unreliably for CSV. Anything else is a 400 that says what to send instead.
 */
export async function readTable(data: Buffer, limits: TableLimits): Promise<TableRow[]> {
  if (data.length === 0) throw new AppError('IMPORT_FILE_UNREADABLE', { message: 'The file is empty' });
  if (startsWith(data, ZIP_MAGIC)) return readXlsx(data, limits);
  if (startsWith(data, OLE_MAGIC)) {
    throw new AppError('IMPORT_FILE_TYPE', {
      message: 'Excel 97-2003 (.xls) files are not read: save the sheet as XLSX or CSV (UTF-8)',
    });
  }
  return readCsv(data, limits);
}

function readCsv(data: Buffer, limits: TableLimits): TableRow[] {
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
  const count = rowCounter(limits);
  try {
    records = parse(text, {
      bom: true,
      delimiter: ',',
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: false,
      on_record: (record: string[]) => {
        count(record);
        return record;
      },
    }) as string[][];
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw new AppError('IMPORT_FILE_UNREADABLE', {
      message: `The CSV file cannot be read: ${(err as Error).message}`,
    });
  }
  return records.map((cells, i) => ({ row: i + 1, cells }));
}

const notXlsx = () =>
  new AppError('IMPORT_FILE_TYPE', { message: 'The file is a zip archive but not an XLSX workbook' });

/**
 * The first worksheet, read as a stream: rows are taken one by one and the read stops past the
 * limit. Loading the whole workbook instead let a 6 MB file of 200,000 short rows take 700 MB.
 */
async function readXlsx(data: Buffer, limits: TableLimits): Promise<TableRow[]> {
  // Every entry is inflated and counted first, so ExcelJS only ever inflates a bounded archive.
  await checkZipArchive(data, {
    limits: XLSX_LIMITS,
    unreadable: notXlsx,
    tooLargeMessage: `The workbook holds too much data for one import (more than ${XLSX_LIMITS.maxTotalBytes / 1024 / 1024} MB unpacked): split it`,
  });
  const count = rowCounter(limits);
  const rows: TableRow[] = [];
  let sheets = 0;
  const ordered = await workbookPartsFirst(data);
  try {
    const { default: Excel } = await import('exceljs');
    const reader = new Excel.stream.xlsx.WorkbookReader(Readable.from(ordered), {
      worksheets: 'emit',
      sharedStrings: 'cache',
      // Styles tell dates from numbers; a hyperlinked cell reads as its text.
      styles: 'cache',
      hyperlinks: 'ignore',
      entries: 'ignore',
    });
    for await (const sheet of reader) {
      sheets++;
      for await (const row of sheet as AsyncIterable<ExcelJS.Row>) {
        // row.values is 1-based: index 0 is always empty.
        const cells = (row.values as ExcelJS.CellValue[]).slice(1).map(xlsxCell);
        count(cells);
        if (cells.some((c) => c !== null)) rows.push({ row: row.number, cells });
      }
      break;
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw notXlsx();
  }
  if (sheets === 0) throw notXlsx();
  return rows;
}

/** The parts the streaming reader must have read before a worksheet, in the order it needs them. */
const WORKBOOK_PARTS = [
  '_rels/.rels',
  'xl/_rels/workbook.xml.rels',
  'xl/workbook.xml',
  'xl/sharedStrings.xml',
  'xl/styles.xml',
];

/**
 * The same workbook with its workbook parts and shared strings before the worksheets. Excel and
 * ExcelJS write the worksheets first; ExcelJS's streaming reader then parks each sheet in a temp
 * file and, under load, sometimes reached the parked sheet without having read `xl/workbook.xml`
 * (a TypeError, so a valid file was refused as "not an XLSX workbook": 3 reads in 400 with four at
 * once) and left the temp file behind. In this order every sheet is read as it streams by. The
 * entries keep their compressed bytes (JSZip copies them when the method does not change), and the
 * archive was checked and bounded before (checkZipArchive).
 */
async function workbookPartsFirst(data: Buffer): Promise<Buffer> {
  // JSZip and ExcelJS load on the first import, not with the server (decision 0041).
  const { default: Zip } = await import('jszip');
  let zip: JSZip;
  try {
    zip = await Zip.loadAsync(data, { checkCRC32: false });
  } catch {
    throw notXlsx();
  }
  const names = Object.keys(zip.files);
  for (const name of names.filter((n) => !WORKBOOK_PARTS.includes(n))) {
    // Insertion order is write order: moving the other entries to the end puts the parts first.
    const file = zip.files[name]!;
    delete zip.files[name];
    zip.files[name] = file;
  }
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

/**
 * A cell of the streamed workbook. XML cannot hold control characters, so Excel writes them as
 * `_xHHHH_`; the whole-workbook reader decoded these and the streaming one does not, so it is done
 * here (the same rule as ExcelJS's text reader), and a NUL is refused later as before.
 */
function xlsxCell(value: ExcelJS.CellValue | undefined): Cell {
  const cell = cellValue(value);
  return typeof cell === 'string'
    ? cell.replace(/_x([0-9A-F]{4})_/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
    : cell;
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
