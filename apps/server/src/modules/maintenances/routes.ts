import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CaseParam,
  Maintenance,
  MaintenanceCreateBody,
  MaintenanceParams,
  MaintenanceUpdateBody,
  PageQuery,
  dataOf,
  listOf,
} from '@dealflow/domain';
import { serviceContext } from '../../plugins/auth.ts';
import { OK, caseItemRoute as r } from '../caseItems/routes.ts';
import { presentMaintenance } from './presenter.ts';
import * as service from './service.ts';

export const maintenanceRoutes: FastifyPluginAsyncZod = async (app) => {
  const schema = r.schema('maintenances');
  const base = `${r.v1}/:id/maintenances`;

  app.get(
    base,
    {
      ...r.read,
      schema: {
        ...schema,
        summary: 'Post-investment maintenance records of a case, latest date first',
        params: CaseParam,
        querystring: PageQuery,
        response: { 200: listOf(Maintenance), ...r.errors, ...r.notFound },
      },
    },
    async (request) => {
      const { rows, count } = await service.listMaintenances(
        serviceContext(request),
        request.params.id,
        request.query,
      );
      return { data: { result: rows.map(presentMaintenance), count } };
    },
  );

  app.post(
    base,
    {
      ...r.write,
      schema: {
        ...schema,
        summary: 'Add a maintenance record to a case',
        params: CaseParam,
        body: MaintenanceCreateBody,
        response: { 200: dataOf(Maintenance), ...r.errors, ...r.notFound },
      },
    },
    async (request) => ({
      data: presentMaintenance(
        await service.createMaintenance(serviceContext(request), request.params.id, request.body),
      ),
    }),
  );

  app.put(
    `${base}/:maintId`,
    {
      ...r.write,
      schema: {
        ...schema,
        summary: 'Edit a maintenance record of a case',
        params: MaintenanceParams,
        body: MaintenanceUpdateBody,
        response: { 200: dataOf(Maintenance), ...r.errors, ...r.notFound },
      },
    },
    async (request) => ({
      data: presentMaintenance(
        await service.updateMaintenance(
          serviceContext(request),
          request.params.id,
          request.params.maintId,
          request.body,
        ),
      ),
    }),
  );

  app.delete(
    `${base}/:maintId`,
    {
      ...r.write,
      schema: {
        ...schema,
        summary: 'Delete a maintenance record of a case',
        params: MaintenanceParams,
        response: { 200: r.ok, ...r.errors, ...r.notFound },
      },
    },
    async (request) => {
      await service.deleteMaintenance(serviceContext(request), request.params.id, request.params.maintId);
      return OK;
    },
  );
};
