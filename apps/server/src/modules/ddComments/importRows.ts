import {
  DD_CONTENT_MAX,
  DD_IMPORT_COLUMNS,
  DD_IMPORT_LIMITS,
  EARLIEST_DATE_YEAR,
  TEXT_PROBLEM_MESSAGES,
  type DdImportColumn,
  textProblem,
  type ValidationIssue,
} from '@dealflow/domain';
import { AppError } from '../../lib/errors.ts';
import type { Cell, TableRow } from '../../lib/tableFile.ts';

/** One data row, read but not yet checked against the database. */
export interface ImportCandidate {
  row: number;
  content: string;
  clientEmail: string | null;
  /** A whole number, or the text that was not one. */
  clientId: number | string | null;
  createdAt: Date | null;
  /** Problems found in the row itself; client references are checked later. */
  problems: string[];
}

/**
 * Dates without a time zone are the firm's: Taipei, UTC+8 all year (no daylight saving), which
 * is how the people filling the sheet read them.
 */
const FIRM_OFFSET_MINUTES = 8 * 60;
/** Clock skew allowed before a date counts as in the future. */
const FUTURE_SLACK_MS = 5 * 60_000;

const normaliseHeader = (cell: Cell) =>
  String(cell ?? '')
    .replace(/^\uFEFF/, '')
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');

function text(cell: Cell | undefined): string {
  if (cell === null || cell === undefined) return '';
  if (cell instanceof Date) return cell.toISOString();
  return String(cell).replace(/\r\n?/g, '\n').trim();
}

const isBlank = (cells: Cell[]) => cells.every((c) => text(c) === '');

/** Wall-clock parts read as the firm's time; null when they name no real moment. */
function firmTime(y: number, mo: number, d: number, h = 0, mi = 0, s = 0): Date | null {
  const utc = Date.UTC(y, mo - 1, d, h, mi, s);
  const check = new Date(utc);
  if (
    check.getUTCFullYear() !== y ||
    check.getUTCMonth() !== mo - 1 ||
    check.getUTCDate() !== d ||
    h > 23 ||
    mi > 59 ||
    s > 59
  ) {
    return null;
  }
  return new Date(utc - FIRM_OFFSET_MINUTES * 60_000);
}

const LOCAL_DATE = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/;
const ZONED = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/i;

/** `YYYY-MM-DD`, `YYYY/MM/DD`, either with a time (the firm's), ISO 8601 with a zone, or an XLSX date cell. */
export function parseImportDate(cell: Cell): Date | null {
  if (cell instanceof Date) {
    // XLSX dates carry no zone: the reader gives the wall-clock time as if it were UTC.
    return firmTime(
      cell.getUTCFullYear(),
      cell.getUTCMonth() + 1,
      cell.getUTCDate(),
      cell.getUTCHours(),
      cell.getUTCMinutes(),
      cell.getUTCSeconds(),
    );
  }
  if (typeof cell !== 'string') return null;
  const value = cell.trim();
  const local = LOCAL_DATE.exec(value);
  if (local) {
    const [, y, mo, d, h, mi, s] = local;
    return firmTime(Number(y), Number(mo), Number(d), Number(h ?? 0), Number(mi ?? 0), Number(s ?? 0));
  }
  if (ZONED.test(value)) {
    const date = new Date(value);
    return Number.isNaN(date.getTime()) ? null : date;
  }
  return null;
}

/** The column letter a spreadsheet shows: A… Z, AA… */
function columnLetter(index: number): string {
  let letters = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) {
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  }
  return letters;
}

/** At most this many bad cells are listed; the message names the first. */
const MAX_CELL_ISSUES = 20;

/**
 * Refuses the file when any cell holds text the database cannot store as read (a NUL, or a lone
 * surrogate, which XLSX can encode as `_xD800_`): a 400 naming the row and column, as the sheet
 * shows them, rather than a database error or a silent U+FFFD.
 */
function refuseMalformedCells(table: TableRow[]): void {
  const header = table[0]?.cells ?? [];
  const issues: Array<ValidationIssue & { row: number; column: string }> = [];
  for (const r of table) {
    r.cells.forEach((cell, i) => {
      const problem = typeof cell === 'string' ? textProblem(cell) : null;
      if (!problem || issues.length >= MAX_CELL_ISSUES) return;
      const name = header[i];
      const named = r.row !== 1 && typeof name === 'string' && !textProblem(name) && name.trim() !== '';
      const column = columnLetter(i);
      issues.push({
        field: `Row ${r.row}, column ${column}${named ? ` (${name.trim()})` : ''}`,
        row: r.row,
        column,
        message: TEXT_PROBLEM_MESSAGES[problem],
        kind: 'invalid_characters',
      });
    });
    if (issues.length >= MAX_CELL_ISSUES) break;
  }
  const [first] = issues;
  if (!first) return;
  throw new AppError('IMPORT_FILE_UNREADABLE', {
    message: `${first.field}: ${first.message}`,
    details: issues,
  });
}

/** The year as the sheet writes it (a date cell's wall-clock year), before any time zone applies. */
const writtenYear = (cell: Cell) =>
  cell instanceof Date ? cell.getUTCFullYear() : Number(text(cell).slice(0, 4));

/**
 * Maps the header to the known columns (letter case, spaces and dashes ignored) and reads every
 * non-blank data row. Blank rows are skipped without a report line; numbering stays the sheet's.
 */
export function readCandidates(table: TableRow[], now: Date): ImportCandidate[] {
  refuseMalformedCells(table);
  const [header, ...data] = table;
  if (!header || isBlank(header.cells)) {
    throw new AppError('IMPORT_COLUMNS_MISSING', {
      message:
        'The first row of the file must name the columns: content, client_email or client_id, created_at',
    });
  }
  const index = new Map<DdImportColumn, number>();
  header.cells.forEach((cell, i) => {
    const name = normaliseHeader(cell) as DdImportColumn;
    if ((DD_IMPORT_COLUMNS as readonly string[]).includes(name) && !index.has(name)) index.set(name, i);
  });
  if (!index.has('content')) throw new AppError('IMPORT_COLUMNS_MISSING');

  const rows = data.filter((r) => !isBlank(r.cells));
  if (rows.length > DD_IMPORT_LIMITS.maxRows) {
    throw new AppError('IMPORT_TOO_MANY_ROWS', {
      message: `The file has ${rows.length} rows; one import takes at most ${DD_IMPORT_LIMITS.maxRows}: split it`,
    });
  }
  const cell = (r: TableRow, column: DdImportColumn): Cell => {
    const i = index.get(column);
    return i === undefined ? null : (r.cells[i] ?? null);
  };

  return rows.map((r) => {
    const problems: string[] = [];
    const content = text(cell(r, 'content'));
    if (content === '') problems.push('Empty content');
    else if (content.length > DD_CONTENT_MAX)
      problems.push(`Content is too long: ${content.length} characters, at most ${DD_CONTENT_MAX}`);

    const email = text(cell(r, 'client_email')).toLowerCase();
    const rawId = cell(r, 'client_id');
    const idText = text(rawId);
    let clientId: number | string | null = null;
    if (idText !== '') {
      const n = typeof rawId === 'number' ? rawId : /^\d+$/.test(idText) ? Number(idText) : Number.NaN;
      clientId = Number.isSafeInteger(n) && n > 0 ? n : idText;
    }

    let createdAt: Date | null = null;
    const rawDate = cell(r, 'created_at');
    if (text(rawDate) !== '') {
      createdAt = parseImportDate(typeof rawDate === 'number' ? String(rawDate) : rawDate);
      if (!createdAt) {
        problems.push(`Bad date "${text(rawDate)}": use YYYY-MM-DD, YYYY/MM/DD or an ISO 8601 date and time`);
      } else if (writtenYear(rawDate) < EARLIEST_DATE_YEAR) {
        // The database driver would read it back as 19xx or as an invalid date.
        problems.push(`Date "${text(rawDate)}" is before ${EARLIEST_DATE_YEAR}`);
        createdAt = null;
      } else if (createdAt.getTime() > now.getTime() + FUTURE_SLACK_MS) {
        problems.push(`Date "${text(rawDate)}" is in the future`);
        createdAt = null;
      }
    }
    return { row: r.row, content, clientEmail: email || null, clientId, createdAt, problems };
  });
}
