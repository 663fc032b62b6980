import { CalendarOutlined } from '@ant-design/icons';
import { formatDateTime } from '@dealflow/domain';
import { Card, Empty, Skeleton, Typography } from 'antd';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../shared/components/ErrorAlert.tsx';
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
    <Card
      size="small"
      className="investor-home__card"
      title={
        <span className="investor-home__card-title">
          <CalendarOutlined aria-hidden /> {t('investorHome.events.title')}
        </span>
      }
      extra={<Typography.Text type="secondary">{t('investorHome.events.range')}</Typography.Text>}
    >
      {events.isPending && <Skeleton active paragraph={{ rows: 2 }} title={false} />}
      {events.isError && <ErrorAlert error={events.error} title={t('investorHome.loadError')} />}
      {events.isSuccess && soon.length === 0 && (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('investorHome.events.empty')} />
      )}
      {soon.length > 0 && <EventList events={soon.slice(0, SHOWN)} />}
      {soon.length > SHOWN && (
        <Typography.Text type="secondary">
          {t('investorHome.events.more', { count: soon.length - SHOWN })}
        </Typography.Text>
      )}
    </Card>
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
