import multipart from '@fastify/multipart';
import { create as contentDisposition } from 'content-disposition';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CLIENT_FILE_MAX_BYTES,
  ClientFile,
  ClientFileListQuery,
  ClientFileParams,
  ClientFileUpdateBody,
  ClientFileUploadFields,
  ClientParam,
  ErrorResponse,
  OkResponse,
  dataOf,
  kindOfZodIssue,
  listOf,
  validationIssue,
} from '@dealflow/domain';
import type { ServiceContext } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { receiveUpload, uploadLimits } from '../../lib/multipartUpload.ts';
import { bearerSecurity, requireStaff, serviceContext } from '../../plugins/auth.ts';
import { malformedText } from '../../plugins/validation.ts';
import { presentClientFile } from './presenter.ts';
import * as service from './service.ts';

const v1 = '/api/internal/v1/clients/:id/files';
const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };
const schema = { tags: ['client files'], security: bearerSecurity };
const read = { onRequest: requireStaff('clients.read') };
const write = { onRequest: requireStaff('clients.write') };
const OK = { data: { ok: true as const } };

const clientFileTooLarge = () =>
  new AppError('FILE_TOO_LARGE', { details: { max_bytes: CLIENT_FILE_MAX_BYTES } });

/**
 * Reads the upload (lib/multipartUpload.ts): the file (field `file`) streams straight into the
 * file store while it arrives; `kind` and `name` may come before or after it.
 */
function receiveClientUpload(request: FastifyRequest, ctx: ServiceContext) {
  return receiveUpload(request, {
    checkField: (field) =>
      field === 'file'
        ? null
        : new AppError('FILE_MISSING', { message: `Send the file in the field "file", not "${field}"` }),
    store: (source, filename) => service.storeUpload(ctx, source, filename),
    discard: (key) => service.discardUpload(ctx, key),
    tooLarge: clientFileTooLarge,
    accept: ({ stored, filename, fields }) => {
      const malformed = malformedText({ ...fields, file: { filename } }, 'body');
      if (malformed.length > 0) throw new AppError('VALIDATION_FAILED', { details: malformed });
      // An empty name field means "the file's own name", as when it is not sent.
      const { name: typed, ...rest } = fields;
      const given = typed?.trim() ? { ...rest, name: typed } : rest;
      const parsed = ClientFileUploadFields.safeParse({ name: filename, ...given });
      if (!parsed.success) {
        throw new AppError('VALIDATION_FAILED', {
          details: parsed.error.issues.map((issue) => {
            const path = issue.path.map(String);
            // A bad name that was not typed is the file's own name.
            const field =
              path[0] === 'name' && !given.name ? 'body.file.filename' : ['body', ...path].join('.');
            const { kind, ...extra } = kindOfZodIssue(
              issue.code,
              issue as unknown as Record<string, unknown>,
              issue.message,
            );
            return validationIssue(field, kind, issue.message, extra);
          }),
        });
      }
      return { stored, name: parsed.data.name ?? filename, kind: parsed.data.kind };
    },
  });
}

/**
 * Files of a client (SPEC section 7: `v1/clients/{id}/files`): list, upload (multipart), rename or
 * re-kind, delete, and download. Every call checks the client access rule; the bytes are only
 * served by the download route, after that check, never from a public address.
 */
export const clientFileRoutes: FastifyPluginAsyncZod = async (app) => {
  // Registered here, so only this plugin's routes accept multipart bodies. One byte over the limit
  // is let through to the store, which counts it and refuses the upload (413).
  await app.register(multipart, { limits: uploadLimits(CLIENT_FILE_MAX_BYTES) });

  app.get(
    v1,
    {
      ...read,
      schema: {
        ...schema,
        operationId: 'listClientFiles',
        summary: 'Files of a client, newest first (every row unless paged; kind filters)',
        params: ClientParam,
        querystring: ClientFileListQuery,
        response: { 200: listOf(ClientFile), ...errors },
      },
    },
    async (request) => {
      const { rows, count } = await service.listClientFiles(
        serviceContext(request),
        request.params.id,
        request.query,
      );
      return { data: { result: rows.map(presentClientFile), count } };
    },
  );

  app.post(
    v1,
    {
      ...write,
      schema: {
        ...schema,
        operationId: 'uploadClientFile',
        summary:
          'Upload a file for a client (multipart: "file", at most 20 MB; "kind", other by default; "name" optional). ' +
          'Accepted: PDF, PNG, JPEG, GIF, WebP, Word, Excel and PowerPoint documents, CSV and text, as told by the bytes.',
        consumes: ['multipart/form-data'],
        params: ClientParam,
        response: { 200: dataOf(ClientFile), ...errors, 413: ErrorResponse, 415: ErrorResponse },
      },
    },
    async (request) => {
      const ctx = serviceContext(request);
      await service.checkUploadAllowed(ctx, request.params.id);
      const upload = await receiveClientUpload(request, ctx);
      return { data: presentClientFile(await service.createClientFile(ctx, request.params.id, upload)) };
    },
  );

  app.put(
    `${v1}/:fileId`,
    {
      ...write,
      schema: {
        ...schema,
        operationId: 'updateClientFile',
        summary: 'Rename a client file (its extension is kept) or change its kind',
        params: ClientFileParams,
        body: ClientFileUpdateBody,
        response: { 200: dataOf(ClientFile), ...errors },
      },
    },
    async (request) => ({
      data: presentClientFile(
        await service.updateClientFile(
          serviceContext(request),
          request.params.id,
          request.params.fileId,
          request.body,
        ),
      ),
    }),
  );

  app.delete(
    `${v1}/:fileId`,
    {
      ...write,
      schema: {
        ...schema,
        operationId: 'deleteClientFile',
        summary: 'Delete a client file, its bytes included',
        params: ClientFileParams,
        response: { 200: OkResponse, ...errors },
      },
    },
    async (request) => {
      await service.deleteClientFile(serviceContext(request), request.params.id, request.params.fileId);
      return OK;
    },
  );

  app.get(
    `${v1}/:fileId/download`,
    {
      ...read,
      schema: {
        ...schema,
        operationId: 'downloadClientFile',
        summary: 'The bytes of a client file, as an attachment under its name',
        params: ClientFileParams,
        response: {
          200: {
            description: 'The file, with its type and name (Content-Disposition: attachment)',
            content: { 'application/octet-stream': { schema: z.string().meta({ format: 'binary' }) } },
          },
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const { file, stream } = await service.openClientFile(
        serviceContext(request),
        request.params.id,
        request.params.fileId,
      );
      return (
        reply
          .type(file.mime)
          .header('content-length', String(file.size))
          .header('content-disposition', contentDisposition(file.name, { type: 'attachment' }))
          .header('cache-control', 'private, no-store')
          .header('x-content-type-options', 'nosniff')
          // A stream goes out as it is (no serializer runs on it); the 200 contract describes its bytes.
          .send(stream as unknown as string)
      );
    },
  );
};
