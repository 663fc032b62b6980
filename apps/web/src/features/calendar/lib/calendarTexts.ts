import type { TFunction } from 'i18next';

/**
 * Every word FullCalendar shows or speaks (the "more" link, hints read by screen readers), from
 * our translations: its zh-TW locale leaves the hints in English. The toolbar is ours
 * (CalendarToolbar).
 */
export function calendarTexts(t: TFunction) {
  return {
    navLinkHint: (dateText: string) => t('calendar.hints.goTo', { date: dateText }),
    moreLinkHint: (count: number) => t('calendar.hints.more', { count }),
    moreLinkText: (count: number) => t('calendar.more', { count }),
    closeHint: t('calendar.hints.close'),
    timeHint: t('calendar.hints.time'),
    eventHint: t('calendar.hints.event'),
    allDayText: t('calendar.allDay'),
  };
}
