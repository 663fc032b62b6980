import { DB_ID_MAX, INBOX_TYPES, type InboxType, type ServiceThread } from '@dealflow/domain';
import { Alert, Button, Card, Skeleton, Tag, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { errorContent } from '../../../shared/components/ErrorAlert.tsx';
import { PageNotFoundError } from '../../../shared/errors.ts';
import { useIsMobile } from '../../../shared/hooks/useIsMobile.ts';
import { UnsavedChangesGuard } from '../../../shared/unsaved/index.ts';
import { useStaffUser } from '../../auth/session/index.ts';
import {
  DEFAULT_PAGE_SIZE,
  useInboxLive,
  useMarkRead,
  useServiceCounts,
  useThread,
  useThreads,
} from '../api/servicesApi.ts';
import { InboxTabs } from '../components/InboxTabs.tsx';
import { ReplyBox } from '../components/ReplyBox.tsx';
import { ThreadList } from '../components/ThreadList.tsx';
import { ThreadPlaceholder, ThreadView } from '../components/ThreadView.tsx';
import '../contact.css';

const isInboxType = (v: string): v is InboxType => (INBOX_TYPES as readonly string[]).includes(v);

function positiveInt(value: string | null, max: number): number | null {
  if (!value || !/^\d+$/.test(value)) return null;
  const n = Number(value);
  return n >= 1 && n <= max ? n : null;
}

/**
 * /dashboard/contact/:type?: the message inbox. The tab is in the path (SPEC section 2), the open
 * thread and the page in the query. At 1440 px the list and the thread sit side by side; on a
 * phone they take turns. Replies typed and not sent are kept per thread and guarded on leaving.
 */
export function ContactPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { type: typeParam } = useParams();
  const [search] = useSearchParams();
  if (typeParam !== undefined && !isInboxType(typeParam)) throw new PageNotFoundError();
  const type = typeParam as InboxType | undefined;
  const me = useStaffUser();
  const isMobile = useIsMobile();
  const selectedId = positiveInt(search.get('thread'), DB_ID_MAX);
  const page = positiveInt(search.get('page'), 100_000) ?? 1;
  const base = type ? `/dashboard/contact/${type}` : '/dashboard/contact';
  const hrefWith = (params: { thread?: number | null; page?: number }) => {
    const q = new URLSearchParams();
    const p = params.page ?? page;
    if (p > 1) q.set('page', String(p));
    const th = params.thread === undefined ? selectedId : params.thread;
    if (th) q.set('thread', String(th));
    const qs = q.toString();
    return `${base}${qs ? `?${qs}` : ''}`;
  };

  const poll = useInboxLive();
  const list = useThreads({ type, page, size: DEFAULT_PAGE_SIZE }, poll);
  const counts = useServiceCounts({ enabled: true, poll });
  const thread = useThread(selectedId, poll);
  const markRead = useMarkRead();
  const [drafts, setDrafts] = useState<Record<number, string>>({});
  const dirty = Object.values(drafts).some((d) => d.trim() !== '');

  // Opening an unread thread marks it read for staff (once per opening, not on every refetch).
  const marked = useRef<number | null>(null);
  const open = thread.data;
  useEffect(() => {
    if (!open || me.reviewer) return;
    if (open.unread && marked.current !== open.id) {
      marked.current = open.id;
      markRead.mutate(open.id);
    }
    if (!open.unread) marked.current = null;
  }, [open, markRead, me.reviewer]);

  const threads = list.data?.result ?? [];
  const showList = !isMobile || selectedId === null;
  const showThread = !isMobile || selectedId !== null;

  return (
    <section className="page-section" aria-labelledby="page-title">
      <UnsavedChangesGuard when={dirty} />
      <div className="page-header">
        <div>
          <Typography.Title level={3} id="page-title" className="page-title">
            {t('contact.title')}
          </Typography.Title>
          <Typography.Text type="secondary">{t('contact.subtitle')}</Typography.Text>
        </div>
        <Tag color={poll === false ? 'green' : 'default'} className="inbox-live">
          {poll === false ? t('contact.live.on') : t('contact.live.polling')}
        </Tag>
      </div>
      {list.isError && (
        <Alert
          type="error"
          showIcon
          title={t('contact.loadError')}
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
          <Card className="inbox__side" size="small">
            <InboxTabs current={type ?? 'all'} counts={counts.data} />
            <ThreadList
              threads={threads}
              count={list.data?.count ?? 0}
              loading={list.isPending}
              type={type}
              selectedId={selectedId}
              page={page}
              size={DEFAULT_PAGE_SIZE}
              hrefOf={(th: ServiceThread) => hrefWith({ thread: th.id })}
              onPage={(p) => navigate(hrefWith({ page: p, thread: null }))}
            />
          </Card>
        )}
        {showThread && (
          <Card className="inbox__main" size="small">
            {selectedId === null ? (
              <ThreadPlaceholder />
            ) : thread.isError ? (
              <Alert
                type="error"
                showIcon
                title={t('contact.threadLoadError')}
                description={errorContent(thread.error)}
              />
            ) : !open ? (
              <Skeleton active paragraph={{ rows: 8 }} />
            ) : (
              <ThreadView
                thread={open}
                myId={me.id}
                backHref={isMobile ? hrefWith({ thread: null }) : null}
                reply={
                  me.reviewer ? null : (
                    <ReplyBox
                      key={open.id}
                      threadId={open.id}
                      draft={drafts[open.id] ?? ''}
                      onDraft={(text) => setDrafts((d) => ({ ...d, [open.id]: text }))}
                    />
                  )
                }
              />
            )}
          </Card>
        )}
      </div>
    </section>
  );
}
