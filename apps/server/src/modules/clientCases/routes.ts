import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ClientCalendarEvent,
  ClientCalendarQuery,
  ClientCaseDetail,
  ClientCaseEntry,
  ClientCaseParams,
  ClientCasesQuery,
  ClientParam,
  ClientRole,
  ClientRoleListQuery,
  ClientRoleParams,
  ClientRoleValueBody,
  ErrorResponse,
  PortfolioIndustry,
  PortfolioValue,
  dataOf,
  listOf,
} from '@dealflow/domain';
import { bearerSecurity, requireSelfOrStaff, requireStaff, serviceContext } from '../../plugins/auth.ts';
import {
  presentClientCaseDetail,
  presentClientCaseEntry,
  presentClientEvent,
  presentClientRole,
} from './presenter.ts';
import * as service from './service.ts';

const v1 = '/api/internal/v1/clients/:id';
const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };
const schema = { tags: ['clients'], security: bearerSecurity };
const read = { onRequest: requireStaff('clients.read') };
/** Staff, or the investor for their own client id (their roles, cases, portfolio and calendar). */
const readOwn = { onRequest: requireSelfOrStaff('clients.read') };

/**
 * The client's roles, cases, portfolio value and calendar (SPEC section 7 "Clients"); the investor
 * reads their own through the same calls (another client's id is 403).
 */
export const clientCaseRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    `${v1}/roles`,
    {
      ...readOwn,
      schema: {
        ...schema,
        operationId: 'listClientRoles',
        summary: 'Roles the client holds on cases, with the case and the money (every row unless paged)',
        params: ClientParam,
        querystring: ClientRoleListQuery,
        response: { 200: listOf(ClientRole), ...errors },
      },
    },
    async (request) => {
      const { rows, count } = await service.listClientRoles(
        serviceContext(request),
        request.params.id,
        request.query,
      );
      return { data: { result: rows.map(presentClientRole), count } };
    },
  );

  app.put(
    `${v1}/roles/:roleId`,
    {
      onRequest: requireStaff('clients.portfolio'),
      schema: {
        ...schema,
        operationId: 'updateClientRoleValue',
        summary:
          'Set what a holding of the client is worth now (holdings_value) and what came back (refunded_money); admin and ir',
        params: ClientRoleParams,
        body: ClientRoleValueBody,
        response: { 200: dataOf(ClientRole), ...errors },
      },
    },
    async (request) => ({
      data: presentClientRole(
        await service.setRoleValues(
          serviceContext(request),
          request.params.id,
          request.params.roleId,
          request.body,
        ),
      ),
    }),
  );

  app.get(
    `${v1}/cases`,
    {
      ...readOwn,
      schema: {
        ...schema,
        operationId: 'listClientCaseEntries',
        summary:
          'Cases the client takes part in (in_case=1) or only showed interest in (in_case=0), both by default; ' +
          'page 1, size 10, sort invest_money:desc by default. An investor gets the cases they take part in',
        params: ClientParam,
        querystring: ClientCasesQuery,
        response: { 200: listOf(ClientCaseEntry), ...errors },
      },
    },
    async (request) => {
      const { rows, count } = await service.listClientCases(
        serviceContext(request),
        request.params.id,
        request.query,
      );
      return { data: { result: rows.map(presentClientCaseEntry), count } };
    },
  );

  app.get(
    `${v1}/cases/:caseId`,
    {
      ...read,
      schema: {
        ...schema,
        operationId: 'getClientCase',
        summary: "One case as the client is involved in it: the case's summary, the client's roles and money",
        params: ClientCaseParams,
        response: { 200: dataOf(ClientCaseDetail), ...errors },
      },
    },
    async (request) => ({
      data: presentClientCaseDetail(
        await service.getClientCase(serviceContext(request), request.params.id, request.params.caseId),
      ),
    }),
  );

  app.get(
    `${v1}/portfolio`,
    {
      ...readOwn,
      schema: {
        ...schema,
        operationId: 'getClientPortfolio',
        summary:
          'Portfolio value per currency: initial investment, holdings value, refunded investment, realized + unrealized',
        params: ClientParam,
        response: { 200: listOf(PortfolioValue), ...errors },
      },
    },
    async (request) => {
      const rows = await service.getPortfolio(serviceContext(request), request.params.id);
      return { data: { result: rows, count: rows.length } };
    },
  );

  app.get(
    `${v1}/portfolio/industries`,
    {
      ...readOwn,
      schema: {
        ...schema,
        operationId: 'getClientPortfolioByIndustry',
        summary:
          "Portfolio per currency and industry (a case's first domain key, null without one): initial investment, holdings value, cases",
        params: ClientParam,
        response: { 200: listOf(PortfolioIndustry), ...errors },
      },
    },
    async (request) => {
      const rows = await service.getPortfolioByIndustry(serviceContext(request), request.params.id);
      return { data: { result: rows, count: rows.length } };
    },
  );

  app.get(
    `${v1}/calendars`,
    {
      ...readOwn,
      schema: {
        ...schema,
        operationId: 'listClientCalendars',
        summary:
          'Events of the cases the client takes part in, by start time (every row unless paged; from: ending after)',
        params: ClientParam,
        querystring: ClientCalendarQuery,
        response: { 200: listOf(ClientCalendarEvent), ...errors },
      },
    },
    async (request) => {
      const { rows, count } = await service.listClientEvents(
        serviceContext(request),
        request.params.id,
        request.query,
      );
      return { data: { result: rows.map(presentClientEvent), count } };
    },
  );
};
