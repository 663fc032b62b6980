import multipart from '@fastify/multipart';
import { create as contentDisposition } from 'content-disposition';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DOC_MAX_BYTES,
  DocUploadFields,
  DocUploadQuery,
  ErrorResponse,
  FileParams,
  IMAGE_UPLOAD_TYPES,
  ImageUploadFields,
  ImageUploadQuery,
  type ImageUploadType,
  OkResponse,
  StoredFileInfo,
  dataOf,
  kindOfZodIssue,
  validationIssue,
} from '@dealflow/domain';
import type { ServiceContext } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { receiveUpload, uploadLimits } from '../../lib/multipartUpload.ts';
import { requireSignedIn, serviceContext } from '../../plugins/auth.ts';
import { malformedText } from '../../plugins/validation.ts';
import { presentFile } from './presenter.ts';
import * as service from './service.ts';

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };
const uploadErrors = {
  400: ErrorResponse,
  401: ErrorResponse,
  403: ErrorResponse,
  413: ErrorResponse,
  415: ErrorResponse,
};
const signedIn = { onRequest: requireSignedIn() };
const tags = ['files'];

const isImageType = (value: string): value is ImageUploadType =>
  (IMAGE_UPLOAD_TYPES as readonly string[]).includes(value);

/** The multipart text fields checked against their contract, failures as a 400 naming `body.<field>`. */
function parseFields<S extends z.ZodType>(schema: S, fields: Record<string, string>): z.infer<S> {
  const malformed = malformedText(fields, 'body');
  if (malformed.length > 0) throw new AppError('VALIDATION_FAILED', { details: malformed });
  const parsed = schema.safeParse(fields);
  if (parsed.success) return parsed.data;
  throw new AppError('VALIDATION_FAILED', {
    details: parsed.error.issues.map((issue) => {
      const { kind, ...extra } = kindOfZodIssue(
        issue.code,
        issue as unknown as Record<string, unknown>,
        issue.message,
      );
      return validationIssue(['body', ...issue.path.map(String)].join('.'), kind, issue.message, extra);
    }),
  });
}

const typeMismatch = (message: string) =>
  new AppError('VALIDATION_FAILED', {
    details: [validationIssue('body.type', 'invalid_value', message)],
  });

/**
 * An image upload: the file comes in the field named by `type` (query, or a field sent before the
 * file), `image` when none is given; a file in another image type's field names its type itself.
 */
function receiveImage(request: FastifyRequest, ctx: ServiceContext, queryType: ImageUploadType | undefined) {
  return receiveUpload(request, {
    checkField: (field, fieldsSoFar) => {
      const named = queryType ?? fieldsSoFar.type;
      if (named !== undefined ? field === named : isImageType(field)) return null;
      return new AppError('FILE_MISSING', {
        message: `Send the image in the field "${named ?? 'image'}" (the field named by type), not "${field}"`,
      });
    },
    store: (source) => service.storeImage(ctx, source),
    discard: (key) => service.discardUpload(ctx, key),
    tooLarge: service.imageTooLarge,
    accept: async ({ stored, filename, field, fields }) => {
      const given = parseFields(ImageUploadFields, fields).type;
      if (!isImageType(field))
        throw typeMismatch(`The image type must be one of ${IMAGE_UPLOAD_TYPES.join(', ')}`);
      if ((given && given !== field) || (queryType && queryType !== field)) {
        throw typeMismatch(
          `The type says "${given ?? queryType}" but the image came in the field "${field}"`,
        );
      }
      return service.createFile(ctx, { stored, filename, kind: 'image', type: field });
    },
  });
}

/** A document upload: the file in the field `file`, its `type` in the query or a field (before or after the file). */
function receiveDoc(request: FastifyRequest, ctx: ServiceContext, queryType: DocUploadQuery['type']) {
  return receiveUpload(request, {
    checkField: (field) =>
      field === 'file'
        ? null
        : new AppError('FILE_MISSING', { message: `Send the document in the field "file", not "${field}"` }),
    store: (source, filename) => service.storeDoc(ctx, source, filename),
    discard: (key) => service.discardUpload(ctx, key),
    tooLarge: service.docTooLarge,
    accept: async ({ stored, filename, fields }) => {
      const { type } = parseFields(
        DocUploadFields,
        queryType && !fields.type ? { ...fields, type: queryType } : fields,
      );
      if (queryType && queryType !== type) {
        throw typeMismatch(`The query says type "${queryType}" but the form says "${type}"`);
      }
      return service.createFile(ctx, { stored, filename, kind: 'doc', type });
    },
  });
}

/**
 * The platform's uploads and stored files (SPEC section 7 "Static, platform, files"; issue 12):
 * `POST /api/v1/images`, `POST /api/v1/docs`, and a stored file's record, bytes and deletion. Any
 * signed-in principal (staff, investor, startup) uploads; every read asks the one file policy
 * (packages/domain `mayReadStoredFile`), and a file the caller may not read is not found.
 */
export const fileRoutes: FastifyPluginAsyncZod = async (app) => {
  // Registered here, so only this plugin's routes accept multipart bodies; each route's own limit
  // (images 10 MB, documents 50 MB) is counted by the store.
  await app.register(multipart, { limits: uploadLimits(DOC_MAX_BYTES) });

  app.post(
    '/api/v1/images',
    {
      ...signedIn,
      schema: {
        tags,
        operationId: 'uploadImage',
        summary:
          'Upload an image (multipart: the file in the field named by type, "image" by default; at most 10 MB). ' +
          'Accepted: PNG, JPEG, GIF and WebP, as told by the bytes (SVG is not an image here).',
        consumes: ['multipart/form-data'],
        querystring: ImageUploadQuery,
        response: { 200: dataOf(StoredFileInfo), ...uploadErrors },
      },
    },
    async (request) => {
      const ctx = serviceContext(request);
      service.checkMayWrite(ctx);
      return { data: presentFile(await receiveImage(request, ctx, request.query.type)) };
    },
  );

  app.post(
    '/api/v1/docs',
    {
      ...signedIn,
      schema: {
        tags,
        operationId: 'uploadDoc',
        summary:
          'Upload a document (multipart: "file", at most 50 MB, and "type" here or as a field). ' +
          'Accepted: PDF, Word, Excel and PowerPoint documents, CSV and text, as told by the bytes.',
        consumes: ['multipart/form-data'],
        querystring: DocUploadQuery,
        response: { 200: dataOf(StoredFileInfo), ...uploadErrors },
      },
    },
    async (request) => {
      const ctx = serviceContext(request);
      service.checkMayWrite(ctx);
      return { data: presentFile(await receiveDoc(request, ctx, request.query.type)) };
    },
  );

  app.get(
    '/api/v1/files/:id',
    {
      ...signedIn,
      schema: {
        tags,
        operationId: 'getFile',
        summary: 'A stored file: its name, size, type, SHA-256, owner and download path',
        params: FileParams,
        response: { 200: dataOf(StoredFileInfo), ...errors },
      },
    },
    async (request) => ({
      data: presentFile(await service.getFile(serviceContext(request), request.params.id)),
    }),
  );

  app.get(
    '/api/v1/files/:id/content',
    {
      ...signedIn,
      schema: {
        tags,
        operationId: 'getFileContent',
        summary:
          'The bytes of a stored file (images inline, everything else as an attachment under its name)',
        params: FileParams,
        response: {
          200: {
            description: 'The file, with the type found in its bytes and its name (Content-Disposition)',
            content: { 'application/octet-stream': { schema: z.string().meta({ format: 'binary' }) } },
          },
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const { file, stream } = await service.openFile(serviceContext(request), request.params.id);
      return (
        reply
          .type(file.mime)
          .header('content-length', String(file.size))
          .header(
            'content-disposition',
            contentDisposition(file.name, { type: file.kind === 'image' ? 'inline' : 'attachment' }),
          )
          .header('cache-control', 'private, no-store')
          .header('x-content-type-options', 'nosniff')
          // Opened on its own, nothing in it runs and it reaches nothing of ours.
          .header('content-security-policy', "default-src 'none'; sandbox")
          // A stream goes out as it is (no serializer runs on it); the 200 contract describes its bytes.
          .send(stream as unknown as string)
      );
    },
  );

  app.delete(
    '/api/v1/files/:id',
    {
      ...signedIn,
      schema: {
        tags,
        operationId: 'deleteFile',
        summary: 'Delete a stored file, its bytes included (its uploader, or an admin)',
        params: FileParams,
        response: { 200: OkResponse, ...errors },
      },
    },
    async (request) => {
      await service.deleteFile(serviceContext(request), request.params.id);
      return { data: { ok: true as const } };
    },
  );
};
