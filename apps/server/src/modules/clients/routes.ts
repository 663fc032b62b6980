import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  Client,
  ClientCreateBody,
  ClientDetailQuery,
  ClientDuplicate,
  ClientDuplicateQuery,
  ClientListQuery,
  ClientLogEntry,
  ClientLogQuery,
  ClientName,
  ClientNameQuery,
  ClientSearchQuery,
  ClientStageStats,
  ClientStatsQuery,
  ClientSummary,
  ClientUpdateBody,
  ErrorResponse,
  IdParam,
  dataOf,
  listOf,
} from '@dealflow/domain';
import { bearerSecurity, requireStaff, serviceContext } from '../../plugins/auth.ts';
import {
  presentClient,
  presentClientLogEntry,
  presentClientName,
  presentClientSummary,
} from './presenter.ts';
import * as service from './service.ts';

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse };
const notFound = { 404: ErrorResponse };
const conflict = { 409: ErrorResponse };
const tags = ['clients'];
const v1 = '/api/internal/v1/clients';
const v2 = '/api/internal/v2/clients';

/**
 * The client book (SPEC section 7 "Clients", issue 9). Every route answers only about the clients
 * the acting staff member works (clientRules: sa p0–p4, ir p5–p6, both drop, admin all); one out
 * of their stages is 403 CLIENT_STAGE_NOT_ALLOWED with its stage (decision 0017), and lists leave
 * it out.
 */
export const clientRoutes: FastifyPluginAsyncZod = async (app) => {
  const read = { onRequest: requireStaff('clients.read') };
  const write = { onRequest: requireStaff('clients.write') };
  const schema = { tags, security: bearerSecurity };

  app.get(
    `${v1}/name`,
    {
      onRequest: requireStaff('clients.directory'),
      schema: {
        ...schema,
        operationId: 'listClientNames',
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

  const list = async (request: { query: ClientSearchQuery } & Parameters<typeof serviceContext>[0]) => {
    const { rows, count } = await service.listClients(serviceContext(request), request.query);
    return { data: { result: rows.map(presentClientSummary), count } };
  };
  app.get(
    v1,
    {
      ...read,
      schema: {
        ...schema,
        operationId: 'listClients',
        summary: 'Clients one works, paged (page 1 of 10 by invest_money:desc unless given) or all=1',
        querystring: ClientListQuery,
        response: { 200: listOf(ClientSummary), ...errors },
      },
    },
    list,
  );
  app.get(
    v2,
    {
      ...read,
      schema: {
        ...schema,
        operationId: 'searchClients',
        summary:
          'Clients one works, filtered (q over name, email, phone; tier, stage, owner, keys, expiry, group)',
        querystring: ClientSearchQuery,
        response: { 200: listOf(ClientSummary), ...errors },
      },
    },
    list,
  );

  app.get(
    `${v2}/stats`,
    {
      ...read,
      schema: {
        ...schema,
        operationId: 'getClientStageStats',
        summary: 'Per contact stage: client count and check_size sum, under the list filters',
        querystring: ClientStatsQuery,
        response: { 200: dataOf(ClientStageStats), ...errors },
      },
    },
    async (request) => ({ data: await service.clientStageStats(serviceContext(request), request.query) }),
  );

  app.get(
    `${v1}/duplicates`,
    {
      ...read,
      schema: {
        ...schema,
        operationId: 'findClientDuplicates',
        summary:
          'Clients already holding this email or phone (digits compared), to offer before a save; others’ only named',
        querystring: ClientDuplicateQuery,
        response: { 200: dataOf(ClientDuplicate.array()), ...errors },
      },
    },
    async (request) => ({ data: await service.findClientDuplicates(serviceContext(request), request.query) }),
  );

  app.post(
    v1,
    {
      ...write,
      schema: {
        ...schema,
        operationId: 'createClient',
        summary: 'Create a client in a stage one works; invite mails a set-password link',
        body: ClientCreateBody,
        response: { 200: dataOf(Client), ...errors, ...conflict },
      },
    },
    async (request) => {
      const { row, employee_name } = await service.createClient(serviceContext(request), request.body);
      return { data: presentClient(row, employee_name) };
    },
  );

  app.get(
    `${v1}/:id`,
    {
      ...read,
      schema: {
        ...schema,
        operationId: 'getClient',
        summary: 'One client; include_deleted=1 lets who may restore it (admin, owner) open a deleted one',
        params: IdParam,
        querystring: ClientDetailQuery,
        response: { 200: dataOf(Client), ...errors, ...notFound },
      },
    },
    async (request) => {
      const { row, employee_name } = await service.getClient(serviceContext(request), request.params.id, {
        includeDeleted: request.query.include_deleted === '1',
      });
      return { data: presentClient(row, employee_name) };
    },
  );

  app.put(
    `${v1}/:id`,
    {
      ...write,
      schema: {
        ...schema,
        operationId: 'updateClient',
        summary: 'Edit a client; a new process_status moves it (a reason for drop and moving back)',
        params: IdParam,
        body: ClientUpdateBody,
        response: { 200: dataOf(Client), ...errors, ...notFound, ...conflict },
      },
    },
    async (request) => {
      const { row, employee_name } = await service.updateClient(
        serviceContext(request),
        request.params.id,
        request.body,
      );
      return { data: presentClient(row, employee_name) };
    },
  );

  app.delete(
    `${v1}/:id`,
    {
      ...write,
      schema: {
        ...schema,
        operationId: 'deleteClient',
        summary: 'Soft-delete a client (admin or its owner); it can no longer sign in',
        params: IdParam,
        response: { 200: dataOf(Client), ...errors, ...notFound },
      },
    },
    async (request) => {
      const { row, employee_name } = await service.setClientDeleted(
        serviceContext(request),
        request.params.id,
        true,
      );
      return { data: presentClient(row, employee_name) };
    },
  );

  app.post(
    `${v1}/:id/restore`,
    {
      ...write,
      schema: {
        ...schema,
        operationId: 'restoreClient',
        summary: 'Restore a deleted client (admin or its owner)',
        params: IdParam,
        response: { 200: dataOf(Client), ...errors, ...notFound },
      },
    },
    async (request) => {
      const { row, employee_name } = await service.setClientDeleted(
        serviceContext(request),
        request.params.id,
        false,
      );
      return { data: presentClient(row, employee_name) };
    },
  );

  app.post(
    `${v1}/:id/invitation`,
    {
      ...write,
      schema: {
        ...schema,
        operationId: 'inviteClient',
        summary: 'Mail the client a new set-password link to the investor area (the older one ends)',
        params: IdParam,
        response: { 200: dataOf(Client), ...errors, ...notFound, ...conflict },
      },
    },
    async (request) => {
      const { row, employee_name } = await service.inviteClient(serviceContext(request), request.params.id);
      return { data: presentClient(row, employee_name) };
    },
  );

  app.get(
    `${v1}/:id/log`,
    {
      ...read,
      schema: {
        ...schema,
        operationId: 'listClientHistory',
        summary: 'History of a client, newest first (20 a page), optionally only some actions',
        params: IdParam,
        querystring: ClientLogQuery,
        response: { 200: listOf(ClientLogEntry), ...errors, ...notFound },
      },
    },
    async (request) => {
      const { rows, count, employeeNames } = await service.clientHistory(
        serviceContext(request),
        request.params.id,
        request.query,
      );
      return { data: { result: rows.map((row) => presentClientLogEntry(row, employeeNames)), count } };
    },
  );
};
