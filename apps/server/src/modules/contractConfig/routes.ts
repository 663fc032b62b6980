import { create as contentDisposition } from 'content-disposition';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CaseContractConfig,
  CaseContractConfigBody,
  ConfigKeyParams,
  ContractConfigBody,
  ContractConfigView,
  ContractPreviewBody,
  ErrorResponse,
  IdParam,
  dataOf,
} from '@dealflow/domain';
import { bearerSecurity, requireSignedIn, requireStaff, serviceContext } from '../../plugins/auth.ts';
import * as service from './service.ts';

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };
const tags = ['contract configuration'];

/**
 * SPEC section 7 `config/{key}` and `config/contact` (issue 12): the contract configuration every
 * legal document is generated with. Anyone signed in reads the default (investors read the terms
 * they are offered); only admin changes it (`platform.config`), for every case or for one.
 */
export const contractConfigRoutes: FastifyPluginAsyncZod = async (app) => {
  const admin = { onRequest: requireStaff('platform.config') };

  app.get(
    '/api/internal/v1/config/:key',
    {
      onRequest: requireSignedIn(),
      schema: {
        tags,
        operationId: 'getConfig',
        summary:
          'A configuration by key: `contact` is the contract configuration (party, seat, fund notice figures, clause texts)',
        params: ConfigKeyParams,
        response: { 200: dataOf(ContractConfigView), ...errors },
      },
    },
    async (request) => ({ data: await service.readConfig(serviceContext(request), request.params.key) }),
  );

  app.put(
    '/api/internal/v1/config/contact',
    {
      ...admin,
      schema: {
        tags,
        security: bearerSecurity,
        operationId: 'putContractConfig',
        summary:
          'Replaces the default contract configuration; with `updated_at` as read, a configuration saved since is refused (409)',
        body: ContractConfigBody,
        response: { 200: dataOf(ContractConfigView), 409: ErrorResponse, ...errors },
      },
    },
    async (request) => ({ data: await service.writeConfig(serviceContext(request), request.body) }),
  );

  app.post(
    '/api/internal/v1/config/contact/preview',
    {
      ...admin,
      schema: {
        tags,
        security: bearerSecurity,
        operationId: 'previewContractConfig',
        summary:
          'One legal document as PDF from a configuration not yet saved, for a sample signer (with `case_id`, that case’s company); nothing is stored',
        body: ContractPreviewBody,
        response: {
          200: {
            description: 'The PDF, to show in the page',
            content: { 'application/pdf': { schema: z.string().meta({ format: 'binary' }) } },
          },
          ...errors,
          503: ErrorResponse,
        },
      },
    },
    async (request, reply) => {
      const pdf = await service.previewDocument(serviceContext(request), request.body);
      return reply
        .type('application/pdf')
        .header('content-disposition', contentDisposition('preview.pdf', { type: 'inline' }))
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .send(Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength) as unknown as string);
    },
  );

  app.get(
    '/api/internal/v1/cases/:id/contract-config',
    {
      ...admin,
      schema: {
        tags,
        security: bearerSecurity,
        operationId: 'getCaseContractConfig',
        summary:
          'What one case changes of the default contract configuration, and the configuration that applies to it',
        params: IdParam,
        response: { 200: dataOf(CaseContractConfig), ...errors },
      },
    },
    async (request) => ({ data: await service.caseConfig(serviceContext(request), request.params.id) }),
  );

  app.put(
    '/api/internal/v1/cases/:id/contract-config',
    {
      ...admin,
      schema: {
        tags,
        security: bearerSecurity,
        operationId: 'putCaseContractConfig',
        summary:
          'Saves what one case changes of the default (figures, clause texts); an empty body returns the case to the default',
        params: IdParam,
        body: CaseContractConfigBody,
        response: { 200: dataOf(CaseContractConfig), 409: ErrorResponse, ...errors },
      },
    },
    async (request) => ({
      data: await service.writeCaseConfig(serviceContext(request), request.params.id, request.body),
    }),
  );
};
