import type { Client } from '@dealflow/domain';
import { Alert, Button, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorContent } from '../../../shared/components/ErrorAlert.tsx';
import { HistoryTimeline } from '../../../shared/components/HistoryTimeline.tsx';
import { useClientLog } from '../api/clientApi.ts';
import { useClientHistoryText } from '../hooks/useClientHistoryText.ts';

/** 歷程: who changed what on this client (old → new) and why, 20 entries a page. */
export function ClientHistoryTab({ client }: { client: Client }) {
  const { t } = useTranslation();
  const log = useClientLog(client.id);
  const text = useClientHistoryText();
  if (log.isPending) return <Spin />;
  if (log.isError)
    return (
      <Alert
        type="error"
        showIcon
        title={t('clientPage.history.loadError')}
        description={errorContent(log.error)}
        action={
          <Button size="small" onClick={() => void log.refetch()}>
            {t('common.retry')}
          </Button>
        }
      />
    );
  return (
    <div className="client-history">
      <HistoryTimeline
        entries={log.data.pages.flatMap((p) => p.result)}
        text={text}
        emptyText={t('clientPage.history.empty')}
        hasMore={log.hasNextPage}
        loadingMore={log.isFetchingNextPage}
        onLoadMore={() => void log.fetchNextPage()}
      />
    </div>
  );
}
