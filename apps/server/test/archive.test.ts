import { deflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { checkZipArchive, type ZipLimits } from '../src/lib/archive.ts';
import { AppError } from '../src/lib/errors.ts';
import { buildZip, overlappingBomb, zeroDeflate } from './zipBombs.ts';

const MiB = 1024 * 1024;
const limits: ZipLimits = { maxTotalBytes: 64 * MiB, maxEntries: 100 };
const unreadable = (reason: string) => new AppError('IMPORT_FILE_TYPE', { message: `unreadable: ${reason}` });
const check = (data: Buffer, l: ZipLimits = limits) => checkZipArchive(data, { limits: l, unreadable });

async function refusal(data: Buffer, l: ZipLimits = limits): Promise<AppError> {
  try {
    await check(data, l);
  } catch (err) {
    if (err instanceof AppError) return err;
    throw err;
  }
  throw new Error('the archive was accepted');
}

/** Runs `fn` while sampling the resident set size; returns the largest growth seen, in bytes. */
async function peakRssGrowth<T>(fn: () => Promise<T>): Promise<{ growth: number; ms: number }> {
  const before = process.memoryUsage.rss();
  let peak = before;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 2);
  const started = performance.now();
  try {
    await fn().catch(() => undefined);
  } finally {
    clearInterval(timer);
  }
  const ms = performance.now() - started;
  peak = Math.max(peak, process.memoryUsage.rss());
  return { growth: peak - before, ms };
}

describe('the zip guard', () => {
  it('passes a real workbook and reports what each entry inflates to', async () => {
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('a').addRow(['content', '內容']);
    const data = Buffer.from(await wb.xlsx.writeBuffer());
    const entries = await check(data);
    expect(entries.map((e) => e.name)).toContain('xl/worksheets/sheet1.xml');
    const sheet = entries.find((e) => e.name === 'xl/worksheets/sheet1.xml');
    expect(sheet?.size).toBeGreaterThan(sheet?.compressedSize ?? Number.POSITIVE_INFINITY);
  });

  it('refuses a 2 MiB entry declaring 100 bytes that inflates to 2 GiB, fast and in little memory', async () => {
    const deflated = await zeroDeflate(2048);
    expect(deflated.length).toBeLessThan(2.2 * MiB);
    const bomb = buildZip([{ name: 'xl/worksheets/sheet1.xml', data: deflated, size: 100 }]);
    let error: unknown;
    const { growth, ms } = await peakRssGrowth(() =>
      check(bomb).catch((err: unknown) => {
        error = err;
      }),
    );
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('ARCHIVE_TOO_LARGE');
    expect((error as AppError).status).toBe(413);
    // Stopped right after the 64 MiB limit: inflating the whole 2 GiB takes seconds.
    expect(ms).toBeLessThan(1000);
    expect(growth).toBeLessThan(64 * MiB);
  });

  it('counts all entries together: many honest entries, each within the limit, are refused', async () => {
    const fourMib = await zeroDeflate(4);
    const entries = Array.from({ length: 20 }, (_, i) => ({ name: `e${i}`, data: fourMib, size: 4 * MiB }));
    // The declared sizes alone already tell (80 MiB); lying about them still does not help.
    expect((await refusal(buildZip(entries))).code).toBe('ARCHIVE_TOO_LARGE');
    // An entry that inflates to other than it declares is refused as soon as it is counted (it
    // is no workbook: JSZip checks the size too, after inflating it all).
    const lying = entries.map((e) => ({ ...e, size: 10 }));
    expect((await refusal(buildZip(lying))).message).toMatch(/declares 10 bytes, holds 4194304/);
    expect(await check(buildZip(entries.slice(0, 15)))).toHaveLength(15);
  });

  it('holds one entry to its own limit and the entry count to its limit', async () => {
    const fourMib = await zeroDeflate(4);
    const one = buildZip([{ name: 'big', data: fourMib, size: 1 }]);
    expect((await refusal(one, { ...limits, maxEntryBytes: 2 * MiB })).code).toBe('ARCHIVE_TOO_LARGE');
    const tiny = deflateRawSync(Buffer.from('x'));
    const many = buildZip(Array.from({ length: 101 }, (_, i) => ({ name: `f${i}`, data: tiny, size: 1 })));
    const error = await refusal(many);
    expect(error.code).toBe('ARCHIVE_TOO_LARGE');
    expect(error.details).toEqual({ max_unpacked_bytes: 64 * MiB, max_entries: 100 });
    expect(await check(many, { ...limits, maxEntries: 101 })).toHaveLength(101);
  });

  it('refuses entries that share compressed data (the overlapping zip bomb) without inflating them', async () => {
    // 200 entries over one 1 MiB kernel: 200 MiB declared truthfully, each entry ~1 MiB.
    const bomb = await overlappingBomb(200, 1);
    expect(bomb.length).toBeLessThan(64 * 1024);
    const { ms } = await peakRssGrowth(async () => {
      const error = await refusal(bomb, { maxTotalBytes: 1024 * MiB, maxEntries: 1000 });
      expect(error.message).toBe('unreadable: overlapping entries');
    });
    expect(ms).toBeLessThan(200);
  });

  it('refuses a local header that disagrees with the central directory', async () => {
    const text = Buffer.from('<sheet/>'.repeat(100));
    const data = deflateRawSync(text);
    const entry = { name: 'xl/worksheets/sheet1.xml', data, size: text.length };
    expect(await check(buildZip([entry]))).toEqual([
      { name: entry.name, compressedSize: data.length, size: text.length },
    ]);
    const cases = [
      [{ name: 'xl/worksheets/sheet2.xml' }, /name differs/],
      [{ method: 0 }, /method or flags differ/],
      [{ size: 100 }, /sizes differ/],
      [{ compressedSize: data.length + 1000 }, /sizes differ/],
    ] as const;
    for (const [local, reason] of cases) {
      expect((await refusal(buildZip([{ ...entry, local }]))).message).toMatch(reason);
    }
  });

  it('refuses what readers would read two ways or not at all', async () => {
    const text = Buffer.from('hello');
    const good = buildZip([{ name: 'a.txt', data: text, method: 0, size: 5 }]);
    const messageOf = async (data: Buffer) => (await refusal(data)).message;
    expect(await messageOf(Buffer.concat([Buffer.from('prefix'), good]))).toMatch(/not where the end record/);
    expect(await messageOf(Buffer.concat([good, Buffer.from('x')]))).toMatch(/no end of central|trailing/);
    expect(await messageOf(good.subarray(0, 30))).toMatch(/no end of central/);
    expect(await messageOf(buildZip([{ name: 'a', data: Buffer.from([1, 2, 3]), size: 3 }]))).toMatch(
      /inflate failed/,
    );
    const encrypted = Buffer.from(good);
    encrypted.writeUInt16LE(0x0801, good.length - 22 - (46 + 'a.txt'.length) + 8);
    expect(await messageOf(encrypted)).toMatch(/encrypted/);
    expect(await check(good)).toEqual([{ name: 'a.txt', compressedSize: 5, size: 5 }]);
  });
});
