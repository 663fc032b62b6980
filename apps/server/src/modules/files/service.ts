import type { Readable } from 'node:stream';
import {
  DB_ID_MAX,
  DOC_MAX_BYTES,
  type DocUploadType,
  type FileActor,
  type FileKind,
  IMAGE_MAX_BYTES,
  type ImageUploadType,
  isImageFileType,
  mayDeleteStoredFile,
  mayReadStoredFile,
  nameWithTypeExtension,
  sanitizeFileName,
  UPLOAD_FILE_TYPES,
  type UploadFileType,
} from '@dealflow/domain';
import type { ServiceContext } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { identifyFile, identifyImage } from '../../lib/fileTypes.ts';
import { type StoredFile, StoredFileMissing } from '../../lib/storage.ts';
import type { ReadableFileResolver } from '../pdfs/readableFile.ts';
import * as repo from './repository.ts';
import type { FileRow } from './repository.ts';

/**
 * The platform's uploads (issue 12): images and documents anyone signed in uploads, kept in the one
 * file store with a row saying what they are and whose they are. Rows and bytes cannot share a
 * transaction, so bytes are stored before their row (and removed again if the row fails), and
 * removed only after the row's deletion (a failure then leaves unreachable bytes, never a row
 * without them). Reading goes through `mayReadStoredFile` on every request.
 */

export type StoredUpload = StoredFile<UploadFileType>;

/** The caller as the file rules see it; routes already refused anonymous callers. */
function fileActor(ctx: ServiceContext): FileActor {
  const a = ctx.actor;
  if (!a) throw new AppError('UNAUTHENTICATED');
  if (a.kind === 'employee')
    return { kind: 'employee', id: a.id, role: a.role, active: a.row.status === 'active' };
  return { kind: a.kind, id: a.id };
}

const ownerOf = (row: FileRow) => ({ kind: row.owner_kind, id: row.owner_id });

/** Before any byte is read, and before a delete: someone signed in who may write (a reviewer link only reads). */
export function checkMayWrite(ctx: ServiceContext) {
  fileActor(ctx);
  if (ctx.actor?.kind === 'employee' && ctx.actor.reviewer) {
    throw new AppError('FORBIDDEN', { message: 'Reviewer sessions are read-only' });
  }
}

export const imageTooLarge = () =>
  new AppError('IMAGE_TOO_LARGE', { details: { max_bytes: IMAGE_MAX_BYTES } });
export const docTooLarge = () => new AppError('DOC_TOO_LARGE', { details: { max_bytes: DOC_MAX_BYTES } });

/** Streams an image into the store: refused past 10 MB as it arrives, and unless its bytes are PNG, JPEG, GIF or WebP. */
export function storeImage(ctx: ServiceContext, source: Readable): Promise<StoredUpload> {
  return ctx.files.put(source, {
    maxBytes: IMAGE_MAX_BYTES,
    tooLarge: imageTooLarge,
    inspect: async (staged) => {
      const type = identifyImage(staged);
      if (!type) throw new AppError('IMAGE_TYPE_NOT_ALLOWED');
      return type;
    },
  });
}

/**
 * Streams a document into the store: refused past 50 MB as it arrives, and unless its bytes are a
 * PDF, an Office document (zip bombs refused unpacking), CSV or text (SVG, HTML and scripts are not).
 */
export function storeDoc(ctx: ServiceContext, source: Readable, filename: string): Promise<StoredUpload> {
  return ctx.files.put(source, {
    maxBytes: DOC_MAX_BYTES,
    tooLarge: docTooLarge,
    inspect: async (staged) => {
      const type = await identifyFile(staged, filename);
      if (!type || isImageFileType(type)) throw new AppError('DOC_TYPE_NOT_ALLOWED');
      return type;
    },
  });
}

/** Removes stored bytes no row points to; a failure is logged (the bytes are unreachable anyway). */
export async function discardUpload(ctx: Pick<ServiceContext, 'files' | 'log'>, key: string) {
  await ctx.files.delete(key).catch((err: unknown) => {
    ctx.log.error({ err, key }, 'removing the bytes of a refused or removed file failed');
  });
}

/** The row of a stored upload: its sanitised name with the extension of what it is, its owner the caller. */
export async function createFile(
  ctx: ServiceContext,
  input: { stored: StoredUpload; filename: string; kind: FileKind; type: ImageUploadType | DocUploadType },
): Promise<FileRow> {
  const { stored } = input;
  try {
    const actor = fileActor(ctx);
    const name = sanitizeFileName(input.filename, input.kind === 'image' ? 'image' : 'document');
    return await repo.insertFile(ctx.db, {
      storage_key: stored.key,
      name: nameWithTypeExtension(name, stored.inspected),
      size: stored.size,
      mime: UPLOAD_FILE_TYPES[stored.inspected].mime,
      sha256: stored.sha256,
      kind: input.kind,
      type: input.type,
      owner_kind: actor.kind,
      owner_id: actor.id,
    });
  } catch (err) {
    await discardUpload(ctx, stored.key);
    throw err;
  }
}

/** A file the caller may read; any other (or none) is not found, so its existence is not told. */
export async function getFile(ctx: ServiceContext, id: number): Promise<FileRow> {
  const row = await repo.findFile(ctx.db, id);
  if (!row || !mayReadStoredFile(fileActor(ctx), ownerOf(row))) throw new AppError('FILE_NOT_FOUND');
  return row;
}

/** The file and its bytes as a stream, for a caller who may read it now. */
export async function openFile(ctx: ServiceContext, id: number) {
  const row = await getFile(ctx, id);
  try {
    const { stream } = await ctx.files.get(row.storage_key);
    return { file: row, stream };
  } catch (err) {
    if (!(err instanceof StoredFileMissing)) throw err;
    // A row without bytes is a fault of the store (restored without its files?): said in the log.
    ctx.log.error({ fileId: id, key: row.storage_key }, 'the bytes of a stored file are missing');
    throw new AppError('FILE_NOT_FOUND');
  }
}

/** Deletes the row (owner or admin), then the bytes. */
export async function deleteFile(ctx: ServiceContext, id: number) {
  checkMayWrite(ctx);
  const row = await getFile(ctx, id);
  if (!mayDeleteStoredFile(fileActor(ctx), ownerOf(row))) throw new AppError('FILE_OWNER_ONLY');
  const key = await repo.deleteFile(ctx.db, id);
  // Deleted meanwhile by another request: that one removes the bytes.
  if (!key) throw new AppError('FILE_NOT_FOUND');
  await discardUpload(ctx, key);
}

/**
 * A stored file by id for the PDF routes (`pdfs/html?url=/api/v1/files/{id}/content`): the same
 * rule as a download, null for an id that is not a file the caller may read (ids cannot be probed).
 */
export const readableStoredFile: ReadableFileResolver = async (ctx, id) => {
  if (!/^\d{1,10}$/.test(id)) return null;
  const n = Number(id);
  if (n < 1 || n > DB_ID_MAX) return null;
  try {
    const { file, stream } = await openFile(ctx, n);
    return { stream, mime: file.mime, name: file.name };
  } catch (err) {
    if (err instanceof AppError && err.code === 'FILE_NOT_FOUND') return null;
    throw err;
  }
};
