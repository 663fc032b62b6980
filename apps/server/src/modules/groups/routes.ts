import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ErrorResponse,
  Group,
  GroupCreateBody,
  GroupJoinResult,
  GroupListQuery,
  GroupMember,
  GroupMemberBody,
  GroupMemberListQuery,
  GroupUpdateBody,
  IdParam,
  OkResponse,
  dataOf,
  listOf,
} from '@dealflow/domain';
import { bearerSecurity, requireStaff, serviceContext } from '../../plugins/auth.ts';
import { presentGroup, presentMember } from './presenter.ts';
import * as service from './service.ts';

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse };
const notFound = { 404: ErrorResponse };
const base = '/api/internal/v1/groups';
const OK = { data: { ok: true as const } };

/** SPEC section 7 "Groups": client groups, for staff who work investors (not ao, section 6). */
export const groupRoutes: FastifyPluginAsyncZod = async (app) => {
  const read = { onRequest: requireStaff('groups.read') };
  const write = { onRequest: requireStaff('groups.write') };
  const tags = ['groups'];

  app.get(
    base,
    {
      ...read,
      schema: {
        operationId: 'listGroups',
        summary:
          'Client groups, by name; q searches names, client_id keeps the groups of one client. member_count counts the members the caller may see',
        tags,
        security: bearerSecurity,
        querystring: GroupListQuery,
        response: { 200: listOf(Group), ...notFound, ...errors },
      },
    },
    async (request) => {
      const { rows, count } = await service.listGroups(serviceContext(request), request.query);
      return { data: { result: rows.map(presentGroup), count } };
    },
  );

  app.post(
    base,
    {
      ...write,
      schema: {
        operationId: 'createGroup',
        summary: 'Create a client group (names are unique whatever their case)',
        tags,
        security: bearerSecurity,
        body: GroupCreateBody,
        response: { 200: dataOf(Group), 409: ErrorResponse, ...errors },
      },
    },
    async (request) => ({
      data: presentGroup(await service.createGroup(serviceContext(request), request.body)),
    }),
  );

  app.get(
    `${base}/:id`,
    {
      ...read,
      schema: {
        operationId: 'getGroup',
        summary: 'One client group',
        tags,
        security: bearerSecurity,
        params: IdParam,
        response: { 200: dataOf(Group), ...notFound, ...errors },
      },
    },
    async (request) => ({
      data: presentGroup(await service.getGroup(serviceContext(request), request.params.id)),
    }),
  );

  app.put(
    `${base}/:id`,
    {
      ...write,
      schema: {
        operationId: 'updateGroup',
        summary: 'Rename or describe a client group',
        tags,
        security: bearerSecurity,
        params: IdParam,
        body: GroupUpdateBody,
        response: { 200: dataOf(Group), ...notFound, 409: ErrorResponse, ...errors },
      },
    },
    async (request) => ({
      data: presentGroup(await service.updateGroup(serviceContext(request), request.params.id, request.body)),
    }),
  );

  app.delete(
    `${base}/:id`,
    {
      ...write,
      schema: {
        operationId: 'deleteGroup',
        summary: 'Delete a client group (its clients stay; each one’s history notes it left the group)',
        tags,
        security: bearerSecurity,
        params: IdParam,
        response: { 200: OkResponse, ...notFound, ...errors },
      },
    },
    async (request) => {
      await service.deleteGroup(serviceContext(request), request.params.id);
      return OK;
    },
  );

  app.get(
    `${base}/:id/clients`,
    {
      ...read,
      schema: {
        operationId: 'listGroupClients',
        summary: 'The clients of a group the caller may see (SPEC section 6), by name',
        tags,
        security: bearerSecurity,
        params: IdParam,
        querystring: GroupMemberListQuery,
        response: { 200: listOf(GroupMember), ...notFound, ...errors },
      },
    },
    async (request) => {
      const { rows, count } = await service.listMembers(
        serviceContext(request),
        request.params.id,
        request.query,
      );
      return { data: { result: rows.map(presentMember), count } };
    },
  );

  app.post(
    `${base}/:id/join`,
    {
      ...write,
      schema: {
        operationId: 'joinGroup',
        summary:
          'Add a client to a group (already a member: nothing changes); the client must be one the caller may see',
        tags,
        security: bearerSecurity,
        params: IdParam,
        body: GroupMemberBody,
        response: { 200: dataOf(GroupJoinResult), ...notFound, ...errors },
      },
    },
    async (request) => {
      const { member, added } = await service.joinGroup(
        serviceContext(request),
        request.params.id,
        request.body.client_id,
      );
      return { data: { ...presentMember(member), added } };
    },
  );

  app.delete(
    `${base}/:id/remove`,
    {
      ...write,
      schema: {
        operationId: 'removeFromGroup',
        summary: 'Take a client out of a group (body client_id); a client that is not a member is 404',
        tags,
        security: bearerSecurity,
        params: IdParam,
        body: GroupMemberBody,
        response: { 200: OkResponse, ...notFound, ...errors },
      },
    },
    async (request) => {
      await service.leaveGroup(serviceContext(request), request.params.id, request.body.client_id);
      return OK;
    },
  );
};
