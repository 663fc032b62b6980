import { ArrowLeftOutlined } from '@ant-design/icons';
import type { ServiceThread } from '@dealflow/domain';
import { Button, Typography } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MessageItem } from './MessageItem.tsx';
import { PartyName } from './PartyName.tsx';
import { ThreadStatusTag } from './ThreadStatusTag.tsx';

/**
 * One conversation: who wrote each message and when (the staff member's name on theirs), the
 * investor's on the left and the firm's on the right, newest at the bottom (scrolled into view).
 */
export function ThreadView({
  thread,
  myId,
  backHref,
  reply,
}: {
  thread: ServiceThread;
  myId: number;
  /** On a phone the list and the thread take turns: the way back to the list. */
  backHref: string | null;
  reply: React.ReactNode;
}) {
  const { t } = useTranslation();
  const end = useRef<HTMLDivElement>(null);
  const last = thread.messages[thread.messages.length - 1]?.id;
  useEffect(() => {
    if (last !== undefined) end.current?.scrollIntoView?.({ block: 'end' });
  }, [last]);

  return (
    <article className="inbox-thread" aria-labelledby="inbox-thread-title">
      <header className="inbox-thread__header">
        {backHref && (
          <Link to={backHref} className="inbox-thread__back">
            <ArrowLeftOutlined aria-hidden /> {t('contact.back')}
          </Link>
        )}
        <div className="inbox-thread__title-row">
          <Typography.Title level={4} id="inbox-thread-title" className="inbox-thread__title">
            {thread.subject}
          </Typography.Title>
          <ThreadStatusTag replied={thread.replied} />
        </div>
        <Typography.Text type="secondary" className="inbox-thread__meta">
          <PartyName thread={thread} link />
          {' · '}
          {t('contact.messageCount', { count: thread.count })}
        </Typography.Text>
      </header>
      <ol className="inbox-messages" aria-label={t('contact.messagesLabel')}>
        {thread.messages.map((m) => {
          const mine = m.from === 'employee';
          const name = mine
            ? `${m.employee?.name ?? t('contact.from.employee')}${m.employee_id === myId ? t('contact.you') : ''}`
            : (thread.case?.name ?? thread.client?.name ?? t(`contact.from.${m.from}`));
          return (
            <MessageItem
              key={m.id}
              message={m}
              who={name}
              role={
                <Typography.Text type="secondary" className="inbox-message__role">
                  {m.from === 'client' && thread.party === 'startup'
                    ? t('contact.party.startup')
                    : t(`contact.from.${m.from}`)}
                </Typography.Text>
              }
            />
          );
        })}
      </ol>
      <div ref={end} />
      {reply}
    </article>
  );
}

export function ThreadPlaceholder() {
  const { t } = useTranslation();
  return (
    <div className="inbox-thread inbox-thread--empty">
      <Typography.Text type="secondary">{t('contact.pick')}</Typography.Text>
    </div>
  );
}

export function BackToList({ href }: { href: string }) {
  const { t } = useTranslation();
  return (
    <Link to={href}>
      <Button type="link" icon={<ArrowLeftOutlined aria-hidden />}>
        {t('contact.back')}
      </Button>
    </Link>
  );
}
