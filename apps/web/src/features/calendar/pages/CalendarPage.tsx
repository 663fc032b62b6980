import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../../shared/components/ComingSoon.tsx';

/** /dashboard/calendar. */
export function CalendarPage() {
  const { t } = useTranslation();
  return <ComingSoon title={t('pages.calendar')} />;
}
