import type { Config } from '../config.ts';
import { createS3FileStore } from './s3Store.ts';
import { createLocalFileStore, type FileStore } from './storage.ts';

/** The one file store the configuration names: an S3-compatible bucket when S3_* is set, else DATA_DIR/files. */
export function createFileStore(files: Config['files']): FileStore {
  return files.s3 ? createS3FileStore(files.s3, files.tmpDir) : createLocalFileStore(files.dir);
}
