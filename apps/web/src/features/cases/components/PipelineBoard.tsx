import {
  allowedTargets,
  type CaseStage,
  type CaseStageStats,
  type CaseSummary,
  canEditCase,
  PIPELINE_COLUMNS,
  type StaffUser,
} from '@dealflow/domain';
import {
  type Announcements,
  type CollisionDetection,
  DndContext,
  type DragEndEvent,
  DragOverlay,
  type DragStartEvent,
  type KeyboardCoordinateGetter,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  rectIntersection,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { type InfiniteData, type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { type CaseFilterQuery, caseKeys, type ListPage } from '../api/casesApi.ts';
import { useStageMove } from '../hooks/useStageMove.tsx';
import { BoardCardBody } from './BoardCard.tsx';
import { BoardColumn, type DropState } from './BoardColumn.tsx';

type ColumnData = InfiniteData<ListPage<CaseSummary>, number>;

const isStage = (v: unknown): v is CaseStage => (PIPELINE_COLUMNS as readonly unknown[]).includes(v);

/**
 * Arrow keys jump a picked-up card to the column left or right of the one it is over, not 25 px
 * at a time. The next column is found by stage order rather than by comparing rectangles, which
 * drift while the board scrolls to keep the card in view.
 */
export const columnKeyboardCoordinates: KeyboardCoordinateGetter = (
  event,
  { context, currentCoordinates },
) => {
  const { collisionRect, droppableRects, over, active } = context;
  if (!collisionRect || (event.code !== 'ArrowRight' && event.code !== 'ArrowLeft')) return undefined;
  event.preventDefault();
  const activeItem = active?.data.current;
  const origin =
    typeof activeItem === 'object' && activeItem !== null && 'item' in activeItem
      ? (activeItem as { item: CaseSummary }).item.status
      : undefined;
  const current = isStage(over?.id) ? over.id : origin;
  if (!current) return undefined;
  const index = PIPELINE_COLUMNS.indexOf(current) + (event.code === 'ArrowRight' ? 1 : -1);
  const next = PIPELINE_COLUMNS[index];
  const target = next ? droppableRects.get(next) : undefined;
  if (!target) return undefined;
  // The sensor's coordinates are its own (they start at 0,0): move them by the distance to the target.
  const shift = target.left + (target.width - collisionRect.width) / 2 - collisionRect.left;
  return { x: currentCoordinates.x + shift, y: currentCoordinates.y };
};

/** The pointer decides under a mouse; a keyboard-moved card is placed by its rectangle. */
const collision: CollisionDetection = (args) => {
  const hits = pointerWithin(args);
  return hits.length > 0 ? hits : rectIntersection(args);
};

/** Moves a card between two column caches; returns how to put both back. */
export function moveCardInCache(
  queryClient: QueryClient,
  filters: CaseFilterQuery,
  item: CaseSummary,
  to: CaseStage,
): () => void {
  const fromKey = caseKeys.board(item.status, filters);
  const toKey = caseKeys.board(to, filters);
  const fromBefore = queryClient.getQueryData<ColumnData>(fromKey);
  const toBefore = queryClient.getQueryData<ColumnData>(toKey);
  if (fromBefore) {
    queryClient.setQueryData<ColumnData>(fromKey, {
      ...fromBefore,
      pages: fromBefore.pages.map((p) => ({
        result: p.result.filter((c) => c.id !== item.id),
        count: p.count - 1,
      })),
    });
  }
  if (toBefore) {
    const [first, ...rest] = toBefore.pages;
    // Same bookkeeping as the server: a dropped card remembers where it came from until restored.
    const moved = { ...item, status: to, dropped_from: to === 'drop' ? item.status : null };
    queryClient.setQueryData<ColumnData>(toKey, {
      ...toBefore,
      pages: first
        ? [{ result: [moved, ...first.result], count: first.count + 1 }, ...rest]
        : [{ result: [moved], count: 1 }],
    });
  }
  return () => {
    queryClient.setQueryData(fromKey, fromBefore);
    queryClient.setQueryData(toKey, toBefore);
  };
}

/**
 * The pipeline: a column per stage; cards dragged (pointer or keyboard) between columns. While a
 * card is held, the columns it may enter are shaded; a refused move snaps back with the reason.
 */
export function PipelineBoard({
  user,
  stats,
  filters,
}: {
  user: StaffUser;
  stats: CaseStageStats | undefined;
  filters: CaseFilterQuery;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { requestMove, movingId, modal } = useStageMove();
  const [active, setActive] = useState<CaseSummary | null>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: columnKeyboardCoordinates, scrollBehavior: 'auto' }),
  );

  const canDrag = (item: CaseSummary) =>
    !user.reviewer &&
    !item.is_deleted &&
    canEditCase(user, { aoId: item.ao?.id ?? null, agentIds: item.agent_ids });

  const allowed = active ? allowedTargets({ status: active.status, droppedFrom: active.dropped_from }) : [];
  const dropState = (stage: CaseStage): DropState => {
    if (!active) return 'idle';
    if (stage === active.status) return 'origin';
    return allowed.includes(stage) ? 'allowed' : 'blocked';
  };

  const itemOf = (data: unknown): CaseSummary | null =>
    typeof data === 'object' && data !== null && 'item' in data ? (data as { item: CaseSummary }).item : null;
  const nameOf = (data: unknown) => itemOf(data)?.name ?? '';
  const stageName = (id: unknown) => (isStage(id) ? t(`caseStages.${id}`) : '');
  const announcements: Announcements = {
    onDragStart: ({ active: a }) => t('cases.board.picked', { name: nameOf(a.data.current) }),
    onDragOver: ({ active: a, over }) =>
      over ? t('cases.board.over', { name: nameOf(a.data.current), stage: stageName(over.id) }) : undefined,
    onDragEnd: ({ active: a, over }) =>
      over
        ? t('cases.board.dropped', { name: nameOf(a.data.current), stage: stageName(over.id) })
        : t('cases.board.cancelled', { name: nameOf(a.data.current) }),
    onDragCancel: ({ active: a }) => t('cases.board.cancelled', { name: nameOf(a.data.current) }),
  };

  function onDragStart(event: DragStartEvent) {
    setActive(itemOf(event.active.data.current));
  }

  function onDragEnd(event: DragEndEvent) {
    setActive(null);
    const item = itemOf(event.active.data.current);
    const to = event.over?.id;
    if (!item || !isStage(to) || to === item.status) return;
    requestMove(
      { id: item.id, name: item.name, status: item.status, droppedFrom: item.dropped_from },
      to,
      () => moveCardInCache(queryClient, filters, item, to),
    );
  }

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={collision}
      onDragStart={onDragStart}
      onDragEnd={onDragEnd}
      onDragCancel={() => setActive(null)}
      accessibility={{
        announcements,
        screenReaderInstructions: { draggable: t('cases.board.instructions') },
      }}
    >
      <section className="pipeline-board" aria-label={t('cases.board.label')}>
        {PIPELINE_COLUMNS.map((stage) => (
          <BoardColumn
            key={stage}
            stage={stage}
            stats={stats?.[stage]}
            filters={filters}
            dropState={dropState(stage)}
            canDrag={canDrag}
            movingId={movingId}
          />
        ))}
      </section>
      {/* In body: the page wrapper's transform would otherwise offset the fixed-position overlay. */}
      {createPortal(
        <DragOverlay>
          {active && (
            <div className="board-card board-card--overlay">
              <div className="board-card__body">
                <BoardCardBody item={active} />
              </div>
            </div>
          )}
        </DragOverlay>,
        document.body,
      )}
      {modal}
    </DndContext>
  );
}
