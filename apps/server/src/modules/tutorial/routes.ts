import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorResponse, TutorialBody, TutorialState, dataOf } from '@dealflow/domain';
import { requireInvestor, serviceContext } from '../../plugins/auth.ts';
import * as service from './service.ts';

/**
 * The onboarding tour's "seen" flag (issue 13; SPEC section 3 "tutorial-shown flags"): kept per
 * investor on the server, read from `GET /api/v1/auth/me`, so it does not return on another device.
 */
export const tutorialRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/api/internal/v1/me/tutorial',
    {
      onRequest: requireInvestor(),
      schema: {
        tags: ['auth'],
        operationId: 'putTutorial',
        summary:
          'The signed-in investor closed the onboarding tour (`seen: true`), or wants it at their next sign-in (`seen: false`)',
        body: TutorialBody,
        response: {
          200: dataOf(TutorialState),
          400: ErrorResponse,
          401: ErrorResponse,
          403: ErrorResponse,
        },
      },
    },
    async (request) => ({ data: await service.setTutorialSeen(serviceContext(request), request.body.seen) }),
  );
};
