import { PassThrough, type Readable } from 'node:stream';
import {
  type Bilingual,
  CLIENT_SHEET_COLUMNS,
  CONTACT_STAGE_LABELS,
  CURRENCY_LABELS,
  formatMoney,
  type ClientSheetKey,
  type ClientSummary,
  MEMBERSHIP_LABELS,
} from '@dealflow/domain';

export type SheetLanguage = keyof Bilingual;

const name = (table: Record<string, Bilingual>, key: string, lang: SheetLanguage) =>
  (table[key] as Bilingual | undefined)?.[lang] ?? key;

/** A client's cells as people read them: labels for enumerated values, dates as YYYY-MM-DD. */
export function sheetRow(
  c: ClientSummary,
  lang: SheetLanguage,
): Record<ClientSheetKey, string | number | null> {
  return {
    email: c.email,
    name: c.name,
    lastName: c.lastName,
    firstName: c.firstName,
    phone: c.phone,
    type: c.type,
    membership: name(MEMBERSHIP_LABELS, c.membership, lang),
    process_status: name(CONTACT_STAGE_LABELS, c.process_status, lang),
    check_size: c.check_size,
    currency: name(CURRENCY_LABELS, c.currency, lang),
    domain_keys: c.domain_keys.join(', '),
    industry_keys: c.industry_keys.join(', '),
    expiry_at: c.expiry_at ? c.expiry_at.slice(0, 10) : null,
    next_step: c.next_step,
    employee: c.employee?.name ?? null,
    invest_money: c.invest_money,
    invested_other:
      Object.entries(c.invested)
        .filter(([currency, v]) => currency !== 'NTD' && v !== 0)
        .map(([currency, v]) => formatMoney(v, currency))
        .join('; ') || null,
  };
}

/**
 * A cell a spreadsheet program would run as a formula (`=`, `+`, `-`, `@`, tab, CR at the start)
 * is written with a leading apostrophe (OWASP CSV injection); the import takes it off again.
 */
export function defuse(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}
export function undefuse(value: string): string {
  return /^'[=+\-@\t\r]/.test(value) ? value.slice(1) : value;
}

function csvCell(value: string | number | null): string {
  if (value === null) return '';
  const text = typeof value === 'number' ? String(value) : defuse(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Writes rows as they come: the caller pulls batches, so a 50k-row export never sits in memory. */
export interface SheetWriter {
  stream: Readable;
  add(rows: ClientSummary[]): Promise<void>;
  end(): Promise<void>;
}

export function csvWriter(lang: SheetLanguage): SheetWriter {
  const out = new PassThrough();
  const write = (chunk: string) =>
    new Promise<void>((resolve) => {
      if (out.write(chunk)) resolve();
      else out.once('drain', () => resolve());
    });
  // A BOM, so Excel opens the UTF-8 file as UTF-8 (Chinese intact).
  const header = `\uFEFF${CLIENT_SHEET_COLUMNS.map((c) => csvCell(c.label[lang])).join(',')}\r\n`;
  let started = false;
  return {
    stream: out,
    async add(rows) {
      let chunk = started ? '' : header;
      started = true;
      for (const c of rows) {
        const cells = sheetRow(c, lang);
        chunk += `${CLIENT_SHEET_COLUMNS.map((col) => csvCell(cells[col.key])).join(',')}\r\n`;
      }
      await write(chunk);
    },
    async end() {
      if (!started) await write(header);
      out.end();
    },
  };
}

export async function xlsxWriter(lang: SheetLanguage, sheetName: string): Promise<SheetWriter> {
  // ExcelJS loads on the first export, not with the server (decision 0041).
  const { default: Excel } = await import('exceljs');
  const out = new PassThrough();
  // Streamed: each committed row is zipped and written out, not kept (useSharedStrings off).
  const workbook = new Excel.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = CLIENT_SHEET_COLUMNS.map((c) => ({
    header: c.label[lang],
    key: c.key,
    width: c.key === 'email' || c.key === 'next_step' ? 32 : c.key === 'membership' ? 28 : 16,
    ...(c.kind === 'money' ? { style: { numFmt: '#,##0' } } : {}),
  }));
  sheet.getRow(1).font = { bold: true };
  return {
    stream: out,
    async add(rows) {
      for (const c of rows) sheet.addRow(sheetRow(c, lang)).commit();
      // Let the zip stream drain between batches, and wait for a slow reader: the zip keeps what
      // the response has not taken yet, so without the wait a slow download would hold the file.
      await new Promise<void>((resolve) => setImmediate(resolve));
      while (out.writableNeedDrain && !out.destroyed) {
        await new Promise<void>((resolve) => {
          const done = () => {
            out.off('drain', done);
            out.off('close', done);
            resolve();
          };
          out.once('drain', done);
          out.once('close', done);
        });
      }
    },
    async end() {
      sheet.commit();
      await workbook.commit();
    },
  };
}
