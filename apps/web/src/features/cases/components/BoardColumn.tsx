import { type CaseStage, type CaseStageStats, type CaseSummary, formatMoneyCompact } from '@dealflow/domain';
import { useDroppable } from '@dnd-kit/core';
import { Badge, Button, Empty, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../shared/components/ErrorAlert.tsx';
import { type CaseFilterQuery, useBoardColumn } from '../api/casesApi.ts';
import { BoardCard } from './BoardCard.tsx';

/** Fund-raising sums per currency, NT$ first (the firm's currency), compact (萬 / 億). */
export function columnSums(sums: Record<string, number> | undefined): string {
  if (!sums) return '';
  return Object.entries(sums)
    .filter(([, v]) => v > 0)
    .sort(([a], [b]) => (a === 'NTD' ? -1 : b === 'NTD' ? 1 : a.localeCompare(b)))
    .map(([currency, v]) => formatMoneyCompact(v, currency))
    .join(' · ');
}

export type DropState = 'idle' | 'allowed' | 'blocked' | 'origin';

/** One stage of the board: head with count and sum, its cards 30 at a time, and a drop zone. */
export function BoardColumn({
  stage,
  stats,
  filters,
  dropState,
  canDrag,
  movingId,
}: {
  stage: CaseStage;
  stats: CaseStageStats[CaseStage] | undefined;
  filters: CaseFilterQuery;
  dropState: DropState;
  canDrag: (item: CaseSummary) => boolean;
  movingId: number | null;
}) {
  const { t } = useTranslation();
  const column = useBoardColumn(stage, filters);
  // Blocked columns still take a drop: the server then says why (one stage at a time, what is missing).
  const { setNodeRef, isOver } = useDroppable({ id: stage });
  const items = column.data?.pages.flatMap((p) => p.result) ?? [];
  const headingId = `board-column-${stage}`;
  const sums = columnSums(stats?.fund_raising);
  return (
    <section
      ref={setNodeRef}
      className={`board-column board-column--${dropState}${isOver ? ' board-column--over' : ''}`}
      aria-labelledby={headingId}
      data-stage={stage}
    >
      <header className="board-column__head">
        <h3 id={headingId} className="board-column__title">
          {t(`caseStages.${stage}`)}
          <Badge count={stats?.count ?? 0} showZero color="#b88f48" className="board-column__count" />
        </h3>
        <div className="board-column__sum">{sums || t('common.none')}</div>
        {dropState === 'allowed' && <div className="board-column__hint">{t('cases.board.dropHere')}</div>}
        {dropState === 'blocked' && <div className="board-column__hint">{t('cases.board.noDrop')}</div>}
      </header>
      <div className="board-column__cards">
        {column.isPending && <Spin className="board-column__spin" />}
        {column.isError && <ErrorAlert error={column.error} />}
        {column.isSuccess && items.length === 0 && (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('cases.board.emptyColumn')} />
        )}
        {items.map((item) => (
          <BoardCard key={item.id} item={item} draggable={canDrag(item)} moving={movingId === item.id} />
        ))}
        {column.hasNextPage && (
          <Button block loading={column.isFetchingNextPage} onClick={() => void column.fetchNextPage()}>
            {t('cases.board.loadMore')}
          </Button>
        )}
      </div>
    </section>
  );
}
