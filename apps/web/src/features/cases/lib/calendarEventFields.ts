import type { CalendarEvent } from '@dealflow/domain';
import dayjs, { type Dayjs } from 'dayjs';
import type { TFunction } from 'i18next';
import type { FieldDef } from '../../../shared/fields/index.ts';

/** The form values of one calendar event (the case's 行事曆 tab and the firm calendar). */
export interface CalendarEventValues {
  title: string;
  start_at: Dayjs;
  end_at: Dayjs;
  location?: string;
}

/**
 * The fields of a calendar event: title, start, end (not before the start) and location. One set,
 * so the case tab and the firm calendar edit an event the same way.
 */
export function calendarEventFields(t: TFunction, autoFocus = true): FieldDef[] {
  const required = t('cases.items.calendar.required');
  return [
    {
      name: 'title',
      label: t('cases.items.title'),
      kind: 'text',
      wide: true,
      required: t('cases.items.titleRequired'),
      max: 200,
      autoFocus,
    },
    { name: 'start_at', label: t('cases.items.calendar.startAt'), kind: 'datetime', required },
    {
      name: 'end_at',
      label: t('cases.items.calendar.endAt'),
      kind: 'datetime',
      required,
      dependencies: [['start_at']],
      rules: [
        ({ getFieldValue }) => ({
          validator: (_, value: Dayjs | undefined) => {
            const start = getFieldValue('start_at') as Dayjs | undefined;
            return !value || !start || !value.isBefore(start)
              ? Promise.resolve()
              : Promise.reject(new Error(t('cases.items.calendar.endBeforeStart')));
          },
        }),
      ],
    },
    { name: 'location', label: t('cases.items.calendar.location'), kind: 'text', wide: true, max: 500 },
  ];
}

/** The body of a create or an edit: times as ISO with the browser's offset, blank location as null. */
export function calendarEventBody(v: CalendarEventValues) {
  return {
    title: v.title.trim(),
    start_at: v.start_at.format(),
    end_at: v.end_at.format(),
    location: v.location?.trim() || null,
  };
}

export function calendarEventInitial(
  item: Pick<CalendarEvent, 'title' | 'start_at' | 'end_at' | 'location'> | null,
): Partial<CalendarEventValues> {
  return item
    ? {
        title: item.title,
        start_at: dayjs(item.start_at),
        end_at: dayjs(item.end_at),
        location: item.location ?? '',
      }
    : {};
}
