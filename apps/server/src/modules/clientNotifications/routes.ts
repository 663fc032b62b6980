import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ClientNotification,
  ClientNotificationCreateBody,
  ClientNotificationListQuery,
  ClientNotificationParams,
  ClientNotificationReadBody,
  ClientNotificationsMarked,
  ClientParam,
  ErrorResponse,
  dataOf,
  listOf,
} from '@dealflow/domain';
import { bearerSecurity, requireSelfOrStaff, requireStaff, serviceContext } from '../../plugins/auth.ts';
import { presentNotification } from './presenter.ts';
import * as service from './service.ts';

const path = '/api/internal/v1/clients/:id/notifications';
const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };
const schema = { tags: ['clients'], security: bearerSecurity };

/**
 * Notifications of a client: staff read the list and send one; the investor reads their own list
 * and marks them read (another client's id is 403).
 */
export const clientNotificationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    path,
    {
      onRequest: requireSelfOrStaff('clients.read'),
      schema: {
        ...schema,
        operationId: 'listClientNotifications',
        summary:
          'Notifications sent to the client, newest first (page 1, size 10 by default; all=1; unread=1 the unread ones). The investor reads their own',
        params: ClientParam,
        querystring: ClientNotificationListQuery,
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

  app.put(
    path,
    {
      onRequest: requireSelfOrStaff(),
      schema: {
        ...schema,
        operationId: 'markClientNotificationsRead',
        summary: 'The investor marks all their unread notifications read (read: true); how many changed',
        params: ClientParam,
        body: ClientNotificationReadBody.refine((b) => b.read, { message: 'Only read: true marks them all' }),
        response: { 200: dataOf(ClientNotificationsMarked), ...errors },
      },
    },
    async (request) => ({
      data: { updated: await service.markAllNotificationsRead(serviceContext(request), request.params.id) },
    }),
  );

  app.put(
    `${path}/:notificationId`,
    {
      onRequest: requireSelfOrStaff(),
      schema: {
        ...schema,
        operationId: 'markClientNotificationRead',
        summary:
          'The investor marks one of their notifications read (read: true) or unread again (read: false)',
        params: ClientNotificationParams,
        body: ClientNotificationReadBody,
        response: { 200: dataOf(ClientNotification), ...errors },
      },
    },
    async (request) => ({
      data: presentNotification(
        await service.markNotificationRead(
          serviceContext(request),
          request.params.id,
          request.params.notificationId,
          request.body.read,
        ),
      ),
    }),
  );
};
