import { CalendarCreateBody, CalendarEvent, CalendarParams, CalendarUpdateBody } from '@dealflow/domain';
import { defineCaseItemRoutes } from '../caseItems/routes.ts';
import { presentEvent } from './presenter.ts';
import * as service from './service.ts';

export const calendarRoutes = defineCaseItemRoutes({
  tag: 'calendars',
  path: 'calendars',
  names: { one: 'CalendarEvent', many: 'CalendarEvents' },
  summaries: [
    'Calendar events of a case, in the order they happen',
    'Add a calendar event to a case (the end not before the start)',
    'Edit a calendar event of a case',
    'Delete a calendar event of a case',
  ],
  contracts: {
    item: CalendarEvent,
    params: CalendarParams,
    create: CalendarCreateBody,
    update: CalendarUpdateBody,
  },
  service: service.events,
  present: presentEvent,
});
