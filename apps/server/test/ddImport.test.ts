import ExcelJS from 'exceljs';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, expectErrorShape, type TestApp } from './helpers.ts';
import { buildCase, buildClient } from './factories.ts';
import { buildCast, caller, caseLog, dataOf, type Cast, type ListBody } from './staffCast.ts';
import { upload } from './upload.ts';
import { buildZip, overlappingBomb, zeroDeflate } from './zipBombs.ts';

let t: TestApp;
let cast: Cast;
let call: ReturnType<typeof caller>;
const importUrl = (caseId: number | string) => `/api/internal/v2/cases/${caseId}/dd/import`;
const listUrl = (caseId: number) => `/api/internal/v2/cases/${caseId}/dd`;

beforeAll(async () => {
  t = await buildTestApp();
  cast = await buildCast(t);
  call = caller(t);
});

type Report = {
  imported: number;
  refused: number;
  rows: Array<{ row: number; status: 'imported' | 'refused'; reason?: string; id?: number }>;
};
type DdBody = { id: number; content: string; client_id: number | null; created_at: string };

const csv = (text: string) => ({ filename: 'dd.csv', type: 'text/csv', data: `\uFEFF${text}` });

async function xlsx(build: (wb: ExcelJS.Workbook) => void): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  build(wb);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

async function dbRows(caseId: number) {
  return dataOf<ListBody<DdBody>>(await call('GET', listUrl(caseId), cast.admin.token)).result;
}

describe('importing due-diligence comments', () => {
  it('imports the good rows of a CSV (BOM, quoted commas and lines, Chinese) and reports every row', async () => {
    const db = t.database.db;
    const c = await buildCase(db, { ao_id: cast.ao.id });
    const wang = await buildClient(db, { name: '王小明', email: `wang-${c.id}@test.example` });
    const lin = await buildClient(db, { name: '林小華' });
    const file = csv(
      [
        'Content,Client_Email,client_id,created_at,note',
        `"財報核對, 無重大異常",WANG-${c.id}@TEST.EXAMPLE,,2024-03-01,忽略此欄`,
        `"創辦人背景查核：\n無訴訟紀錄",,${lin.id},2024/03/02 14:30,`,
        ',someone@test.example,,,',
        '查核專利,nobody@nowhere.example,,,',
        '',
        '"他說""很好""",,,2024-02-30,',
        `${'長'.repeat(10_001)},,,,`,
        '客戶編號錯誤,,abc,,',
        '未來日期,,,2999-01-01,',
        `兩個客戶不一致,wang-${c.id}@test.example,${lin.id},,`,
        '有時區的日期,,,2024-03-05T10:00:00Z,',
      ].join('\r\n'),
    );
    const report = dataOf<Report>(await upload(t, importUrl(c.id), cast.ao.token, [file]));

    const rows = await dbRows(c.id);
    const idOf = (content: string) => rows.find((r) => r.content === content)?.id;
    expect(report).toEqual({
      imported: 3,
      refused: 7,
      rows: [
        { row: 2, status: 'imported', id: idOf('財報核對, 無重大異常') },
        { row: 3, status: 'imported', id: idOf('創辦人背景查核：\n無訴訟紀錄') },
        { row: 4, status: 'refused', reason: 'Empty content; Unknown client someone@test.example' },
        { row: 5, status: 'refused', reason: 'Unknown client nobody@nowhere.example' },
        {
          row: 7,
          status: 'refused',
          reason: 'Bad date "2024-02-30": use YYYY-MM-DD, YYYY/MM/DD or an ISO 8601 date and time',
        },
        { row: 8, status: 'refused', reason: 'Content is too long: 10001 characters, at most 10000' },
        { row: 9, status: 'refused', reason: 'client_id "abc" is not a client id' },
        { row: 10, status: 'refused', reason: 'Date "2999-01-01" is in the future' },
        { row: 11, status: 'refused', reason: 'client_email and client_id name different clients' },
        { row: 12, status: 'imported', id: idOf('有時區的日期') },
      ],
    });

    // Newest first; dates without a zone are Taipei time.
    expect(rows).toEqual([
      expect.objectContaining({
        content: '有時區的日期',
        client_id: null,
        created_at: '2024-03-05T10:00:00.000Z',
      }),
      expect.objectContaining({
        content: '創辦人背景查核：\n無訴訟紀錄',
        client_id: lin.id,
        created_at: '2024-03-02T06:30:00.000Z',
      }),
      expect.objectContaining({
        content: '財報核對, 無重大異常',
        client_id: wang.id,
        created_at: '2024-02-29T16:00:00.000Z',
      }),
    ]);

    const log = await caseLog(t, cast.ao.token, c.id);
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({
      action: 'dd.import',
      actor: { type: 'employee', id: cast.ao.id },
      changes: {
        ids: { from: null, to: report.rows.flatMap((r) => (r.id ? [r.id] : [])) },
        file: { from: null, to: 'dd.csv' },
        refused: { from: null, to: 7 },
      },
    });
  });

  it('imports the first sheet of an XLSX: typed dates, numbers, rich text and email links', async () => {
    const db = t.database.db;
    const c = await buildCase(db, { ao_id: cast.ao.id });
    const chen = await buildClient(db, { name: '陳大文', email: `chen-${c.id}@test.example` });
    const data = await xlsx((wb) => {
      const sheet = wb.addWorksheet('查核');
      sheet.addRow(['content', 'client email', 'client_id', 'Created At']);
      sheet.addRow([
        '董事會紀錄已調閱',
        { text: `chen-${c.id}@test.example`, hyperlink: `mailto:chen-${c.id}@test.example` },
        null,
        new Date(Date.UTC(2024, 4, 1, 9, 0)),
      ]);
      sheet.addRow([
        { richText: [{ text: '粗體' }, { font: { bold: true }, text: '內容' }] },
        null,
        chen.id,
        null,
      ]);
      sheet.addRow([12345, null, null, '2024-05-03']);
      sheet.addRow(['', `chen-${c.id}@test.example`, null, null]);
      sheet.addRow(['不存在的客戶', null, 2147483000, null]);
      const other = wb.addWorksheet('其他');
      other.addRow(['content']);
      other.addRow(['第二個工作表不會匯入']);
    });
    const report = dataOf<Report>(
      await upload(t, importUrl(c.id), cast.admin.token, [
        {
          filename: 'dd.xlsx',
          type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          data,
        },
      ]),
    );
    expect(report).toMatchObject({
      imported: 3,
      refused: 2,
      rows: [
        { row: 2, status: 'imported', id: expect.any(Number) },
        { row: 3, status: 'imported', id: expect.any(Number) },
        { row: 4, status: 'imported', id: expect.any(Number) },
        { row: 5, status: 'refused', reason: 'Empty content' },
        { row: 6, status: 'refused', reason: 'Unknown client id 2147483000' },
      ],
    });
    const rows = await dbRows(c.id);
    expect(rows.map((r) => [r.content, r.client_id, r.created_at])).toEqual(
      expect.arrayContaining([
        ['董事會紀錄已調閱', chen.id, '2024-05-01T01:00:00.000Z'],
        ['粗體內容', chen.id, expect.any(String)],
        ['12345', null, '2024-05-02T16:00:00.000Z'],
      ]),
    );
    expect(rows).toHaveLength(3);
  });

  it('takes a file larger than the JSON body limit, up to 5 MB', async () => {
    const c = await buildCase(t.database.db, { ao_id: cast.ao.id });
    const rows = Array.from({ length: 3000 }, (_, i) => `"第 ${i} 則：${'查核'.repeat(200)}"`).join('\n');
    const file = csv(`content\n${rows}\n`);
    expect(Buffer.byteLength(file.data)).toBeGreaterThan(3 * 1024 * 1024);
    const report = dataOf<Report>(await upload(t, importUrl(c.id), cast.ao.token, [file]));
    expect(report).toMatchObject({ imported: 3000, refused: 0 });
    expect(dataOf<ListBody>(await call('GET', `${listUrl(c.id)}?size=1`, cast.ao.token)).count).toBe(3000);
  });

  it('reports without writing when every row is refused', async () => {
    const c = await buildCase(t.database.db, { ao_id: cast.ao.id });
    const report = dataOf<Report>(
      await upload(t, importUrl(c.id), cast.ao.token, [
        csv('content,client_id\n,999999998\n空白客戶,999999999\n'),
      ]),
    );
    expect(report).toEqual({
      imported: 0,
      refused: 2,
      rows: [
        { row: 2, status: 'refused', reason: 'Empty content; Unknown client id 999999998' },
        { row: 3, status: 'refused', reason: 'Unknown client id 999999999' },
      ],
    });
    expect(await dbRows(c.id)).toEqual([]);
    expect(await caseLog(t, cast.ao.token, c.id)).toEqual([]);
  });
});

describe('files the import refuses', () => {
  const refused = async (files: Parameters<typeof upload>[3], status: number, code: string) => {
    const c = await buildCase(t.database.db, { ao_id: cast.ao.id });
    const error = expectErrorShape(await upload(t, importUrl(c.id), cast.ao.token, files), status, code);
    expect(await dbRows(c.id)).toEqual([]);
    return error.message;
  };

  it('refuses what is not a CSV or an XLSX, saying what to send', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
    expect(
      await refused([{ filename: 'photo.png', type: 'image/png', data: png }], 400, 'IMPORT_FILE_TYPE'),
    ).toMatch(/CSV/);
    const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.from([0, 0xff, 0xfe, 0x00])]);
    await refused([{ filename: 'dd.pdf', data: pdf }], 400, 'IMPORT_FILE_TYPE');
    // "內容" in Big5, as a spreadsheet saved without choosing UTF-8 would write it.
    const big5 = Buffer.from([0xa4, 0xba, 0xae, 0x65, 0x0a, 0xb4, 0xfa, 0xb8, 0xd5]);
    expect(await refused([{ filename: 'big5.csv', data: big5 }], 400, 'IMPORT_FILE_TYPE')).toMatch(/UTF-8/);
    const xls = Buffer.from('d0cf11e0a1b11ae1000000000000000000000000', 'hex');
    expect(await refused([{ filename: 'old.xls', data: xls }], 400, 'IMPORT_FILE_TYPE')).toMatch(/\.xls/);
    const good = await xlsx((wb) => wb.addWorksheet('a').addRow(['content']));
    expect(
      await refused([{ filename: 'broken.xlsx', data: good.subarray(0, 200) }], 400, 'IMPORT_FILE_TYPE'),
    ).toBe('The file is a zip archive but not an XLSX workbook');
  });

  it('refuses a file it cannot read or without a content column', async () => {
    expect(await refused([csv('content\n"never closed\n')], 400, 'IMPORT_FILE_UNREADABLE')).toMatch(
      /^The CSV file cannot be read: /,
    );
    expect(await refused([{ filename: 'empty.csv', data: '' }], 400, 'IMPORT_FILE_UNREADABLE')).toBe(
      'The file is empty',
    );
    await refused([csv('note,client_email\n查核,a@b.example\n')], 400, 'IMPORT_COLUMNS_MISSING');
    const rows = Array.from({ length: 5001 }, (_, i) => `第 ${i} 則`).join('\n');
    expect(await refused([csv(`content\n${rows}\n`)], 400, 'IMPORT_TOO_MANY_ROWS')).toMatch(
      /more than 5000 rows/,
    );
  });

  it('refuses a workbook that lies about its size: 2 MiB declaring 100 bytes, inflating to 2 GiB', async () => {
    const data = buildZip([
      { name: '[Content_Types].xml', data: Buffer.from('<Types/>'), method: 0, size: 8 },
      { name: 'xl/worksheets/sheet1.xml', data: await zeroDeflate(2048), size: 100 },
    ]);
    expect(data.length).toBeLessThan(2.2 * 1024 * 1024);
    const c = await buildCase(t.database.db, { ao_id: cast.ao.id });
    const before = process.memoryUsage.rss();
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage.rss());
    }, 2);
    const started = performance.now();
    const res = await upload(t, importUrl(c.id), cast.ao.token, [{ filename: 'bomb.xlsx', data }]);
    const ms = performance.now() - started;
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage.rss());
    const error = expectErrorShape(res, 413, 'ARCHIVE_TOO_LARGE');
    expect(error.message).toBe(
      'The workbook holds too much data for one import (more than 64 MB unpacked): split it',
    );
    // Inflating it all took 9 s and 2.2 GB; the guard stops just past 64 MiB.
    expect(ms).toBeLessThan(1500);
    expect(peak - before).toBeLessThan(128 * 1024 * 1024);
    expect(await dbRows(c.id)).toEqual([]);
  });

  it('refuses a workbook whose entries share their compressed data (overlapping zip bomb)', async () => {
    // 100 sheets over one 2 MiB kernel: each is small, together 200 MiB, in some 20 KB.
    const data = await overlappingBomb(100, 2);
    const started = performance.now();
    expect(await refused([{ filename: 'overlap.xlsx', data }], 400, 'IMPORT_FILE_TYPE')).toBe(
      'The file is a zip archive but not an XLSX workbook',
    );
    expect(performance.now() - started).toBeLessThan(1500);
  });

  it('needs exactly one file, in the field "file", of at most 5 MB', async () => {
    await refused([], 400, 'IMPORT_FILE_MISSING');
    expect(await refused([{ ...csv('content\nx\n'), field: 'upload' }], 400, 'IMPORT_FILE_MISSING')).toBe(
      'Send the file in the field "file", not "upload"',
    );
    expect(await refused([csv('content\nx\n'), csv('content\ny\n')], 400, 'IMPORT_FILE_MISSING')).toBe(
      'Send one file only',
    );
    const big = `content\n${'查核內容'.repeat(450_000)}\n`;
    await refused([csv(big)], 413, 'IMPORT_FILE_TOO_LARGE');
    const c = await buildCase(t.database.db, { ao_id: cast.ao.id });
    expectErrorShape(
      await call('POST', importUrl(c.id), cast.ao.token, { content: 'x' }),
      400,
      'IMPORT_FILE_MISSING',
    );
  });

  it('refuses a cell with NUL or a lone surrogate, naming its row and column (issue #7)', async () => {
    const xlsxFile = async (rows: unknown[][]) => ({
      filename: 'dd.xlsx',
      data: await xlsx((wb) => {
        const sheet = wb.addWorksheet('查核');
        for (const row of rows) sheet.addRow(row);
      }),
    });
    // A CSV in UTF-8 can carry a NUL; a lone surrogate has no UTF-8 form, so it cannot.
    expect(
      await refused([csv('content,note\n正常,\n查核\u0000內容,x\n')], 400, 'IMPORT_FILE_UNREADABLE'),
    ).toBe('Row 3, column A (content): must not contain NUL characters');
    // XLSX escapes characters XML cannot hold as _xHHHH_, and the reader decodes them.
    expect(
      await refused(
        [
          await xlsxFile([
            ['client_id', 'content'],
            [null, '查核_x0000_'],
          ]),
        ],
        400,
        'IMPORT_FILE_UNREADABLE',
      ),
    ).toBe('Row 2, column B (content): must not contain NUL characters');
    expect(
      await refused(
        [
          await xlsxFile([
            ['content', 'note'],
            ['ok', 'x'],
            ['fine', { richText: [{ text: 'a_xD800_b' }] }],
          ]),
        ],
        400,
        'IMPORT_FILE_UNREADABLE',
      ),
    ).toBe('Row 3, column B (note): must be valid Unicode text');
    expect(
      await refused(
        [
          await xlsxFile([
            ['content', 'x_xDC00_'],
            ['ok', null],
          ]),
        ],
        400,
        'IMPORT_FILE_UNREADABLE',
      ),
    ).toBe('Row 1, column B: must be valid Unicode text');
  });

  it('refuses a file name with a NUL, which the history could not keep (issue #7)', async () => {
    const c = await buildCase(t.database.db, { ao_id: cast.ao.id });
    const res = await upload(t, importUrl(c.id), cast.ao.token, [
      { ...csv('content\nx\n'), filename: 'a\u0000.csv' },
    ]);
    const error = expectErrorShape(res, 400, 'VALIDATION_FAILED') as { details?: unknown };
    expect(error.details).toEqual([
      { field: 'file.filename', message: 'must not contain NUL characters', kind: 'invalid_characters' },
    ]);
    expect(await dbRows(c.id)).toEqual([]);
  });

  it('checks the case and the caller before reading the file', async () => {
    const db = t.database.db;
    const theirs = await buildCase(db, { ao_id: cast.otherAo.id });
    const gone = await buildCase(db, { ao_id: cast.ao.id, is_deleted: true });
    const junk = [{ filename: 'junk.bin', data: Buffer.from([0, 1, 2, 0xff]) }];
    expectErrorShape(await upload(t, importUrl(theirs.id), cast.ao.token, junk), 403, 'FORBIDDEN');
    expectErrorShape(await upload(t, importUrl(gone.id), cast.ao.token, junk), 404, 'CASE_NOT_FOUND');
    expectErrorShape(await upload(t, importUrl(99999999), cast.admin.token, junk), 404, 'CASE_NOT_FOUND');
    expectErrorShape(await upload(t, importUrl(theirs.id), undefined, junk), 401);
    expectErrorShape(await upload(t, importUrl(theirs.id), cast.investor, junk), 403, 'WRONG_STRATEGY');
    expectErrorShape(await upload(t, importUrl(theirs.id), cast.ir.token, junk), 403, 'FORBIDDEN');
    // The AO of the case and an admin may import.
    expect(
      (await upload(t, importUrl(theirs.id), cast.otherAo.token, [csv('content\n甲\n')])).statusCode,
    ).toBe(200);
    expect((await upload(t, importUrl(theirs.id), cast.admin.token, [csv('content\n乙\n')])).statusCode).toBe(
      200,
    );
  });
});

describe('any file the import is sent (issue #7)', () => {
  // Cells of any UTF-16 code units (NUL and lone surrogates included), quotes, separators and line
  // breaks, in the columns the import reads: every answer is a report or a 4xx, never a 5xx.
  const unit = fc.oneof(
    { weight: 4, arbitrary: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)) },
    {
      weight: 1,
      arbitrary: fc.constantFrom('"', ',', '\n', '\r', '_x0000_', '_xD800_', '\uFEFF', '2024-01-01'),
    },
  );
  const cell = fc.oneof(fc.string({ unit, maxLength: 12 }), fc.integer().map(String), fc.constant(''));
  const header = fc.shuffledSubarray(['content', 'client_email', 'client_id', 'created_at', 'note'], {
    minLength: 1,
  });
  const sheet = header.chain((columns) =>
    fc.record({
      columns: fc.constant(columns),
      rows: fc.array(fc.array(cell, { minLength: columns.length, maxLength: columns.length }), {
        maxLength: 4,
      }),
    }),
  );
  const csvCell = (v: string) => `"${v.replaceAll('"', '""')}"`;

  const expectNo5xx = async (caseId: number, file: Parameters<typeof upload>[3][number]) => {
    const res = await upload(t, importUrl(caseId), cast.admin.token, [file]);
    if (res.statusCode >= 500) throw new Error(`${res.statusCode} ${res.body}`);
    if (res.statusCode !== 200) expectErrorShape(res, res.statusCode);
  };

  it('as CSV (a lone surrogate sent as the bytes a careless encoder makes)', async () => {
    const c = await buildCase(t.database.db);
    await fc.assert(
      fc.asyncProperty(sheet, async ({ columns, rows }) => {
        const text = [columns, ...rows].map((r) => r.map(csvCell).join(',')).join('\r\n');
        // WTF-8: what Buffer.from would replace with U+FFFD, kept as the invalid bytes.
        const bytes = Buffer.concat(
          Array.from(text).map((ch) => {
            const code = ch.charCodeAt(0);
            if (ch.length === 1 && code >= 0xd800 && code <= 0xdfff) {
              return Buffer.from([0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]);
            }
            return Buffer.from(ch, 'utf8');
          }),
        );
        await expectNo5xx(c.id, { filename: 'dd.csv', data: bytes });
      }),
      { numRuns: 40 },
    );
  });

  it('as XLSX', async () => {
    const c = await buildCase(t.database.db);
    await fc.assert(
      fc.asyncProperty(sheet, async ({ columns, rows }) => {
        const data = await xlsx((wb) => {
          const ws = wb.addWorksheet('dd');
          for (const r of [columns, ...rows]) ws.addRow(r);
        });
        await expectNo5xx(c.id, { filename: 'dd.xlsx', data });
      }),
      { numRuns: 40 },
    );
  });
});
