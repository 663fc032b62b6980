import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ErrorResponse,
  IdParam,
  OkResponse,
  QaCreateBody,
  QaEntry,
  QaListQuery,
  QaOrderBody,
  QaUpdateBody,
  dataOf,
  listOf,
} from '@dealflow/domain';
import { requireStaff, requireStaffOrInvestor, serviceContext } from '../../plugins/auth.ts';
import { presentQaEntry } from './presenter.ts';
import * as service from './service.ts';

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse };
const notFound = { 404: ErrorResponse };
const path = '/api/internal/v1/qa';
const OK = { data: { ok: true as const } };

/**
 * Investor Q&A (issue 13): investors and staff read it (investors only what is published); admin
 * (`platform.config`) writes, orders and deletes entries, each write in the history.
 */
export const qaRoutes: FastifyPluginAsyncZod = async (app) => {
  const admin = { onRequest: requireStaff('platform.config') };
  const tags = ['q&a'];

  app.get(
    path,
    {
      onRequest: requireStaffOrInvestor(),
      schema: {
        tags,
        operationId: 'listQa',
        summary:
          'Questions and answers in their order; `q` keeps those whose question or answer contains it. Investors read the published ones, admin every one',
        querystring: QaListQuery,
        response: { 200: listOf(QaEntry), ...errors },
      },
    },
    async (request) => {
      const { rows, count } = await service.listQa(serviceContext(request), request.query);
      return { data: { result: rows.map(presentQaEntry), count } };
    },
  );
  app.post(
    path,
    {
      ...admin,
      schema: {
        tags,
        operationId: 'createQa',
        summary: 'Add a question and its answer (last in the order)',
        body: QaCreateBody,
        response: { 200: dataOf(QaEntry), ...errors },
      },
    },
    async (request) => ({
      data: presentQaEntry(await service.createQa(serviceContext(request), request.body)),
    }),
  );
  app.put(
    `${path}/order`,
    {
      ...admin,
      schema: {
        tags,
        operationId: 'reorderQa',
        summary: 'Put every entry in a new order (each id once, first to last)',
        body: QaOrderBody,
        response: { 200: OkResponse, ...errors },
      },
    },
    async (request) => {
      await service.reorderQa(serviceContext(request), request.body);
      return OK;
    },
  );
  app.put(
    `${path}/:id`,
    {
      ...admin,
      schema: {
        tags,
        operationId: 'updateQa',
        summary: 'Change a question, its answer, category or whether investors see it',
        params: IdParam,
        body: QaUpdateBody,
        response: { 200: dataOf(QaEntry), ...notFound, ...errors },
      },
    },
    async (request) => ({
      data: presentQaEntry(await service.updateQa(serviceContext(request), request.params.id, request.body)),
    }),
  );
  app.delete(
    `${path}/:id`,
    {
      ...admin,
      schema: {
        tags,
        operationId: 'deleteQa',
        summary: 'Delete a question and its answer',
        params: IdParam,
        response: { 200: OkResponse, ...notFound, ...errors },
      },
    },
    async (request) => {
      await service.deleteQa(serviceContext(request), request.params.id);
      return OK;
    },
  );
};
