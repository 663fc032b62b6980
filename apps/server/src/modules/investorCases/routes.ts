import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ErrorResponse,
  InvestorCaseCard,
  InvestorCaseFacet,
  InvestorCaseDetail,
  InvestorCaseListQuery,
  InvestorCaseComment,
  InvestorCaseParam,
  MyQuestionBody,
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
import { presentInvestorCaseCard, presentInvestorCaseDetail, presentInvestorComment } from './presenter.ts';
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
    `${base}/industries`,
    {
      ...investor,
      schema: {
        tags,
        operationId: 'listMyCaseFacets',
        summary:
          "The signed-in investor's visible cases counted by domain keys, stage and currency, with the amount they raise: what the industry pages sum",
        response: { 200: listOf(InvestorCaseFacet), ...errors },
      },
    },
    async (request) => {
      const result = await service.myCaseFacets(serviceContext(request));
      return { data: { result, count: result.length } };
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
      const { found, access, roles, ao, recusal } = await service.getMyCase(
        serviceContext(request),
        request.params.id,
      );
      return { data: presentInvestorCaseDetail(found, access, { roles, ao, recusal }) };
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

  app.get(
    `${base}/:id/comments`,
    {
      ...investor,
      schema: {
        tags,
        operationId: 'listMyCaseComments',
        summary:
          "The firm's published investment comments on the case, and the investor's own questions with staff's answers (oldest first)",
        params: InvestorCaseParam,
        response: { 200: dataOf(z.array(InvestorCaseComment)), ...errors },
      },
    },
    async (request) => {
      const { rows, found, access } = await service.listMyCaseComments(
        serviceContext(request),
        request.params.id,
      );
      return { data: rows.map((r) => presentInvestorComment(r, found, access)) };
    },
  );

  app.post(
    `${base}/:id/comments`,
    {
      ...investor,
      schema: {
        tags,
        operationId: 'askMyCaseQuestion',
        summary:
          'Ask a question on the case (a comment of type investor_question staff answer on the case page)',
        params: InvestorCaseParam,
        body: MyQuestionBody,
        response: { 201: dataOf(InvestorCaseComment), ...errors },
      },
    },
    async (request, reply) => {
      const { row, found, access } = await service.askQuestion(
        serviceContext(request),
        request.params.id,
        request.body,
      );
      return reply.code(201).send({
        data: presentInvestorComment({ comment: row, author_name: null, asker_name: null }, found, access),
      });
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
