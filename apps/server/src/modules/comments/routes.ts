import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CaseParam,
  Comment,
  CommentCreateBody,
  CommentListQuery,
  CommentParams,
  CommentUpdateBody,
  dataOf,
  listOf,
} from '@dealflow/domain';
import { serviceContext } from '../../plugins/auth.ts';
import { OK, caseItemRoute as r } from '../caseItems/routes.ts';
import { presentComment } from './presenter.ts';
import * as service from './service.ts';

export const commentRoutes: FastifyPluginAsyncZod = async (app) => {
  const schema = r.schema('comments');
  const base = `${r.v1}/:id/comments`;

  app.get(
    base,
    {
      ...r.read,
      schema: {
        ...schema,
        operationId: 'listCaseComments',
        summary: 'Comments of a case, newest publication first; `type` keeps one type',
        params: CaseParam,
        querystring: CommentListQuery,
        response: { 200: listOf(Comment), ...r.errors, ...r.notFound },
      },
    },
    async (request) => {
      const { rows, count } = await service.listComments(
        serviceContext(request),
        request.params.id,
        request.query,
      );
      return { data: { result: rows.map(presentComment), count } };
    },
  );

  app.post(
    base,
    {
      ...r.write,
      schema: {
        ...schema,
        operationId: 'createCaseComment',
        summary: 'Comment on a case (type defaults to invest_comment, publish_at to now)',
        params: CaseParam,
        body: CommentCreateBody,
        response: { 200: dataOf(Comment), ...r.errors, ...r.notFound },
      },
    },
    async (request) => ({
      data: presentComment(
        await service.createComment(serviceContext(request), request.params.id, request.body),
      ),
    }),
  );

  app.put(
    `${base}/:commentId`,
    {
      ...r.write,
      schema: {
        ...schema,
        operationId: 'updateCaseComment',
        summary: 'Edit the title, text or publish time of a comment',
        params: CommentParams,
        body: CommentUpdateBody,
        response: { 200: dataOf(Comment), ...r.errors, ...r.notFound },
      },
    },
    async (request) => ({
      data: presentComment(
        await service.updateComment(
          serviceContext(request),
          request.params.id,
          request.params.commentId,
          request.body,
        ),
      ),
    }),
  );

  app.delete(
    `${base}/:commentId`,
    {
      ...r.write,
      schema: {
        ...schema,
        operationId: 'deleteCaseComment',
        summary: 'Delete a comment of a case',
        params: CommentParams,
        response: { 200: r.ok, ...r.errors, ...r.notFound },
      },
    },
    async (request) => {
      await service.deleteComment(serviceContext(request), request.params.id, request.params.commentId);
      return OK;
    },
  );
};
