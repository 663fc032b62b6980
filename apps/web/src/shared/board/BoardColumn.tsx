import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { useDroppable } from '@dnd-kit/core';
import { Badge, Button, Empty, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../components/ErrorAlert.tsx';
import { BoardCard } from './BoardCard.tsx';
import { type BoardItems, type ColumnSource, useBoardColumnQuery } from './boardData.ts';

export type DropState = 'idle' | 'allowed' | 'blocked' | 'origin';

/** What a column says that depends on what the board holds (cases, clients). */
export interface ColumnTexts {
  /** An open column without items. */
  empty: string;
  /** The tooltip of a folded strip: what a click does. */
  expand: (stage: string, count: number) => string;
  /** The strip of a column that takes drops but lists nothing (a hand-over). */
  dropOnly?: (stage: string) => string;
}

/**
 * One stage of the board: head with count and sum, its cards 30 at a time, and a drop zone. A
 * collapsible column can fold to a slim strip with its name and count, which still takes a drop.
 * A drop-only column (items the user may send there but not see) is such a strip that stays put.
 */
export function BoardColumn<Item, Stage extends string>({
  stage,
  stageName,
  count,
  sum,
  source,
  items,
  texts,
  dropState,
  movingId,
  collapsed = false,
  dropOnly = false,
  onToggleCollapsed,
}: {
  stage: Stage;
  stageName: string;
  count: number;
  /** The column's total, already formatted; empty when there is none. */
  sum: string;
  source: ColumnSource<Item>;
  items: BoardItems<Item, Stage>;
  texts: ColumnTexts;
  dropState: DropState;
  movingId: number | null;
  collapsed?: boolean;
  dropOnly?: boolean;
  onToggleCollapsed?: () => void;
}) {
  const { t } = useTranslation();
  // Blocked columns still take a drop: the server then says why.
  const { setNodeRef, isOver } = useDroppable({ id: stage });
  const headingId = `board-column-${stage}`;
  const className = `board-column board-column--${dropState}${isOver ? ' board-column--over' : ''}`;

  if (dropOnly) {
    return (
      <section
        ref={setNodeRef}
        className={`${className} board-column--collapsed board-column--drop-only`}
        aria-labelledby={headingId}
        data-stage={stage}
      >
        <div className="board-column__strip board-column__strip--static">
          <h3 id={headingId} className="board-column__strip-title">
            {texts.dropOnly ? texts.dropOnly(stageName) : stageName}
          </h3>
        </div>
      </section>
    );
  }

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
          title={texts.expand(stageName, count)}
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
        <div className="board-column__sum">{sum || t('common.none')}</div>
        {dropState === 'allowed' && <div className="board-column__hint">{t('board.dropHere')}</div>}
        {dropState === 'blocked' && <div className="board-column__hint">{t('board.noDrop')}</div>}
      </header>
      <ColumnCards stage={stage} source={source} items={items} empty={texts.empty} movingId={movingId} />
    </section>
  );
}

/** The cards of an open column; a folded column does not load them. */
function ColumnCards<Item, Stage extends string>({
  stage,
  source,
  items,
  empty,
  movingId,
}: {
  stage: Stage;
  source: ColumnSource<Item>;
  items: BoardItems<Item, Stage>;
  empty: string;
  movingId: number | null;
}) {
  const { t } = useTranslation();
  const column = useBoardColumnQuery(source);
  const rows = column.data?.pages.flatMap((p) => p.result) ?? [];
  return (
    <div className="board-column__cards">
      {column.isPending && <Spin className="board-column__spin" />}
      {column.isError && <ErrorAlert error={column.error} />}
      {column.isSuccess && rows.length === 0 && (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} />
      )}
      {rows.map((item) => {
        const id = items.idOf(item);
        return (
          <BoardCard
            key={id}
            id={id}
            name={items.nameOf(item)}
            item={item}
            stage={stage}
            draggable={items.canDrag(item)}
            moving={movingId === id}
            dataAttribute={items.dataAttribute}
          >
            {items.renderCard(item)}
          </BoardCard>
        );
      })}
      {column.hasNextPage && (
        <Button block loading={column.isFetchingNextPage} onClick={() => void column.fetchNextPage()}>
          {t('board.loadMore')}
        </Button>
      )}
    </div>
  );
}
