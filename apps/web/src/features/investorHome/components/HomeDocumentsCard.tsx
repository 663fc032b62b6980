import { FileTextOutlined } from '@ant-design/icons';
import { formatDate } from '@dealflow/domain';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { HomeCard } from './HomeCard.tsx';
import { useMyDocuments } from '../../legalDocs/api/legalDocsApi.ts';

/** Documents waiting for the investor's signature (the first page of their documents, as on /investor/contract). */
export function HomeDocumentsCard() {
  const { t } = useTranslation();
  const list = useMyDocuments(1);
  const waiting = (list.data?.result ?? []).filter((d) => d.status === 'sent');

  return (
    <HomeCard
      icon={<FileTextOutlined aria-hidden />}
      title={t('investorHome.documents.title')}
      extra={<Link to="/investor/contract">{t('investorHome.documents.open')}</Link>}
      pending={list.isPending}
      error={list.error}
      errorTitle={t('investorHome.loadError')}
      empty={waiting.length === 0 ? t('investorHome.documents.empty') : null}
    >
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
    </HomeCard>
  );
}
