import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CURRENCY_LIST,
  CurrencyInfo,
  ErrorResponse,
  OptionGroup,
  OptionsQuery,
  PlatformSettings,
  StaticKeyItem,
  StaticKeyParams,
  dataOf,
  listOf,
} from '@dealflow/domain';
import { bearerSecurity, requireSignedIn, serviceContext } from '../../plugins/auth.ts';
import * as service from './service.ts';

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse };

/** Reference data of every area: served as SPEC section 7 writes the paths. */
export const staticDataRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['static'];
  const signedIn = { onRequest: requireSignedIn() };

  app.get(
    '/static_api/v1/currencies',
    {
      schema: {
        operationId: 'listCurrencies',
        tags,
        summary: 'The currencies a case may use, with symbol and names (public)',
        response: { 200: listOf(CurrencyInfo) },
      },
    },
    async () => ({ data: { result: [...CURRENCY_LIST], count: CURRENCY_LIST.length } }),
  );

  app.get(
    '/static_api/v1/platform',
    {
      schema: {
        operationId: 'getPlatformSettings',
        tags,
        summary:
          'Platform settings the web app reads before sign-in: the automatic domain redirect, the tag manager and the report time zone (public)',
        response: { 200: dataOf(PlatformSettings) },
      },
    },
    async () => {
      const { enabled, dashboardHost, investorHost } = app.deps.config.domainRedirect;
      return {
        data: {
          domain_redirect: { enabled, dashboard_host: dashboardHost, investor_host: investorHost },
          tag_manager_id: app.deps.config.gtmId,
          report_time_zone: app.deps.config.reports.timeZone,
        },
      };
    },
  );

  app.get(
    '/static_api/v1/staticKey/:fixedId',
    {
      ...signedIn,
      schema: {
        operationId: 'listStaticKeys',
        tags,
        security: bearerSecurity,
        summary: 'Domain or industry keys with their labels and sub-items; fixedId is domain or industry',
        params: StaticKeyParams,
        response: { 200: listOf(StaticKeyItem), ...errors },
      },
    },
    async (request) => {
      const items = await service.staticKeys(serviceContext(request), request.params.fixedId);
      return { data: { result: items, count: items.length } };
    },
  );

  app.get(
    '/api/v1/options',
    {
      ...signedIn,
      schema: {
        operationId: 'listOptions',
        tags,
        security: bearerSecurity,
        summary: 'Select options of one option type (result[0].option), or of every type when none is named',
        querystring: OptionsQuery,
        response: { 200: listOf(OptionGroup), ...errors },
      },
    },
    async (request) => {
      const groups = await service.options(serviceContext(request), request.query.option_type);
      return { data: { result: groups, count: groups.length } };
    },
  );
};
