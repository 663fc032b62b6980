import { create as contentDisposition } from 'content-disposition';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CaseRecusal,
  ErrorResponse,
  IdParam,
  LegalDocument,
  LegalDocumentBatch,
  LegalDocumentBatchCreateBody,
  LegalDocumentBatchParams,
  LegalDocumentCreateBody,
  LegalDocumentListQuery,
  LegalDocumentParams,
  LegalDocumentPdfQuery,
  LegalDocumentVerification,
  LegalDocumentVoidBody,
  dataOf,
  listOf,
} from '@dealflow/domain';
import { bearerSecurity, requireStaff, serviceContext } from '../../plugins/auth.ts';
import * as batches from './batch.ts';
import { presentBatch, presentDocument, presentEvent } from './presenter.ts';
import { listRecusals } from './recusal.ts';
import * as service from './service.ts';

/** A stored PDF as an attachment under its name, never cached, never run as anything but a download. */
export function sendPdf(
  reply: FastifyReply,
  file: { size: number; name: string },
  stream: NodeJS.ReadableStream,
) {
  return reply
    .type('application/pdf')
    .header('content-length', String(file.size))
    .header('content-disposition', contentDisposition(file.name, { type: 'attachment' }))
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .send(stream as unknown as string);
}

/** The PDF response of the document routes, for the OpenAPI description. */
export const pdfResponse = {
  description: 'The PDF, as an attachment under the document’s name',
  content: { 'application/pdf': { schema: z.string().meta({ format: 'binary' }) } },
};

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };
const conflict = { 409: ErrorResponse };
const tags = ['legal documents'];
const DOCS = '/api/internal/v1/documents';

/**
 * Legal documents for staff (issue 12): generated per case and investor, sent, voided, read as PDF,
 * and verified against their audit trail. Reading is case work (`cases.read`); generating, sending
 * and voiding need the right to edit the case (checked per case in the service).
 */
export const legalDocRoutes: FastifyPluginAsyncZod = async (app) => {
  const read = { onRequest: requireStaff('cases.read') };
  const write = { onRequest: requireStaff('cases.write') };
  const schema = { tags, security: bearerSecurity };
  const evidence = (request: { ip: string; headers: Record<string, string | string[] | undefined> }) =>
    service.evidenceOf(request.ip, request.headers['user-agent']);

  app.post(
    '/api/internal/v1/cases/:id/documents',
    {
      ...write,
      schema: {
        ...schema,
        operationId: 'createLegalDocument',
        summary:
          'Generates an LOI, NDA, COI or LP subscription contract as PDF for one investor on the case, from the case’s contract configuration',
        params: IdParam,
        body: LegalDocumentCreateBody,
        response: { 200: dataOf(LegalDocument), ...errors },
      },
    },
    async (request) => {
      const view = await service.generateDocument(
        serviceContext(request),
        request.params.id,
        request.body,
        evidence(request),
      );
      return { data: presentDocument(view) };
    },
  );

  app.get(
    '/api/internal/v1/cases/:id/documents',
    {
      ...read,
      schema: {
        ...schema,
        operationId: 'listCaseLegalDocuments',
        summary: 'The legal documents of a case, newest first (20 a page)',
        params: IdParam,
        querystring: LegalDocumentListQuery,
        response: { 200: listOf(LegalDocument), ...errors },
      },
    },
    async (request) => {
      const size = request.query.size ?? 20;
      const page = request.query.page ?? 1;
      const { rows, count } = await service.listCaseDocuments(serviceContext(request), request.params.id, {
        limit: size,
        offset: (page - 1) * size,
      });
      return { data: { result: rows.map(presentDocument), count } };
    },
  );

  app.get(
    '/api/internal/v1/cases/:id/recusals',
    {
      ...read,
      schema: {
        ...schema,
        operationId: 'listCaseRecusals',
        summary:
          'Investors recused on the case by a signed COI declaring a conflict (no interest, LOI, subscription or comment of theirs on it), with the COI and when it was signed',
        params: IdParam,
        response: { 200: dataOf(z.array(CaseRecusal)), ...errors },
      },
    },
    async (request) => ({ data: await listRecusals(serviceContext(request), request.params.id) }),
  );

  app.get(
    `${DOCS}/:id`,
    {
      ...read,
      schema: {
        ...schema,
        operationId: 'getLegalDocument',
        summary: 'One legal document',
        params: LegalDocumentParams,
        response: { 200: dataOf(LegalDocument), ...errors },
      },
    },
    async (request) => ({
      data: presentDocument(await service.getDocument(serviceContext(request), request.params.id)),
    }),
  );

  app.get(
    `${DOCS}/:id/pdf`,
    {
      ...read,
      schema: {
        ...schema,
        operationId: 'getLegalDocumentPdf',
        summary: 'The document’s PDF as generated, or with `signed=1` the signed PDF',
        params: LegalDocumentParams,
        querystring: LegalDocumentPdfQuery,
        response: {
          200: pdfResponse,
          ...errors,
          ...conflict,
        },
      },
    },
    async (request, reply) => {
      const signed = request.query.signed === '1' || request.query.signed === 'true';
      const { file, stream } = await service.openDocumentPdf(
        serviceContext(request),
        request.params.id,
        signed,
      );
      return sendPdf(reply, file, stream);
    },
  );

  app.post(
    `${DOCS}/:id/send`,
    {
      ...write,
      schema: {
        ...schema,
        operationId: 'sendLegalDocument',
        summary: 'A draft becomes sent: the signer may now review and sign it',
        params: LegalDocumentParams,
        response: { 200: dataOf(LegalDocument), ...errors, ...conflict },
      },
    },
    async (request) => ({
      data: presentDocument(
        await service.sendDocument(serviceContext(request), request.params.id, evidence(request)),
      ),
    }),
  );

  app.post(
    `${DOCS}/:id/void`,
    {
      ...write,
      schema: {
        ...schema,
        operationId: 'voidLegalDocument',
        summary: 'Voids a document with the reason (it stays, with its trail)',
        params: LegalDocumentParams,
        body: LegalDocumentVoidBody,
        response: { 200: dataOf(LegalDocument), ...errors, ...conflict },
      },
    },
    async (request) => ({
      data: presentDocument(
        await service.voidDocument(
          serviceContext(request),
          request.params.id,
          request.body,
          evidence(request),
        ),
      ),
    }),
  );

  app.get(
    `${DOCS}/:id/verify`,
    {
      ...read,
      schema: {
        ...schema,
        operationId: 'verifyLegalDocument',
        summary:
          'Recomputes the hash chain of the document’s trail and the SHA-256 of its stored PDFs: whether anything was altered',
        params: LegalDocumentParams,
        response: { 200: dataOf(LegalDocumentVerification), ...errors },
      },
    },
    async (request) => {
      const result = await service.verifyDocument(serviceContext(request), request.params.id);
      return { data: { ...result, events: result.events.map(presentEvent) } };
    },
  );

  app.post(
    '/api/internal/v1/cases/:id/documents/batch',
    {
      ...write,
      schema: {
        ...schema,
        operationId: 'createLegalDocumentBatch',
        summary:
          'Queues one kind of document for up to 500 investors of the case; the job queue generates them (202), `GET document-batches/{id}` tells how far it is',
        params: IdParam,
        body: LegalDocumentBatchCreateBody,
        response: { 202: dataOf(LegalDocumentBatch), ...errors },
      },
    },
    async (request, reply) => {
      const view = await batches.createBatch(
        serviceContext(request),
        request.params.id,
        request.body,
        evidence(request),
      );
      return reply.code(202).send({ data: presentBatch(view) });
    },
  );

  app.get(
    '/api/internal/v1/document-batches/:id',
    {
      ...read,
      schema: {
        ...schema,
        operationId: 'getLegalDocumentBatch',
        summary: 'A batch of legal documents: its status, counts, and each investor’s document or error',
        params: LegalDocumentBatchParams,
        response: { 200: dataOf(LegalDocumentBatch), ...errors },
      },
    },
    async (request) => ({
      data: presentBatch(await batches.getBatch(serviceContext(request), request.params.id)),
    }),
  );
};
