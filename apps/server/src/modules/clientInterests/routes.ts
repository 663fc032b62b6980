import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ClientInterest,
  ErrorResponse,
  InterestCreateBody,
  InterestListQuery,
  InterestParam,
  InterestUpdateBody,
  OkResponse,
  dataOf,
  listOf,
} from '@dealflow/domain';
import { requireStaff, serviceContext } from '../../plugins/auth.ts';
import { OK, itemErrors, requireIds } from '../items/routes.ts';
import { presentInterest } from './presenter.ts';
import * as service from './service.ts';

const base = '/api/internal/v1/client/interests';

/** `api/internal/v1/client/interests[/{id}]` (SPEC section 7): interests of clients in cases. */
export const clientInterestRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['clients'];
  const read = { onRequest: requireStaff('clients.read') };
  const write = { onRequest: requireStaff('clients.write') };
  // SPEC section 8: 'interest ID is required' for an empty id in the path.
  const withId = { preValidation: requireIds('INTEREST_ID_REQUIRED', ['id']) };

  app.get(
    base,
    {
      ...read,
      schema: {
        tags,
        operationId: 'listClientInterests',
        summary:
          'Interests of a client (client_id) or in a case (case_id), the keenest first; page 1, 10 rows by default',
        querystring: InterestListQuery,
        response: { 200: listOf(ClientInterest), ...itemErrors },
      },
    },
    async (request) => {
      const { rows, count } = await service.listInterests(serviceContext(request), request.query);
      return { data: { result: rows.map(presentInterest), count } };
    },
  );

  app.post(
    base,
    {
      ...write,
      schema: {
        tags,
        operationId: 'createClientInterest',
        summary: "Record a client's interest in a case (one per client and case: 409 INTEREST_EXISTS)",
        body: InterestCreateBody,
        response: { 200: dataOf(ClientInterest), ...itemErrors, 409: ErrorResponse },
      },
    },
    async (request) => ({
      data: presentInterest(await service.createInterest(serviceContext(request), request.body)),
    }),
  );

  app.get(
    `${base}/:id`,
    {
      ...read,
      ...withId,
      schema: {
        tags,
        operationId: 'getClientInterest',
        summary: 'One interest',
        params: InterestParam,
        response: { 200: dataOf(ClientInterest), ...itemErrors },
      },
    },
    async (request) => ({
      data: presentInterest(await service.getInterest(serviceContext(request), request.params.id)),
    }),
  );

  app.put(
    `${base}/:id`,
    {
      ...write,
      ...withId,
      schema: {
        tags,
        operationId: 'updateClientInterest',
        summary: 'Edit the level, amount or note of an interest',
        params: InterestParam,
        body: InterestUpdateBody,
        response: { 200: dataOf(ClientInterest), ...itemErrors },
      },
    },
    async (request) => ({
      data: presentInterest(
        await service.updateInterest(serviceContext(request), request.params.id, request.body),
      ),
    }),
  );

  app.delete(
    `${base}/:id`,
    {
      ...write,
      ...withId,
      schema: {
        tags,
        operationId: 'deleteClientInterest',
        summary: 'Delete an interest',
        params: InterestParam,
        response: { 200: OkResponse, ...itemErrors },
      },
    },
    async (request) => {
      await service.deleteInterest(serviceContext(request), request.params.id);
      return OK;
    },
  );
};
