/**
 * The file store on any S3-compatible object store (AWS S3, MinIO, Ceph, R2…), chosen when the
 * S3_* settings are given (config.ts); the same `FileStore` as the local disk, with the same
 * guarantees (docs/decisions/0025-s3-store.md):
 *
 * - An upload is staged to a temporary file under DATA_DIR/tmp first, counted and hashed as it
 *   streams in (stopped one byte past the limit) and inspected complete. Only accepted content is
 *   sent to the bucket: nothing refused, too large or broken off ever reaches it.
 * - Objects are named by 128 random bits; a key that is not one of ours is never sent.
 * - Large files go up in parts (lib-storage `Upload`); a failed upload aborts its multipart upload
 *   and removes the object, so a half-written object is not left behind.
 * - `get` streams the object's body; a missing object is `StoredFileMissing`.
 */
import { createReadStream } from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import {
  type FileStore,
  isStoreKey,
  type PutOptions,
  stageAndKeep,
  type StoredFile,
  StoredFileMissing,
} from './storage.ts';

export interface S3Settings {
  /** Null: AWS itself, found from the region. */
  endpoint: string | null;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `https://host/bucket/key` instead of `https://bucket.host/key` (most self-hosted servers). */
  forcePathStyle: boolean;
}

/** Parts of 8 MiB, four in flight: a 50 MB document goes up in 7 parts, with 32 MiB in memory at most. */
const PART_SIZE = 8 * 1024 * 1024;
const QUEUE_SIZE = 4;

type S3Sdk = typeof import('@aws-sdk/client-s3');

function isMissing(sdk: S3Sdk, err: unknown): boolean {
  return (
    err instanceof sdk.S3ServiceException &&
    (err.name === 'NoSuchKey' || err.name === 'NotFound' || err.$metadata.httpStatusCode === 404)
  );
}

/** `tmpDir`: where uploads are staged before they are sent (DATA_DIR/tmp). */
export function createS3FileStore(settings: S3Settings, tmpDir: string): FileStore {
  // The AWS SDK (≈ 45 MB resident) loads with the first file operation, not with the server, and
  // not at all on a server that stores its files on disk (decision 0041).
  let loaded:
    | Promise<{ sdk: S3Sdk; Upload: typeof import('@aws-sdk/lib-storage').Upload; client: S3Client }>
    | undefined;
  const load = () => {
    if (!loaded) {
      loaded = Promise.all([import('@aws-sdk/client-s3'), import('@aws-sdk/lib-storage')]).then(
        ([sdk, storage]) => ({ sdk, Upload: storage.Upload, client: newClient(sdk) }),
      );
      loaded.catch(() => {
        loaded = undefined;
      });
    }
    return loaded;
  };
  const newClient = (sdk: S3Sdk) =>
    new sdk.S3Client({
      region: settings.region,
      ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
      forcePathStyle: settings.forcePathStyle,
      credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
      // Checksums only where an operation requires them: many S3-compatible servers do not know the
      // trailing checksums the SDK adds by default. The content's SHA-256 is kept in our own row.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  const Bucket = settings.bucket;
  const staging = path.resolve(tmpDir);

  const remove = async (key: string) => {
    const { sdk, client } = await load();
    try {
      await client.send(new sdk.DeleteObjectCommand({ Bucket, Key: key }));
    } catch (err) {
      if (!isMissing(sdk, err)) throw err;
    }
  };

  return {
    put<T>(source: Readable, options: PutOptions<T>): Promise<StoredFile<T>> {
      return stageAndKeep(staging, source, options, async (tmp, key, staged) => {
        const { Upload, client } = await load();
        const upload = new Upload({
          client,
          params: {
            Bucket,
            Key: key,
            Body: createReadStream(tmp),
            ContentLength: staged.size,
            // The bytes are only ever served by our own route, with the type found in them.
            ContentType: 'application/octet-stream',
          },
          partSize: PART_SIZE,
          queueSize: QUEUE_SIZE,
          leavePartsOnError: false,
        });
        try {
          await upload.done();
        } catch (err) {
          // A single PUT that failed after the server kept it (a timeout on the answer) is removed too.
          await remove(key).catch(() => undefined);
          throw err;
        }
      });
    },

    async get(key: string) {
      if (!isStoreKey(key)) throw new StoredFileMissing(key);
      const { sdk, client } = await load();
      try {
        const object = await client.send(new sdk.GetObjectCommand({ Bucket, Key: key }));
        if (!object.Body) throw new StoredFileMissing(key);
        return { stream: object.Body as Readable, size: object.ContentLength ?? 0 };
      } catch (err) {
        if (isMissing(sdk, err)) throw new StoredFileMissing(key);
        throw err;
      }
    },

    async delete(key: string) {
      if (!isStoreKey(key)) return;
      await remove(key);
    },

    async close() {
      // Nothing to close when no file was ever touched; a failed load has nothing either.
      const open = await loaded?.catch(() => undefined);
      open?.client.destroy();
    },
  };
}
