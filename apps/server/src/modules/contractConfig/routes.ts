import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CaseContractConfig,
  CaseContractConfigBody,
  ConfigKeyParams,
  ContractConfigBody,
  ContractConfigView,
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
