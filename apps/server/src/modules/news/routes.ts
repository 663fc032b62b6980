import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { NewsItem, NewsListQuery, listOf } from '@dealflow/domain';
import { serviceContext } from '../../plugins/auth.ts';
import { caseItemRoute as r } from '../caseItems/routes.ts';
import { presentNewsItem } from './presenter.ts';
import * as service from './service.ts';

export const newsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/internal/v1/news',
    {
      ...r.read,
      schema: {
        operationId: 'listNews',
        ...r.schema('news'),
        summary:
          'Newest published comments and info updates across cases, or of one (case_id); 20 a page by default',
        querystring: NewsListQuery,
        response: { 200: listOf(NewsItem), ...r.errors },
      },
    },
    async (request) => {
      const { rows, count } = await service.listNews(serviceContext(request), request.query);
      return { data: { result: rows.map(presentNewsItem), count } };
    },
  );
};
