/**
 * The data behind a chart as rows and columns: what the data-table view shows and what the CSV and
 * XLSX downloads hold. Cells are raw figures (an amount in full, a rate in percent), never the
 * compact text a tooltip shows, so a spreadsheet can add them up.
 */
export type CellValue = string | number | null;
export type ColumnKind = 'text' | 'count' | 'money' | 'percent' | 'days';

export interface TableColumn {
  key: string;
  title: string;
  kind: ColumnKind;
  /** The currency of a money column (one column per currency). */
  currency?: string;
}

export interface ReportTable {
  columns: TableColumn[];
  rows: Record<string, CellValue>[];
}

const BOM = '\uFEFF';

/**
 * A text cell a spreadsheet would read as a formula (=, +, -, @, tab, CR) is written with a leading
 * apostrophe: names are typed by users, and a CSV is opened in Excel.
 */
function safeText(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

function csvCell(value: CellValue): string {
  if (value === null) return '';
  const text = typeof value === 'number' ? String(value) : safeText(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The rows of a table as CSV lines, the header first (for tests and for `toCsv`). */
export function csvRows(table: ReportTable): string[][] {
  return [
    table.columns.map((c) => csvCell(c.title)),
    ...table.rows.map((row) => table.columns.map((c) => csvCell(row[c.key] ?? null))),
  ];
}

/** CSV with a byte-order mark and CRLF line ends, so Excel reads the Chinese as UTF-8. */
export function toCsv(table: ReportTable): string {
  return `${BOM}${csvRows(table)
    .map((cells) => cells.join(','))
    .join('\r\n')}\r\n`;
}

/** A file name in the UI language with the day: 「各階段案件數_2026-05-01.csv」. */
export function exportFileName(title: string, day: string, extension: 'csv' | 'xlsx' | 'png'): string {
  const base = title
    .replace(/[\\/:*?"<>|\r\n]+/g, ' ')
    .trim()
    .replace(/\s+/g, '_');
  return `${base || 'report'}_${day}.${extension}`;
}

/** An XLSX sheet name: at most 31 characters, none of []:*?/\ . */
export function sheetName(title: string): string {
  return title.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31) || 'Sheet1';
}
