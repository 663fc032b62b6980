import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CaseParam,
  PageQuery,
  ShareholderHistory,
  ShareholderHistoryCreateBody,
  ShareholderHistoryParams,
  ShareholderHistoryUpdateBody,
  dataOf,
  listOf,
} from '@dealflow/domain';
import { serviceContext } from '../../plugins/auth.ts';
import { OK, caseItemRoute as r } from '../caseItems/routes.ts';
import { presentShareholderHistory } from './presenter.ts';
import * as service from './service.ts';

export const shareholderRoutes: FastifyPluginAsyncZod = async (app) => {
  const schema = r.schema('shareholders');
  const base = `${r.v1}/:id/shareholders`;

  app.get(
    base,
    {
      ...r.read,
      schema: {
        ...schema,
        summary: 'Shareholder history of a case, newest first',
        params: CaseParam,
        querystring: PageQuery,
        response: { 200: listOf(ShareholderHistory), ...r.errors, ...r.notFound },
      },
    },
    async (request) => {
      const { rows, count } = await service.listShareholderHistories(
        serviceContext(request),
        request.params.id,
        request.query,
      );
      return { data: { result: rows.map(presentShareholderHistory), count } };
    },
  );

  app.post(
    base,
    {
      ...r.write,
      schema: {
        ...schema,
        summary: 'Record the shareholders of a case at one point (title and list of shareholders)',
        params: CaseParam,
        body: ShareholderHistoryCreateBody,
        response: { 200: dataOf(ShareholderHistory), ...r.errors, ...r.notFound },
      },
    },
    async (request) => ({
      data: presentShareholderHistory(
        await service.createShareholderHistory(serviceContext(request), request.params.id, request.body),
      ),
    }),
  );

  app.put(
    `${base}/:historyId`,
    {
      ...r.write,
      schema: {
        ...schema,
        summary: 'Edit a shareholder history entry (the list is replaced as a whole)',
        params: ShareholderHistoryParams,
        body: ShareholderHistoryUpdateBody,
        response: { 200: dataOf(ShareholderHistory), ...r.errors, ...r.notFound },
      },
    },
    async (request) => ({
      data: presentShareholderHistory(
        await service.updateShareholderHistory(
          serviceContext(request),
          request.params.id,
          request.params.historyId,
          request.body,
        ),
      ),
    }),
  );

  app.delete(
    `${base}/:historyId`,
    {
      ...r.write,
      schema: {
        ...schema,
        summary: 'Delete a shareholder history entry of a case',
        params: ShareholderHistoryParams,
        response: { 200: r.ok, ...r.errors, ...r.notFound },
      },
    },
    async (request) => {
      await service.deleteShareholderHistory(
        serviceContext(request),
        request.params.id,
        request.params.historyId,
      );
      return OK;
    },
  );
};
