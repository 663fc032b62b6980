import type { CalendarEvent } from '@dealflow/domain';
import { iso, presentPerson } from '../items/presenter.ts';
import type { CalendarView } from './repository.ts';

export function presentEvent({ event, author_name }: CalendarView): CalendarEvent {
  return {
    id: event.id,
    case_id: event.case_id,
    title: event.title,
    start_at: iso(event.start_at),
    end_at: iso(event.end_at),
    location: event.location,
    author: presentPerson(event.created_by, author_name),
    created_at: iso(event.created_at),
    updated_at: iso(event.updated_at),
  };
}
