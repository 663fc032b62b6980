import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { Button, Segmented, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CALENDAR_VIEWS, type CalendarView } from '../lib/calendarParams.ts';

/**
 * The calendar's own toolbar in the app's buttons (FullCalendar's names its arrows with an
 * unlabelled image and does not wrap): back, forward, today, the period's title and the view.
 */
export function CalendarToolbar({
  title,
  view,
  onPrev,
  onNext,
  onToday,
  onView,
  status,
}: {
  title: string;
  /** Loading or empty, announced politely, beside the buttons. */
  status: ReactNode;
  view: CalendarView;
  onPrev: () => void;
  onNext: () => void;
  onToday: () => void;
  onView: (view: CalendarView) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="firm-calendar__toolbar">
      <div className="firm-calendar__nav">
        <Button icon={<LeftOutlined aria-hidden />} aria-label={t('calendar.hints.prev')} onClick={onPrev} />
        <Button icon={<RightOutlined aria-hidden />} aria-label={t('calendar.hints.next')} onClick={onNext} />
        <Button onClick={onToday}>{t('calendar.views.today')}</Button>
        <span className="firm-calendar__status" aria-live="polite">
          {status}
        </span>
      </div>
      <Typography.Title level={4} className="firm-calendar__title" aria-live="polite">
        {title}
      </Typography.Title>
      <Segmented<CalendarView>
        className="firm-calendar__views"
        aria-label={t('calendar.hints.view')}
        value={view}
        onChange={onView}
        options={CALENDAR_VIEWS.map((v) => ({ value: v, label: t(`calendar.views.${v}`) }))}
      />
    </div>
  );
}
