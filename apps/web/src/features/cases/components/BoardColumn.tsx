import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
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

/**
 * One stage of the board: head with count and sum, its cards 30 at a time, and a drop zone. A
 * collapsible column (finish, drop) can fold to a slim strip with its name and count, which still
 * takes a drop.
 */
export function BoardColumn({
  stage,
  stats,
  filters,
  dropState,
  canDrag,
  movingId,
  collapsed = false,
  onToggleCollapsed,
}: {
  stage: CaseStage;
  stats: CaseStageStats[CaseStage] | undefined;
  filters: CaseFilterQuery;
  dropState: DropState;
  canDrag: (item: CaseSummary) => boolean;
  movingId: number | null;
  collapsed?: boolean;
  onToggleCollapsed?: () => void;
}) {
  const { t } = useTranslation();
  // Blocked columns still take a drop: the server then says why (one stage at a time, what is missing).
  const { setNodeRef, isOver } = useDroppable({ id: stage });
  const headingId = `board-column-${stage}`;
  const stageName = t(`caseStages.${stage}`);
  const count = stats?.count ?? 0;
  const className = `board-column board-column--${dropState}${isOver ? ' board-column--over' : ''}`;

  if (collapsed) {
    return (
      <section
        ref={setNodeRef}
        className={`${className} board-column--collapsed`}
        aria-labelledby={headingId}
        data-stage={stage}
      >
        <button
          type="button"
          className="board-column__strip"
          aria-expanded={false}
          // The visible count and stage name are the accessible name (axe: label-content-name-mismatch);
          // the tooltip says what a click does.
          title={t('board.column.expand', { stage: stageName, count })}
          onClick={onToggleCollapsed}
        >
          <MenuUnfoldOutlined aria-hidden />
          <Badge count={count} showZero color="#8a6a2f" className="board-column__count" />
          <h3 id={headingId} className="board-column__strip-title">
            {stageName}
          </h3>
        </button>
      </section>
    );
  }

  return (
    <section ref={setNodeRef} className={className} aria-labelledby={headingId} data-stage={stage}>
      <header className="board-column__head">
        <h3 id={headingId} className="board-column__title">
          <span>{stageName}</span>
          <span className="board-column__title-side">
            <Badge count={count} showZero color="#8a6a2f" className="board-column__count" />
            {onToggleCollapsed && (
              <Button
                type="text"
                size="small"
                className="board-column__fold"
                icon={<MenuFoldOutlined aria-hidden />}
                aria-expanded
                aria-label={t('board.column.collapse', { stage: stageName })}
                onClick={onToggleCollapsed}
              />
            )}
          </span>
        </h3>
        <div className="board-column__sum">{columnSums(stats?.fund_raising) || t('common.none')}</div>
        {dropState === 'allowed' && <div className="board-column__hint">{t('cases.board.dropHere')}</div>}
        {dropState === 'blocked' && <div className="board-column__hint">{t('cases.board.noDrop')}</div>}
      </header>
      <ColumnCards stage={stage} filters={filters} canDrag={canDrag} movingId={movingId} />
    </section>
  );
}

/** The cards of an open column; a folded column does not load them. */
function ColumnCards({
  stage,
  filters,
  canDrag,
  movingId,
}: {
  stage: CaseStage;
  filters: CaseFilterQuery;
  canDrag: (item: CaseSummary) => boolean;
  movingId: number | null;
}) {
  const { t } = useTranslation();
  const column = useBoardColumn(stage, filters);
  const items = column.data?.pages.flatMap((p) => p.result) ?? [];
  return (
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
  );
}
