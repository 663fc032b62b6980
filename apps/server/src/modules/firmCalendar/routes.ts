import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CalendarFeed,
  ErrorResponse,
  FirmCalendarEvent,
  FirmCalendarQuery,
  OkResponse,
  dataOf,
  listOf,
} from '@dealflow/domain';
import { bearerSecurity, requireStaff, serviceContext } from '../../plugins/auth.ts';
import { presentFirmEvent } from './presenter.ts';
import * as service from './service.ts';

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse };
const OK = { data: { ok: true as const } };

/**
 * The firm calendar (issue 11): the events of a range across the cases one may see, and one's own
 * `.ics` feed. Events are created, moved and deleted through each case's calendar calls.
 */
export const firmCalendarRoutes: FastifyPluginAsyncZod = async (app) => {
  const staff = { onRequest: requireStaff('calendar.firm') };
  const schema = { tags: ['calendar'], security: bearerSecurity };

  app.get(
    '/api/internal/v2/calendars',
    {
      ...staff,
      schema: {
        ...schema,
        operationId: 'searchFirmCalendar',
        summary:
          'Case calendar events overlapping [start_at, end_at) that one may see (at most 400 days, 2,000 events), ' +
          'by start; case_id, client_id (the cases the client takes part in) or employee_id (written by, or the ao of the case)',
        querystring: FirmCalendarQuery,
        response: { 200: listOf(FirmCalendarEvent), ...errors },
      },
    },
    async (request) => {
      const { rows, actor } = await service.searchEvents(serviceContext(request), request.query);
      return { data: { result: rows.map((row) => presentFirmEvent(row, actor)), count: rows.length } };
    },
  );

  const feed = '/api/internal/v1/me/calendar-feed';
  app.get(
    feed,
    {
      ...staff,
      schema: {
        ...schema,
        operationId: 'getMyCalendarFeed',
        summary:
          'Whether one has a calendar feed address and since when (the address itself is shown only when made)',
        response: { 200: dataOf(CalendarFeed), ...errors },
      },
    },
    async (request) => ({ data: await service.getFeed(serviceContext(request)) }),
  );
  app.post(
    feed,
    {
      ...staff,
      schema: {
        ...schema,
        operationId: 'renewMyCalendarFeed',
        summary:
          'Make a new .ics address for one’s calendar (shown once); the previous address stops working',
        response: { 200: dataOf(CalendarFeed), ...errors },
      },
    },
    async (request) => ({ data: await service.renewFeed(serviceContext(request)) }),
  );
  app.delete(
    feed,
    {
      ...staff,
      schema: {
        ...schema,
        operationId: 'endMyCalendarFeed',
        summary: 'End one’s .ics address: calendar apps reading it get 404 from now on',
        response: { 200: OkResponse, ...errors },
      },
    },
    async (request) => {
      await service.endFeed(serviceContext(request));
      return OK;
    },
  );

  app.get(
    service.FEED_PATH,
    {
      schema: {
        tags: ['calendar'],
        operationId: 'readCalendarFeed',
        summary:
          'An employee’s calendar as iCalendar (events from 90 days back to a year ahead), for Outlook or Google Calendar; ' +
          'the secret in token is the only credential (public)',
        querystring: z.object({ token: z.string().max(200) }),
        produces: ['text/calendar'],
        response: { 200: z.unknown().describe('The iCalendar file'), 400: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request, reply) => {
      const ctx = serviceContext(request);
      const text = await service.renderFeed(ctx, ctx.db, request.query.token);
      return reply
        .header('Content-Type', 'text/calendar; charset=utf-8')
        .header('Cache-Control', 'private, no-store')
        .header('Referrer-Policy', 'no-referrer')
        .send(text);
    },
  );
};
