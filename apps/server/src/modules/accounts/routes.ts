import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ErrorResponse,
  InvitationAcceptBody,
  InvitationCheckBody,
  InvitationCheckResponse,
  OkResponse,
  PasswordChangeBody,
  PasswordForgotBody,
  PasswordResetBody,
  PasswordResetResponse,
  TokenData,
} from '@dealflow/domain';
import { bearerSecurity, requireSignedIn, serviceContext } from '../../plugins/auth.ts';
import * as service from './service.ts';

const tags = ['auth'];
const linkErrors = { 400: ErrorResponse, 410: ErrorResponse, 429: ErrorResponse };

/** Forgotten passwords, staff invitations and password changes (docs/decisions/0012). */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/auth/password/forgot',
    {
      schema: {
        tags,
        summary: 'Mail a single-use password reset link (same reply whether the email has an account or not)',
        operationId: 'requestPasswordReset',
        body: PasswordForgotBody,
        response: { 200: OkResponse, 400: ErrorResponse, 429: ErrorResponse },
      },
    },
    async (request) => {
      await service.requestPasswordReset(serviceContext(request), request.body);
      return { data: { ok: true as const } };
    },
  );

  app.post(
    '/api/auth/password/reset',
    {
      schema: {
        tags,
        summary: 'Set a new password with a mailed reset link; every session of the account ends',
        operationId: 'resetPassword',
        body: PasswordResetBody,
        response: { 200: PasswordResetResponse, ...linkErrors },
      },
    },
    async (request) => ({
      data: { strategy: await service.resetPassword(serviceContext(request), request.body) },
    }),
  );

  app.post(
    '/api/auth/invitation/check',
    {
      schema: {
        tags,
        summary: 'Who a staff invitation link is for, while it is valid',
        operationId: 'checkInvitation',
        body: InvitationCheckBody,
        response: { 200: InvitationCheckResponse, ...linkErrors },
      },
    },
    async (request) => ({ data: await service.checkInvitation(serviceContext(request), request.body.token) }),
  );

  app.post(
    '/api/auth/invitation/accept',
    {
      schema: {
        tags,
        summary: 'Accept a staff invitation: set one’s own password and sign in',
        operationId: 'acceptInvitation',
        body: InvitationAcceptBody,
        response: { 200: TokenData, ...linkErrors },
      },
    },
    async (request) => ({
      data: { token: await service.acceptInvitation(serviceContext(request), request.body) },
    }),
  );

  app.post(
    '/api/auth/password/change',
    {
      onRequest: requireSignedIn(),
      schema: {
        tags,
        summary: 'Change one’s own password (any sign-in); other sessions end, this one gets a new token',
        operationId: 'changePassword',
        security: bearerSecurity,
        body: PasswordChangeBody,
        response: {
          200: TokenData,
          400: ErrorResponse,
          401: ErrorResponse,
          403: ErrorResponse,
          422: ErrorResponse,
          429: ErrorResponse,
        },
      },
    },
    async (request) => ({
      data: { token: await service.changePassword(serviceContext(request), request.body) },
    }),
  );
};
