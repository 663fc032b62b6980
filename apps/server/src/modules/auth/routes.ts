import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ErrorResponse,
  LoginBody,
  MeResponse,
  OkResponse,
  ReviewerExchangeBody,
  ReviewerTokenBody,
  ReviewerTokenResponse,
  StartupTokenResponse,
  StartupUserResponse,
  TokenData,
} from '@dealflow/domain';
import {
  bearerSecurity,
  optionalAuth,
  requireStaff,
  requireStaffOrInvestor,
  requireStartup,
  serviceContext,
} from '../../plugins/auth.ts';
import { AppError } from '../../lib/errors.ts';
import { presentInvestorUser, presentStaffUser, presentStartupUser } from './presenter.ts';
import * as repo from './repository.ts';
import { exchangeReviewerToken, issueReviewerToken, signIn, signOut } from './service.ts';

/** Sign-in and sign-out change nothing a report counts: they keep the kept report answers (app.ts). */
const KEEPS_REPORTS = { keepsReports: true };
const signInErrors = { 400: ErrorResponse, 401: ErrorResponse, 429: ErrorResponse };
const authedErrors = { 401: ErrorResponse, 403: ErrorResponse };

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/internal/v1/auth/employees',
    {
      config: KEEPS_REPORTS,
      schema: {
        operationId: 'signInStaff',
        tags: ['auth'],
        summary: 'Staff sign-in',
        body: LoginBody,
        response: { 200: TokenData, ...signInErrors },
      },
    },
    async (request) => ({
      data: { token: await signIn(serviceContext(request), { strategy: 'dashboard', ...request.body }) },
    }),
  );

  app.post(
    '/api/internal/v1/auth/clients',
    {
      config: KEEPS_REPORTS,
      schema: {
        operationId: 'signInInvestor',
        tags: ['auth'],
        summary: 'Investor sign-in',
        body: LoginBody,
        response: { 200: TokenData, ...signInErrors },
      },
    },
    async (request) => ({
      data: { token: await signIn(serviceContext(request), { strategy: 'investor', ...request.body }) },
    }),
  );

  app.post(
    '/api/auth/login',
    {
      config: KEEPS_REPORTS,
      schema: {
        operationId: 'signInStartup',
        tags: ['auth'],
        summary: 'Startup sign-in',
        body: LoginBody,
        response: { 200: StartupTokenResponse, ...signInErrors },
      },
    },
    async (request) => ({
      token: await signIn(serviceContext(request), { strategy: 'local', ...request.body }),
    }),
  );

  app.get(
    '/api/auth/user',
    {
      onRequest: requireStartup(),
      schema: {
        operationId: 'getStartupUser',
        tags: ['auth'],
        summary: 'The signed-in startup user',
        security: bearerSecurity,
        response: { 200: StartupUserResponse, ...authedErrors },
      },
    },
    async (request) => {
      const principal = request.principal;
      if (principal?.kind !== 'startup') throw new AppError('WRONG_STRATEGY');
      const caseName = principal.caseId
        ? await repo.findCaseName(request.server.deps.db, principal.caseId)
        : null;
      return { user: presentStartupUser(principal.row, caseName) };
    },
  );

  app.post(
    '/api/auth/logout',
    {
      config: KEEPS_REPORTS,
      onRequest: optionalAuth(),
      schema: {
        operationId: 'signOut',
        tags: ['auth'],
        summary: 'Sign-out of any area: revokes the bearer token, if valid, in every instance',
        // 400: a body that is not the JSON its content type claims.
        response: { 200: OkResponse, 400: ErrorResponse },
      },
    },
    async (request) => {
      await signOut(serviceContext(request));
      return { data: { ok: true as const } };
    },
  );

  app.get(
    '/api/v1/auth/me',
    {
      onRequest: requireStaffOrInvestor(),
      schema: {
        operationId: 'getMe',
        tags: ['auth'],
        summary: 'The signed-in staff member or investor',
        security: bearerSecurity,
        response: { 200: MeResponse, ...authedErrors },
      },
    },
    async (request) => {
      const p = request.principal;
      if (p?.kind === 'employee') return { data: presentStaffUser(p.row, p.reviewer) };
      if (p?.kind === 'client') return { data: presentInvestorUser(p.row) };
      throw new AppError('WRONG_STRATEGY');
    },
  );

  app.post(
    '/api/internal/v1/auth/reviewer-tokens',
    {
      onRequest: requireStaff('reviewer-tokens.issue'),
      schema: {
        operationId: 'issueReviewerToken',
        tags: ['auth'],
        summary: 'Issue a single-use, short-lived reviewer link',
        security: bearerSecurity,
        body: ReviewerTokenBody,
        response: { 200: ReviewerTokenResponse, 400: ErrorResponse, 404: ErrorResponse, ...authedErrors },
      },
    },
    async (request) => ({ data: await issueReviewerToken(serviceContext(request), request.body) }),
  );

  app.post(
    '/api/internal/v1/auth/reviewer',
    {
      schema: {
        operationId: 'exchangeReviewerToken',
        tags: ['auth'],
        summary: 'Exchange a reviewer link token for a read-only staff session',
        body: ReviewerExchangeBody,
        response: { 200: TokenData, 400: ErrorResponse, 401: ErrorResponse, 429: ErrorResponse },
      },
    },
    async (request) => ({
      data: { token: await exchangeReviewerToken(serviceContext(request), request.body.token) },
    }),
  );
};
