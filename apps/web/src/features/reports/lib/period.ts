import {
  addDays,
  dayInTimeZone,
  daysBetween,
  isCalendarDate,
  REPORT_DEFAULT_DAYS,
  REPORT_MAX_DAYS,
} from '@dealflow/domain';
import dayjs from 'dayjs';

/** A report period: both ends included, `YYYY-MM-DD`. */
export interface Period {
  start: string;
  end: string;
}

/** The quick choices beside the range picker (近 30 天, 近 90 天, 今年, 近一年). */
export const PERIOD_PRESETS = ['last30', 'last90', 'thisYear', 'last365'] as const;
export type PeriodPreset = (typeof PERIOD_PRESETS)[number];

/**
 * Today in the reports' time zone (the server's REPORT_TIME_ZONE, from the platform settings): a
 * browser elsewhere, or past midnight UTC, would otherwise end the period on a day the server has
 * already closed and miss today's live figures. Without the zone, the browser's day.
 */
export function today(timeZone?: string, now: Date = new Date()): string {
  return timeZone ? dayInTimeZone(now, timeZone) : dayjs(now).format('YYYY-MM-DD');
}

export function presetPeriod(preset: PeriodPreset, day: string): Period {
  switch (preset) {
    case 'last30':
      return { start: addDays(day, -29), end: day };
    case 'last90':
      return { start: addDays(day, -89), end: day };
    case 'thisYear':
      return { start: `${day.slice(0, 4)}-01-01`, end: day };
    case 'last365':
      return { start: addDays(day, -364), end: day };
  }
}

/** The period when the URL names none: the status series' default, the last 30 days. */
export function defaultPeriod(day: string): Period {
  return { start: addDays(day, -(REPORT_DEFAULT_DAYS - 1)), end: day };
}

/** Whether two calendar days make a period the server takes (in order, at most REPORT_MAX_DAYS). */
export function isValidPeriod(start: string, end: string): boolean {
  if (!isCalendarDate(start) || !isCalendarDate(end)) return false;
  const span = daysBetween(start, end);
  return span >= 0 && span + 1 <= REPORT_MAX_DAYS;
}

/** Which preset a period is, if any (the control shows it as chosen). */
export function presetOf(period: Period, day: string): PeriodPreset | null {
  return (
    PERIOD_PRESETS.find((p) => {
      const q = presetPeriod(p, day);
      return q.start === period.start && q.end === period.end;
    }) ?? null
  );
}
