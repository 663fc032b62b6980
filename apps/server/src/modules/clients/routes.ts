import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ClientName, ClientNameQuery, ErrorResponse, listOf } from '@dealflow/domain';
import { bearerSecurity, requireStaff, serviceContext } from '../../plugins/auth.ts';
import { presentClientName } from './presenter.ts';
import * as service from './service.ts';

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse };
const v1 = '/api/internal/v1/clients';

/** The client module's first routes; the full module (SPEC section 7 "Clients") comes later. */
export const clientRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    `${v1}/name`,
    {
      onRequest: requireStaff('clients.directory'),
      schema: {
        operationId: 'listClientNames',
        tags: ['clients'],
        security: bearerSecurity,
        summary:
          'Client names for pickers: active clients matching q (name or email), 20 by name; or ids=1,2 resolved',
        querystring: ClientNameQuery,
        response: { 200: listOf(ClientName), ...errors },
      },
    },
    async (request) => {
      const { rows, count } = await service.listClientNames(serviceContext(request), request.query);
      return { data: { result: rows.map(presentClientName), count } };
    },
  );
};
