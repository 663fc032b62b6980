import { PlusOutlined } from '@ant-design/icons';
import { DB_ID_MAX, formatDateTime, type ServiceThread } from '@dealflow/domain';
import { Alert, Badge, Button, Card, Empty, Skeleton, Tag, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { errorContent, ErrorAlert } from '../../../shared/components/ErrorAlert.tsx';
import { useIsMobile } from '../../../shared/hooks/useIsMobile.ts';
import { UnsavedChangesGuard } from '../../../shared/unsaved/index.ts';
import { useInboxLive, useMarkRead, useThread } from '../../contact/api/servicesApi.ts';
import { useInvestorId, useMyThreads } from '../api/investorHomeApi.ts';
import { ReplyBox } from '../../contact/components/ReplyBox.tsx';
import { NewThreadForm } from './NewThreadForm.tsx';
import '../../contact/contact.css';
import '../investorHome.css';

function threadParam(value: string | null): number | 'new' | null {
  if (value === 'new') return 'new';
  if (!value || !/^\d+$/.test(value)) return null;
  const n = Number(value);
  return n >= 1 && n <= DB_ID_MAX ? n : null;
}

/**
 * The investor's conversations with the firm (/investor/contact): their threads with the unread
 * ones marked, one thread read and answered, or a new one started. The open thread is in the
 * query (`?thread=12`, `?thread=new`); the live channel refreshes it, polling while it is down.
 */
export function InvestorMessages() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const clientId = useInvestorId();
  const isMobile = useIsMobile();
  const poll = useInboxLive();
  const list = useMyThreads(clientId, poll);
  const threads = list.data?.result ?? [];
  const asked = threadParam(search.get('thread'));
  // A phone shows the list first; a wide screen opens the newest thread beside it.
  const selected: number | 'new' | null =
    asked ?? (!isMobile && threads.length > 0 ? (threads[0]?.id ?? null) : null);
  const composing = selected === 'new' || (list.isSuccess && threads.length === 0);
  const threadId = typeof selected === 'number' ? selected : null;
  const thread = useThread(threadId, poll);
  const markRead = useMarkRead();
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const dirty = Object.values(drafts).some((d) => d.trim() !== '');
  const unread = threads.filter((th) => th.unread).length;

  // Opening a thread staff answered marks it read for the investor (once per opening).
  const marked = useRef<number | null>(null);
  const open = thread.data;
  useEffect(() => {
    if (!open) return;
    if (open.unread && marked.current !== open.id) {
      marked.current = open.id;
      markRead.mutate(open.id);
    }
    if (!open.unread) marked.current = null;
  }, [open, markRead]);

  const showList = !isMobile || (selected === null && !composing);
  const showMain = !isMobile || selected !== null || composing;
  const setDraft = (key: string, text: string) => setDrafts((d) => ({ ...d, [key]: text }));

  return (
    <section className="page-section investor-contact" aria-labelledby="page-title">
      <UnsavedChangesGuard when={dirty} />
      <div className="page-header">
        <div>
          <Typography.Title level={3} id="page-title" className="page-title">
            {t('investorContact.title')}
          </Typography.Title>
          <Typography.Text type="secondary">{t('investorContact.subtitle')}</Typography.Text>
        </div>
        <div className="investor-contact__tools">
          <Tag color={poll === false ? 'green' : 'default'}>
            {poll === false ? t('investorContact.live.on') : t('investorContact.live.polling')}
          </Tag>
          {threads.length > 0 && (
            <Button
              type="primary"
              icon={<PlusOutlined aria-hidden />}
              onClick={() => void navigate('/investor/contact?thread=new')}
            >
              {t('investorContact.newThread')}
            </Button>
          )}
        </div>
      </div>
      {list.isError && (
        <Alert
          type="error"
          showIcon
          title={t('investorContact.loadError')}
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
                {t('investorContact.threads')}
                {unread > 0 && (
                  <Badge count={unread} title={t('investorContact.unread', { count: unread })} />
                )}
              </span>
            }
          >
            {list.isPending && <Skeleton active paragraph={{ rows: 3 }} title={false} />}
            {list.isSuccess && threads.length === 0 && (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('investorContact.empty')} />
            )}
            <ul className="inbox-list__items" aria-label={t('investorContact.threads')}>
              {threads.map((th) => (
                <ThreadRow key={th.id} thread={th} current={th.id === selected} />
              ))}
            </ul>
          </Card>
        )}
        {showMain && (
          <Card className="inbox__main" size="small">
            {composing ? (
              <NewThreadForm
                subject={drafts['new:subject'] ?? ''}
                content={drafts.new ?? ''}
                onSubject={(v) => setDraft('new:subject', v)}
                onContent={(v) => setDraft('new', v)}
                onSent={(created) => {
                  setDrafts((d) => ({ ...d, new: '', 'new:subject': '' }));
                  void navigate(`/investor/contact?thread=${created.id}`, { replace: true });
                }}
                onCancel={
                  threads.length > 0 ? () => void navigate('/investor/contact', { replace: true }) : undefined
                }
              />
            ) : thread.isError ? (
              <ErrorAlert error={thread.error} title={t('investorContact.threadLoadError')} />
            ) : thread.data ? (
              <InvestorThread
                thread={thread.data}
                backHref={isMobile ? '/investor/contact' : null}
                reply={
                  <ReplyBox
                    texts="investorContact.reply"
                    threadId={thread.data.id}
                    draft={drafts[String(thread.data.id)] ?? ''}
                    onDraft={(text) => setDraft(String(thread.data?.id), text)}
                  />
                }
              />
            ) : threadId !== null ? (
              <Skeleton active paragraph={{ rows: 4 }} />
            ) : (
              <div className="inbox-thread inbox-thread--empty">
                <Typography.Text type="secondary">{t('investorContact.pick')}</Typography.Text>
              </div>
            )}
          </Card>
        )}
      </div>
    </section>
  );
}

function ThreadRow({ thread, current }: { thread: ServiceThread; current: boolean }) {
  const { t } = useTranslation();
  const last = thread.messages[0];
  return (
    <li>
      <Link
        to={`/investor/contact?thread=${thread.id}`}
        className={`inbox-row${current ? ' inbox-row--current' : ''}${thread.unread ? ' inbox-row--unread' : ''}`}
        aria-current={current ? 'true' : undefined}
      >
        <span className="investor-contact__row-head">
          <span className="investor-contact__subject">{thread.subject}</span>
          {thread.unread && <Tag color="gold">{t('investorContact.unreadTag')}</Tag>}
        </span>
        {last && (
          <Typography.Text type="secondary" className="investor-home__meta">
            {last.from === 'client' ? `${t('investorContact.you')}：` : ''}
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

/** One conversation as the investor sees it: their own messages on the right, the firm's on the left. */
function InvestorThread({
  thread,
  backHref,
  reply,
}: {
  thread: ServiceThread;
  backHref: string | null;
  reply: React.ReactNode;
}) {
  const { t } = useTranslation();
  const end = useRef<HTMLDivElement>(null);
  const last = thread.messages[thread.messages.length - 1]?.id;
  useEffect(() => {
    if (last !== undefined) end.current?.scrollIntoView?.({ block: 'nearest' });
  }, [last]);
  return (
    <article className="inbox-thread" aria-labelledby="investor-thread-title">
      <header className="inbox-thread__header">
        {backHref && (
          <Link to={backHref} className="inbox-thread__back">
            {t('investorContact.back')}
          </Link>
        )}
        <Typography.Title level={4} id="investor-thread-title" className="inbox-thread__title">
          {thread.subject}
        </Typography.Title>
        <Typography.Text type="secondary">
          {t('investorContact.messageCount', { count: thread.count })}
        </Typography.Text>
      </header>
      <ol className="inbox-messages" aria-label={t('investorContact.messagesLabel')}>
        {thread.messages.map((m) => (
          <li key={m.id} className={`inbox-message inbox-message--${m.from}`}>
            <div className="inbox-message__meta">
              <span className="inbox-message__who">
                {m.from === 'client'
                  ? t('investorContact.you')
                  : (m.employee?.name ?? t('investorContact.firm'))}
              </span>
              <time dateTime={m.date_time} className="inbox-message__time">
                {formatDateTime(m.date_time)}
              </time>
            </div>
            <div className="inbox-message__bubble">{m.content}</div>
          </li>
        ))}
      </ol>
      <div ref={end} />
      {reply}
    </article>
  );
}
