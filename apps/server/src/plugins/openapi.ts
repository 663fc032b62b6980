import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi, { type FastifySwaggerUiOptions } from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { tokenKey } from '@dealflow/domain';
import type { Config } from '../config.ts';
import { requireStaff, SECURITY_SCHEMES, securityOfGuards } from './auth.ts';

const DOCS_PREFIX = '/api/docs';

/**
 * OpenAPI generated from the route schemas, browsable at /api/docs. In production the API
 * description is for signed-in staff only: the page itself loads, and asks for the description
 * with the staff session this browser holds (the dashboard keeps it in localStorage).
 */
export async function registerOpenApi(app: FastifyInstance, config: Config): Promise<void> {
  const bearer = (description: string) => ({
    type: 'http' as const,
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description,
  });
  await app.register(swagger, {
    openapi: {
      // 3.1: zod's nullable fields become JSON Schema 2020-12 type arrays / `anyOf` with null.
      openapi: '3.1.0',
      info: {
        title: 'Dealflow API',
        version: '0.1.0',
        description: 'Staff dashboard, investor area and startup area API.',
        // No open licence: an SPDX reference to the owner's own terms.
        license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
      },
      servers: [{ url: '/', description: 'The server that serves this description' }],
      components: {
        // One scheme per sign-in strategy: a token of one is refused by the others' routes.
        securitySchemes: {
          [SECURITY_SCHEMES.staff]: bearer(
            'Staff sign-in (POST /api/internal/v1/auth/employees), or a reviewer link: read-only',
          ),
          [SECURITY_SCHEMES.investor]: bearer('Investor sign-in (POST /api/internal/v1/auth/clients)'),
          [SECURITY_SCHEMES.startup]: bearer('Startup sign-in (POST /api/auth/login)'),
        },
      },
    },
    // Each operation's security is the one its guard enforces (public routes: `[]`).
    transform: (input) =>
      jsonSchemaTransform({
        ...input,
        schema: { ...input.schema, security: securityOfGuards(input.route.onRequest) },
      }),
  });
  const staffOnly = config.env === 'production';
  const staff = requireStaff();
  const storageKey = tokenKey('dashboard');
  await app.register(swaggerUi, {
    routePrefix: DOCS_PREFIX,
    uiHooks: staffOnly
      ? {
          onRequest: async (request: FastifyRequest, reply: FastifyReply) => {
            const path = request.url.split('?')[0] ?? '';
            if (path === `${DOCS_PREFIX}/json` || path === `${DOCS_PREFIX}/yaml`) {
              await staff.call(app, request, reply);
            }
          },
        }
      : {},
    uiConfig: staffOnly
      ? {
          // Serialised into the page's script by @fastify/swagger-ui: plain browser JavaScript.
          requestInterceptor: new Function(
            'req',
            `try { var t = window.localStorage.getItem(${JSON.stringify(storageKey)}); if (t && !req.headers.Authorization) req.headers.Authorization = t; } catch (e) {} return req;`,
          ) as NonNullable<NonNullable<FastifySwaggerUiOptions['uiConfig']>['requestInterceptor']>,
        }
      : {},
  });
}
