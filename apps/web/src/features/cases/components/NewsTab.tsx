import { formatDateTime } from '@dealflow/domain';
import { Alert, Card, Empty, Spin, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../shared/api/index.ts';
import { useCaseItems } from '../api/caseItemsApi.ts';
import { caseNews } from '../lib/caseNews.ts';

/** 最新消息: what investors-facing news this case has put out (published comments and info updates). */
export function NewsTab({ caseId }: { caseId: number }) {
  const { t } = useTranslation();
  const comments = useCaseItems(caseId, 'comments');
  const infos = useCaseItems(caseId, 'info');
  if (comments.isPending || infos.isPending) return <Spin />;
  if (comments.isError || infos.isError)
    return (
      <Alert
        type="error"
        showIcon
        title={t('cases.items.loadError')}
        description={errorText(comments.error ?? infos.error)}
      />
    );
  const entries = caseNews(comments.data, infos.data, new Date());
  if (entries.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('cases.news.empty')} />;
  return (
    <div className="item-list">
      <Typography.Text type="secondary">{t('cases.news.hint')}</Typography.Text>
      {entries.map((entry) => (
        <Card key={entry.key} size="small">
          <div className="item-card__head">
            <Typography.Text strong>{entry.title || t(`cases.news.kind.${entry.kind}`)}</Typography.Text>
            <Tag>{t(`cases.news.kind.${entry.kind}`)}</Tag>
          </div>
          <div className="item-card__meta">
            {formatDateTime(entry.publishedAt)}
            {entry.author ? ` · ${t('cases.items.by', { name: entry.author })}` : ''}
          </div>
          {entry.content && <p className="item-card__content">{entry.content}</p>}
        </Card>
      ))}
    </div>
  );
}
