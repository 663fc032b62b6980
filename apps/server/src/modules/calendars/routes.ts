import { CalendarCreateBody, CalendarEvent, CalendarParams, CalendarUpdateBody } from '@dealflow/domain';
import { defineCaseItemRoutes } from '../caseItems/routes.ts';
import { presentEvent } from './presenter.ts';
import * as service from './service.ts';

export const calendarRoutes = defineCaseItemRoutes({
  tag: 'calendars',
  path: 'calendars',
  itemParam: 'calendarId',
  names: { one: 'CalendarEvent', many: 'CalendarEvents' },
  summaries: {
    list: 'Calendar events of a case, in the order they happen',
    create: 'Add a calendar event to a case (the end not before the start)',
    update: 'Edit a calendar event of a case',
    remove: 'Delete a calendar event of a case',
  },
  contracts: {
    item: CalendarEvent,
    params: CalendarParams,
    create: CalendarCreateBody,
    update: CalendarUpdateBody,
  },
  service: {
    list: service.listEvents,
    create: service.createEvent,
    update: service.updateEvent,
    remove: service.deleteEvent,
  },
  present: presentEvent,
});
