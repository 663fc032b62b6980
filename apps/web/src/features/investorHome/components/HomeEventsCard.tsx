import { CalendarOutlined } from '@ant-design/icons';
import { formatDateTime } from '@dealflow/domain';
import { Typography } from 'antd';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { HomeCard } from './HomeCard.tsx';
import { useInvestorId, useUpcomingEvents } from '../api/investorHomeApi.ts';

const DAYS_AHEAD = 30;
const SHOWN = 5;

/** The start of today, as the API takes it: stable for the day, so the query is read once. */
export function startOfToday(): string {
  return dayjs().startOf('day').toISOString();
}

/** Events of the investor's cases from today to 30 days ahead, in the order they happen. */
export function HomeEventsCard() {
  const { t } = useTranslation();
  const clientId = useInvestorId();
  const from = useMemo(startOfToday, []);
  const events = useUpcomingEvents(clientId, from);
  const until = dayjs(from).add(DAYS_AHEAD, 'day');
  const soon = (events.data?.result ?? []).filter((e) => dayjs(e.start_at).isBefore(until));

  return (
    <HomeCard
      icon={<CalendarOutlined aria-hidden />}
      title={t('investorHome.events.title')}
      extra={<Typography.Text type="secondary">{t('investorHome.events.range')}</Typography.Text>}
      pending={events.isPending}
      error={events.error}
      errorTitle={t('investorHome.loadError')}
      empty={soon.length === 0 ? t('investorHome.events.empty') : null}
    >
      <EventList events={soon.slice(0, SHOWN)} />
      {soon.length > SHOWN && (
        <Typography.Text type="secondary">
          {t('investorHome.events.more', { count: soon.length - SHOWN })}
        </Typography.Text>
      )}
    </HomeCard>
  );
}

/** Events as a list: when, what, which case and where. */
export function EventList({
  events,
}: {
  events: ReadonlyArray<{
    id: number;
    title: string;
    start_at: string;
    location: string | null;
    case: { name: string };
  }>;
}) {
  return (
    <ul className="investor-home__list investor-home__events">
      {events.map((e) => (
        <li key={e.id}>
          <time dateTime={e.start_at} className="investor-home__when">
            {formatDateTime(e.start_at)}
          </time>
          <span className="investor-home__what">{e.title}</span>
          <Typography.Text type="secondary" className="investor-home__meta">
            {e.case.name}
            {e.location ? ` · ${e.location}` : ''}
          </Typography.Text>
        </li>
      ))}
    </ul>
  );
}
