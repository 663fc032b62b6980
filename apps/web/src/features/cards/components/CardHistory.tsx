import type { Card } from '@dealflow/domain';
import { Alert, Button, Collapse, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorContent } from '../../../shared/components/ErrorAlert.tsx';
import { HistoryTimeline } from '../../../shared/components/HistoryTimeline.tsx';
import { useCardLog } from '../api/cardsApi.ts';
import { useCardHistoryText } from '../hooks/useCardHistoryText.ts';

function CardHistoryBody({ card }: { card: Card }) {
  const { t } = useTranslation();
  const log = useCardLog(card.id);
  const text = useCardHistoryText();
  if (log.isPending) return <Spin />;
  if (log.isError)
    return (
      <Alert
        type="error"
        showIcon
        title={t('cards.history.loadError')}
        description={errorContent(log.error)}
        action={
          <Button size="small" onClick={() => void log.refetch()}>
            {t('common.retry')}
          </Button>
        }
      />
    );
  return (
    <HistoryTimeline
      entries={log.data.pages.flatMap((p) => p.result)}
      text={text}
      emptyText={t('cards.history.empty')}
      hasMore={log.hasNextPage}
      loadingMore={log.isFetchingNextPage}
      onLoadMore={() => void log.fetchNextPage()}
    />
  );
}

/** Who changed what on the card and when, folded away until asked for (loaded only then). */
export function CardHistory({ card }: { card: Card }) {
  const { t } = useTranslation();
  return (
    <Collapse
      ghost
      className="card-history"
      destroyOnHidden
      items={[{ key: 'history', label: t('cards.history.title'), children: <CardHistoryBody card={card} /> }]}
    />
  );
}
