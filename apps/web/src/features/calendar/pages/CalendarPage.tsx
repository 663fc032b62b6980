import { type FirmCalendarEvent, staffCan } from '@dealflow/domain';
import { CalendarOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Card, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useIsMobile } from '../../../shared/hooks/useIsMobile.ts';
import { useStaffUser } from '../../auth/session/index.ts';
import { CalendarFeedPanel } from '../components/CalendarFeedPanel.tsx';
import { CalendarFilterBar } from '../components/CalendarFilterBar.tsx';
import { FirmCalendar } from '../components/FirmCalendar.tsx';
import { NewEventModal } from '../components/NewEventModal.tsx';
import {
  type CalendarFilters,
  type CalendarView,
  parseCalendarParams,
  withCalendarParams,
} from '../lib/calendarParams.ts';
import '../calendar.css';

/** A new event's times from a selection: a whole day selected starts at 09:00 for an hour. */
function newEventTimes(start: Date, end: Date, allDay: boolean): { start: Dayjs; end: Dayjs } {
  if (!allDay) return { start: dayjs(start), end: dayjs(end) };
  const first = dayjs(start).hour(9);
  const last = dayjs(end).subtract(1, 'day').hour(10);
  return { start: first, end: last.isAfter(first) ? last : first.add(1, 'hour') };
}

/**
 * /dashboard/calendar, the firm calendar: every case event the reader may see, filtered by case,
 * client or colleague (in the URL, with the view and the date), created, edited and moved in
 * place by those who may, and an .ics address for Outlook or Google Calendar.
 */
export function CalendarPage() {
  const { t } = useTranslation();
  const me = useStaffUser();
  const mobile = useIsMobile();
  const [search, setSearch] = useSearchParams();
  const may = { cases: staffCan(me.role, 'cases.read'), clients: staffCan(me.role, 'clients.read') };
  const params = parseCalendarParams(search, may);
  const filters: CalendarFilters = {
    caseId: params.caseId,
    clientId: params.clientId,
    employeeId: params.employeeId,
  };
  const canCreate = !me.reviewer && staffCan(me.role, 'cases.write');
  const defaultView: CalendarView = mobile ? 'list' : 'month';
  const [creating, setCreating] = useState<{ start: Dayjs; end: Dayjs } | null>(null);
  const [feedOpen, setFeedOpen] = useState(false);
  const [caseLabel, setCaseLabel] = useState<string>();

  const onShown = useCallback(
    (view: CalendarView, date: string) => {
      setSearch(
        (current) =>
          withCalendarParams(current, {
            view: view === defaultView ? undefined : view,
            date: date === dayjs().format('YYYY-MM-DD') ? undefined : date,
          }),
        { replace: true },
      );
    },
    [setSearch, defaultView],
  );
  const onEvents = useCallback(
    (events: FirmCalendarEvent[]) => {
      const named = events.find((e) => e.case.id === params.caseId);
      if (named) setCaseLabel(named.case.name);
    },
    [params.caseId],
  );
  const startNew = () => {
    const start = dayjs().add(1, 'hour').startOf('hour');
    setCreating({ start, end: start.add(1, 'hour') });
  };

  return (
    <section className="page-section firm-calendar-page" aria-labelledby="page-title">
      <div className="page-header">
        <div>
          <Typography.Title level={3} id="page-title">
            {t('calendar.title')}
          </Typography.Title>
          <Typography.Paragraph type="secondary">
            {t(
              canCreate ? 'calendar.intro' : may.cases ? 'calendar.introReadCases' : 'calendar.introClients',
            )}
          </Typography.Paragraph>
        </div>
        <div className="page-header__actions">
          <Button icon={<CalendarOutlined aria-hidden />} onClick={() => setFeedOpen(true)}>
            {t('calendar.feed.open')}
          </Button>
          {canCreate && (
            <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={startNew}>
              {t('calendar.add')}
            </Button>
          )}
        </div>
      </div>
      <CalendarFilterBar
        filters={filters}
        mayFilter={may}
        caseLabel={caseLabel}
        onChange={(patch) => setSearch((current) => withCalendarParams(current, patch), { replace: true })}
      />
      <Card>
        <FirmCalendar
          view={params.view ?? defaultView}
          date={params.date}
          filters={filters}
          readsCases={may.cases}
          canCreate={canCreate}
          onShown={onShown}
          onEvents={onEvents}
          onSelectRange={(start, end, allDay) => setCreating(newEventTimes(start, end, allDay))}
        />
      </Card>
      {creating && (
        <NewEventModal
          start={creating.start}
          end={creating.end}
          caseId={filters.caseId}
          caseLabel={caseLabel}
          onClose={() => setCreating(null)}
        />
      )}
      <CalendarFeedPanel open={feedOpen} onClose={() => setFeedOpen(false)} />
    </section>
  );
}
