import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CalendarCreateBody,
  CalendarEvent,
  CalendarParams,
  CalendarUpdateBody,
  CaseParam,
  PageQuery,
  dataOf,
  listOf,
} from '@dealflow/domain';
import { serviceContext } from '../../plugins/auth.ts';
import { OK, caseItemRoute as r } from '../caseItems/routes.ts';
import { presentEvent } from './presenter.ts';
import * as service from './service.ts';

export const calendarRoutes: FastifyPluginAsyncZod = async (app) => {
  const schema = r.schema('calendars');
  const base = `${r.v1}/:id/calendars`;

  app.get(
    base,
    {
      ...r.read,
      schema: {
        ...schema,
        summary: 'Calendar events of a case, in the order they happen',
        params: CaseParam,
        querystring: PageQuery,
        response: { 200: listOf(CalendarEvent), ...r.errors, ...r.notFound },
      },
    },
    async (request) => {
      const { rows, count } = await service.listEvents(
        serviceContext(request),
        request.params.id,
        request.query,
      );
      return { data: { result: rows.map(presentEvent), count } };
    },
  );

  app.post(
    base,
    {
      ...r.write,
      schema: {
        ...schema,
        summary: 'Add a calendar event to a case (the end not before the start)',
        params: CaseParam,
        body: CalendarCreateBody,
        response: { 200: dataOf(CalendarEvent), ...r.errors, ...r.notFound },
      },
    },
    async (request) => ({
      data: presentEvent(await service.createEvent(serviceContext(request), request.params.id, request.body)),
    }),
  );

  app.put(
    `${base}/:calendarId`,
    {
      ...r.write,
      schema: {
        ...schema,
        summary: 'Edit a calendar event of a case',
        params: CalendarParams,
        body: CalendarUpdateBody,
        response: { 200: dataOf(CalendarEvent), ...r.errors, ...r.notFound },
      },
    },
    async (request) => ({
      data: presentEvent(
        await service.updateEvent(
          serviceContext(request),
          request.params.id,
          request.params.calendarId,
          request.body,
        ),
      ),
    }),
  );

  app.delete(
    `${base}/:calendarId`,
    {
      ...r.write,
      schema: {
        ...schema,
        summary: 'Delete a calendar event of a case',
        params: CalendarParams,
        response: { 200: r.ok, ...r.errors, ...r.notFound },
      },
    },
    async (request) => {
      await service.deleteEvent(serviceContext(request), request.params.id, request.params.calendarId);
      return OK;
    },
  );
};
