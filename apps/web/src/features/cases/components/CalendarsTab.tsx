import { formatDateTime } from '@dealflow/domain';
import { useTranslation } from 'react-i18next';
import {
  type CalendarEventValues,
  calendarEventBody,
  calendarEventFields,
  calendarEventInitial,
} from '../lib/calendarEventFields.ts';
import { authorLine, type CaseAccess, CaseItemsPanel, type ItemConfig } from './CaseItemsPanel.tsx';

/** 行事曆: meetings and events of the case (the same fields as the firm calendar's form). */
export function CalendarsTab({ caseId, access }: { caseId: number; access: CaseAccess }) {
  const { t } = useTranslation();
  const config: ItemConfig<'calendars', CalendarEventValues> = {
    kind: 'calendars',
    fields: calendarEventFields(t),
    initial: calendarEventInitial,
    createBody: calendarEventBody,
    updateBody: calendarEventBody,
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
