import { formatDateTime } from '@dealflow/domain';
import { Button, Card, Empty, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CardStatus, type LoadState } from './ChartCard.tsx';

/** One line of a feed: who did what to which case or client, when. */
export interface FeedEntry {
  id: number;
  at: string;
  actor: string | null;
  action: string;
  detail: string | null;
  target: { name: string; href: string; deleted: boolean };
}

/**
 * The recent activity of every case or client the user may see (caseActivity / clientActivity),
 * newest first, 10 a page; each entry links to its case or client.
 */
export function ActivityFeed({
  id,
  title,
  state,
  entries,
  count,
  page,
  size,
  onPage,
}: {
  id: string;
  title: string;
  state: LoadState;
  entries: FeedEntry[] | undefined;
  count: number;
  page: number;
  size: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(count / size));
  const titleId = `feed-${id}-title`;
  return (
    <Card
      className="report-card report-feed"
      data-testid={`feed-${id}`}
      role="region"
      aria-labelledby={titleId}
      title={
        <h5 className="report-card__title" id={titleId}>
          {title}
        </h5>
      }
    >
      {!entries || state.error || state.loading ? (
        <CardStatus state={state} />
      ) : entries.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('report.activity.empty')} />
      ) : (
        <>
          <ol className="report-feed__list">
            {entries.map((e) => (
              <li key={e.id} className="report-feed__entry">
                <time className="report-feed__time" dateTime={e.at}>
                  {formatDateTime(e.at)}
                </time>
                <span className="report-feed__text">
                  <strong>{e.actor ?? t('report.activity.system')}</strong> {e.action}{' '}
                  {e.target.deleted ? (
                    <>
                      <span className="report-feed__target">{e.target.name}</span>{' '}
                      <Tag>{t('report.activity.deleted')}</Tag>
                    </>
                  ) : (
                    <Link className="report-feed__target" to={e.target.href}>
                      {e.target.name}
                    </Link>
                  )}
                  {e.detail && <span className="report-feed__detail">{e.detail}</span>}
                </span>
              </li>
            ))}
          </ol>
          {pages > 1 && (
            <nav className="report-feed__pager" aria-label={t('report.activity.nav')}>
              <Button size="small" disabled={page <= 1} onClick={() => onPage(page - 1)}>
                {t('report.activity.prev')}
              </Button>
              <span aria-live="polite">{t('report.activity.page', { page, pages })}</span>
              <Button size="small" disabled={page >= pages} onClick={() => onPage(page + 1)}>
                {t('report.activity.next')}
              </Button>
            </nav>
          )}
        </>
      )}
    </Card>
  );
}
