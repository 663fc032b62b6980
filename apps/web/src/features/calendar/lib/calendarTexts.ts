import type { TFunction } from 'i18next';

/**
 * Every word FullCalendar shows or speaks (buttons, their titles, the "more" link, hints read by
 * screen readers), from our translations: its zh-TW locale names the buttons but leaves the hints
 * in English.
 */
export function calendarTexts(t: TFunction) {
  return {
    buttonText: {
      today: t('calendar.views.today'),
      month: t('calendar.views.month'),
      week: t('calendar.views.week'),
      list: t('calendar.views.list'),
    },
    buttonHints: {
      prev: t('calendar.hints.prev'),
      next: t('calendar.hints.next'),
      today: t('calendar.hints.today'),
    },
    viewHint: (buttonText: string) => t('calendar.hints.view', { view: buttonText }),
    navLinkHint: (dateText: string) => t('calendar.hints.goTo', { date: dateText }),
    moreLinkHint: (count: number) => t('calendar.hints.more', { count }),
    moreLinkText: (count: number) => t('calendar.more', { count }),
    closeHint: t('calendar.hints.close'),
    timeHint: t('calendar.hints.time'),
    eventHint: t('calendar.hints.event'),
    allDayText: t('calendar.allDay'),
  };
}
