import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi, { type FastifySwaggerUiOptions } from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { tokenKey } from '@dealflow/domain';
import type { Config } from '../config.ts';
import { requireStaff } from './auth.ts';

const DOCS_PREFIX = '/api/docs';

/**
 * OpenAPI generated from the route schemas, browsable at /api/docs. In production the API
 * description is for signed-in staff only: the page itself loads, and asks for the description
 * with the staff session this browser holds (the dashboard keeps it in localStorage).
 */
export async function registerOpenApi(app: FastifyInstance, config: Config): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Dealflow API',
        version: '0.1.0',
        description: 'Staff dashboard, investor area and startup area API.',
      },
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
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
