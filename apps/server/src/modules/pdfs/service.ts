import { readFile } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { PDF_MAX_BYTES, type PdfHtmlQuery, type PdfStampQuery } from '@dealflow/domain';
import type { ServiceContext } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { identifyFile } from '../../lib/fileTypes.ts';
import { pdfToHtml } from '../../lib/pdf/html.ts';
import { ownFileIdOf } from './fileUrl.ts';
import type { ReadableFileResolver } from './readableFile.ts';

const tooLarge = () => new AppError('PDF_TOO_LARGE', { details: { max_bytes: PDF_MAX_BYTES } });
const notPdf = () => new AppError('FILE_TYPE_NOT_ALLOWED', { message: 'Only a PDF can be used here' });
const PDF_MAGIC = Buffer.from('%PDF-');

/**
 * Stamps an uploaded PDF (SPEC section 7 `pdfs/header`): the upload streams into the file store's
 * temporary area, counted against 50 MB as it arrives and sniffed by its bytes (a PNG named .pdf is
 * refused), is read back for the stamp and then removed: nothing of it is kept.
 */
export async function stampUpload(
  ctx: ServiceContext,
  source: Readable,
  filename: string,
  options: PdfStampQuery,
): Promise<Uint8Array> {
  const stored = await ctx.files.put(source, {
    maxBytes: PDF_MAX_BYTES,
    tooLarge,
    inspect: async (staged) => {
      if ((await identifyFile(staged, filename)) !== 'pdf') throw notPdf();
      return readFile(staged.path);
    },
  });
  try {
    const { stampPdf } = await import('../../lib/pdf/stamp.ts');
    return await stampPdf(stored.inspected, {
      ...(options.top ? { top: options.top } : {}),
      ...(options.bottom === undefined ? {} : { bottom: options.bottom }),
      logo: options.logo ?? false,
      confidential: options.confidential ?? false,
    });
  } finally {
    await ctx.files.delete(stored.key).catch((err: unknown) => {
      ctx.log.error({ err, key: stored.key }, 'removing a stamped upload from the store failed');
    });
  }
}

/**
 * A stored PDF as HTML pages (SPEC section 7 `pdfs/html`). The url is checked before anything is
 * looked up, and the file is read from the store by id through `resolve`, which answers only for
 * files the actor may read: no request is ever made for a url.
 */
export async function storedPdfAsHtml(
  ctx: ServiceContext,
  resolve: ReadableFileResolver,
  query: PdfHtmlQuery,
): Promise<string> {
  const id = ownFileIdOf(query.url, ctx.config.publicUrl);
  if (id === null) throw new AppError('PDF_URL_NOT_ALLOWED');
  const file = await resolve(ctx, id);
  if (!file) throw new AppError('FILE_NOT_FOUND');
  const bytes = await readCapped(file.stream, PDF_MAX_BYTES);
  if (file.mime !== 'application/pdf' || !bytes.subarray(0, PDF_MAGIC.length).equals(PDF_MAGIC))
    throw notPdf();
  return pdfToHtml(bytes, { width: query.width, height: query.height, title: file.name ?? '' });
}

/** A stream's bytes, refused (and the stream ended) past `max`. */
async function readCapped(stream: Readable, max: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of stream) {
      const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
      size += bytes.length;
      if (size > max) throw tooLarge();
      chunks.push(bytes);
    }
  } finally {
    stream.destroy();
  }
  return Buffer.concat(chunks);
}
