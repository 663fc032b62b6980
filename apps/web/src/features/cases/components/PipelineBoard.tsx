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
import { Tabs } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { useMediaQuery } from '../../../shared/hooks/useMediaQuery.ts';
import { local } from '../../../shared/storage.ts';
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

/**
 * The pointer decides under a mouse: only the column under it, never the nearest one (a release
 * beside the board hits nothing). A keyboard-moved card has no pointer and is placed by its rectangle.
 */
export const boardCollision: CollisionDetection = (args) =>
  args.pointerCoordinates ? pointerWithin(args) : rectIntersection(args);

/** The board column under a point of the window, if any (the dragged copy is not in a column). */
export function stageAtPoint(x: number, y: number): CaseStage | null {
  for (const element of document.elementsFromPoint(x, y)) {
    const stage = element.closest('.pipeline-board [data-stage]')?.getAttribute('data-stage');
    if (isStage(stage)) return stage;
  }
  return null;
}

/** Stages that may fold to a slim strip; folded by default, the choice kept per browser. */
const FOLDABLE: readonly CaseStage[] = ['finish', 'drop'];
const FOLDED_KEY = 'dealflow.board.folded';
function readFolded(): CaseStage[] {
  try {
    const value: unknown = JSON.parse(local.getItem(FOLDED_KEY) ?? 'null');
    return Array.isArray(value) ? value.filter((s) => isStage(s) && FOLDABLE.includes(s)) : [...FOLDABLE];
  } catch {
    return [...FOLDABLE];
  }
}

/** Phones show one column at a time with a stage switcher. */
const PHONE_QUERY = '(max-width: 575.98px)';

/** Open columns share the width; a folded one is a slim strip. */
function columnTemplate(folded: readonly CaseStage[]): string {
  return PIPELINE_COLUMNS.map((s) => (folded.includes(s) ? '44px' : 'minmax(128px, 1fr)')).join(' ');
}

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
    const moved = {
      ...item,
      status: to,
      dropped_from: to === 'drop' ? item.status : null,
      stage_entered_at: new Date().toISOString(),
    };
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
  const phone = useMediaQuery(PHONE_QUERY);
  const [shown, setShown] = useState<CaseStage>('s0');
  const [folded, setFolded] = useState<CaseStage[]>(readFolded);
  const toggleFolded = (stage: CaseStage) => {
    const next = folded.includes(stage) ? folded.filter((s) => s !== stage) : [...folded, stage];
    setFolded(next);
    local.setItem(FOLDED_KEY, JSON.stringify(next));
  };
  // Where the pointer was released: the board may have scrolled under a still pointer since the
  // last collision check, so the column under the release point decides, not the last "over".
  const release = useRef<{ x: number; y: number } | null>(null);
  useEffect(() => {
    if (!active) return;
    const track = (event: PointerEvent) => {
      release.current = { x: event.clientX, y: event.clientY };
    };
    // Capture on window runs before the sensor's own listeners on the document.
    window.addEventListener('pointermove', track, true);
    window.addEventListener('pointerup', track, true);
    return () => {
      window.removeEventListener('pointermove', track, true);
      window.removeEventListener('pointerup', track, true);
    };
  }, [active]);
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
    const start = event.activatorEvent;
    release.current =
      typeof PointerEvent !== 'undefined' && start instanceof PointerEvent
        ? { x: start.clientX, y: start.clientY }
        : null;
    setActive(itemOf(event.active.data.current));
  }

  function onDragEnd(event: DragEndEvent) {
    setActive(null);
    const item = itemOf(event.active.data.current);
    const point = release.current;
    release.current = null;
    const to = point ? stageAtPoint(point.x, point.y) : event.over?.id;
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
      collisionDetection={boardCollision}
      // Scroll only when the pointer is right at an edge, and gently: the board fits a wide screen,
      // and a card must land where it is released, not where the scrolling carried the columns.
      autoScroll={{ threshold: { x: 0.05, y: 0.1 }, acceleration: 4 }}
      onDragStart={onDragStart}
      onDragEnd={onDragEnd}
      onDragCancel={() => setActive(null)}
      accessibility={{
        announcements,
        screenReaderInstructions: { draggable: t('cases.board.instructions') },
      }}
    >
      {phone && (
        <Tabs
          className="board-stage-switch"
          size="small"
          aria-label={t('board.stagePicker')}
          activeKey={shown}
          onChange={(key) => setShown(key as CaseStage)}
          items={PIPELINE_COLUMNS.map((stage) => ({
            key: stage,
            label: `${t(`caseStages.${stage}`)} (${stats?.[stage]?.count ?? 0})`,
          }))}
        />
      )}
      <section
        className={`pipeline-board${phone ? ' pipeline-board--single' : ''}`}
        aria-label={t('cases.board.label')}
        style={phone ? undefined : { gridTemplateColumns: columnTemplate(folded) }}
      >
        {(phone ? [shown] : PIPELINE_COLUMNS).map((stage) => (
          <BoardColumn
            key={stage}
            stage={stage}
            stats={stats?.[stage]}
            filters={filters}
            dropState={dropState(stage)}
            // One column on a phone: nowhere to drag to; the stage changes on the case page.
            canDrag={phone ? () => false : canDrag}
            movingId={movingId}
            collapsed={!phone && folded.includes(stage)}
            onToggleCollapsed={!phone && FOLDABLE.includes(stage) ? () => toggleFolded(stage) : undefined}
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
