import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { create as contentDisposition } from 'content-disposition';
import { z } from 'zod';
import {
  ClientExportQuery,
  ClientImportQuery,
  ClientImportReport,
  ErrorResponse,
  dataOf,
} from '@dealflow/domain';
import { readUpload } from '../../lib/tableFile.ts';
import { bearerSecurity, requireStaff, serviceContext } from '../../plugins/auth.ts';
import * as service from './service.ts';

/** An import file's size limit: 5,000 rows of a client sheet are well under 5 MB. */
const IMPORT_MAX_BYTES = 10 * 1024 * 1024;
const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse };

/** The client list as a spreadsheet: export what is on screen, import the same file back (issue 9). */
export const clientSheetRoutes: FastifyPluginAsyncZod = async (app) => {
  // Registered here, so only this plugin's routes accept multipart bodies.
  await app.register(multipart, { limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 10, parts: 20 } });
  const schema = { tags: ['clients'], security: bearerSecurity };

  app.get(
    '/api/internal/v2/clients/export',
    {
      onRequest: requireStaff('clients.read'),
      schema: {
        ...schema,
        operationId: 'exportClients',
        summary:
          'The client list as CSV (UTF-8 with BOM) or XLSX: the filters and sort of v2/clients, every matching ' +
          'client the caller may see, headers and values in zh-TW (default) or English; streamed',
        querystring: ClientExportQuery,
        produces: ['text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
        response: { 200: z.unknown().describe('The file (CSV or XLSX)'), ...errors },
      },
    },
    async (request, reply) => {
      const file = await service.exportClients(serviceContext(request), request.query);
      return reply
        .header('Content-Type', file.contentType)
        .header('Content-Disposition', contentDisposition(file.filename))
        .header('Cache-Control', 'no-store')
        .send(file.stream);
    },
  );

  app.post(
    '/api/internal/v1/clients/import',
    {
      onRequest: requireStaff('clients.write'),
      schema: {
        ...schema,
        operationId: 'importClients',
        summary:
          'Import clients from a CSV (UTF-8) or XLSX file (multipart field "file", at most 10 MB, 5,000 rows), ' +
          'as the export writes it: rows match on email; new ones are created, changed cells update. ' +
          'Replies with a line per row: created, updated, unchanged or refused with the reasons. dry_run=1 writes nothing.',
        consumes: ['multipart/form-data'],
        querystring: ClientImportQuery,
        response: { 200: dataOf(ClientImportReport), ...errors, 413: ErrorResponse },
      },
    },
    async (request) => {
      const file = await readUpload(request, { maxBytes: IMPORT_MAX_BYTES });
      return {
        data: await service.importClients(serviceContext(request), file, {
          dryRun: request.query.dry_run ?? false,
        }),
      };
    },
  );
};
