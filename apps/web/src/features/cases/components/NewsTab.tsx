import { formatDateTime } from '@dealflow/domain';
import { Alert, Card, Empty, Spin, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorContent } from '../../../shared/components/ErrorAlert.tsx';
import { useCaseNews } from '../api/caseItemsApi.ts';

/** 最新消息: what investors-facing news this case has put out (published comments and info updates). */
export function NewsTab({ caseId }: { caseId: number }) {
  const { t } = useTranslation();
  const news = useCaseNews(caseId);
  if (news.isPending) return <Spin />;
  if (news.isError)
    return (
      <Alert
        type="error"
        showIcon
        title={t('cases.items.loadError')}
        description={errorContent(news.error)}
      />
    );
  if (news.data.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('cases.news.empty')} />;
  return (
    <div className="item-list">
      <Typography.Text type="secondary">{t('cases.news.hint')}</Typography.Text>
      {news.data.map((entry) => (
        <Card key={entry.id} size="small">
          <div className="item-card__head">
            <Typography.Text strong>{entry.title || t(`cases.news.kind.${entry.kind}`)}</Typography.Text>
            <Tag>{t(`cases.news.kind.${entry.kind}`)}</Tag>
          </div>
          <div className="item-card__meta">
            {formatDateTime(entry.published_at)}
            {entry.author ? ` · ${t('cases.items.by', { name: entry.author.name })}` : ''}
          </div>
          {entry.content && <p className="item-card__content">{entry.content}</p>}
        </Card>
      ))}
    </div>
  );
}
