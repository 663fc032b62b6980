import type { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { baseFileName } from '@dealflow/domain';
import { AppError } from './errors.ts';
import type { StoredFile } from './storage.ts';

/**
 * Receiving one file of a multipart upload into the file store, for every upload route (client
 * files, the platform's images and documents): the file streams straight into the store while it
 * arrives, text fields may come before or after it, and whatever is refused after the bytes were
 * stored has them removed again, so a refused upload leaves nothing.
 */

/**
 * `@fastify/multipart` limits of an upload route: one file and a few short fields. One byte over
 * the largest size is let through to the store, which counts it and refuses the upload (413).
 */
export function uploadLimits(maxBytes: number) {
  return { fileSize: maxBytes + 1, files: 1, fields: 5, parts: 10, fieldSize: 4096 };
}

export interface ReceivedUpload<T> {
  stored: StoredFile<T>;
  /** The last segment of the name the browser sent, trimmed (not yet sanitised). */
  filename: string;
  /** The multipart field the file came in. */
  field: string;
  /** The text fields, sent before or after the file. */
  fields: Record<string, string>;
}

export interface ReceiveOptions<T, R> {
  /** Before a file's bytes are read: null takes it, an error refuses the upload. */
  checkField(field: string, fieldsSoFar: Readonly<Record<string, string>>): AppError | null;
  /** Streams the file into the store (counted and inspected there). */
  store(source: Readable, filename: string, field: string): Promise<StoredFile<T>>;
  /** Removes stored bytes that no row will point to. */
  discard(key: string): Promise<void>;
  /** The refusal of a file over the route's limit. */
  tooLarge(): AppError;
  /** Checks the fields with the stored file and makes the result; whatever it throws removes the bytes. */
  accept(upload: ReceivedUpload<T>): R | Promise<R>;
}

/** Multipart errors of an upload, in the API's error shape. */
function multipartError(err: unknown, tooLarge: () => AppError): AppError {
  const code = (err as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge();
  if (code === 'FST_FILES_LIMIT') return new AppError('FILE_MISSING', { message: 'Send one file only' });
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return new AppError('FILE_MISSING');
  return new AppError('BAD_REQUEST', { message: 'The upload could not be read' });
}

export async function receiveUpload<T, R>(
  request: FastifyRequest,
  options: ReceiveOptions<T, R>,
): Promise<R> {
  if (!request.isMultipart()) throw new AppError('FILE_MISSING');
  const fields: Record<string, string> = {};
  // In an object: the compiler does not follow an assignment made in the loop into the catch below.
  const got: { upload: Omit<ReceivedUpload<T>, 'fields'> | null } = { upload: null };
  try {
    try {
      for await (const part of request.parts()) {
        if (part.type === 'field') {
          if (typeof part.value === 'string') fields[part.fieldname] = part.value;
          continue;
        }
        const refusal = options.checkField(part.fieldname, fields);
        if (refusal) {
          part.file.resume();
          throw refusal;
        }
        const filename = baseFileName(part.filename);
        const stored = await options.store(part.file, filename, part.fieldname);
        got.upload = { stored, filename, field: part.fieldname };
        // Cut short by the multipart limit: more than the limit arrived (the store counts the same).
        if (part.file.truncated) throw options.tooLarge();
      }
    } catch (err) {
      throw err instanceof AppError ? err : multipartError(err, options.tooLarge);
    }
    if (!got.upload) throw new AppError('FILE_MISSING');
    return await options.accept({ ...got.upload, fields });
  } catch (err) {
    if (got.upload) await options.discard(got.upload.stored.key);
    throw err;
  }
}
