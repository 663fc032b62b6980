import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterAll } from 'vitest';
import { createS3FileStore, type S3Settings } from '../src/lib/s3Store.ts';
import { createLocalFileStore, type FileStore } from '../src/lib/storage.ts';

/**
 * A real S3-compatible server (s3rver) on a random port over a temporary folder, one per test file,
 * started on first use and stopped when the file's tests end. Each store gets a bucket of its own.
 */
let server: Promise<{ endpoint: string; stop: () => Promise<void> }> | null = null;

function s3Server() {
  server ??= (async () => {
    const s3rver = new S3rver({
      address: '127.0.0.1',
      port: 0,
      silent: true,
      directory: mkdtempSync(path.join(tmpdir(), 'dealflow-s3rver-')),
    });
    const { port } = await s3rver.run();
    return { endpoint: `http://127.0.0.1:${port}`, stop: () => s3rver.close() };
  })();
  return server;
}

/** Clients to close before the server stops. */
const clients: Array<{ destroy(): void } | FileStore> = [];

afterAll(async () => {
  for (const c of clients.splice(0)) {
    if ('destroy' in c) c.destroy();
    else await c.close?.();
  }
  if (server) await (await server).stop();
  server = null;
});

export type StorageKind = 'disk' | 's3';
export const STORAGE_KINDS: StorageKind[] = ['disk', 's3'];

/** A store under test and a way to see everything it holds (temporary files included). */
export interface StoreUnderTest {
  kind: StorageKind;
  store: FileStore;
  /** The local folder (the store's own on disk; the staging folder on S3). */
  dir: string;
  /** Every object of the bucket and every file under `dir`: what a refused upload must not leave. */
  contents(): Promise<string[]>;
}

/** Every file under `dir`, temporary ones included. */
export function filesUnder(dir: string): string[] {
  try {
    return readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((d) => d.isFile())
      .map((d) => path.join(d.parentPath, d.name));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
}

/** A new, empty bucket on the test S3 server, and a listing of its keys. */
export async function newTestBucket(): Promise<{ settings: S3Settings; keys(): Promise<string[]> }> {
  const { endpoint } = await s3Server();
  const settings: S3Settings = {
    endpoint,
    bucket: `dealflow-${randomBytes(6).toString('hex')}`,
    region: 'us-east-1',
    // s3rver's own credentials: it checks the signature of every request with them.
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  };
  const admin = new S3Client({
    endpoint,
    region: settings.region,
    forcePathStyle: true,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
  });
  clients.push(admin);
  await admin.send(new CreateBucketCommand({ Bucket: settings.bucket }));
  return {
    settings,
    keys: async () => {
      const listed = await admin.send(new ListObjectsV2Command({ Bucket: settings.bucket }));
      return (listed.Contents ?? []).map((o) => o.Key ?? '');
    },
  };
}

/** A fresh, empty store of the kind: a temporary folder, or a new bucket on the test S3 server. */
export async function newStoreUnderTest(kind: StorageKind): Promise<StoreUnderTest> {
  const dir = mkdtempSync(path.join(tmpdir(), `dealflow-files-${kind}-`));
  if (kind === 'disk') {
    return { kind, dir, store: createLocalFileStore(dir), contents: async () => filesUnder(dir) };
  }
  const bucket = await newTestBucket();
  const store = createS3FileStore(bucket.settings, dir);
  clients.push(store);
  return {
    kind,
    dir,
    store,
    contents: async () => [...(await bucket.keys()).map((k) => `s3:${k}`), ...filesUnder(dir)],
  };
}

/** What a test app is configured with to keep its files on the kind of storage (through the S3_* settings, as in production). */
export interface TestStorage {
  kind: StorageKind;
  env: Record<string, string>;
  /** Every object of the bucket and every file of the store's folders (DATA_DIR/files and DATA_DIR/tmp). */
  contents(): Promise<string[]>;
}

export async function testStorage(kind: StorageKind): Promise<TestStorage> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `dealflow-data-${kind}-`));
  const local = () => [...filesUnder(path.join(dataDir, 'files')), ...filesUnder(path.join(dataDir, 'tmp'))];
  if (kind === 'disk') return { kind, env: { DATA_DIR: dataDir }, contents: async () => local() };
  const { settings, keys } = await newTestBucket();
  return {
    kind,
    env: {
      DATA_DIR: dataDir,
      S3_ENDPOINT: settings.endpoint!,
      S3_BUCKET: settings.bucket,
      S3_REGION: settings.region,
      S3_ACCESS_KEY_ID: settings.accessKeyId,
      S3_SECRET_ACCESS_KEY: settings.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    },
    contents: async () => [...(await keys()).map((k) => `s3:${k}`), ...local()],
  };
}
