import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ClientDdComment,
  ClientDdCreateBody,
  ClientDdParams,
  ClientDdUpdateBody,
  DD_IMPORT_LIMITS,
  DdCaseParams,
  DdComment,
  DdCommentWithCase,
  DdCreateBody,
  DdImportReport,
  DdParams,
  DdSearchQuery,
  DdUpdateBody,
  ErrorResponse,
  PageQuery,
  dataOf,
  listOf,
} from '@dealflow/domain';
import { bearerSecurity, requireStaff, serviceContext } from '../../plugins/auth.ts';
import { OK, caseItemRoute as r } from '../caseItems/routes.ts';
import { clientRouteParent } from '../clients/itemParent.ts';
import { defineItemRoutes, requireIds } from '../items/routes.ts';
import { presentDd, presentDdWithCase } from './presenter.ts';
import * as service from './service.ts';
import { readUpload } from '../../lib/tableFile.ts';

export const ddRoutes: FastifyPluginAsyncZod = async (app) => {
  // Registered here, so only this plugin's routes accept multipart bodies.
  await app.register(multipart, {
    limits: { fileSize: DD_IMPORT_LIMITS.maxBytes, files: 1, fields: 10, parts: 20 },
  });

  const schema = { tags: ['due diligence'], security: bearerSecurity };
  const read = { onRequest: requireStaff('dd.read') };
  const base = '/api/internal/v2/cases/:caseId/dd';
  const caseIds = { preValidation: requireIds('MISSING_CASE_OR_DD_ID', ['caseId']) };
  const bothIds = { preValidation: requireIds('MISSING_CASE_OR_DD_ID', ['caseId', 'ddId']) };

  app.get(
    base,
    {
      ...read,
      ...caseIds,
      schema: {
        ...schema,
        operationId: 'listCaseDdComments',
        summary: 'Due-diligence comments of a case, newest first (every row unless paged)',
        params: DdCaseParams,
        querystring: PageQuery,
        response: { 200: listOf(DdComment), ...r.errors, ...r.notFound },
      },
    },
    async (request) => {
      const { rows, count } = await service.listDd(
        serviceContext(request),
        request.params.caseId,
        request.query,
      );
      return { data: { result: rows.map(presentDd), count } };
    },
  );

  app.post(
    base,
    {
      ...r.write,
      ...caseIds,
      schema: {
        ...schema,
        operationId: 'createCaseDdComment',
        summary: 'Add a due-diligence comment to a case, about a client when client_id is given',
        params: DdCaseParams,
        body: DdCreateBody,
        response: { 200: dataOf(DdComment), ...r.errors, ...r.notFound },
      },
    },
    async (request) => ({
      data: presentDd(await service.createDd(serviceContext(request), request.params.caseId, request.body)),
    }),
  );

  app.post(
    `${base}/import`,
    {
      ...r.write,
      preValidation: requireIds('MISSING_CASE_ID', ['caseId']),
      schema: {
        ...schema,
        operationId: 'importCaseDdComments',
        summary:
          'Import due-diligence comments from a CSV (UTF-8) or XLSX file (multipart field "file", at most 5 MB). ' +
          'Columns by header: content (required), client_email or client_id, created_at. ' +
          'Replies with a line per row: imported (with its id) or refused (with the reasons).',
        consumes: ['multipart/form-data'],
        params: DdCaseParams,
        response: { 200: dataOf(DdImportReport), ...r.errors, ...r.notFound, 413: ErrorResponse },
      },
    },
    async (request) => {
      const ctx = serviceContext(request);
      await service.checkImportAllowed(ctx, request.params.caseId);
      const file = await readUpload(request);
      return { data: await service.importDd(ctx, request.params.caseId, file) };
    },
  );

  app.get(
    `${base}/:ddId`,
    {
      ...read,
      ...bothIds,
      schema: {
        ...schema,
        operationId: 'getCaseDdComment',
        summary: 'One due-diligence comment of a case',
        params: DdParams,
        response: { 200: dataOf(DdComment), ...r.errors, ...r.notFound },
      },
    },
    async (request) => ({
      data: presentDd(
        await service.getDd(serviceContext(request), request.params.caseId, request.params.ddId),
      ),
    }),
  );

  app.put(
    `${base}/:ddId`,
    {
      ...r.write,
      ...bothIds,
      schema: {
        ...schema,
        operationId: 'updateCaseDdComment',
        summary: 'Edit a due-diligence comment (client_id null detaches it from its client)',
        params: DdParams,
        body: DdUpdateBody,
        response: { 200: dataOf(DdComment), ...r.errors, ...r.notFound },
      },
    },
    async (request) => ({
      data: presentDd(
        await service.updateDd(
          serviceContext(request),
          request.params.caseId,
          request.params.ddId,
          request.body,
        ),
      ),
    }),
  );

  app.delete(
    `${base}/:ddId`,
    {
      ...r.write,
      ...bothIds,
      schema: {
        ...schema,
        operationId: 'deleteCaseDdComment',
        summary: 'Delete a due-diligence comment of a case',
        params: DdParams,
        response: { 200: r.ok, ...r.errors, ...r.notFound },
      },
    },
    async (request) => {
      await service.deleteDd(serviceContext(request), request.params.caseId, request.params.ddId);
      return OK;
    },
  );

  app.get(
    '/api/internal/v2/dd',
    {
      ...read,
      schema: {
        ...schema,
        operationId: 'searchDdComments',
        summary:
          'Due-diligence comments across cases: of the cases in case_ids and/or about the clients in client_ids (at least one)',
        querystring: DdSearchQuery,
        response: { 200: listOf(DdCommentWithCase), ...r.errors },
      },
    },
    async (request) => {
      const { rows, count } = await service.searchDd(serviceContext(request), request.query);
      return { data: { result: rows.map(presentDdWithCase), count } };
    },
  );
};

/** `v2/clients/{id}/dd` (SPEC section 7): the due-diligence comments a client wrote, on any case. */
export const clientDdRoutes = defineItemRoutes(
  { ...clientRouteParent, base: '/api/internal/v2/clients' },
  {
    tag: 'due diligence',
    path: 'dd',
    names: { one: 'DdComment', many: 'DdComments' },
    summaries: {
      list: 'Due-diligence comments a client wrote, newest first, with their case',
      create: 'Add a comment of this client on a case (case_id and content)',
      update: 'Edit a due-diligence comment of this client',
      remove: 'Delete a due-diligence comment of this client',
    },
    contracts: {
      item: ClientDdComment,
      params: ClientDdParams,
      create: ClientDdCreateBody,
      update: ClientDdUpdateBody,
    },
    service: service.clientDd,
    present: presentDdWithCase,
  },
);
