import multipart from '@fastify/multipart';
import { create as contentDisposition } from 'content-disposition';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorResponse, PDF_MAX_BYTES, PdfHtmlQuery, PdfStampQuery, baseFileName } from '@dealflow/domain';
import type { ServiceContext } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { requireSignedIn, requireStaff, serviceContext } from '../../plugins/auth.ts';
import { malformedText } from '../../plugins/validation.ts';
import * as service from './service.ts';

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse };
const tags = ['pdfs'];

/** Multipart errors of the upload, in the API's error shape. */
function uploadError(err: unknown): AppError {
  const code = (err as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') {
    return new AppError('PDF_TOO_LARGE', { details: { max_bytes: PDF_MAX_BYTES } });
  }
  if (code === 'FST_FILES_LIMIT') return new AppError('FILE_MISSING', { message: 'Send one file only' });
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return new AppError('FILE_MISSING');
  return new AppError('BAD_REQUEST', { message: 'The upload could not be read' });
}

/** The PDF of the upload (field `file`), stamped; other fields are ignored. */
async function stampUploaded(request: FastifyRequest, ctx: ServiceContext, options: PdfStampQuery) {
  if (!request.isMultipart()) throw new AppError('FILE_MISSING');
  let result: { name: string; pdf: Uint8Array } | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') continue;
      if (part.fieldname !== 'file' || result) {
        part.file.resume();
        throw new AppError('FILE_MISSING', { message: 'Send one PDF in the field "file"' });
      }
      const name = baseFileName(part.filename);
      const malformed = malformedText({ file: { filename: name } }, 'body');
      if (malformed.length > 0) {
        part.file.resume();
        throw new AppError('VALIDATION_FAILED', { details: malformed });
      }
      const pdf = await service.stampUpload(ctx, part.file, name, options);
      // Cut short by the multipart limit: more than the limit arrived (the store counts the same).
      if (part.file.truncated) throw new AppError('PDF_TOO_LARGE', { details: { max_bytes: PDF_MAX_BYTES } });
      result = { name, pdf };
    }
  } catch (err) {
    throw err instanceof AppError ? err : uploadError(err);
  }
  if (!result) throw new AppError('FILE_MISSING');
  return result;
}

/** A download name: the upload's, ending in .pdf. */
function stampedName(name: string): string {
  const base = name.replace(/\.pdf$/i, '').trim() || 'document';
  return `${base}.pdf`;
}

/**
 * The PDF tools (SPEC section 7 "Static, platform, files"; issue 12). The work runs in worker
 * threads (lib/pdf/pool.ts); these routes check, read and answer.
 */
export const pdfRoutes: FastifyPluginAsyncZod = async (app) => {
  // Registered here, so only this plugin's routes accept multipart bodies. One byte over the limit
  // is let through to the store, which counts it and refuses the upload (413).
  await app.register(multipart, {
    limits: { fileSize: PDF_MAX_BYTES + 1, files: 1, fields: 10, parts: 12, fieldSize: 4096 },
  });

  app.put(
    '/static_api/v1/pdfs/header',
    {
      onRequest: requireStaff('pdfs.stamp'),
      schema: {
        operationId: 'stampPdf',
        tags,
        summary:
          'Stamp a PDF (multipart "file", at most 50 MB): a top line (top), a bottom line (bottom=true for the ' +
          'platform name and page numbers, or a text), the platform mark (logo) and a diagonal ' +
          '「機密 CONFIDENTIAL」 (confidential) on every page. Nothing is kept.',
        consumes: ['multipart/form-data'],
        querystring: PdfStampQuery,
        response: {
          200: {
            description: 'The stamped PDF, as an attachment',
            content: { 'application/pdf': { schema: z.string().meta({ format: 'binary' }) } },
          },
          ...errors,
          413: ErrorResponse,
          415: ErrorResponse,
          422: ErrorResponse,
          503: ErrorResponse,
        },
      },
    },
    async (request, reply) => {
      const { name, pdf } = await stampUploaded(request, serviceContext(request), request.query);
      return (
        reply
          .type('application/pdf')
          .header('content-disposition', contentDisposition(stampedName(name), { type: 'attachment' }))
          .header('cache-control', 'private, no-store')
          .header('x-content-type-options', 'nosniff')
          // Bytes go out as they are (no serializer runs on them); the 200 contract describes them.
          .send(Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength) as unknown as string)
      );
    },
  );

  app.get(
    '/static_api/v1/pdfs/html',
    {
      onRequest: requireSignedIn(),
      schema: {
        operationId: 'pdfAsHtml',
        tags,
        summary:
          'A stored PDF as HTML pages of width × height (595 × 842 by default), its text selectable. ' +
          "url must be /api/v1/files/{id}/content (relative, or under this site's own address) of a file " +
          'the caller may read; any other url is refused with 400 and nothing is fetched.',
        querystring: PdfHtmlQuery,
        response: {
          200: {
            description: 'A complete HTML document, one section per page',
            content: { 'text/html': { schema: z.string() } },
          },
          ...errors,
          404: ErrorResponse,
          413: ErrorResponse,
          415: ErrorResponse,
          422: ErrorResponse,
          503: ErrorResponse,
        },
      },
    },
    async (request, reply) => {
      const html = await service.storedPdfAsHtml(
        serviceContext(request),
        app.deps.readableFiles,
        request.query,
      );
      return (
        reply
          .type('text/html; charset=utf-8')
          // The document is text and styles only: nothing in it may run, load or submit anything.
          .header(
            'content-security-policy',
            "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'self'",
          )
          .header('cache-control', 'private, no-store')
          .header('x-content-type-options', 'nosniff')
          .send(html)
      );
    },
  );
};
