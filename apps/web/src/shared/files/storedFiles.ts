import type { DocUploadType, ImageUploadType, StoredFileInfo } from '@dealflow/domain';
import { downloadFile, uploadFile } from '../api/transfer.ts';
import { i18n } from '../i18n/index.ts';

/**
 * The platform's stored files on the web (issue 12): uploads of images and documents with their
 * progress, and the one download helper of SPEC section 8 (fetch the file's path with the
 * Authorization header, make a blob, save it under the file's name).
 */

export interface StoredUploadOptions {
  /** 0–100 as the bytes leave the browser. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

/** Uploads an image (`POST /api/v1/images`): the file goes in the field named by its type. */
export async function uploadImage(
  file: File,
  options: StoredUploadOptions & { type?: ImageUploadType } = {},
): Promise<StoredFileInfo> {
  const type = options.type ?? 'image';
  const body = await uploadFile<{ data: StoredFileInfo }>('/api/v1/images', {
    file,
    field: type,
    query: { type },
    onProgress: options.onProgress,
    signal: options.signal,
  });
  return body.data;
}

/** Uploads a document (`POST /api/v1/docs`) of a type (its `type` sent before the file). */
export async function uploadDoc(
  file: File,
  options: StoredUploadOptions & { type: DocUploadType },
): Promise<StoredFileInfo> {
  const body = await uploadFile<{ data: StoredFileInfo }>('/api/v1/docs', {
    file,
    fields: { type: options.type },
    onProgress: options.onProgress,
    signal: options.signal,
  });
  return body.data;
}

/** What a download helper needs of a file: where its bytes are read, and its name. */
export interface DownloadableFile {
  path?: string | null;
  name?: string | null;
}

export type StoredFileDownload =
  | { ok: true; name: string }
  | { ok: false; reason: 'no_path' | 'failed' | 'cancelled'; error?: unknown };

/**
 * Saves a stored file (SPEC section 8 "File download"): with no path, `notify` is told 無法讀取檔案;
 * when the fetch is not ok, or no blob link could be made, 下載失敗 (a download the caller cancelled
 * tells nothing). Resolves with what happened, never rejects.
 */
export async function downloadStoredFile(
  file: DownloadableFile | null | undefined,
  options: { notify: (message: string) => void; signal?: AbortSignal },
): Promise<StoredFileDownload> {
  const path = file?.path?.trim();
  if (!path) {
    options.notify(i18n.t('files.noPath'));
    return { ok: false, reason: 'no_path' };
  }
  try {
    const name = await downloadFile(path, {
      ...(file?.name ? { filename: file.name } : {}),
      fallbackName: 'download',
      signal: options.signal,
    });
    return { ok: true, name };
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') {
      return { ok: false, reason: 'cancelled', error };
    }
    options.notify(i18n.t('files.downloadFailed'));
    return { ok: false, reason: 'failed', error };
  }
}
