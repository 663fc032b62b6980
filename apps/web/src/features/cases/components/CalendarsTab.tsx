import { type CalendarEvent, formatDateTime } from '@dealflow/domain';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import {
  authorLine,
  type CaseAccess,
  CaseItemsPanel,
  type ItemConfig,
  titleField,
} from './CaseItemsPanel.tsx';

interface EventValues {
  title: string;
  start_at: Dayjs;
  end_at: Dayjs;
  location?: string;
}

/** 行事曆: meetings and events of the case. */
export function CalendarsTab({ caseId, access }: { caseId: number; access: CaseAccess }) {
  const { t } = useTranslation();
  const body = (v: EventValues) => ({
    title: v.title.trim(),
    start_at: v.start_at.format(),
    end_at: v.end_at.format(),
    location: v.location?.trim() || null,
  });
  const required = t('cases.items.calendar.required');
  const config: ItemConfig<'calendars', EventValues> = {
    kind: 'calendars',
    fields: [
      titleField(t('cases.items.title'), t('cases.items.titleRequired')),
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
    ],
    initial: (item: CalendarEvent | null) =>
      item
        ? {
            title: item.title,
            start_at: dayjs(item.start_at),
            end_at: dayjs(item.end_at),
            location: item.location ?? '',
          }
        : {},
    createBody: body,
    updateBody: body,
    view: (item) => ({
      title: item.title,
      meta: [
        `${formatDateTime(item.start_at)} – ${formatDateTime(item.end_at)}`,
        item.location,
        authorLine(t, item.author),
      ],
    }),
  };
  return <CaseItemsPanel caseId={caseId} config={config} access={access} />;
}
