import { CALENDAR_END_MESSAGE, type CalendarCreateBody, type CalendarUpdateBody } from '@dealflow/domain';
import { caseParent } from '../caseItems/service.ts';
import { invalidField, itemService } from '../items/service.ts';
import * as repo from './repository.ts';
import type { CalendarInsert, CalendarRow } from './repository.ts';

function toColumns(input: CalendarUpdateBody): Partial<CalendarInsert> {
  const values: Partial<CalendarInsert> = {};
  if (input.title !== undefined) values.title = input.title;
  if (input.start_at !== undefined) values.start_at = new Date(input.start_at);
  if (input.end_at !== undefined) values.end_at = new Date(input.end_at);
  if (input.location !== undefined) values.location = input.location || null;
  return values;
}

export const events = itemService(caseParent, {
  notFound: 'CALENDAR_NOT_FOUND',
  action: 'calendar',
  list: repo.listEvents,
  find: repo.findEvent,
  insert: repo.insertEvent,
  update: repo.updateEvent,
  remove: repo.deleteEvent,
  row: (view) => view.event,
  toColumns,
  toNewRow: (input: CalendarCreateBody, owner) => ({
    ...toColumns(input),
    title: input.title,
    start_at: new Date(input.start_at),
    end_at: new Date(input.end_at),
    ...owner,
  }),
  // The body alone cannot tell when only one end moves: check it against the stored other end.
  checkUpdate: (_tx, before, _input, values) => {
    const start = values.start_at ?? before.event.start_at;
    const end = values.end_at ?? before.event.end_at;
    if (end.getTime() < start.getTime()) throw invalidField('body.end_at', CALENDAR_END_MESSAGE);
  },
  audited: (row: CalendarRow) => ({
    title: row.title,
    start_at: row.start_at,
    end_at: row.end_at,
    location: row.location,
  }),
});

export const { list: listEvents, create: createEvent, update: updateEvent, remove: deleteEvent } = events;
