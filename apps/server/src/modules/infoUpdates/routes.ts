import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CaseParam,
  InfoCreateBody,
  InfoParams,
  InfoUpdate,
  InfoUpdateBody,
  PageQuery,
  dataOf,
  listOf,
} from '@dealflow/domain';
import { serviceContext } from '../../plugins/auth.ts';
import { OK, caseItemRoute as r } from '../caseItems/routes.ts';
import { presentInfoUpdate } from './presenter.ts';
import * as service from './service.ts';

export const infoUpdateRoutes: FastifyPluginAsyncZod = async (app) => {
  const schema = r.schema('info updates');
  const base = `${r.v1}/:id/info`;

  app.get(
    base,
    {
      ...r.read,
      schema: {
        ...schema,
        summary: 'Info updates of a case, newest first',
        params: CaseParam,
        querystring: PageQuery,
        response: { 200: listOf(InfoUpdate), ...r.errors, ...r.notFound },
      },
    },
    async (request) => {
      const { rows, count } = await service.listInfoUpdates(
        serviceContext(request),
        request.params.id,
        request.query,
      );
      return { data: { result: rows.map(presentInfoUpdate), count } };
    },
  );

  app.post(
    base,
    {
      ...r.write,
      schema: {
        ...schema,
        summary: 'Post an info update on a case',
        params: CaseParam,
        body: InfoCreateBody,
        response: { 200: dataOf(InfoUpdate), ...r.errors, ...r.notFound },
      },
    },
    async (request) => ({
      data: presentInfoUpdate(
        await service.createInfoUpdate(serviceContext(request), request.params.id, request.body),
      ),
    }),
  );

  app.put(
    `${base}/:infoId`,
    {
      ...r.write,
      schema: {
        ...schema,
        summary: 'Edit an info update of a case',
        params: InfoParams,
        body: InfoUpdateBody,
        response: { 200: dataOf(InfoUpdate), ...r.errors, ...r.notFound },
      },
    },
    async (request) => ({
      data: presentInfoUpdate(
        await service.updateInfoUpdate(
          serviceContext(request),
          request.params.id,
          request.params.infoId,
          request.body,
        ),
      ),
    }),
  );

  app.delete(
    `${base}/:infoId`,
    {
      ...r.write,
      schema: {
        ...schema,
        summary: 'Delete an info update of a case',
        params: InfoParams,
        response: { 200: r.ok, ...r.errors, ...r.notFound },
      },
    },
    async (request) => {
      await service.deleteInfoUpdate(serviceContext(request), request.params.id, request.params.infoId);
      return OK;
    },
  );
};
