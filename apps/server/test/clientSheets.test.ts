import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ClientImportReport } from '@dealflow/domain';
import { clients } from '../src/db/schema/index.ts';
import { bearer, buildTestApp, expectErrorShape, type TestApp } from './helpers.ts';
import { buildClient } from './factories.ts';
import { buildCast, type Cast, dataOf, expectStrangersRefused } from './staffCast.ts';
import { upload } from './upload.ts';
import { buildZip, zeroDeflate } from './zipBombs.ts';

const EXPORT = '/api/internal/v2/clients/export';
const IMPORT = '/api/internal/v1/clients/import';

let t: TestApp;
let cast: Cast;

beforeAll(async () => {
  t = await buildTestApp();
  cast = await buildCast(t);
});

const tag = () => `tag${randomBytes(4).toString('hex')}`;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

async function exportRaw(query: string, token = cast.admin.token) {
  return t.app.inject({ method: 'GET', url: `${EXPORT}?${query}`, headers: bearer(token) });
}

async function readXlsx(data: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(data as unknown as Parameters<ExcelJS.Xlsx['load']>[0]);
  const sheet = wb.worksheets[0]!;
  const rows: unknown[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return { wb, sheet, rows };
}

async function importFile(data: Buffer | string, filename: string, token = cast.admin.token, query = '') {
  return upload(t, `${IMPORT}${query}`, token, [{ filename, data }]);
}
const report = (res: Awaited<ReturnType<typeof importFile>>) => dataOf<ClientImportReport>(res);

describe('who may export and import', () => {
  it('refuses anonymous callers, investors, startups and ao', async () => {
    await expectStrangersRefused(t, cast, [
      ['GET', `${EXPORT}?format=csv`],
      ['POST', IMPORT],
    ]);
    expectErrorShape(await exportRaw('format=csv', cast.ao.token), 403, 'FORBIDDEN');
    expectErrorShape(await importFile('電子郵件\n', 'a.csv', cast.ao.token), 403, 'FORBIDDEN');
  });
});

describe('export', () => {
  it('writes what is on screen: the filters, the sort, in zh-TW words, as XLSX', async () => {
    const word = tag();
    await buildClient(t.database.db, {
      name: `甲${word}`,
      membership: 'gp',
      process_status: 'p2',
      check_size: 3_000_000,
    });
    await buildClient(t.database.db, {
      name: `乙${word}`,
      membership: 'general',
      process_status: 'p5',
      next_step: '=HYPERLINK("x")',
    });
    await buildClient(t.database.db, { name: `丙${word}`, process_status: 'p1', is_deleted: true });
    const res = await exportRaw(`format=xlsx&q=${word}&sort=name:asc`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(XLSX);
    expect(String(res.headers['content-disposition'])).toMatch(/^attachment; filename=.*\.xlsx/);
    const { rows } = await readXlsx(res.rawPayload);
    expect(rows[0]?.slice(0, 3)).toEqual(['電子郵件', '姓名', '姓']);
    expect(rows.slice(1).map((r) => r[1])).toEqual([`乙${word}`, `甲${word}`]);
    const gp = rows.find((r) => r[1] === `甲${word}`)!;
    expect(gp[6]).toBe('普通合夥人');
    expect(gp[7]).toBe('P2 面談');
    expect(gp[8]).toBe(3_000_000);
  });

  it('keeps to what the caller may see: an sa gets no p5 client', async () => {
    const word = tag();
    await buildClient(t.database.db, { name: `甲${word}`, process_status: 'p2' });
    await buildClient(t.database.db, { name: `乙${word}`, process_status: 'p5' });
    const res = await exportRaw(`format=csv&q=${word}`, cast.sa.token);
    expect(res.statusCode).toBe(200);
    const text = res.body;
    expect(text.startsWith('\uFEFF電子郵件,')).toBe(true);
    expect(text).toContain(`甲${word}`);
    expect(text).not.toContain(`乙${word}`);
  });

  it('defuses cells a spreadsheet would run as formulas in CSV, and writes English on request', async () => {
    const word = tag();
    await buildClient(t.database.db, { name: `甲${word}`, next_step: '=cmd|calc', process_status: 'p0' });
    const res = await exportRaw(`format=csv&lang=en&q=${word}`);
    const [header, line] = res.body.replace('\uFEFF', '').split('\r\n');
    expect(header?.startsWith('Email,Name,')).toBe(true);
    expect(line).toContain("'=cmd|calc");
    expect(line).toContain('P0 Development plan');
  });

  it('refuses an unknown format or sort with 400', async () => {
    expectErrorShape(await exportRaw('format=pdf'), 400, 'VALIDATION_FAILED');
    expectErrorShape(await exportRaw('format=csv&sort=password_hash:asc'), 400, 'VALIDATION_FAILED');
  });
});

describe('import', () => {
  it('re-imports its own export: one edited cell is the one update, the rest unchanged', async () => {
    const word = tag();
    const a = await buildClient(t.database.db, {
      name: `甲${word}`,
      process_status: 'p1',
      check_size: 1_000_000,
    });
    await buildClient(t.database.db, {
      name: `乙${word}`,
      process_status: 'p2',
      domain_keys: ['ai', 'fintech'],
    });
    const exported = await exportRaw(`format=xlsx&q=${word}`);
    const { wb, sheet } = await readXlsx(exported.rawPayload);
    sheet.eachRow((row, n) => {
      if (n > 1 && row.getCell(2).value === `甲${word}`) row.getCell(9).value = 2_500_000;
    });
    const edited = Buffer.from(await wb.xlsx.writeBuffer());
    const r = report(await importFile(edited, 'clients.xlsx'));
    expect([r.created, r.updated, r.unchanged, r.refused]).toEqual([0, 1, 1, 0]);
    const updated = r.rows.find((x) => x.outcome === 'updated')!;
    expect(updated.client_id).toBe(a.id);
    expect(updated.fields).toEqual(['check_size']);
    const [row] = await t.database.db.select().from(clients).where(eq(clients.id, a.id));
    expect(row?.check_size).toBe(2_500_000);
  });

  it('creates new rows, refuses bad ones with reasons, and a dry run writes nothing', async () => {
    const word = tag();
    const csv = [
      '電子郵件,姓名,會員等級,聯繫階段,單筆投資額,備註',
      `new-${word}@example.com,新${word},一般會員,P1 接觸,"1,000,000",x`,
      `bad-${word}@example.com,壞${word},白金會員,,,`,
      `not-an-email,某${word},,,,`,
    ].join('\n');
    const dry = report(await importFile(csv, 'c.csv', cast.admin.token, '?dry_run=1'));
    expect(dry.dry_run).toBe(true);
    expect([dry.created, dry.refused]).toEqual([1, 2]);
    expect(dry.ignored_columns).toEqual(['備註']);
    const none = await t.database.db
      .select()
      .from(clients)
      .where(eq(clients.email, `new-${word}@example.com`));
    expect(none).toHaveLength(0);

    const r = report(await importFile(csv, 'c.csv'));
    expect(r.rows.map((x) => [x.row, x.outcome])).toEqual([
      [2, 'created'],
      [3, 'refused'],
      [4, 'refused'],
    ]);
    expect(r.rows[1]?.issues).toEqual([{ column: 'membership', problem: 'unknown_value' }]);
    expect(r.rows[2]?.issues).toEqual([{ column: 'email', problem: 'invalid_email' }]);
    const [created] = await t.database.db
      .select()
      .from(clients)
      .where(eq(clients.email, `new-${word}@example.com`));
    expect(created).toMatchObject({ name: `新${word}`, process_status: 'p1', check_size: 1_000_000 });
  });

  it("keeps to the importer's book: an sa cannot touch a p5 client or create one in p5", async () => {
    const word = tag();
    const vip = await buildClient(t.database.db, { name: `貴賓${word}`, process_status: 'p5' });
    const csv = `電子郵件,姓名,下一步,聯繫階段\n${vip.email},貴賓${word},改約,\nsa-${word}@example.com,新${word},,P5 執行\n`;
    const r = report(await importFile(csv, 'c.csv', cast.sa.token));
    expect(r.rows.map((x) => x.issues)).toEqual([
      [{ column: 'email', problem: 'not_visible' }],
      [{ column: 'process_status', problem: 'stage_not_allowed' }],
    ]);
    const [row] = await t.database.db.select().from(clients).where(eq(clients.id, vip.id));
    expect(row?.next_step).not.toBe('改約');
  });

  it('writes nothing for an unreadable file: no email column, not a table, a zip bomb', async () => {
    const before = await t.database.db.$count(clients);
    expectErrorShape(await importFile('姓名\n王\n', 'c.csv'), 400, 'IMPORT_COLUMNS_MISSING');
    expectErrorShape(
      await importFile(Buffer.from([0xff, 0xfe, 0x00, 0x01]), 'c.csv'),
      400,
      'IMPORT_FILE_TYPE',
    );
    const bomb = buildZip([
      { name: '[Content_Types].xml', data: Buffer.from('<Types/>'), method: 0, size: 8 },
      { name: 'xl/worksheets/sheet1.xml', data: await zeroDeflate(512), size: 100 },
    ]);
    expectErrorShape(await importFile(bomb, 'bomb.xlsx'), 413, 'ARCHIVE_TOO_LARGE');
    expect(await t.database.db.$count(clients)).toBe(before);
  });

  it('stops reading a small file of too many rows or columns, writing nothing', async () => {
    const before = await t.database.db.$count(clients);
    // 30,000 short rows: a few hundred kB that a whole-workbook read would blow up in memory.
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('投資人');
    sheet.addRow(['電子郵件', '姓名']);
    for (let i = 0; i < 30_000; i++) sheet.addRow([`many-${i}@example.com`, `多${i}`]);
    const many = Buffer.from(await workbook.xlsx.writeBuffer());
    expect(many.length).toBeLessThan(1024 * 1024);
    const error = expectErrorShape(await importFile(many, 'many.xlsx'), 400, 'IMPORT_TOO_MANY_ROWS');
    expect(error.message).toBe('The file has more than 5000 rows; one import takes at most 5000: split it');
    const csvRows = Array.from({ length: 5001 }, (_, i) => `many-${i}@example.com,多${i}`).join('\n');
    expectErrorShape(
      await importFile(`電子郵件,姓名\n${csvRows}\n`, 'many.csv'),
      400,
      'IMPORT_TOO_MANY_ROWS',
    );
    // Blank rows do not count against the limit.
    const spaced = `電子郵件,姓名\n${Array.from({ length: 5000 }, () => ',').join('\n')}\nspaced-${tag()}@example.com,空\n`;
    expect(report(await importFile(spaced, 'spaced.csv', cast.admin.token, '?dry_run=1')).created).toBe(1);
    const wide = `電子郵件,${Array.from({ length: 300 }, (_, i) => `c${i}`).join(',')}\n`;
    expect(expectErrorShape(await importFile(wide, 'wide.csv'), 400, 'IMPORT_FILE_UNREADABLE').message).toBe(
      'A row has more than 200 columns: keep only the columns of the import',
    );
    expect(await t.database.db.$count(clients)).toBe(before);
  });

  it('refuses a file over 10 MB, saying so, and takes one over the due-diligence import’s 5 MB', async () => {
    const before = await t.database.db.$count(clients);
    const big = Buffer.alloc(10 * 1024 * 1024 + 1, 0x20);
    const error = expectErrorShape(await importFile(big, 'big.csv'), 413, 'IMPORT_FILE_TOO_LARGE');
    expect(error.message).toBe('The file is larger than 10 MB');
    // Each importer has its own limit.
    const word = tag();
    // The bulk in one cell of a column the import ignores.
    const padded = Buffer.from(
      `電子郵件,姓名,附註\nbig-${word}@example.com,大檔案,${'x'.repeat(6 * 1024 * 1024)}\n`,
    );
    expect(report(await importFile(padded, 'padded.csv', cast.admin.token, '?dry_run=1')).created).toBe(1);
    expect(await t.database.db.$count(clients)).toBe(before);
  });

  it('refuses NUL characters in a cell, naming the row', async () => {
    const word = tag();
    const r = report(await importFile(`電子郵件,姓名\nn-${word}@example.com,a\u0000b\n`, 'c.csv'));
    expect(r.rows[0]).toMatchObject({
      outcome: 'refused',
      issues: [{ column: 'name', problem: 'invalid_characters' }],
    });
  });
});
