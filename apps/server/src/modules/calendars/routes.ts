import { CalendarCreateBody, CalendarEvent, CalendarParams, CalendarUpdateBody } from '@dealflow/domain';
import { caseRouteParent } from '../caseItems/routes.ts';
import { defineItemRoutes } from '../items/routes.ts';
import { presentEvent } from './presenter.ts';
import * as service from './service.ts';

export const calendarRoutes = defineItemRoutes(caseRouteParent, {
  tag: 'calendars',
  path: 'calendars',
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
  service: service.events,
  present: presentEvent,
});
