import { createHash } from 'node:crypto';
import { statSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import type { UploadFileType } from '@dealflow/domain';
import { ConfigError, loadConfig } from '../src/config.ts';
import { identifyFile } from '../src/lib/fileTypes.ts';
import { StoredFileMissing } from '../src/lib/storage.ts';
import { newStoreUnderTest, STORAGE_KINDS } from './s3.ts';
import * as sample from './sampleFiles.ts';

const MiB = 1024 * 1024;
const tooLarge = () => new Error('too large');

/** `total` bytes in 64 KiB chunks, made only when read; `pulled()` says how many were. */
function lazySource(total: number) {
  let pulled = 0;
  const stream = new Readable({
    read() {
      if (pulled >= total) {
        this.push(null);
        return;
      }
      const n = Math.min(64 * 1024, total - pulled);
      pulled += n;
      this.push(Buffer.alloc(n, 0x41));
    },
  });
  return { stream, pulled: () => pulled };
}

// The same guarantees from every store: the local disk and an S3-compatible bucket (s3rver).
describe.each(STORAGE_KINDS)('the file store on %s', (kind) => {
  const newStore = () => newStoreUnderTest(kind);
  /** What the store holds, by key (temporary files by their own names). */
  const held = async (s: Awaited<ReturnType<typeof newStore>>) =>
    (await s.contents()).map((f) => (f.startsWith('s3:') ? f.slice(3) : path.basename(f))).sort();

  it('keeps the bytes under an unguessable key and gives them back, with size and sha256', async () => {
    const s = await newStore();
    const { store } = s;
    const bytes = Buffer.from('第一份文件 — the first document');
    const a = await store.put(Readable.from([bytes]), { maxBytes: 1000, tooLarge });
    const b = await store.put(Readable.from([bytes]), { maxBytes: 1000, tooLarge });
    expect(a.key).toMatch(/^[0-9a-f]{32}$/);
    expect(b.key).not.toBe(a.key);
    expect(a.size).toBe(bytes.length);
    expect(a.sha256).toBe(createHash('sha256').update(bytes).digest('hex'));
    const { stream, size } = await store.get(a.key);
    expect(size).toBe(bytes.length);
    expect(await text(stream)).toBe(bytes.toString());
    // Only the two files, nothing temporary left over.
    expect(await held(s)).toEqual([a.key, b.key].sort());
    if (kind === 'disk') expect(statSync(path.join(s.dir, a.key.slice(0, 2), a.key)).mode & 0o077).toBe(0);

    await store.delete(a.key);
    await expect(store.get(a.key)).rejects.toBeInstanceOf(StoredFileMissing);
    await store.delete(a.key);
    expect(await held(s)).toEqual([b.key]);
  });

  it('refuses keys it did not make, so none names another path', async () => {
    const { store } = await newStore();
    for (const key of ['../../etc/passwd', 'ab/../../x', '', 'A'.repeat(32)]) {
      await expect(store.get(key)).rejects.toBeInstanceOf(StoredFileMissing);
      await store.delete(key);
    }
  });

  it('stops reading at the limit: an oversized stream is refused and nothing of it stays', async () => {
    const s = await newStore();
    const { store } = s;
    const source = lazySource(21 * MiB);
    await expect(store.put(source.stream, { maxBytes: 20 * MiB, tooLarge })).rejects.toThrow('too large');
    // It read one chunk past the limit (and whatever the stream had buffered ahead), not 21 MiB.
    expect(source.pulled()).toBeLessThan(20 * MiB + 256 * 1024);
    expect(await s.contents()).toEqual([]);
  });

  it('accepts exactly the limit', async () => {
    const { store } = await newStore();
    const stored = await store.put(lazySource(2 * MiB).stream, { maxBytes: 2 * MiB, tooLarge });
    expect(stored.size).toBe(2 * MiB);
  });

  it('keeps a file larger than one upload part whole (multipart on S3), and streams it back', async () => {
    const { store } = await newStore();
    const bytes = Buffer.alloc(17 * MiB);
    for (let i = 0; i < bytes.length; i += 4096) bytes.writeUInt32LE(i, i);
    const stored = await store.put(Readable.from([bytes]), { maxBytes: 20 * MiB, tooLarge });
    const { stream, size } = await store.get(stored.key);
    const back = createHash('sha256');
    for await (const chunk of stream) back.update(chunk as Buffer);
    expect(size).toBe(bytes.length);
    expect(back.digest('hex')).toBe(createHash('sha256').update(bytes).digest('hex'));
    expect(stored.sha256).toBe(createHash('sha256').update(bytes).digest('hex'));
  });

  it('keeps nothing that inspection refuses, and hands inspection the complete file', async () => {
    const s = await newStore();
    const { store } = s;
    let seen: { size: number; head: number; onDisk: number } | null = null;
    await expect(
      store.put(lazySource(100_000).stream, {
        maxBytes: MiB,
        tooLarge,
        inspect: async (staged) => {
          seen = { size: staged.size, head: staged.head.length, onDisk: statSync(staged.path).size };
          throw new Error('not wanted');
        },
      }),
    ).rejects.toThrow('not wanted');
    expect(seen).toEqual({ size: 100_000, head: 8192, onDisk: 100_000 });
    expect(await s.contents()).toEqual([]);
  });

  it('leaves nothing behind when the upload breaks off', async () => {
    const s = await newStore();
    const { store } = s;
    const broken = new Readable({
      read() {
        this.push(Buffer.alloc(1000));
        this.destroy(new Error('connection reset'));
      },
    });
    await expect(store.put(broken, { maxBytes: MiB, tooLarge })).rejects.toThrow('connection reset');
    expect(await s.contents()).toEqual([]);
  });
});

describe('what an upload is, by its bytes', () => {
  async function kindOf(bytes: Buffer, name: string): Promise<UploadFileType | null> {
    const { store } = await newStoreUnderTest('disk');
    let found: UploadFileType | null = null;
    await store.put(Readable.from([bytes]), {
      maxBytes: 30 * MiB,
      tooLarge,
      inspect: async (staged) => {
        found = await identifyFile(staged, name);
      },
    });
    return found;
  }

  it('recognises every accepted kind whatever the name says', async () => {
    expect(await kindOf(sample.pdf(), 'scan')).toBe('pdf');
    expect(await kindOf(sample.png(), 'photo.pdf')).toBe('png');
    expect(await kindOf(sample.jpeg(), 'a.jpg')).toBe('jpeg');
    expect(await kindOf(sample.gif(), 'a.gif')).toBe('gif');
    expect(await kindOf(sample.webp(), 'a.webp')).toBe('webp');
    expect(await kindOf(sample.docx(), 'contract.docx')).toBe('docx');
    expect(await kindOf(sample.pptx(), 'deck.pptx')).toBe('pptx');
    expect(await kindOf(await sample.xlsx(), 'book.xlsx')).toBe('xlsx');
    expect(await kindOf(sample.ole('WordDocument'), 'old.doc')).toBe('doc');
    expect(await kindOf(sample.ole('Workbook'), 'old.xls')).toBe('xls');
    expect(await kindOf(sample.ole('PowerPoint Document'), 'old.ppt')).toBe('ppt');
    expect(await kindOf(sample.csv(), 'list.csv')).toBe('csv');
    expect(await kindOf(Buffer.from('notes\tand tabs\r\n'), 'notes.txt')).toBe('txt');
  });

  it('refuses executables, other archives and compound files, and text that is not named as text', async () => {
    expect(await kindOf(sample.exe(), 'invoice.pdf')).toBeNull();
    expect(await kindOf(sample.plainZip(), 'files.docx')).toBeNull();
    expect(await kindOf(sample.ole('MsiFileStream'), 'setup.doc')).toBeNull();
    expect(await kindOf(Buffer.from('<script>alert(1)</script>'), 'page.html')).toBeNull();
    expect(await kindOf(Buffer.from('a,b\n1,\u0000\n'), 'nul.csv')).toBeNull();
    expect(await kindOf(Buffer.alloc(0), 'empty.txt')).toBeNull();
    // Truncated signatures and a broken compound file are no documents either.
    expect(await kindOf(sample.ole('WordDocument').subarray(0, 700), 'cut.doc')).toBeNull();
  });

  it('refuses a zip bomb dressed as a Word document before anything inflates it in full', async () => {
    const bomb = await sample.docxBomb(1024);
    expect(bomb.length).toBeLessThan(2 * MiB);
    await expect(kindOf(bomb, 'bomb.docx')).rejects.toMatchObject({ code: 'ARCHIVE_TOO_LARGE', status: 413 });
  });
});

describe('the S3 settings', () => {
  const s3 = {
    S3_ENDPOINT: 'http://127.0.0.1:9000',
    S3_BUCKET: 'dealflow-files',
    S3_ACCESS_KEY_ID: 'key',
    S3_SECRET_ACCESS_KEY: 'secret',
  };

  it('choose the S3 store when given, the local disk when not', () => {
    expect(loadConfig({ DATA_DIR: '/tmp/x' }).files).toEqual({
      dir: '/tmp/x/files',
      tmpDir: '/tmp/x/tmp',
      s3: null,
    });
    expect(loadConfig({ DATA_DIR: '/tmp/x', ...s3, S3_FORCE_PATH_STYLE: 'true' }).files.s3).toEqual({
      endpoint: 'http://127.0.0.1:9000',
      bucket: 'dealflow-files',
      region: 'us-east-1',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
      forcePathStyle: true,
    });
  });

  it('stop start-up when half given or malformed, naming the setting', () => {
    expect(() => loadConfig({ S3_BUCKET: 'dealflow-files' })).toThrow(ConfigError);
    expect(() => loadConfig({ S3_BUCKET: 'dealflow-files' })).toThrow(/S3_ACCESS_KEY_ID/);
    expect(() => loadConfig({ ...s3, S3_SECRET_ACCESS_KEY: undefined })).toThrow(/S3_SECRET_ACCESS_KEY/);
    expect(() => loadConfig({ ...s3, S3_ENDPOINT: 'ftp://host' })).toThrow(/S3_ENDPOINT/);
    expect(() => loadConfig({ ...s3, S3_BUCKET: 'Bad_Bucket' })).toThrow(/S3_BUCKET/);
    expect(() => loadConfig({ ...s3, S3_FORCE_PATH_STYLE: 'perhaps' })).toThrow(/S3_FORCE_PATH_STYLE/);
  });
});
