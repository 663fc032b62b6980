import { type Client, type ClientCalendarEvent, formatDateTime } from '@dealflow/domain';
import { Empty, Switch, Table } from 'antd';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import '../clientRecords.css';
import { ErrorAlert } from '../../../shared/components/ErrorAlert.tsx';
import { useClientCalendars } from '../api/clientRecordsApi.ts';

const PAGE_SIZE = 10;

/**
 * 行事曆: the events of the cases the client takes part in, in the order they happen; by default
 * only those not yet over, so the next meeting is at the top.
 */
export function ClientCalendarTab({ client }: { client: Client; editable: boolean }) {
  const { t } = useTranslation();
  const toggleId = useId();
  const [upcoming, setUpcoming] = useState(true);
  const [page, setPage] = useState(1);
  // Fixed while the tab is open: a moving "now" would make a new query on every render.
  const [now] = useState(() => new Date().toISOString());
  const events = useClientCalendars(client.id, {
    page,
    size: PAGE_SIZE,
    ...(upcoming ? { from: now } : {}),
  });
  const data = events.data;

  return (
    <div className="client-calendar">
      <div className="client-calendar__toggle">
        <Switch
          id={toggleId}
          size="small"
          checked={upcoming}
          onChange={(checked) => {
            setUpcoming(checked);
            setPage(1);
          }}
        />
        <label htmlFor={toggleId}>{t('clientRecords.calendar.upcoming')}</label>
      </div>
      {events.isError ? (
        <ErrorAlert error={events.error} title={t('clientRecords.loadError')} />
      ) : (
        <Table<ClientCalendarEvent>
          size="small"
          rowKey="id"
          loading={events.isFetching}
          dataSource={data?.result ?? []}
          scroll={{ x: 'max-content' }}
          locale={{
            emptyText: events.isPending ? (
              <span />
            ) : (
              <Empty
                image={Empty.PRESENTED_IMAGE_SIMPLE}
                description={
                  upcoming ? t('clientRecords.calendar.emptyUpcoming') : t('clientRecords.calendar.empty')
                }
              />
            ),
          }}
          pagination={{
            current: page,
            pageSize: PAGE_SIZE,
            total: data?.count ?? 0,
            hideOnSinglePage: true,
            size: 'small',
            onChange: setPage,
            showTotal: (total) => t('clientRecords.total', { count: total }),
          }}
          columns={[
            {
              key: 'when',
              title: t('clientRecords.calendar.column.when'),
              render: (_: unknown, e) => `${formatDateTime(e.start_at)} – ${formatDateTime(e.end_at)}`,
            },
            { key: 'title', title: t('clientRecords.calendar.column.title'), dataIndex: 'title' },
            {
              key: 'case',
              title: t('clientRecords.calendar.column.case'),
              dataIndex: 'case',
              render: (c: ClientCalendarEvent['case']) => c.name,
            },
            {
              key: 'location',
              title: t('clientRecords.calendar.column.location'),
              dataIndex: 'location',
              render: (v: string | null) => v || t('common.none'),
            },
          ]}
        />
      )}
    </div>
  );
}
