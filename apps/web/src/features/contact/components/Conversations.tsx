import { PlusOutlined } from '@ant-design/icons';
import { DB_ID_MAX, formatDateTime, type ServiceMessage, type ServiceThread } from '@dealflow/domain';
import type { UseQueryResult } from '@tanstack/react-query';
import { Alert, Badge, Button, Card, Empty, Skeleton, Tag, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { errorContent, ErrorAlert } from '../../../shared/components/ErrorAlert.tsx';
import { useIsMobile } from '../../../shared/hooks/useIsMobile.ts';
import { UnsavedChangesGuard } from '../../../shared/unsaved/index.ts';
import { useMarkRead, useStartThread, useThread } from '../api/servicesApi.ts';
import { ReplyBox } from './ReplyBox.tsx';
import { MessageItem } from './MessageItem.tsx';
import { NewThreadForm } from './NewThreadForm.tsx';
import '../contact.css';

/** Whose words a conversation view uses: the investor's, the startup's, or staff's on a case. */
export type ConversationTexts = 'investorContact' | 'startupMessages' | 'caseMessages';

export interface ConversationsProps {
  texts: ConversationTexts;
  /** The thread list (all of them: a party or a case has few). */
  list: UseQueryResult<{ result: ServiceThread[]; count: number }>;
  /** Polling interval while the live stream is down (`useInboxLive`). */
  poll: number | false;
  /** Where the thread calls go: the services path, or the case's. */
  base?: string;
  /** The address of the list (`null`), one thread, or a new one. */
  hrefOf: (thread: number | 'new' | null) => string;
  /** Which side's messages are the viewer's own ('client': the party; 'employee': staff). */
  mine: 'client' | 'employee';
  /** The name above a message. */
  whoOf: (message: ServiceMessage, thread: ServiceThread) => string;
  /** The page's title level: 3 on a page of its own, 4 inside a tab. */
  titleLevel?: 3 | 4;
  /** Read-only (a reviewer session, a deleted case): no writing. */
  readOnly?: boolean;
}

function threadParam(value: string | null): number | 'new' | null {
  if (value === 'new') return 'new';
  if (!value || !/^\d+$/.test(value)) return null;
  const n = Number(value);
  return n >= 1 && n <= DB_ID_MAX ? n : null;
}

/**
 * Conversations with the firm (issue 11; startups and the case page since issue 14): the threads
 * with the unread ones marked, one thread read and answered, or a new one started. The open thread
 * is in the query (`thread=12`, `thread=new`); the live channel refreshes it, polling while it is down.
 */
export function Conversations({
  texts,
  list,
  poll,
  base,
  hrefOf,
  mine,
  whoOf,
  titleLevel = 3,
  readOnly = false,
}: ConversationsProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const isMobile = useIsMobile();
  const threads = list.data?.result ?? [];
  const asked = threadParam(search.get('thread'));
  // A phone shows the list first; a wide screen opens the newest thread beside it.
  const selected: number | 'new' | null =
    asked ?? (!isMobile && threads.length > 0 ? (threads[0]?.id ?? null) : null);
  const composing = !readOnly && (selected === 'new' || (list.isSuccess && threads.length === 0));
  const threadId = typeof selected === 'number' ? selected : null;
  const thread = useThread(threadId, poll, base);
  const markRead = useMarkRead(base);
  const start = useStartThread(base);
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const dirty = Object.values(drafts).some((d) => d.trim() !== '');
  const unread = threads.filter((th) => th.unread).length;

  // Opening a thread the other side wrote in marks it read for the viewer (once per opening).
  const marked = useRef<number | null>(null);
  const open = thread.data;
  useEffect(() => {
    if (!open || readOnly) return;
    if (open.unread && marked.current !== open.id) {
      marked.current = open.id;
      markRead.mutate(open.id);
    }
    if (!open.unread) marked.current = null;
  }, [open, markRead, readOnly]);

  const showList = !isMobile || (selected === null && !composing);
  const showMain = !isMobile || selected !== null || composing;
  const setDraft = (key: string, text: string) => setDrafts((d) => ({ ...d, [key]: text }));

  return (
    <section
      className={`page-section conversations${mine === 'client' ? ' investor-contact' : ''}`}
      aria-labelledby={`${texts}-title`}
    >
      <UnsavedChangesGuard when={dirty} />
      <div className="page-header">
        <div>
          <Typography.Title level={titleLevel} id={`${texts}-title`} className="page-title">
            {t(`${texts}.title`)}
          </Typography.Title>
          <Typography.Text type="secondary">{t(`${texts}.subtitle`)}</Typography.Text>
        </div>
        <div className="investor-contact__tools">
          <Tag color={poll === false ? 'green' : 'default'}>
            {poll === false ? t(`${texts}.live.on`) : t(`${texts}.live.polling`)}
          </Tag>
          {threads.length > 0 && !readOnly && (
            <Button
              type="primary"
              icon={<PlusOutlined aria-hidden />}
              onClick={() => void navigate(hrefOf('new'))}
            >
              {t(`${texts}.newThread`)}
            </Button>
          )}
        </div>
      </div>
      {list.isError && (
        <Alert
          type="error"
          showIcon
          title={t(`${texts}.loadError`)}
          description={errorContent(list.error)}
          action={
            <Button size="small" onClick={() => void list.refetch()}>
              {t('common.retry')}
            </Button>
          }
        />
      )}
      <div className={`inbox${isMobile ? ' inbox--mobile' : ''}`}>
        {showList && (
          <Card
            className="inbox__side"
            size="small"
            title={
              <span className="investor-contact__list-title">
                {t(`${texts}.threads`)}
                {unread > 0 && <Badge count={unread} title={t(`${texts}.unread`, { count: unread })} />}
              </span>
            }
          >
            {list.isPending && <Skeleton active paragraph={{ rows: 3 }} title={false} />}
            {list.isSuccess && threads.length === 0 && (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t(`${texts}.empty`)} />
            )}
            <ul className="inbox-list__items" aria-label={t(`${texts}.threads`)}>
              {threads.map((th) => (
                <ThreadRow
                  key={th.id}
                  thread={th}
                  current={th.id === selected}
                  href={hrefOf(th.id)}
                  texts={texts}
                  mine={mine}
                />
              ))}
            </ul>
          </Card>
        )}
        {showMain && (
          <Card className="inbox__main" size="small">
            {composing ? (
              <NewThreadForm
                texts={texts}
                start={start}
                subject={drafts['new:subject'] ?? ''}
                content={drafts.new ?? ''}
                onSubject={(v) => setDraft('new:subject', v)}
                onContent={(v) => setDraft('new', v)}
                onSent={(created) => {
                  setDrafts((d) => ({ ...d, new: '', 'new:subject': '' }));
                  void navigate(hrefOf(created.id), { replace: true });
                }}
                onCancel={
                  threads.length > 0 ? () => void navigate(hrefOf(null), { replace: true }) : undefined
                }
              />
            ) : thread.isError ? (
              <ErrorAlert error={thread.error} title={t(`${texts}.threadLoadError`)} />
            ) : thread.data ? (
              <ThreadMessages
                texts={texts}
                thread={thread.data}
                whoOf={whoOf}
                backHref={isMobile ? hrefOf(null) : null}
                reply={
                  readOnly ? null : (
                    <ReplyBox
                      texts={`${texts}.reply`}
                      base={base}
                      threadId={thread.data.id}
                      draft={drafts[String(thread.data.id)] ?? ''}
                      onDraft={(text) => setDraft(String(thread.data?.id), text)}
                    />
                  )
                }
              />
            ) : threadId !== null ? (
              <Skeleton active paragraph={{ rows: 4 }} />
            ) : (
              <div className="inbox-thread inbox-thread--empty">
                <Typography.Text type="secondary">{t(`${texts}.pick`)}</Typography.Text>
              </div>
            )}
          </Card>
        )}
      </div>
    </section>
  );
}

function ThreadRow({
  thread,
  current,
  href,
  texts,
  mine,
}: {
  thread: ServiceThread;
  current: boolean;
  href: string;
  texts: ConversationTexts;
  mine: 'client' | 'employee';
}) {
  const { t } = useTranslation();
  const last = thread.messages[0];
  return (
    <li>
      <Link
        to={href}
        className={`inbox-row${current ? ' inbox-row--current' : ''}${thread.unread ? ' inbox-row--unread' : ''}`}
        aria-current={current ? 'true' : undefined}
        data-thread-id={thread.id}
      >
        <span className="investor-contact__row-head">
          <span className="investor-contact__subject">{thread.subject}</span>
          {thread.unread && <Tag color="gold">{t(`${texts}.unreadTag`)}</Tag>}
        </span>
        {last && (
          <Typography.Text type="secondary" className="investor-home__meta">
            {last.from === mine ? `${t(`${texts}.you`)}：` : ''}
            {last.content}
          </Typography.Text>
        )}
        <time dateTime={thread.last_message_at} className="investor-contact__time">
          {formatDateTime(thread.last_message_at)}
        </time>
      </Link>
    </li>
  );
}

/** One conversation: who wrote each message and when, newest at the bottom (scrolled into view). */
function ThreadMessages({
  texts,
  thread,
  whoOf,
  backHref,
  reply,
}: {
  texts: ConversationTexts;
  thread: ServiceThread;
  whoOf: (message: ServiceMessage, thread: ServiceThread) => string;
  backHref: string | null;
  reply: React.ReactNode;
}) {
  const { t } = useTranslation();
  const end = useRef<HTMLDivElement>(null);
  const last = thread.messages[thread.messages.length - 1]?.id;
  useEffect(() => {
    if (last !== undefined) end.current?.scrollIntoView?.({ block: 'nearest' });
  }, [last]);
  const titleId = `${texts}-thread-title`;
  return (
    <article className="inbox-thread" aria-labelledby={titleId}>
      <header className="inbox-thread__header">
        {backHref && (
          <Link to={backHref} className="inbox-thread__back">
            {t(`${texts}.back`)}
          </Link>
        )}
        <Typography.Title level={4} id={titleId} className="inbox-thread__title">
          {thread.subject}
        </Typography.Title>
        <Typography.Text type="secondary">
          {t(`${texts}.messageCount`, { count: thread.count })}
        </Typography.Text>
      </header>
      <ol className="inbox-messages" aria-label={t(`${texts}.messagesLabel`)}>
        {thread.messages.map((m) => (
          <MessageItem key={m.id} message={m} who={whoOf(m, thread)} />
        ))}
      </ol>
      <div ref={end} />
      {reply}
    </article>
  );
}
