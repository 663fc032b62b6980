import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  Case,
  CaseReview,
  CaseReviewWithUser,
  ErrorResponse,
  ReviewCaseParam,
  ReviewCommentReplyBody,
  ReviewCommentReplyParam,
  ReviewCreateBody,
  ReviewDiffEntry,
  ReviewUpdateBody,
  ReviewUserParam,
  dataOf,
  listOf,
} from '@dealflow/domain';
import {
  bearerSecurity,
  requireStaff,
  requireStartupOrStaff,
  requireStartup,
  serviceContext,
} from '../../plugins/auth.ts';
import { OK, caseItemRoute as r } from '../caseItems/routes.ts';
import { presentCase } from '../cases/presenter.ts';
import { presentReview, presentReviewWithUser } from './presenter.ts';
import * as service from './service.ts';
import type { LoadedReview } from './service.ts';

const present = ({ view, comments }: LoadedReview) => presentReview(view, comments);

export const reviewRoutes: FastifyPluginAsyncZod = async (app) => {
  const schema = { tags: ['reviews'], security: bearerSecurity };
  const base = `${r.v1}/:userId/review`;
  const conflict = { 409: ErrorResponse };

  app.get(
    base,
    {
      onRequest: requireStartupOrStaff('cases.read'),
      schema: {
        ...schema,
        operationId: 'getCaseReview',
        summary: "A startup's review of its case ({userId}: the startup user); the startup reads its own",
        params: ReviewUserParam,
        response: { 200: dataOf(CaseReview), ...r.errors, ...r.notFound },
      },
    },
    async (request) => ({
      data: present(await service.getReview(serviceContext(request), request.params.userId)),
    }),
  );

  app.post(
    base,
    {
      onRequest: requireStartup(),
      schema: {
        ...schema,
        operationId: 'createCaseReview',
        summary:
          'The startup saves its review for the first time, or starts it over (init: status 0, empty content)',
        params: ReviewUserParam,
        body: ReviewCreateBody,
        response: { 200: dataOf(CaseReview), ...r.errors, ...r.notFound },
      },
    },
    async (request) => ({
      data: present(await service.createReview(serviceContext(request), request.params.userId, request.body)),
    }),
  );

  app.put(
    base,
    {
      onRequest: requireStartupOrStaff('cases.write'),
      schema: {
        ...schema,
        operationId: 'updateCaseReview',
        summary:
          'Save a review: the startup its content and status; staff the comment list, with content and status as loaded',
        params: ReviewUserParam,
        body: ReviewUpdateBody,
        response: { 200: dataOf(CaseReview), ...r.errors, ...r.notFound, ...conflict },
      },
    },
    async (request) => {
      const ctx = serviceContext(request);
      const { userId } = request.params;
      const loaded =
        ctx.actor?.kind === 'startup'
          ? await service.updateReviewAsStartup(ctx, userId, request.body)
          : await service.updateReviewAsStaff(ctx, userId, request.body);
      return { data: present(loaded) };
    },
  );

  app.put(
    `${base}/comments/:commentId/reply`,
    {
      onRequest: requireStartup(),
      schema: {
        ...schema,
        operationId: 'replyCaseReviewComment',
        summary: 'The startup answers a staff comment on its own review (a new answer replaces the last)',
        params: ReviewCommentReplyParam,
        body: ReviewCommentReplyBody,
        response: { 200: dataOf(CaseReview), ...r.errors, ...r.notFound },
      },
    },
    async (request) => {
      const { userId, commentId } = request.params;
      return {
        data: present(await service.replyToComment(serviceContext(request), userId, commentId, request.body)),
      };
    },
  );

  app.delete(
    base,
    {
      onRequest: requireStaff('cases.write'),
      schema: {
        ...schema,
        operationId: 'deleteCaseReview',
        summary: "Delete a startup's review with its comments",
        params: ReviewUserParam,
        response: { 200: r.ok, ...r.errors, ...r.notFound },
      },
    },
    async (request) => {
      await service.deleteReview(serviceContext(request), request.params.userId);
      return OK;
    },
  );

  app.get(
    `${base}/diff`,
    {
      onRequest: requireStaff('cases.read'),
      schema: {
        ...schema,
        operationId: 'diffCaseReview',
        summary:
          'What the review would change on the case: one entry per differing field (term_sheet.x for nested)',
        params: ReviewUserParam,
        response: { 200: listOf(ReviewDiffEntry), ...r.errors, ...r.notFound },
      },
    },
    async (request) => {
      const entries = await service.diffReview(serviceContext(request), request.params.userId);
      return { data: { result: entries, count: entries.length } };
    },
  );

  app.post(
    `${base}/apply`,
    {
      onRequest: requireStaff('cases.write'),
      schema: {
        ...schema,
        operationId: 'applyCaseReview',
        summary:
          'Apply a submitted review: its case fields are copied onto the case and recorded in the history',
        params: ReviewUserParam,
        response: {
          200: dataOf(z.object({ review: CaseReview, case: Case })),
          ...r.errors,
          ...r.notFound,
          ...conflict,
        },
      },
    },
    async (request) => {
      const { review, kase, names } = await service.applyReview(
        serviceContext(request),
        request.params.userId,
      );
      return { data: { review: present(review), case: presentCase(kase, names) } };
    },
  );

  app.get(
    `${r.v1}/:id/review/list`,
    {
      onRequest: requireStaff('cases.read'),
      schema: {
        ...schema,
        operationId: 'listCaseReviews',
        summary: 'The reviews of a case (by case id) with their startup users, the latest saved first',
        params: ReviewCaseParam,
        response: { 200: listOf(CaseReviewWithUser), ...r.errors, ...r.notFound },
      },
    },
    async (request) => {
      const rows = await service.listCaseReviews(serviceContext(request), request.params.id);
      return {
        data: {
          result: rows.map(({ view, comments }) => presentReviewWithUser(view, comments)),
          count: rows.length,
        },
      };
    },
  );
};
