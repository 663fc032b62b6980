import type { Readable } from 'node:stream';
import {
  CLIENT_FILE_MAX_BYTES,
  type ClientFileKind,
  type ClientFileListQuery,
  type ClientFileUpdateBody,
  UPLOAD_FILE_TYPES,
  type UploadFileType,
  nameWithTypeExtension,
} from '@dealflow/domain';
import type { ServiceContext } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { identifyFile } from '../../lib/fileTypes.ts';
import { StoredFileMissing, type StoredFile } from '../../lib/storage.ts';
import { diff } from '../activity/repository.ts';
import { readableClient, readOfClient, writeOnClient } from '../clients/access.ts';
import { recordClientActivity } from '../clients/history.ts';
import { createdChanges, deletedChanges, paging } from '../items/service.ts';
import * as repo from './repository.ts';
import type { FileView } from './repository.ts';

/**
 * A client's documents (issue 9): the bytes in the one file store, a row per file with what they
 * are (found in the bytes), who uploaded them and when; every write in the client's history.
 * Rows and bytes cannot share a transaction, so the order is chosen to never lose a file a row
 * points to: bytes are stored before their row is written (and removed again if that fails), and
 * removed only after the row's deletion has committed (a failure then leaves unreachable bytes,
 * never a row without them).
 */

const fileFound = (view: FileView | null): FileView => {
  if (!view) throw new AppError('FILE_NOT_FOUND');
  return view;
};

/** The history's view of a file: what people recognise it by. */
const historyFields = (f: { name: string; kind: string; size: number; mime: string; sha256: string }) => ({
  name: f.name,
  kind: f.kind,
  size: f.size,
  mime: f.mime,
  sha256: f.sha256,
});

export async function listClientFiles(ctx: ServiceContext, clientId: number, q: ClientFileListQuery) {
  return readOfClient(ctx, clientId, () =>
    repo.listFiles(ctx.db, clientId, q.kind, paging(q, { size: 20, allByDefault: true })),
  );
}

/** Before any byte of an upload is read: the client is there and the actor may work on it. */
export async function checkUploadAllowed(ctx: ServiceContext, clientId: number) {
  await readableClient(ctx, clientId);
}

export type StoredUpload = StoredFile<UploadFileType>;

/**
 * Streams an upload into the file store: refused past 20 MB while it arrives, and refused when its
 * bytes are none of the accepted kinds of document (whatever its name or declared type says).
 */
export async function storeUpload(
  ctx: ServiceContext,
  source: Readable,
  filename: string,
): Promise<StoredUpload> {
  return ctx.files.put(source, {
    maxBytes: CLIENT_FILE_MAX_BYTES,
    tooLarge: () => new AppError('FILE_TOO_LARGE', { details: { max_bytes: CLIENT_FILE_MAX_BYTES } }),
    inspect: async (staged) => {
      const type = await identifyFile(staged, filename);
      if (!type) throw new AppError('FILE_TYPE_NOT_ALLOWED');
      return type;
    },
  });
}

/** Removes stored bytes no row points to; a failure is logged (the bytes are unreachable anyway). */
export async function discardUpload(ctx: ServiceContext, key: string) {
  await ctx.files.delete(key).catch((err: unknown) => {
    ctx.log.error({ err, key }, 'removing the bytes of a refused or removed file failed');
  });
}

/** The row of a stored upload, named (with the extension of what it is) and recorded in the history. */
export async function createClientFile(
  ctx: ServiceContext,
  clientId: number,
  input: { stored: StoredUpload; name: string; kind: ClientFileKind },
) {
  const { stored } = input;
  const type = stored.inspected;
  try {
    return await writeOnClient(ctx, clientId, async (tx, _client, actor) => {
      const values = {
        name: nameWithTypeExtension(input.name, type),
        kind: input.kind,
        mime: UPLOAD_FILE_TYPES[type].mime,
        size: stored.size,
        sha256: stored.sha256,
      };
      const id = await repo.insertFile(tx, {
        ...values,
        client_id: clientId,
        storage_key: stored.key,
        uploaded_by: actor.id,
      });
      await recordClientActivity(tx, ctx, clientId, 'file.create', createdChanges(id, historyFields(values)));
      return fileFound(await repo.findFile(tx, clientId, id));
    });
  } catch (err) {
    await discardUpload(ctx, stored.key);
    throw err;
  }
}

/** Renames a file (keeping the extension of what it is) or changes its kind. */
export async function updateClientFile(
  ctx: ServiceContext,
  clientId: number,
  fileId: number,
  input: ClientFileUpdateBody,
) {
  return writeOnClient(ctx, clientId, async (tx) => {
    const before = fileFound(await repo.findFile(tx, clientId, fileId));
    const type = typeOfMime(before.file.mime);
    const after = {
      ...(input.name === undefined
        ? {}
        : { name: type ? nameWithTypeExtension(input.name, type) : input.name }),
      ...(input.kind === undefined ? {} : { kind: input.kind }),
    };
    const changes = diff({ name: before.file.name, kind: before.file.kind }, after);
    if (Object.keys(changes).length === 0) return before;
    await repo.updateFile(tx, fileId, after);
    await recordClientActivity(tx, ctx, clientId, 'file.update', {
      id: { from: fileId, to: fileId },
      ...changes,
    });
    return fileFound(await repo.findFile(tx, clientId, fileId));
  });
}

/** Deletes the row (with its history entry), then the bytes. */
export async function deleteClientFile(ctx: ServiceContext, clientId: number, fileId: number) {
  const key = await writeOnClient(ctx, clientId, async (tx) => {
    const { file } = fileFound(await repo.findFile(tx, clientId, fileId));
    await repo.deleteFile(tx, fileId);
    await recordClientActivity(tx, ctx, clientId, 'file.delete', deletedChanges(fileId, historyFields(file)));
    return file.storage_key;
  });
  await discardUpload(ctx, key);
}

/** The file and its bytes as a stream, for someone who may see the client now. */
export async function openClientFile(ctx: ServiceContext, clientId: number, fileId: number) {
  const view = fileFound(await readOfClient(ctx, clientId, () => repo.findFile(ctx.db, clientId, fileId)));
  try {
    const { stream } = await ctx.files.get(view.file.storage_key);
    return { file: view.file, stream };
  } catch (err) {
    if (!(err instanceof StoredFileMissing)) throw err;
    // A row without bytes is a fault of the store (restored without its files?): said in the log.
    ctx.log.error({ fileId, key: view.file.storage_key }, 'the bytes of a client file are missing');
    throw new AppError('FILE_NOT_FOUND');
  }
}

function typeOfMime(mime: string): UploadFileType | null {
  return (
    (Object.keys(UPLOAD_FILE_TYPES) as UploadFileType[]).find((t) => UPLOAD_FILE_TYPES[t].mime === mime) ??
    null
  );
}
