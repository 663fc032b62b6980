import type { DatesSetArg, EventClickArg, EventDropArg, DateSelectArg } from '@fullcalendar/core';
import zhTwLocale from '@fullcalendar/core/locales/zh-tw';
import dayGridPlugin from '@fullcalendar/daygrid';
import interactionPlugin, { type EventResizeDoneArg } from '@fullcalendar/interaction';
import listPlugin from '@fullcalendar/list';
import FullCalendar from '@fullcalendar/react';
import timeGridPlugin from '@fullcalendar/timegrid';
import { type FirmCalendarEvent, formatDateTime } from '@dealflow/domain';
import { Alert, Button, Spin, Typography } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../shared/api/index.ts';
import { useErrorToast } from '../../../shared/components/ErrorAlert.tsx';
import { useIsMobile } from '../../../shared/hooks/useIsMobile.ts';
import { type CalendarRange, useFirmCalendar, useUpdateFirmEvent } from '../api/firmCalendarApi.ts';
import { type CalendarFilters, type CalendarView, FC_VIEW, viewOfFc } from '../lib/calendarParams.ts';
import { calendarTexts } from '../lib/calendarTexts.ts';
import { toEventInput } from '../lib/eventMapping.ts';
import { CalendarToolbar } from './CalendarToolbar.tsx';
import { EventModal } from './EventModal.tsx';
import { useFeedback } from '../../../shared/feedback/index.tsx';

const TIME_FORMAT = { hour: '2-digit', minute: '2-digit', hour12: false } as const;

/**
 * The firm calendar itself (FullCalendar): month, week and list views over the events of the
 * visible range, fetched range by range. Events the reader may edit are dragged and resized in
 * place (a failed move goes back where it was); a click opens the event; selecting a range (for
 * those who may create) starts a new event there.
 */
export function FirmCalendar({
  view,
  date,
  filters,
  readsCases,
  canCreate,
  onShown,
  onSelectRange,
  onEvents,
}: {
  view: CalendarView;
  date?: string;
  filters: CalendarFilters;
  readsCases: boolean;
  canCreate: boolean;
  /** The view and a day of the period now shown, for the URL. */
  onShown: (view: CalendarView, date: string) => void;
  onSelectRange: (start: Date, end: Date, allDay: boolean) => void;
  onEvents: (events: FirmCalendarEvent[]) => void;
}) {
  const { t, i18n } = useTranslation();
  const { message } = useFeedback();
  const showError = useErrorToast();
  const [range, setRange] = useState<CalendarRange | null>(null);
  const [shownView, setShownView] = useState<CalendarView>(view);
  const [opened, setOpened] = useState<FirmCalendarEvent | null>(null);
  const [title, setTitle] = useState('');
  const calendarRef = useRef<FullCalendar>(null);
  const calendar = () => calendarRef.current?.getApi();
  const events = useFirmCalendar(range, filters);
  const update = useUpdateFirmEvent();
  const result = events.data?.result;
  const inputs = useMemo(() => (result ?? []).map((e) => toEventInput(e, readsCases)), [result, readsCases]);
  const texts = useMemo(() => calendarTexts(t), [t]);
  const zh = i18n.language === 'zh-TW';
  const narrow = useIsMobile();

  useEffect(() => {
    if (result) onEvents(result);
  }, [result, onEvents]);

  async function move(info: EventDropArg | EventResizeDoneArg) {
    const event = info.event.extendedProps.event as FirmCalendarEvent;
    const start = info.event.start;
    if (!start) return info.revert();
    const end = info.event.end ?? start;
    try {
      await update.mutateAsync({
        caseId: event.case_id,
        id: event.id,
        body: { start_at: dayjs(start).format(), end_at: dayjs(end).format() },
      });
      message.success(t('calendar.moved', { when: formatDateTime(start) }));
    } catch (error) {
      info.revert();
      showError(error, t('calendar.moveFailed'));
    }
  }

  const datesSet = (arg: DatesSetArg) => {
    setRange({ start: dayjs(arg.start).format(), end: dayjs(arg.end).format() });
    const shown = viewOfFc(arg.view.type) ?? view;
    setShownView(shown);
    setTitle(arg.view.title);
    onShown(shown, dayjs(arg.view.calendar.getDate()).format('YYYY-MM-DD'));
  };

  const loading = events.isFetching;
  const empty = !loading && !events.isError && range !== null && (result?.length ?? 0) === 0;
  return (
    <div className="firm-calendar">
      {events.isError && (
        <Alert
          type="error"
          showIcon
          className="firm-calendar__error"
          title={t('calendar.loadError')}
          description={errorText(events.error)}
          action={
            <Button size="small" onClick={() => void events.refetch()}>
              {t('common.retry')}
            </Button>
          }
        />
      )}
      <CalendarToolbar
        title={title}
        view={shownView}
        onPrev={() => calendar()?.prev()}
        onNext={() => calendar()?.next()}
        onToday={() => calendar()?.today()}
        onView={(next) => calendar()?.changeView(FC_VIEW[next])}
        status={
          <>
            {loading && (
              <span className="firm-calendar__loading">
                <Spin size="small" /> {t('calendar.loading')}
              </span>
            )}
            {empty && shownView !== 'list' && (
              <Typography.Text type="secondary">{t('calendar.empty')}</Typography.Text>
            )}
          </>
        }
      />
      <FullCalendar
        ref={calendarRef}
        plugins={[dayGridPlugin, timeGridPlugin, listPlugin, interactionPlugin]}
        initialView={FC_VIEW[view]}
        {...(date ? { initialDate: date } : {})}
        {...(zh ? { locale: zhTwLocale } : { locale: 'en' })}
        {...texts}
        headerToolbar={false}
        // A phone's week shows the day and a one-character weekday, not 11/22（週日）.
        views={narrow ? { timeGridWeek: { dayHeaderFormat: { weekday: 'narrow', day: 'numeric' } } } : {}}
        // Taiwanese calendars start on Sunday; times read 24-hour.
        firstDay={0}
        eventTimeFormat={TIME_FORMAT}
        slotLabelFormat={TIME_FORMAT}
        allDaySlot={false}
        scrollTime="08:00:00"
        // An hour a row keeps the whole day on one screen; a drag still lands on the quarter hour.
        slotDuration="01:00:00"
        snapDuration="00:15:00"
        nowIndicator
        height="auto"
        dayMaxEvents={4}
        eventDisplay="block"
        // The day number names the cell, but the cell also holds its events: let its content name it.
        dayCellDidMount={(arg) => arg.el.removeAttribute('aria-labelledby')}
        events={inputs}
        noEventsContent={t('calendar.empty')}
        selectable={canCreate}
        selectMirror
        select={(info: DateSelectArg) => {
          info.view.calendar.unselect();
          onSelectRange(info.start, info.end, info.allDay);
        }}
        eventClick={(info: EventClickArg) => {
          // The event is a link (focusable, opens in a new tab on a middle click); a plain click
          // opens it here instead.
          info.jsEvent.preventDefault();
          setOpened(info.event.extendedProps.event as FirmCalendarEvent);
        }}
        eventDrop={(info) => void move(info)}
        eventResize={(info) => void move(info)}
        datesSet={datesSet}
      />
      {opened && (
        <EventModal key={opened.id} event={opened} readsCases={readsCases} onClose={() => setOpened(null)} />
      )}
    </div>
  );
}
