import { Alert, Button, Empty, Skeleton, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { errorText } from '../../../shared/api/index.ts';
import { SearchInput } from '../../../shared/components/SearchInput.tsx';
import { useQaEntries } from '../../qa/api/qaApi.ts';
import { QaList } from '../../qa/components/QaList.tsx';
import '../../qa/qa.css';

/** /investor/qa: the published questions and answers, searchable (`?q=` keeps the search in the address). */
export function QaPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const q = params.get('q')?.trim() ?? '';
  const entries = useQaEntries(q);
  const setQ = (next: string) => setParams(next ? { q: next } : {}, { replace: true });
  const data = entries.data ?? [];

  let body: ReactNode;
  if (entries.isPending) body = <Skeleton active paragraph={{ rows: 6 }} />;
  else if (entries.isError)
    body = (
      <Alert
        type="error"
        showIcon
        title={t('qa.loadError')}
        description={errorText(entries.error)}
        action={
          <Button size="small" onClick={() => void entries.refetch()}>
            {t('common.retry')}
          </Button>
        }
      />
    );
  else if (data.length === 0)
    body = (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={q ? t('qa.emptySearch', { q }) : t('qa.empty')}
      >
        {q && <Button onClick={() => setQ('')}>{t('qa.clearSearch')}</Button>}
      </Empty>
    );
  else body = <QaList entries={data} term={q} />;

  return (
    <section className="page-section qa-page" aria-labelledby="page-title">
      <Typography.Title level={3} id="page-title">
        {t('qa.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('qa.intro')}</Typography.Paragraph>
      <div className="qa-toolbar">
        <SearchInput className="qa-search" value={q} label={t('qa.search')} onChange={setQ} />
        {!entries.isPending && !entries.isError && data.length > 0 && (
          <Typography.Text type="secondary" aria-live="polite">
            {t('qa.count', { count: data.length })}
          </Typography.Text>
        )}
      </div>
      <div aria-busy={entries.isFetching}>{body}</div>
      <Typography.Paragraph className="qa-ask">
        {t('qa.askUs')} <Link to="/investor/contact">{t('qa.contactUs')}</Link>
      </Typography.Paragraph>
    </section>
  );
}
