import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ApplicationCounts,
  ErrorResponse,
  IdParam,
  OkResponse,
  RegisterBody,
  RegisterResponse,
  VerifyMailBody,
  VerifyMailCodeBody,
  VerifyMailCodeResponse,
  VerifyMailResponse,
  dataOf,
} from '@dealflow/domain';
import { bearerSecurity, requireStaff, serviceContext } from '../../plugins/auth.ts';
import * as service from './service.ts';

const tags = ['registration'];
const v1 = '/api/internal/v1';
/** What staff's one-click actions on an application answer (approve, take on). */
const actionReplies = {
  200: OkResponse,
  400: ErrorResponse,
  401: ErrorResponse,
  403: ErrorResponse,
  404: ErrorResponse,
  409: ErrorResponse,
};

/** Self-service registration and the staff side of it (issue 14, docs/decisions/0033). */
export const registrationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    `${v1}/clients/verifyMail`,
    {
      schema: {
        tags,
        operationId: 'sendRegistrationCode',
        summary:
          'Mail a six-digit code proving the email (10 minutes, 5 tries, 3 sends an hour per email, the sign-in limit per caller address); the same reply whether or not the email has an account (that mail says so instead)',
        body: VerifyMailBody,
        response: { 200: VerifyMailResponse, 400: ErrorResponse, 429: ErrorResponse },
      },
    },
    async (request) => ({ data: await service.sendRegistrationCode(serviceContext(request), request.body) }),
  );

  app.post(
    `${v1}/clients/verifyMailCode`,
    {
      schema: {
        tags,
        operationId: 'checkRegistrationCode',
        summary:
          'Check the mailed code: data.result true with a short-lived ticket for the registration, or 422 Incorrect verification code (details.attempts_left)',
        body: VerifyMailCodeBody,
        response: { 200: VerifyMailCodeResponse, 400: ErrorResponse, 422: ErrorResponse },
      },
    },
    async (request) => ({ data: await service.checkRegistrationCode(serviceContext(request), request.body) }),
  );

  app.post(
    `${v1}/register`,
    {
      schema: {
        tags,
        operationId: 'register',
        summary:
          'Register with a ticket from verifyMailCode: a startup gets a sign-in and a draft case, an investor a p0 general-member client waiting for approval',
        body: RegisterBody,
        response: {
          200: RegisterResponse,
          400: ErrorResponse,
          409: ErrorResponse,
          410: ErrorResponse,
          422: ErrorResponse,
        },
      },
    },
    async (request) => ({ data: await service.register(serviceContext(request), request.body) }),
  );

  app.post(
    `${v1}/clients/:id/approve`,
    {
      onRequest: requireStaff('clients.approve'),
      schema: {
        tags,
        security: bearerSecurity,
        operationId: 'approveClientApplication',
        summary:
          "Approve a registered investor's membership application (admin, sa); recorded in the client history",
        params: IdParam,
        response: actionReplies,
      },
    },
    async (request) => {
      await service.approveApplication(serviceContext(request), request.params.id);
      return { data: { ok: true as const } };
    },
  );

  app.post(
    `${v1}/cases/:id/takeOn`,
    {
      onRequest: requireStaff('cases.write'),
      schema: {
        tags,
        security: bearerSecurity,
        operationId: 'takeOnCaseApplication',
        summary:
          "Take on a registered startup's draft case (ao, admin): the caller becomes its AO, the application is handled, the startup is mailed; 409 APPLICATION_TAKEN when someone else already has it",
        params: IdParam,
        response: actionReplies,
      },
    },
    async (request) => {
      await service.takeOnApplication(serviceContext(request), request.params.id);
      return { data: { ok: true as const } };
    },
  );

  app.get(
    `${v1}/applications/count`,
    {
      onRequest: requireStaff('applications.count'),
      schema: {
        tags,
        security: bearerSecurity,
        operationId: 'countApplications',
        summary:
          'Registrations not yet handled that the caller may handle: draft cases and investors waiting',
        response: { 200: dataOf(ApplicationCounts), 401: ErrorResponse, 403: ErrorResponse },
      },
    },
    async (request) => ({ data: await service.applicationCounts(serviceContext(request)) }),
  );
};
