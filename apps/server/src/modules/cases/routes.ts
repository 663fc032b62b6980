import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  Case,
  CaseBrief,
  CaseRatingBody,
  CaseStageStats,
  CaseCreateBody,
  CaseLight,
  CaseListQuery,
  CaseLogEntry,
  CaseLogQuery,
  CaseSearchQuery,
  CaseSummary,
  CaseUpdateBody,
  ErrorResponse,
  IdParam,
  StartupAccountBody,
  StartupAccountResponse,
  dataOf,
  listOf,
} from '@dealflow/domain';
import { AppError } from '../../lib/errors.ts';
import { bearerSecurity, requireStaff, requireStartupOrStaff, serviceContext } from '../../plugins/auth.ts';
import { changeStartupAccount } from '../startupAccount/service.ts';
import {
  presentCase,
  presentCaseBrief,
  presentCaseLight,
  presentCaseSummary,
  presentLogEntry,
} from './presenter.ts';
import * as service from './service.ts';

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse };
const notFound = { 404: ErrorResponse };
const tags = ['cases'];
const v1 = '/api/internal/v1/cases';
const v2 = '/api/internal/v2/cases';

export const caseRoutes: FastifyPluginAsyncZod = async (app) => {
  const read = { onRequest: requireStaff('cases.read') };
  const summary = { onRequest: requireStaff('cases.summary') };
  const write = { onRequest: requireStaff('cases.write') };
  const schema = { tags, security: bearerSecurity };

  const list =
    (allByDefault: boolean) =>
    async (request: { query: CaseListQuery } & Parameters<typeof serviceContext>[0]) => {
      const { rows, count } = await service.listCases(serviceContext(request), request.query, {
        allByDefault,
      });
      return { data: { result: rows.map(presentCaseSummary), count } };
    };

  app.get(
    v1,
    {
      ...read,
      schema: {
        ...schema,
        operationId: 'listCases',
        summary: 'Cases (every row unless paged)',
        querystring: CaseListQuery,
        response: { 200: listOf(CaseSummary), ...errors },
      },
    },
    list(true),
  );
  app.get(
    v2,
    {
      ...read,
      schema: {
        ...schema,
        operationId: 'listCasesPaged',
        summary: 'Cases, paged and filtered',
        querystring: CaseListQuery,
        response: { 200: listOf(CaseSummary), ...errors },
      },
    },
    list(false),
  );

  app.get(
    `${v2}/stats`,
    {
      ...read,
      schema: {
        ...schema,
        operationId: 'getCaseStageStats',
        summary: 'Per stage: case count and fund-raising sum per currency, under the list filters',
        querystring: CaseListQuery,
        response: { 200: dataOf(CaseStageStats), ...errors },
      },
    },
    async (request) => ({ data: await service.caseStageStats(serviceContext(request), request.query) }),
  );

  const search = async (
    request: { query: z.infer<typeof CaseSearchQuery> } & Parameters<typeof serviceContext>[0],
  ) => {
    const { rows, count } = await service.searchCases(serviceContext(request), request.query);
    return { data: { result: rows.map(presentCaseSummary), count } };
  };
  app.get(
    `${v1}/search`,
    {
      ...read,
      schema: {
        ...schema,
        operationId: 'searchCases',
        summary: 'Cases matching a keyword and filters',
        querystring: CaseSearchQuery,
        response: { 200: listOf(CaseSummary), ...errors },
      },
    },
    search,
  );
  app.get(
    `${v2}/search`,
    {
      ...read,
      schema: {
        ...schema,
        operationId: 'searchCasesV2',
        summary: 'Cases matching a keyword and filters (v2 path, same answer as v1)',
        querystring: CaseSearchQuery,
        response: { 200: listOf(CaseSummary), ...errors },
      },
    },
    search,
  );

  const LightQuery = z.object({ q: z.string().trim().max(200).optional() });
  app.get(
    `${v1}/light`,
    {
      ...summary,
      schema: {
        ...schema,
        operationId: 'listCasesLight',
        summary: 'Every case: id, name, stage',
        querystring: LightQuery,
        response: { 200: listOf(CaseLight), ...errors },
      },
    },
    async (request) => {
      const rows = await service.listCaseNames(serviceContext(request), request.query.q);
      return { data: { result: rows.map(presentCaseLight), count: rows.length } };
    },
  );
  app.get(
    `${v1}/name`,
    {
      ...summary,
      schema: {
        ...schema,
        operationId: 'listCaseNames',
        summary:
          'Case names for pickers; editable=1 keeps the cases the caller may change (admin all, an ao those they are the ao or an agent of)',
        querystring: LightQuery.extend({
          editable: z.enum(['1', 'true']).optional(),
        }),
        response: { 200: listOf(z.object({ id: z.number().int(), name: z.string() })), ...errors },
      },
    },
    async (request) => {
      const rows = await service.listCaseNames(serviceContext(request), request.query.q, {
        editable: request.query.editable !== undefined,
      });
      return { data: { result: rows.map((r) => ({ id: r.id, name: r.name })), count: rows.length } };
    },
  );

  app.post(
    v1,
    {
      ...write,
      schema: {
        ...schema,
        operationId: 'createCase',
        summary: 'Create a case',
        body: CaseCreateBody,
        response: { 200: dataOf(Case), ...errors },
      },
    },
    async (request) => {
      const { row, names } = await service.createCase(serviceContext(request), request.body);
      return { data: presentCase(row, names) };
    },
  );

  app.get(
    `${v1}/:id`,
    {
      ...read,
      schema: {
        ...schema,
        operationId: 'getCase',
        summary: 'One case with its details',
        params: IdParam,
        querystring: z.object({ include_deleted: z.enum(['1', '0']).optional() }),
        response: { 200: dataOf(Case), ...errors, ...notFound },
      },
    },
    async (request) => {
      const { row, names } = await service.getCase(serviceContext(request), request.params.id, {
        includeDeleted: request.query.include_deleted === '1',
      });
      return { data: presentCase(row, names) };
    },
  );

  // One path, two meanings (SPEC section 7): staff edit a case; a startup changes its own password
  // or sign-in email, `{id}` being its own user id (docs/decisions/0036). The principal decides.
  app.put(
    `${v1}/:id`,
    {
      onRequest: requireStartupOrStaff('cases.write'),
      schema: {
        ...schema,
        operationId: 'updateCase',
        summary:
          'Staff: edit a case (a new status moves it through the pipeline). Startup: change one’s own password or sign-in email, {id} being one’s own user id',
        params: IdParam,
        body: z.union([CaseUpdateBody, StartupAccountBody]),
        response: {
          200: z.union([dataOf(Case), StartupAccountResponse]),
          ...errors,
          ...notFound,
          409: ErrorResponse,
          410: ErrorResponse,
          422: ErrorResponse,
          429: ErrorResponse,
        },
      },
    },
    async (request) => {
      const ctx = serviceContext(request);
      const body = request.body;
      if (ctx.actor?.kind === 'startup') {
        if (!('action' in body)) throw new AppError('WRONG_STRATEGY');
        return { data: await changeStartupAccount(ctx, request.params.id, body) };
      }
      if ('action' in body)
        throw new AppError('VALIDATION_FAILED', { message: 'Unknown case field: action' });
      const { row, names } = await service.updateCase(ctx, request.params.id, body);
      return { data: presentCase(row, names) };
    },
  );

  app.delete(
    `${v1}/:id`,
    {
      ...write,
      schema: {
        ...schema,
        operationId: 'deleteCase',
        summary: 'Soft-delete a case',
        params: IdParam,
        response: { 200: dataOf(Case), ...errors, ...notFound },
      },
    },
    async (request) => {
      const { row, names } = await service.setCaseDeleted(serviceContext(request), request.params.id, true);
      return { data: presentCase(row, names) };
    },
  );

  app.post(
    `${v1}/:id/restore`,
    {
      ...write,
      schema: {
        ...schema,
        operationId: 'restoreCase',
        summary: 'Restore a deleted case',
        params: IdParam,
        response: { 200: dataOf(Case), ...errors, ...notFound },
      },
    },
    async (request) => {
      const { row, names } = await service.setCaseDeleted(serviceContext(request), request.params.id, false);
      return { data: presentCase(row, names) };
    },
  );

  app.get(
    `${v1}/:id/log`,
    {
      ...read,
      schema: {
        ...schema,
        operationId: 'listCaseHistory',
        summary: 'History of a case, newest first (20 a page), optionally only some actions',
        params: IdParam,
        querystring: CaseLogQuery,
        response: { 200: listOf(CaseLogEntry), ...errors, ...notFound },
      },
    },
    async (request) => {
      const { rows, count, clientNames } = await service.caseHistory(
        serviceContext(request),
        request.params.id,
        request.query,
      );
      return { data: { result: rows.map((row) => presentLogEntry(row, clientNames)), count } };
    },
  );

  app.get(
    `${v1}/:id/summary`,
    {
      ...summary,
      schema: {
        ...schema,
        operationId: 'getCaseSummary',
        summary:
          'Read-only case summary for presenting it to investors: overview, stage, amounts, investor-visible terms, roles, ratings',
        params: IdParam,
        response: { 200: dataOf(CaseBrief), ...errors, ...notFound },
      },
    },
    async (request) => {
      const { row, holders, names } = await service.caseBrief(serviceContext(request), request.params.id);
      return { data: presentCaseBrief(row, holders, names) };
    },
  );

  app.put(
    `${v1}/:id/rating`,
    {
      ...summary,
      schema: {
        ...schema,
        operationId: 'setCaseIrRating',
        summary: 'Set or clear the IR rating of a case (ir and admin); recorded in its history',
        params: IdParam,
        body: CaseRatingBody,
        response: { 200: dataOf(CaseBrief), ...errors, ...notFound },
      },
    },
    async (request) => {
      const { row, holders, names } = await service.setIrRating(
        serviceContext(request),
        request.params.id,
        request.body.rating_ir_score,
      );
      return { data: presentCaseBrief(row, holders, names) };
    },
  );

  const CASE_PROPS = Object.keys(Case.shape) as [keyof typeof Case.shape, ...(keyof typeof Case.shape)[]];
  app.get(
    `${v1}/:id/:prop`,
    {
      ...read,
      schema: {
        ...schema,
        operationId: 'getCaseProperty',
        summary: 'One property of a case',
        params: IdParam.extend({ prop: z.string() }),
        response: { 200: dataOf(z.unknown()), ...errors, ...notFound },
      },
    },
    async (request) => {
      const prop = request.params.prop;
      if (!(CASE_PROPS as string[]).includes(prop))
        throw new AppError('NOT_FOUND', { message: `Unknown case property: ${prop}` });
      const { row, names } = await service.getCase(serviceContext(request), request.params.id);
      return { data: presentCase(row, names)[prop as keyof Case] };
    },
  );
};
