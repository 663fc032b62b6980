import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ClientNotification,
  ClientNotificationCreateBody,
  ClientParam,
  ErrorResponse,
  PageQuery,
  dataOf,
  listOf,
} from '@dealflow/domain';
import { bearerSecurity, requireStaff, serviceContext } from '../../plugins/auth.ts';
import { presentNotification } from './presenter.ts';
import * as service from './service.ts';

const path = '/api/internal/v1/clients/:id/notifications';
const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };
const schema = { tags: ['clients'], security: bearerSecurity };

/** Notifications of a client, for staff: the list and sending one (marking read is the client's). */
export const clientNotificationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    path,
    {
      onRequest: requireStaff('clients.read'),
      schema: {
        ...schema,
        operationId: 'listClientNotifications',
        summary: 'Notifications sent to the client, newest first (page 1, size 10 by default; all=1)',
        params: ClientParam,
        querystring: PageQuery,
        response: { 200: listOf(ClientNotification), ...errors },
      },
    },
    async (request) => {
      const { rows, count } = await service.listNotifications(
        serviceContext(request),
        request.params.id,
        request.query,
      );
      return { data: { result: rows.map(presentNotification), count } };
    },
  );

  app.post(
    path,
    {
      onRequest: requireStaff('clients.write'),
      schema: {
        ...schema,
        operationId: 'sendClientNotification',
        summary: 'Send the client a notification: a title, an optional text and a link inside Dealflow',
        params: ClientParam,
        body: ClientNotificationCreateBody,
        response: { 200: dataOf(ClientNotification), ...errors },
      },
    },
    async (request) => ({
      data: presentNotification(
        await service.sendNotification(serviceContext(request), request.params.id, request.body),
      ),
    }),
  );
};
