import { usePlatformSettings } from '../../platform/api/platformApi.ts';
import { today } from '../lib/period.ts';

/** Today as the reports count days: in the server's report time zone once the platform says it. */
export function useReportDay(): string {
  const settings = usePlatformSettings();
  return today(settings.data?.report_time_zone);
}
