import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ErrorResponse,
  InvestorCaseCard,
  InvestorCaseDetail,
  InvestorCaseListQuery,
  InvestorCaseParam,
  MyInterest,
  MyInterestBody,
  OkResponse,
  dataOf,
  listOf,
} from '@dealflow/domain';
import { requireInvestor, serviceContext } from '../../plugins/auth.ts';
import { presentInvestorCaseCard, presentInvestorCaseDetail } from './presenter.ts';
import * as service from './service.ts';

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };
const tags = ['investor area'];
const base = '/api/internal/v1/me/cases';

/**
 * The investor's cases (issue 13): what their membership tier, the case's stage and fund-platform
 * flag and their own role, invitation and NDA let them see — the same rule for the list and a case.
 */
export const investorCaseRoutes: FastifyPluginAsyncZod = async (app) => {
  const investor = { onRequest: requireInvestor() };

  app.get(
    base,
    {
      ...investor,
      schema: {
        tags,
        operationId: 'listMyCases',
        summary:
          'Cases the signed-in investor may see, newest first (page 1, 12 a page); a de-identified case goes by its code name until their NDA is signed',
        querystring: InvestorCaseListQuery,
        response: { 200: listOf(InvestorCaseCard), ...errors },
      },
    },
    async (request) => {
      const { result, count } = await service.listMyCases(serviceContext(request), request.query);
      return { data: { result: result.map((r) => presentInvestorCaseCard(r.found, r.access)), count } };
    },
  );

  app.get(
    `${base}/:id`,
    {
      ...investor,
      schema: {
        tags,
        operationId: 'getMyCase',
        summary:
          'One case as the investor may see it: front-end and shared term-sheet fields only; 404 when they may not see it',
        params: InvestorCaseParam,
        response: { 200: dataOf(InvestorCaseDetail), ...errors },
      },
    },
    async (request) => {
      const { found, access, roles, ao } = await service.getMyCase(
        serviceContext(request),
        request.params.id,
      );
      return { data: presentInvestorCaseDetail(found, access, { roles, ao }) };
    },
  );

  app.put(
    `${base}/:id/interest`,
    {
      ...investor,
      schema: {
        tags,
        operationId: 'registerMyInterest',
        summary:
          "I'm interested (with an optional indicative amount in the case's currency): tiers with co-investment, while the case raises",
        params: InvestorCaseParam,
        body: MyInterestBody,
        response: { 200: dataOf(MyInterest), ...errors, 409: ErrorResponse },
      },
    },
    async (request) => {
      const row = await service.registerInterest(serviceContext(request), request.params.id, request.body);
      return {
        data: {
          id: row.id,
          amount: row.amount === null ? null : Number(row.amount),
          note: row.note,
          created_at: (row.registered_at ?? row.created_at).toISOString(),
        },
      };
    },
  );

  app.delete(
    `${base}/:id/interest`,
    {
      ...investor,
      schema: {
        tags,
        operationId: 'withdrawMyInterest',
        summary: 'Withdraw the interest (an invitation staff made stays)',
        params: InvestorCaseParam,
        response: { 200: OkResponse, ...errors },
      },
    },
    async (request) => {
      await service.withdrawInterest(serviceContext(request), request.params.id);
      return { data: { ok: true as const } };
    },
  );
};
