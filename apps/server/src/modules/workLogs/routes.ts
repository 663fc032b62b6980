import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ErrorResponse,
  OkResponse,
  WorkLog,
  WorkLogCreateBody,
  WorkLogParams,
  WorkLogQuery,
  WorkLogQueryV2,
  WorkLogUpdateBody,
  dataOf,
  listOf,
} from '@dealflow/domain';
import { bearerSecurity, requireStaff, serviceContext } from '../../plugins/auth.ts';
import { presentWorkLog } from './presenter.ts';
import * as service from './service.ts';

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse };
const notFound = { 404: ErrorResponse };
const v1 = '/api/internal/v1/employee/log';
const v2 = '/api/internal/v2/employee/log';
const OK = { data: { ok: true as const } };

/**
 * SPEC section 7 "Employees" logs (issue 11): every staff member records their own work; admin reads
 * every log, others their own and those on cases they may read (contracts/workLogs.ts).
 */
export const workLogRoutes: FastifyPluginAsyncZod = async (app) => {
  const staff = { onRequest: requireStaff('worklogs.write') };
  const schema = { tags: ['work logs'], security: bearerSecurity };

  const list = async (request: Parameters<typeof serviceContext>[0] & { query: WorkLogQuery }) => {
    const { rows, count } = await service.listWorkLogs(serviceContext(request), request.query);
    return { data: { result: rows.map(presentWorkLog), count } };
  };
  app.get(
    v1,
    {
      ...staff,
      schema: {
        ...schema,
        operationId: 'listWorkLogs',
        summary:
          'Work logs one may read, newest first, 20 a page: case_id keeps one case’s, employee_id one colleague’s',
        querystring: WorkLogQuery,
        response: { 200: listOf(WorkLog), ...errors },
      },
    },
    list,
  );
  app.get(
    v2,
    {
      ...staff,
      schema: {
        ...schema,
        operationId: 'listWorkLogsV2',
        summary: 'Work logs one may read, newest first: page, size (20) and case_id only',
        querystring: WorkLogQueryV2,
        response: { 200: listOf(WorkLog), ...errors },
      },
    },
    list,
  );
  app.get(
    `${v1}/:id`,
    {
      ...staff,
      schema: {
        ...schema,
        operationId: 'getWorkLog',
        summary: 'One work log one may read',
        params: WorkLogParams,
        response: { 200: dataOf(WorkLog), ...notFound, ...errors },
      },
    },
    async (request) => ({
      data: presentWorkLog(await service.getWorkLog(serviceContext(request), request.params.id)),
    }),
  );
  app.post(
    v1,
    {
      ...staff,
      schema: {
        ...schema,
        operationId: 'createWorkLog',
        summary: 'Record one’s own work (a call, a meeting, a visit…), optionally on a case one may read',
        body: WorkLogCreateBody,
        response: { 200: dataOf(WorkLog), ...errors },
      },
    },
    async (request) => ({
      data: presentWorkLog(await service.createWorkLog(serviceContext(request), request.body)),
    }),
  );
  app.put(
    `${v1}/:id`,
    {
      ...staff,
      schema: {
        ...schema,
        operationId: 'updateWorkLog',
        summary: 'Edit a work log (its author or an admin)',
        params: WorkLogParams,
        body: WorkLogUpdateBody,
        response: { 200: dataOf(WorkLog), ...notFound, ...errors },
      },
    },
    async (request) => ({
      data: presentWorkLog(
        await service.updateWorkLog(serviceContext(request), request.params.id, request.body),
      ),
    }),
  );
  app.delete(
    `${v1}/:id`,
    {
      ...staff,
      schema: {
        ...schema,
        operationId: 'deleteWorkLog',
        summary: 'Delete a work log (its author or an admin)',
        params: WorkLogParams,
        response: { 200: OkResponse, ...notFound, ...errors },
      },
    },
    async (request) => {
      await service.deleteWorkLog(serviceContext(request), request.params.id);
      return OK;
    },
  );
};
