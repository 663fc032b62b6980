import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CaseClient,
  CaseParam,
  CaseRole,
  ClientCase,
  ClientCaseListQuery,
  ErrorResponse,
  PageQuery,
  PanelBody,
  PanelEntry,
  PanelParams,
  RoleCreateBody,
  RoleListQuery,
  RoleParams,
  RoleUpdateBody,
  dataOf,
  listOf,
} from '@dealflow/domain';
import { requireStaff, serviceContext } from '../../plugins/auth.ts';
import { OK, caseItemRoute as r } from '../caseItems/routes.ts';
import { presentCaseClient, presentClientCase, presentPanelEntry, presentRole } from './presenter.ts';
import * as service from './service.ts';

const conflict = { 409: ErrorResponse };

export const caseRoleRoutes: FastifyPluginAsyncZod = async (app) => {
  const schema = r.schema('roles');
  const roles = `${r.v1}/:id/role`;
  const panel = `${r.v1}/:id/panel`;

  app.get(
    roles,
    {
      ...r.read,
      schema: {
        ...schema,
        operationId: 'listCaseRoles',
        summary: 'Roles of clients on a case, the lead first (all=1 for every row; paged otherwise)',
        params: CaseParam,
        querystring: RoleListQuery,
        response: { 200: listOf(CaseRole), ...r.errors, ...r.notFound },
      },
    },
    async (request) => {
      const { rows, count } = await service.listRoles(
        serviceContext(request),
        request.params.id,
        request.query,
      );
      return { data: { result: rows.map(presentRole), count } };
    },
  );

  app.post(
    roles,
    {
      ...r.write,
      schema: {
        ...schema,
        operationId: 'createCaseRole',
        summary: 'Give a client a role on a case by the fund role edit rule (from: the role edited from)',
        params: CaseParam,
        body: RoleCreateBody,
        response: { 200: dataOf(CaseRole), ...r.errors, ...r.notFound, ...conflict },
      },
    },
    async (request) => ({
      data: presentRole(await service.createRole(serviceContext(request), request.params.id, request.body)),
    }),
  );

  app.put(
    `${roles}/:roleId`,
    {
      ...r.write,
      schema: {
        ...schema,
        operationId: 'updateCaseRole',
        summary: 'Move a client from this role to another by the fund role edit rule, or set invest_money',
        params: RoleParams,
        body: RoleUpdateBody,
        response: { 200: dataOf(CaseRole), ...r.errors, ...r.notFound, ...conflict },
      },
    },
    async (request) => ({
      data: presentRole(
        await service.updateRole(
          serviceContext(request),
          request.params.id,
          request.params.roleId,
          request.body,
        ),
      ),
    }),
  );

  app.delete(
    `${roles}/:roleId`,
    {
      ...r.write,
      schema: {
        ...schema,
        operationId: 'deleteCaseRole',
        summary: 'Take a client out of a role on a case',
        params: RoleParams,
        response: { 200: r.ok, ...r.errors, ...r.notFound },
      },
    },
    async (request) => {
      await service.deleteRole(serviceContext(request), request.params.id, request.params.roleId);
      return OK;
    },
  );

  app.get(
    panel,
    {
      ...r.read,
      schema: {
        ...schema,
        operationId: 'listCasePanel',
        summary: 'Panel of a case: the clients holding the panel role (ids are their role ids)',
        params: CaseParam,
        querystring: PageQuery,
        response: { 200: listOf(PanelEntry), ...r.errors, ...r.notFound },
      },
    },
    async (request) => {
      const { rows, count } = await service.listPanel(
        serviceContext(request),
        request.params.id,
        request.query,
      );
      return { data: { result: rows.map(presentPanelEntry), count } };
    },
  );

  app.post(
    panel,
    {
      ...r.write,
      schema: {
        ...schema,
        operationId: 'addCasePanelMember',
        summary: 'Put a client on the panel of a case',
        params: CaseParam,
        body: PanelBody,
        response: { 200: dataOf(PanelEntry), ...r.errors, ...r.notFound, ...conflict },
      },
    },
    async (request) => ({
      data: presentPanelEntry(
        await service.addToPanel(serviceContext(request), request.params.id, request.body),
      ),
    }),
  );

  app.put(
    `${panel}/:panelId`,
    {
      ...r.write,
      schema: {
        ...schema,
        operationId: 'updateCasePanelMember',
        summary: 'Give a panel seat to another client',
        params: PanelParams,
        body: PanelBody,
        response: { 200: dataOf(PanelEntry), ...r.errors, ...r.notFound, ...conflict },
      },
    },
    async (request) => ({
      data: presentPanelEntry(
        await service.replaceOnPanel(
          serviceContext(request),
          request.params.id,
          request.params.panelId,
          request.body,
        ),
      ),
    }),
  );

  app.delete(
    `${panel}/:panelId`,
    {
      ...r.write,
      schema: {
        ...schema,
        operationId: 'removeCasePanelMember',
        summary: 'Take a client off the panel of a case',
        params: PanelParams,
        response: { 200: r.ok, ...r.errors, ...r.notFound },
      },
    },
    async (request) => {
      await service.removeFromPanel(serviceContext(request), request.params.id, request.params.panelId);
      return OK;
    },
  );

  app.get(
    `${r.v1}/:id/clients`,
    {
      ...r.summary,
      schema: {
        ...schema,
        operationId: 'listCaseClients',
        summary: 'Clients taking part in a case, each with their roles and what they invested',
        params: CaseParam,
        querystring: PageQuery,
        response: { 200: listOf(CaseClient), ...r.errors, ...r.notFound },
      },
    },
    async (request) => {
      const { rows, count } = await service.listCaseClients(
        serviceContext(request),
        request.params.id,
        request.query,
      );
      return { data: { result: rows.map(presentCaseClient), count } };
    },
  );

  app.get(
    '/api/internal/v2/clients/:id/cases',
    {
      // Investor work like the other client routes: ao are refused (clients.read).
      onRequest: requireStaff('clients.read'),
      schema: {
        ...schema,
        operationId: 'listClientCases',
        tags: ['roles', 'clients'],
        summary: 'Cases a client takes part in (page 1, size 10, sort invest_money:desc by default)',
        params: CaseParam,
        querystring: ClientCaseListQuery,
        response: { 200: listOf(ClientCase), ...r.errors, ...r.notFound },
      },
    },
    async (request) => {
      const { rows, count } = await service.listClientCases(
        serviceContext(request),
        request.params.id,
        request.query,
      );
      return { data: { result: rows.map(presentClientCase), count } };
    },
  );
};
