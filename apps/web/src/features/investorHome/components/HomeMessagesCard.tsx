import { BellOutlined, MessageOutlined } from '@ant-design/icons';
import { Badge, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { HomeCard } from './HomeCard.tsx';
import { useInboxLive } from '../../contact/api/servicesApi.ts';
import { useInvestorId, useMyThreads, useNotifications } from '../api/investorHomeApi.ts';
import { useNotificationPanel } from './notificationPanel.ts';

/** Unread messages of the firm and unread notifications, each with the way to read them. */
export function HomeMessagesCard() {
  const { t } = useTranslation();
  const clientId = useInvestorId();
  const poll = useInboxLive();
  const threads = useMyThreads(clientId, poll);
  const notices = useNotifications(clientId, { unread: true });
  const openPanel = useNotificationPanel();
  const unreadThreads = (threads.data?.result ?? []).filter((th) => th.unread);
  const unreadNotices = notices.data?.count ?? 0;
  const loading = threads.isPending || notices.isPending;
  const error = threads.error ?? notices.error;

  return (
    <HomeCard
      icon={<MessageOutlined aria-hidden />}
      title={t('investorHome.messages.title')}
      extra={<Link to="/investor/contact">{t('investorHome.messages.open')}</Link>}
      pending={loading}
      error={error}
      errorTitle={t('investorHome.loadError')}
      empty={null}
    >
      <div className="investor-home__counts">
        <Link to="/investor/contact" className="investor-home__count">
          <Badge count={unreadThreads.length} showZero color={unreadThreads.length ? '#b88f48' : '#8c8c8c'} />
          <span>{t('investorHome.messages.unreadMessages')}</span>
        </Link>
        <button type="button" className="investor-home__count" onClick={openPanel}>
          <Badge count={unreadNotices} showZero color={unreadNotices ? '#b88f48' : '#8c8c8c'} />
          <span>
            <BellOutlined aria-hidden /> {t('investorHome.messages.unreadNotifications')}
          </span>
        </button>
      </div>
      {unreadThreads.length === 0 && unreadNotices === 0 ? (
        <Typography.Text type="secondary">{t('investorHome.messages.allRead')}</Typography.Text>
      ) : (
        <ul className="investor-home__list">
          {unreadThreads.slice(0, 3).map((th) => (
            <li key={`t${th.id}`}>
              <Link to={`/investor/contact?thread=${th.id}`}>{th.subject}</Link>
              <Typography.Text type="secondary" className="investor-home__meta">
                {th.messages[0]?.content}
              </Typography.Text>
            </li>
          ))}
          {(notices.data?.result ?? []).slice(0, 3).map((n) => (
            <li key={`n${n.id}`}>
              <button type="button" className="investor-home__link-button" onClick={openPanel}>
                {n.title}
              </button>
            </li>
          ))}
        </ul>
      )}
    </HomeCard>
  );
}
