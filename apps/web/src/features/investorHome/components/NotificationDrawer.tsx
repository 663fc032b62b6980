import { type ClientNotification, formatDateTime, isSafeReturnPath } from '@dealflow/domain';
import { Badge, Button, Drawer, Empty, Skeleton, Tabs, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ErrorAlert } from '../../../shared/components/ErrorAlert.tsx';
import { useIsMobile } from '../../../shared/hooks/useIsMobile.ts';
import {
  useMarkAllNotificationsRead,
  useMarkNotificationRead,
  useNotifications,
  useUpcomingEvents,
} from '../api/investorHomeApi.ts';
import { EventList, startOfToday } from './HomeEventsCard.tsx';

/**
 * The bell's drawer: the investor's notifications (mark one or all read, follow a notification's
 * link when it is a path inside Dealflow) and their calendar. A chunk of its own, loaded when the
 * drawer first opens (NotificationBell).
 */
export function NotificationDrawer({
  id,
  clientId,
  count,
  open,
  onClose,
}: {
  id: string;
  clientId: number;
  count: number;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const [tab, setTab] = useState<'notifications' | 'calendar'>('notifications');
  return (
    <Drawer
      id={id}
      placement="right"
      size={isMobile ? '100%' : 420}
      open={open}
      onClose={onClose}
      title={t('investorHome.bell.title')}
      className="investor-bell__drawer"
      destroyOnHidden
    >
      <Tabs
        activeKey={tab}
        onChange={(key) => setTab(key as typeof tab)}
        items={[
          {
            key: 'notifications',
            label: (
              <span>
                {t('investorHome.bell.notifications')} <Badge count={count} size="small" />
              </span>
            ),
            children: <NotificationList clientId={clientId} onFollow={onClose} />,
          },
          {
            key: 'calendar',
            label: t('investorHome.bell.calendar'),
            children: <UpcomingList clientId={clientId} />,
          },
        ]}
      />
    </Drawer>
  );
}

function NotificationList({ clientId, onFollow }: { clientId: number; onFollow: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const list = useNotifications(clientId);
  const markRead = useMarkNotificationRead(clientId);
  const markAll = useMarkAllNotificationsRead(clientId);
  const items = list.data?.result ?? [];
  const anyUnread = items.some((n) => n.read_at === null);

  const follow = (n: ClientNotification) => {
    if (n.read_at === null) markRead.mutate(n.id);
    // Only a path inside Dealflow is followed (staff write the link; the server checks it too).
    if (n.link && isSafeReturnPath(n.link)) {
      onFollow();
      void navigate(n.link);
    }
  };

  if (list.isPending) return <Skeleton active paragraph={{ rows: 4 }} title={false} />;
  if (list.isError) return <ErrorAlert error={list.error} title={t('investorHome.loadError')} />;
  if (items.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('investorHome.bell.empty')} />;
  return (
    <div className="investor-bell__list">
      {(markRead.error ?? markAll.error) && <ErrorAlert error={markRead.error ?? markAll.error} />}
      <div className="investor-bell__actions">
        <Button
          size="small"
          disabled={!anyUnread}
          loading={markAll.isPending}
          onClick={() => markAll.mutate()}
        >
          {t('investorHome.bell.markAll')}
        </Button>
      </div>
      <ul className="investor-bell__items">
        {items.map((n) => (
          <li
            key={n.id}
            className={
              n.read_at === null ? 'investor-bell__item investor-bell__item--unread' : 'investor-bell__item'
            }
          >
            <div className="investor-bell__title">
              {n.read_at === null && <Tag color="gold">{t('investorHome.bell.unreadTag')}</Tag>}
              <Typography.Text strong>{n.title}</Typography.Text>
            </div>
            {n.body && <div className="investor-bell__body">{n.body}</div>}
            <div className="investor-bell__foot">
              <Typography.Text type="secondary" className="investor-bell__time">
                {formatDateTime(n.created_at)}
              </Typography.Text>
              <span className="investor-bell__item-actions">
                {n.link && isSafeReturnPath(n.link) && (
                  <Button size="small" type="link" onClick={() => follow(n)}>
                    {t('investorHome.bell.open')}
                  </Button>
                )}
                {n.read_at === null && (
                  <Button size="small" type="link" onClick={() => markRead.mutate(n.id)}>
                    {t('investorHome.bell.markRead')}
                  </Button>
                )}
              </span>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

function UpcomingList({ clientId }: { clientId: number }) {
  const { t } = useTranslation();
  const from = useMemo(startOfToday, []);
  const events = useUpcomingEvents(clientId, from);
  if (events.isPending) return <Skeleton active paragraph={{ rows: 4 }} title={false} />;
  if (events.isError) return <ErrorAlert error={events.error} title={t('investorHome.loadError')} />;
  const rows = events.data.result;
  if (rows.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('investorHome.bell.eventsEmpty')} />;
  return <EventList events={rows} />;
}
