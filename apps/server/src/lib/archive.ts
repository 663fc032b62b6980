/**
 * Guard for zip-based uploads (XLSX today; DOCX and PPTX share the format): before a reader such
 * as ExcelJS (JSZip inside) inflates an archive into memory, every entry is really inflated here,
 * counting the bytes that come out, and the archive is refused as soon as one entry or all of them
 * together pass a limit. Nothing the archive declares is trusted for that: a 2 MiB file declaring
 * 100 bytes that inflates to 2 GiB is stopped a few dozen milliseconds after the limit.
 *
 * What the reader will inflate is exactly what is counted here, because anything a reader could
 * take two ways is refused instead of guessed at: a central directory that does not end right
 * where its end record says (bytes prepended or inserted), a local header that disagrees with its
 * central directory entry (name, method, flags, sizes), entries whose bytes overlap (the "better
 * zip bomb" that makes thousands of entries share one compressed kernel), encryption, and methods
 * other than stored and deflate (JSZip reads no others).
 *
 * Memory stays bounded: inflated bytes are counted and dropped chunk by chunk (64 KiB), never kept.
 * Inflation uses node:zlib's streaming inflater (native, nothing to install, in Node 20; it runs
 * off the event loop). yauzl (MIT) was the alternative: it also refuses overlapping entries, but it
 * reads from a file or a random-access reader and would add a dependency for what 200 lines do over
 * a buffer the upload already holds. CRCs are not checked: they bound nothing.
 */
import { createInflateRaw } from 'node:zlib';
import { AppError } from './errors.ts';

export interface ZipLimits {
  /** Inflated bytes of all entries together. */
  maxTotalBytes: number;
  /** Inflated bytes of one entry; the total when not given. */
  maxEntryBytes?: number;
  /** Entries in the central directory. */
  maxEntries: number;
}

export interface ZipGuardOptions {
  limits: ZipLimits;
  /**
   * The error for a file this guard cannot vouch for (malformed, ambiguous, encrypted): each kind
   * of upload words it its own way ("not an XLSX workbook"). `reason` is for the log.
   */
  unreadable: (reason: string) => AppError;
  /** Message of the ARCHIVE_TOO_LARGE error, naming the kind of file ("The workbook holds…"). */
  tooLargeMessage?: string;
}

export interface ZipEntrySummary {
  name: string;
  compressedSize: number;
  /** Inflated size, as counted (and equal to the declared one, or the archive was refused). */
  size: number;
}

const SIG_LOCAL = 0x04034b50;
const SIG_CENTRAL = 0x02014b50;
const SIG_END = 0x06054b50;
const SIG_END64 = 0x06064b50;
const SIG_END64_LOCATOR = 0x07064b50;
const MAX16 = 0xffff;
const MAX32 = 0xffffffff;
const FLAG_ENCRYPTED = 0x0001;
const FLAG_DATA_DESCRIPTOR = 0x0008;
const METHOD_STORED = 0;
const METHOD_DEFLATE = 8;
const CHUNK = 64 * 1024;

interface Entry {
  name: Buffer;
  flags: number;
  method: number;
  compressedSize: number;
  size: number;
  offset: number;
  dataStart: number;
}

class Unreadable extends Error {}
class TooLarge extends Error {}

/**
 * Checks a zip held in memory against the limits by inflating every entry; resolves with the
 * entries when the archive is within them. Throws ARCHIVE_TOO_LARGE (413) past a limit, and the
 * caller's `unreadable` error for anything it cannot vouch for.
 */
export async function checkZipArchive(data: Buffer, options: ZipGuardOptions): Promise<ZipEntrySummary[]> {
  const { limits } = options;
  const maxEntryBytes = Math.min(limits.maxEntryBytes ?? limits.maxTotalBytes, limits.maxTotalBytes);
  try {
    const entries = readEntries(data, limits.maxEntries);
    // What the archive declares is only a first, cheap refusal; the count below is what holds.
    const declared = entries.reduce((sum, e) => sum + e.size, 0);
    if (declared > limits.maxTotalBytes || entries.some((e) => e.size > maxEntryBytes)) {
      throw new TooLarge(`declares ${declared} bytes`);
    }
    const summary: ZipEntrySummary[] = [];
    let total = 0;
    for (const entry of entries) {
      const compressed = data.subarray(entry.dataStart, entry.dataStart + entry.compressedSize);
      const allowed = Math.min(maxEntryBytes, limits.maxTotalBytes - total);
      const size =
        entry.method === METHOD_STORED ? compressed.length : await inflatedSize(compressed, allowed);
      if (size > allowed) throw new TooLarge(`more than ${limits.maxTotalBytes} bytes inflated`);
      if (size !== entry.size) {
        throw new Unreadable(`entry ${entry.name.toString()} declares ${entry.size} bytes, holds ${size}`);
      }
      total += size;
      summary.push({ name: entry.name.toString('utf8'), compressedSize: entry.compressedSize, size });
    }
    return summary;
  } catch (err) {
    if (err instanceof TooLarge) {
      throw new AppError('ARCHIVE_TOO_LARGE', {
        message: options.tooLargeMessage ?? 'The file holds too much data once unpacked',
        details: { max_unpacked_bytes: limits.maxTotalBytes, max_entries: limits.maxEntries },
      });
    }
    if (err instanceof Unreadable) throw options.unreadable(err.message);
    throw err;
  }
}

/**
 * Inflates raw deflate data, keeping nothing, and returns how many bytes came out; stops (and
 * returns more than `allowed`) as soon as the count passes `allowed`.
 */
function inflatedSize(compressed: Buffer, allowed: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const inflater = createInflateRaw({ chunkSize: CHUNK });
    let count = 0;
    let settled = false;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      fn();
    };
    inflater.on('data', (chunk: Buffer) => {
      count += chunk.length;
      if (count > allowed) {
        inflater.destroy();
        settle(() => resolve(count));
      }
    });
    inflater.on('end', () => settle(() => resolve(count)));
    inflater.on('error', (err) => settle(() => reject(new Unreadable(`inflate failed: ${err.message}`))));
    inflater.end(compressed);
  });
}

/** The central directory, checked against the end record and every local header. */
function readEntries(data: Buffer, maxEntries: number): Entry[] {
  const end = findEndRecord(data);
  if (end.count > maxEntries) throw new TooLarge(`${end.count} entries`);
  const entries: Entry[] = [];
  let p = end.cdOffset;
  for (let i = 0; i < end.count; i++) {
    need(data, p, 46);
    if (data.readUInt32LE(p) !== SIG_CENTRAL) throw new Unreadable('bad central directory entry');
    const flags = data.readUInt16LE(p + 8);
    const method = data.readUInt16LE(p + 10);
    let compressedSize = data.readUInt32LE(p + 20);
    let size = data.readUInt32LE(p + 24);
    const nameLength = data.readUInt16LE(p + 28);
    const extraLength = data.readUInt16LE(p + 30);
    const commentLength = data.readUInt16LE(p + 32);
    const disk = data.readUInt16LE(p + 34);
    let offset = data.readUInt32LE(p + 42);
    need(data, p + 46, nameLength + extraLength + commentLength);
    const name = data.subarray(p + 46, p + 46 + nameLength);
    if (size === MAX32 || compressedSize === MAX32 || offset === MAX32) {
      // Zip64: the real values sit in the extra field, in this order, only for those that overflowed.
      const z = zip64Extra(data.subarray(p + 46 + nameLength, p + 46 + nameLength + extraLength));
      if (size === MAX32) size = z.next();
      if (compressedSize === MAX32) compressedSize = z.next();
      if (offset === MAX32) offset = z.next();
    }
    if (flags & FLAG_ENCRYPTED) throw new Unreadable('encrypted entry');
    if (method !== METHOD_STORED && method !== METHOD_DEFLATE) throw new Unreadable(`method ${method}`);
    if (method === METHOD_STORED && compressedSize !== size) throw new Unreadable('stored sizes differ');
    if (disk !== 0 && disk !== MAX16) throw new Unreadable('multi-disk archive');
    entries.push({ name, flags, method, compressedSize, size, offset, dataStart: 0 });
    p += 46 + nameLength + extraLength + commentLength;
  }
  if (p !== end.cdOffset + end.cdSize) throw new Unreadable('central directory size mismatch');

  for (const entry of entries) entry.dataStart = checkLocalHeader(data, entry, end.cdOffset);
  // Entries must not share bytes: each one's header and data end before the next one starts.
  const byOffset = [...entries].sort((a, b) => a.offset - b.offset);
  for (let i = 1; i < byOffset.length; i++) {
    const prev = byOffset[i - 1]!;
    if (byOffset[i]!.offset < prev.dataStart + prev.compressedSize)
      throw new Unreadable('overlapping entries');
  }
  return entries;
}

/** The local header must say what the central directory says; returns where the data starts. */
function checkLocalHeader(data: Buffer, entry: Entry, cdOffset: number): number {
  const p = entry.offset;
  need(data, p, 30);
  if (data.readUInt32LE(p) !== SIG_LOCAL) throw new Unreadable('bad local header');
  const flags = data.readUInt16LE(p + 6);
  const method = data.readUInt16LE(p + 8);
  const nameLength = data.readUInt16LE(p + 26);
  const extraLength = data.readUInt16LE(p + 28);
  need(data, p + 30, nameLength + extraLength);
  const name = data.subarray(p + 30, p + 30 + nameLength);
  if (method !== entry.method || (flags & FLAG_ENCRYPTED) !== (entry.flags & FLAG_ENCRYPTED)) {
    throw new Unreadable('local header method or flags differ from the central directory');
  }
  if (!name.equals(entry.name)) throw new Unreadable('local header name differs from the central directory');
  if (!(flags & FLAG_DATA_DESCRIPTOR)) {
    // Without a data descriptor the local header carries the sizes too, and they must agree.
    let compressedSize = data.readUInt32LE(p + 18);
    let size = data.readUInt32LE(p + 22);
    if (size === MAX32 || compressedSize === MAX32) {
      const z = zip64Extra(data.subarray(p + 30 + nameLength, p + 30 + nameLength + extraLength));
      if (size === MAX32) size = z.next();
      if (compressedSize === MAX32) compressedSize = z.next();
    }
    if (size !== entry.size || compressedSize !== entry.compressedSize) {
      throw new Unreadable('local header sizes differ from the central directory');
    }
  }
  const dataStart = p + 30 + nameLength + extraLength;
  if (dataStart + entry.compressedSize > cdOffset) throw new Unreadable('entry data runs past the directory');
  return dataStart;
}

interface EndRecord {
  count: number;
  cdOffset: number;
  cdSize: number;
}

/**
 * The end of central directory record: the last one in the file (as JSZip takes it), which must
 * end the file exactly, with the central directory right before it (or before its zip64 records).
 */
function findEndRecord(data: Buffer): EndRecord {
  let at = -1;
  for (let i = data.length - 4; i >= Math.max(0, data.length - 22 - MAX16); i--) {
    if (data.readUInt32LE(i) === SIG_END) {
      at = i;
      break;
    }
  }
  if (at < 0 || at + 22 > data.length) throw new Unreadable('no end of central directory');
  if (at + 22 + data.readUInt16LE(at + 20) !== data.length) throw new Unreadable('trailing bytes');
  const diskEntries = data.readUInt16LE(at + 8);
  let count = data.readUInt16LE(at + 10);
  let cdSize = data.readUInt32LE(at + 12);
  let cdOffset = data.readUInt32LE(at + 16);
  if (data.readUInt16LE(at + 4) !== 0 || data.readUInt16LE(at + 6) !== 0 || diskEntries !== count) {
    throw new Unreadable('multi-disk archive');
  }
  let cdEnd = at;
  if (count === MAX16 || cdSize === MAX32 || cdOffset === MAX32) {
    const locator = at - 20;
    if (locator < 0 || data.readUInt32LE(locator) !== SIG_END64_LOCATOR)
      throw new Unreadable('no zip64 locator');
    const end64 = safeNumber(data.readBigUInt64LE(locator + 8));
    need(data, end64, 56);
    if (data.readUInt32LE(end64) !== SIG_END64) throw new Unreadable('bad zip64 end record');
    if (end64 + 12 + safeNumber(data.readBigUInt64LE(end64 + 4)) !== locator) {
      throw new Unreadable('zip64 end record size mismatch');
    }
    count = safeNumber(data.readBigUInt64LE(end64 + 32));
    cdSize = safeNumber(data.readBigUInt64LE(end64 + 40));
    cdOffset = safeNumber(data.readBigUInt64LE(end64 + 48));
    cdEnd = end64;
  }
  // Bytes before or inside the archive would make readers shift every offset (JSZip does): refused.
  if (cdOffset + cdSize !== cdEnd) throw new Unreadable('central directory is not where the end record says');
  return { count, cdOffset, cdSize };
}

/** Reads the zip64 extended information extra field (id 1): its 8-byte values, in order. */
function zip64Extra(extra: Buffer): { next: () => number } {
  for (let p = 0; p + 4 <= extra.length; ) {
    const id = extra.readUInt16LE(p);
    const length = extra.readUInt16LE(p + 2);
    if (p + 4 + length > extra.length) break;
    if (id === 0x0001) {
      let q = p + 4;
      const end = q + length;
      return {
        next: () => {
          if (q + 8 > end) throw new Unreadable('short zip64 extra field');
          const value = safeNumber(extra.readBigUInt64LE(q));
          q += 8;
          return value;
        },
      };
    }
    p += 4 + length;
  }
  throw new Unreadable('missing zip64 extra field');
}

function safeNumber(value: bigint): number {
  if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw new Unreadable('zip64 value out of range');
  return Number(value);
}

function need(data: Buffer, at: number, length: number): void {
  if (at < 0 || at + length > data.length) throw new Unreadable('truncated archive');
}
