import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ErrorResponse,
  InvestorCaseCard,
  InvestorCaseDetail,
  InvestorCaseListQuery,
  InvestorCaseParam,
  LegalDocument,
  MyDocumentCreateBody,
  MyInterest,
  MyInterestBody,
  OkResponse,
  dataOf,
  listOf,
} from '@dealflow/domain';
import { requireInvestor, serviceContext } from '../../plugins/auth.ts';
import { presentDocument } from '../legalDocs/presenter.ts';
import { evidenceOf } from '../legalDocs/service.ts';
import * as documents from './documents.ts';
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

  app.get(
    `${base}/:id/documents`,
    {
      ...investor,
      schema: {
        tags,
        operationId: 'listMyCaseDocuments',
        summary: "The investor's own NDA, LOI, COI (and any document staff sent) on the case, sent or signed",
        params: InvestorCaseParam,
        response: { 200: dataOf(z.array(LegalDocument)), ...errors },
      },
    },
    async (request) => ({
      data: (await documents.listMyCaseDocuments(serviceContext(request), request.params.id)).map(
        presentDocument,
      ),
    }),
  );

  app.post(
    `${base}/:id/documents`,
    {
      ...investor,
      schema: {
        tags,
        operationId: 'generateMyCaseDocument',
        summary:
          'Make my NDA, LOI or COI for the case, sent to me to sign (one alive per kind: asking again returns it; LOI and COI need the NDA first on a de-identified case)',
        params: InvestorCaseParam,
        body: MyDocumentCreateBody,
        response: { 200: dataOf(LegalDocument), 201: dataOf(LegalDocument), ...errors, 409: ErrorResponse },
      },
    },
    async (request, reply) => {
      const { view, created } = await documents.generateMyDocument(
        serviceContext(request),
        request.params.id,
        request.body,
        evidenceOf(request.ip, request.headers['user-agent']),
      );
      return reply.code(created ? 201 : 200).send({ data: presentDocument(view) });
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
