import { create as contentDisposition } from 'content-disposition';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorResponse, IdParam, dataOf } from '@dealflow/domain';
import { requireInvestor, serviceContext } from '../../plugins/auth.ts';
import * as service from './service.ts';

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };
const tags = ['data room'];

const DataRoomFile = z.object({
  file_id: z.number().int(),
  /** Where the term sheet names it: `presentationFile` or `medias.N`. */
  field: z.string(),
  name: z.string(),
  mime: z.string(),
  size: z.number().int(),
});
const FileParams = IdParam.extend({ fileId: z.coerce.number().int().positive().max(2_147_483_647) });
const FileQuery = z.object({ download: z.enum(['0', '1', 'true', 'false']).optional() }).strict();

/**
 * The data room of a case for an investor who holds a role on it or signed its NDA (issue 12):
 * the files its term sheet names, PDFs stamped on the fly with the reader's name, email and time,
 * each opening written in the case's history.
 */
export const dataRoomRoutes: FastifyPluginAsyncZod = async (app) => {
  const investor = { onRequest: requireInvestor() };

  app.get(
    '/api/internal/v1/me/cases/:id/files',
    {
      ...investor,
      schema: {
        tags,
        operationId: 'listMyCaseFiles',
        summary:
          'The files of a case’s term sheet the signed-in investor may open (a role on the case, or its NDA signed)',
        params: IdParam,
        response: { 200: dataOf(z.array(DataRoomFile)), ...errors },
      },
    },
    async (request) => ({ data: await service.listCaseFiles(serviceContext(request), request.params.id) }),
  );

  app.get(
    '/api/internal/v1/me/cases/:id/files/:fileId',
    {
      ...investor,
      schema: {
        tags,
        operationId: 'openMyCaseFile',
        summary:
          'One file of the case’s data room; a PDF comes stamped with the reader’s name, email and the time. Recorded in the case’s history',
        params: FileParams,
        querystring: FileQuery,
        response: {
          200: {
            description: 'The file (a PDF stamped for its reader)',
            content: { 'application/octet-stream': { schema: z.string().meta({ format: 'binary' }) } },
          },
          ...errors,
          413: ErrorResponse,
          503: ErrorResponse,
        },
      },
    },
    async (request, reply) => {
      const download = request.query.download === '1' || request.query.download === 'true';
      const { file, size, body } = await service.openCaseFile(
        serviceContext(request),
        request.params.id,
        request.params.fileId,
        download,
      );
      return reply
        .type(file.mime)
        .header('content-length', String(size))
        .header(
          'content-disposition',
          contentDisposition(file.name, { type: download ? 'attachment' : 'inline' }),
        )
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .send(body as unknown as string);
    },
  );
};
