import { type ReportTable, sheetName, toCsv } from './reportTable.ts';

/** Hands a file to the browser as a download. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
  // Give the browser the time to start the download before the address is let go.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function downloadCsv(table: ReportTable, fileName: string): void {
  saveBlob(new Blob([toCsv(table)], { type: 'text/csv;charset=utf-8' }), fileName);
}

const NUMBER_FORMATS = { money: '#,##0.##', percent: '0.0', days: '0.0', count: '0' } as const;

/**
 * The table as an XLSX workbook. exceljs is large, so it is loaded by `import()` only when someone
 * asks for a spreadsheet: it never weighs on the report page itself.
 */
export async function xlsxBlob(table: ReportTable, title: string): Promise<Blob> {
  const exceljs = await import('exceljs');
  const Workbook = exceljs.Workbook ?? (exceljs as unknown as { default: typeof exceljs }).default.Workbook;
  const workbook = new Workbook();
  workbook.created = new Date();
  const sheet = workbook.addWorksheet(sheetName(title));
  sheet.columns = table.columns.map((c) => ({
    header: c.title,
    key: c.key,
    width: Math.max(12, Math.min(40, c.title.length * 2 + 4)),
    style: c.kind === 'text' ? {} : { numFmt: NUMBER_FORMATS[c.kind] },
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  for (const row of table.rows)
    sheet.addRow(Object.fromEntries(table.columns.map((c) => [c.key, row[c.key] ?? null])));
  const buffer = await workbook.xlsx.writeBuffer();
  return new Blob([buffer], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
}

export async function downloadXlsx(table: ReportTable, title: string, fileName: string): Promise<void> {
  saveBlob(await xlsxBlob(table, title), fileName);
}

/** A data URL (`chart.toBase64Image()`) as a PNG download. */
export function downloadDataUrl(dataUrl: string, fileName: string): void {
  const a = document.createElement('a');
  a.href = dataUrl;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
}
