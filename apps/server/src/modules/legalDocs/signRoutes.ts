import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ConflictDeclaration,
  ErrorResponse,
  LegalDocument,
  LegalDocumentListQuery,
  LegalDocumentParams,
  LegalDocumentPdfQuery,
  LegalDocumentVerification,
  SignConfirmBody,
  SignStart,
  SignStartBody,
  dataOf,
  listOf,
} from '@dealflow/domain';
import { requireInvestor, requireSigner, serviceContext } from '../../plugins/auth.ts';
import { presentDocument, presentEvent } from './presenter.ts';
import { pdfResponse, sendPdf } from './routes.ts';
import { evidenceOf } from './service.ts';
import * as signing from './signing.ts';

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };
const tags = ['legal documents'];
const MINE = '/api/internal/v1/me/documents';

/**
 * The signer's side of the legal documents (issue 12): an investor, or a startup for the letter of
 * intent addressed to it (issue 14), reads the documents sent to them, opens the PDF (recorded as
 * `viewed`), signs with consent, a typed or drawn name and a code mailed to their sign-in address,
 * downloads the signed PDF and verifies it. Only their own documents, never drafts. Declaring a
 * conflict is the investor's alone (a COI).
 */
export const legalDocSignRoutes: FastifyPluginAsyncZod = async (app) => {
  const signer = { onRequest: requireSigner() };
  const investor = { onRequest: requireInvestor() };
  const evidence = (request: { ip: string; headers: Record<string, string | string[] | undefined> }) =>
    evidenceOf(request.ip, request.headers['user-agent']);

  app.get(
    MINE,
    {
      ...signer,
      schema: {
        tags,
        operationId: 'listMyLegalDocuments',
        summary:
          'The legal documents sent to the signed-in investor or startup: waiting for a signature first',
        querystring: LegalDocumentListQuery,
        response: { 200: listOf(LegalDocument), ...errors },
      },
    },
    async (request) => {
      const size = request.query.size ?? 20;
      const page = request.query.page ?? 1;
      const { rows, count } = await signing.listMyDocuments(serviceContext(request), {
        limit: size,
        offset: (page - 1) * size,
      });
      return { data: { result: rows.map(presentDocument), count } };
    },
  );

  app.get(
    `${MINE}/:id`,
    {
      ...signer,
      schema: {
        tags,
        operationId: 'getMyLegalDocument',
        summary: 'One legal document sent to the signed-in investor or startup',
        params: LegalDocumentParams,
        response: { 200: dataOf(LegalDocument), ...errors },
      },
    },
    async (request) => ({
      data: presentDocument(await signing.getMyDocument(serviceContext(request), request.params.id)),
    }),
  );

  app.get(
    `${MINE}/:id/pdf`,
    {
      ...signer,
      schema: {
        tags,
        operationId: 'getMyLegalDocumentPdf',
        summary:
          'The PDF to sign (opening it is recorded in the trail as viewed), or with `signed=1` the signed PDF',
        params: LegalDocumentParams,
        querystring: LegalDocumentPdfQuery,
        response: { 200: pdfResponse, ...errors, 409: ErrorResponse },
      },
    },
    async (request, reply) => {
      const signed = request.query.signed === '1' || request.query.signed === 'true';
      const { file, stream } = await signing.openMyDocumentPdf(
        serviceContext(request),
        request.params.id,
        signed,
        evidence(request),
      );
      return sendPdf(reply, file, stream);
    },
  );

  app.post(
    `${MINE}/:id/sign/start`,
    {
      ...signer,
      schema: {
        tags,
        operationId: 'startSigningMyLegalDocument',
        summary:
          'Consent to sign electronically with a typed (and optionally drawn) name: a six-digit code is mailed, valid 10 minutes, 5 tries, 5 codes an hour',
        params: LegalDocumentParams,
        body: SignStartBody,
        response: {
          200: dataOf(SignStart),
          ...errors,
          409: ErrorResponse,
          429: ErrorResponse,
          503: ErrorResponse,
        },
      },
    },
    async (request) => ({
      data: await signing.startSigning(
        serviceContext(request),
        request.params.id,
        request.body,
        evidence(request),
      ),
    }),
  );

  app.post(
    `${MINE}/:id/sign/confirm`,
    {
      ...signer,
      schema: {
        tags,
        operationId: 'confirmSigningMyLegalDocument',
        summary:
          'Signs with the mailed code: the signed PDF gets a completion certificate page and the platform’s seal (422 wrong code, 410 expired or used up)',
        params: LegalDocumentParams,
        body: SignConfirmBody,
        response: {
          200: dataOf(LegalDocument),
          ...errors,
          409: ErrorResponse,
          410: ErrorResponse,
          422: ErrorResponse,
        },
      },
    },
    async (request) => ({
      data: presentDocument(
        await signing.confirmSigning(
          serviceContext(request),
          request.params.id,
          request.body,
          evidence(request),
        ),
      ),
    }),
  );

  app.put(
    `${MINE}/:id/declaration`,
    {
      ...investor,
      schema: {
        tags,
        operationId: 'declareConflictOnMyLegalDocument',
        summary:
          'A COI sent to the investor: declare "no conflict" or a conflict with its description; the PDF is laid out again with it (open it again before signing). A signed COI declaring a conflict recuses the investor on the case',
        params: LegalDocumentParams,
        body: ConflictDeclaration,
        response: { 200: dataOf(LegalDocument), ...errors, 409: ErrorResponse },
      },
    },
    async (request) => ({
      data: presentDocument(
        await signing.declareConflict(
          serviceContext(request),
          request.params.id,
          request.body,
          evidence(request),
        ),
      ),
    }),
  );

  app.get(
    `${MINE}/:id/verify`,
    {
      ...signer,
      schema: {
        tags,
        operationId: 'verifyMyLegalDocument',
        summary:
          'Recomputes the trail, the PDFs’ SHA-256 and the signed PDF’s seal: whether anything was altered',
        params: LegalDocumentParams,
        response: { 200: dataOf(LegalDocumentVerification), ...errors },
      },
    },
    async (request) => {
      const result = await signing.verifyMyDocument(serviceContext(request), request.params.id);
      return { data: { ...result, events: result.events.map(presentEvent) } };
    },
  );
};
