import { FileTextOutlined } from '@ant-design/icons';
import { formatDate } from '@dealflow/domain';
import { Card, Empty, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorAlert } from '../../../shared/components/ErrorAlert.tsx';
import { useMyDocuments } from '../../legalDocs/api/legalDocsApi.ts';

/** Documents waiting for the investor's signature (the first page of their documents, as on /investor/contract). */
export function HomeDocumentsCard() {
  const { t } = useTranslation();
  const list = useMyDocuments(1);
  const waiting = (list.data?.result ?? []).filter((d) => d.status === 'sent');

  return (
    <Card
      size="small"
      className="investor-home__card"
      title={
        <span className="investor-home__card-title">
          <FileTextOutlined aria-hidden /> {t('investorHome.documents.title')}
        </span>
      }
      extra={<Link to="/investor/contract">{t('investorHome.documents.open')}</Link>}
    >
      {list.isPending && <Skeleton active paragraph={{ rows: 2 }} title={false} />}
      {list.isError && <ErrorAlert error={list.error} title={t('investorHome.loadError')} />}
      {list.isSuccess && waiting.length === 0 && (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('investorHome.documents.empty')} />
      )}
      {waiting.length > 0 && (
        <>
          <Typography.Text strong className="investor-home__headline">
            {t('investorHome.documents.waiting', { count: waiting.length })}
          </Typography.Text>
          <ul className="investor-home__list">
            {waiting.slice(0, 4).map((doc) => (
              <li key={doc.id}>
                <Link to="/investor/contract">{doc.title}</Link>
                <Typography.Text type="secondary" className="investor-home__meta">
                  {doc.case.name} · {formatDate(doc.sent_at ?? doc.created_at)}
                </Typography.Text>
              </li>
            ))}
          </ul>
        </>
      )}
    </Card>
  );
}
