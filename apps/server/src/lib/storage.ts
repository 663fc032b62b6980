/**
 * The one file store (ARCHITECTURE "Cross-cutting services: Files"): `put` a stream, `get` it back
 * as a stream, `delete` it. Local disk under DATA_DIR/files; an S3-compatible store can implement
 * the same interface (s3Store.ts, chosen when S3_* settings are given).
 *
 * - Keys are 128 random bits: nothing about a file (its client, its name, the order of uploads)
 *   can be guessed from one, and the bytes are only ever served through an authorised route.
 * - Writes are atomic: bytes go to a temporary file in the store's own folder (same file system),
 *   are flushed to disk, and only then renamed to their key. A reader never sees half a file, and
 *   a failed or refused upload leaves nothing behind.
 * - The size limit is counted on the bytes as they stream in, never taken from a header: the
 *   write stops (and the temporary file goes) as soon as one byte more than the limit arrives.
 * - `inspect` sees the complete temporary file before it is kept, so a caller can refuse content
 *   (see fileTypes.ts) and nothing unaccepted ever enters the store.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { type Readable, Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** The first bytes of an upload, kept for sniffing its type. */
export const HEAD_BYTES = 8192;

export interface StagedFile {
  /** The complete temporary file (read it, do not move it). */
  path: string;
  size: number;
  sha256: string;
  head: Buffer;
}

export interface PutOptions<T> {
  /** More bytes than this are refused while streaming. */
  maxBytes: number;
  /** The error thrown when the limit is passed. */
  tooLarge: () => Error;
  /** Checks the complete file before it is kept; what it returns comes back from `put`. */
  inspect?: (staged: StagedFile) => Promise<T>;
}

export interface StoredFile<T = undefined> {
  key: string;
  size: number;
  sha256: string;
  inspected: T;
}

export interface FileStore {
  put<T = undefined>(source: Readable, options: PutOptions<T>): Promise<StoredFile<T>>;
  /** The bytes of a key; throws `StoredFileMissing` when there are none. */
  get(key: string): Promise<{ stream: Readable; size: number }>;
  /** Removes the bytes of a key; a key already gone is not an error. */
  delete(key: string): Promise<void>;
  /** Releases what the store holds open (connections); the app calls it when it closes. */
  close?(): Promise<void>;
}

export class StoredFileMissing extends Error {
  constructor(key: string) {
    super(`no stored file under key ${key}`);
    this.name = 'StoredFileMissing';
  }
}

const KEY = /^[0-9a-f]{32}$/;

/** Counts, hashes and keeps the head of the bytes passing through; errors past the limit. */
class Meter extends Transform {
  size = 0;
  readonly hash = createHash('sha256');
  private readonly headChunks: Buffer[] = [];
  private headLength = 0;

  constructor(
    private readonly maxBytes: number,
    private readonly tooLarge: () => Error,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.size += chunk.length;
    if (this.size > this.maxBytes) {
      done(this.tooLarge());
      return;
    }
    this.hash.update(chunk);
    if (this.headLength < HEAD_BYTES) {
      const part = chunk.subarray(0, HEAD_BYTES - this.headLength);
      this.headChunks.push(part);
      this.headLength += part.length;
    }
    done(null, chunk);
  }

  head(): Buffer {
    return Buffer.concat(this.headChunks);
  }
}

/**
 * Streams `source` into a temporary file of `tmpDir` (counted, hashed, its head kept), lets
 * `inspect` see the complete file, then hands it to `keep` under a fresh random key. The temporary
 * file is removed whatever happens: refused, broken off or kept (a rename leaves nothing to remove).
 */
export async function stageAndKeep<T>(
  tmpDir: string,
  source: Readable,
  options: PutOptions<T>,
  keep: (tmp: string, key: string, staged: StagedFile) => Promise<void>,
): Promise<StoredFile<T>> {
  await mkdir(tmpDir, { recursive: true, mode: 0o700 });
  const key = randomBytes(16).toString('hex');
  const tmp = path.join(tmpDir, `${key}.part`);
  const meter = new Meter(options.maxBytes, options.tooLarge);
  // Opened before any byte is read, so a failure below always finds the file to remove.
  const handle = await open(tmp, 'wx', 0o600);
  try {
    // `flush`: the bytes reach the disk before the file is closed, so what is kept is never
    // content still only in the page cache. The stream closes the handle.
    await pipeline(source, meter, handle.createWriteStream({ flush: true }));
    const staged: StagedFile = {
      path: tmp,
      size: meter.size,
      sha256: meter.hash.digest('hex'),
      head: meter.head(),
    };
    const inspected = (options.inspect ? await options.inspect(staged) : undefined) as T;
    await keep(tmp, key, staged);
    return { key, size: staged.size, sha256: staged.sha256, inspected };
  } finally {
    await rm(tmp, { force: true });
  }
}

/** Keys are made by the stores; one from elsewhere that is not ours could name another path or object. */
export function isStoreKey(key: string): boolean {
  return KEY.test(key);
}

/** The local-disk store: `<dir>/<first 2 hex digits of the key>/<key>`, temporary files in `<dir>/.tmp`. */
export function createLocalFileStore(dir: string): FileStore {
  const root = path.resolve(dir);
  const tmpDir = path.join(root, '.tmp');
  const pathOf = (key: string) => {
    if (!KEY.test(key)) throw new StoredFileMissing(key);
    return path.join(root, key.slice(0, 2), key);
  };

  return {
    put<T>(source: Readable, options: PutOptions<T>): Promise<StoredFile<T>> {
      return stageAndKeep(tmpDir, source, options, async (tmp, key) => {
        const target = pathOf(key);
        await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
        await rename(tmp, target);
      });
    },

    async get(key: string) {
      const file = pathOf(key);
      try {
        const info = await stat(file);
        return { stream: createReadStream(file), size: info.size };
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw new StoredFileMissing(key);
        throw err;
      }
    },

    async delete(key: string) {
      if (!KEY.test(key)) return;
      await rm(pathOf(key), { force: true });
    },
  };
}
