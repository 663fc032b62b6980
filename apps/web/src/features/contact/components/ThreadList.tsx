import { formatDateTime, type InboxType, type ServiceThread } from '@dealflow/domain';
import { Empty, Pagination, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PartyName } from './PartyName.tsx';
import { ThreadStatusTag } from './ThreadStatusTag.tsx';

export interface ThreadListProps {
  threads: ServiceThread[];
  count: number;
  loading: boolean;
  type: InboxType | undefined;
  selectedId: number | null;
  page: number;
  size: number;
  /** Where a row leads (the same tab, that thread open). */
  hrefOf: (thread: ServiceThread) => string;
  onPage: (page: number) => void;
}

/** The inbox list: newest last message first (the server's order), one row per conversation. */
export function ThreadList({
  threads,
  count,
  loading,
  type,
  selectedId,
  page,
  size,
  hrefOf,
  onPage,
}: ThreadListProps) {
  const { t } = useTranslation();
  if (loading && threads.length === 0) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (threads.length === 0) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t(`contact.empty.${type ?? 'all'}`)} />;
  }
  return (
    <div className="inbox-list">
      <ul className="inbox-list__items" aria-label={t('contact.listLabel')}>
        {threads.map((thread) => {
          const last = thread.messages[thread.messages.length - 1];
          const selected = thread.id === selectedId;
          return (
            <li key={thread.id}>
              <Link
                to={hrefOf(thread)}
                className={`inbox-row${selected ? ' inbox-row--selected' : ''}${thread.unread ? ' inbox-row--unread' : ''}`}
                aria-current={selected ? 'true' : undefined}
                data-thread-id={thread.id}
              >
                <span className="inbox-row__top">
                  <span className="inbox-row__client">
                    {thread.unread && (
                      <span className="inbox-row__dot" role="img" aria-label={t('contact.unread')} />
                    )}
                    <PartyName thread={thread} />
                  </span>
                  <time className="inbox-row__time" dateTime={thread.last_message_at}>
                    {formatDateTime(thread.last_message_at)}
                  </time>
                </span>
                <span className="inbox-row__subject">
                  <ThreadStatusTag replied={thread.replied} />
                  <span className="inbox-row__subject-text">{thread.subject}</span>
                </span>
                {last && (
                  <span className="inbox-row__preview">
                    {last.from === 'employee' && last.employee ? `${last.employee.name}：` : ''}
                    {last.content}
                  </span>
                )}
              </Link>
            </li>
          );
        })}
      </ul>
      <div className="inbox-list__footer">
        <Typography.Text type="secondary">{t('contact.total', { count })}</Typography.Text>
        {count > size && (
          <Pagination simple size="small" current={page} pageSize={size} total={count} onChange={onPage} />
        )}
      </div>
    </div>
  );
}
