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
import { useQueryClient } from '@tanstack/react-query';
import { Tabs } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { useMediaQuery } from '../hooks/useMediaQuery.ts';
import { local } from '../storage.ts';
import { BoardColumn, type ColumnTexts, type DropState } from './BoardColumn.tsx';
import type { DragData } from './BoardCard.tsx';
import { type BoardItems, type ColumnSource, moveCardInCache } from './boardData.ts';
import './board.css';

/** What the board holds that it does not know: the dragged card's data. */
function dragDataOf<Item, Stage extends string>(data: unknown): DragData<Item, Stage> | null {
  return typeof data === 'object' && data !== null && 'item' in data && 'stage' in data
    ? (data as DragData<Item, Stage>)
    : null;
}

/**
 * Arrow keys jump a picked-up card to the column left or right of the one it is over, not 25 px
 * at a time. The next column is found by column order rather than by comparing rectangles, which
 * drift while the board scrolls to keep the card in view.
 */
export function columnKeyboardCoordinates(columns: readonly string[]): KeyboardCoordinateGetter {
  return (event, { context, currentCoordinates }) => {
    const { collisionRect, droppableRects, over, active } = context;
    if (!collisionRect || (event.code !== 'ArrowRight' && event.code !== 'ArrowLeft')) return undefined;
    event.preventDefault();
    const origin = dragDataOf(active?.data.current)?.stage;
    const overId = typeof over?.id === 'string' && columns.includes(over.id) ? over.id : undefined;
    const current = overId ?? origin;
    if (!current) return undefined;
    const next = columns[columns.indexOf(current) + (event.code === 'ArrowRight' ? 1 : -1)];
    const target = next ? droppableRects.get(next) : undefined;
    if (!target) return undefined;
    // The sensor's coordinates are its own (they start at 0,0): move them by the distance to the target.
    const shift = target.left + (target.width - collisionRect.width) / 2 - collisionRect.left;
    return { x: currentCoordinates.x + shift, y: currentCoordinates.y };
  };
}

/**
 * The pointer decides under a mouse: only the column under it, never the nearest one (a release
 * beside the board hits nothing). A keyboard-moved card has no pointer and is placed by its rectangle.
 */
export const boardCollision: CollisionDetection = (args) =>
  args.pointerCoordinates ? pointerWithin(args) : rectIntersection(args);

/** The board column under a point of the window, if any (the dragged copy is not in a column). */
export function stageAtPoint(x: number, y: number): string | null {
  for (const element of document.elementsFromPoint(x, y)) {
    const stage = element.closest('.pipeline-board [data-stage]')?.getAttribute('data-stage');
    if (stage) return stage;
  }
  return null;
}

/** Which columns are folded, kept per browser under `key`; the foldable ones start folded. */
function readFolded<Stage extends string>(key: string, foldable: readonly Stage[]): Stage[] {
  try {
    const value: unknown = JSON.parse(local.getItem(key) ?? 'null');
    return Array.isArray(value) ? foldable.filter((s) => value.includes(s)) : [...foldable];
  } catch {
    return [...foldable];
  }
}

/** Phones show one column at a time with a stage switcher. */
const PHONE_QUERY = '(max-width: 575.98px)';

/** Open columns share the width; a folded or drop-only one is a slim strip. */
function columnTemplate(columns: readonly string[], slim: (stage: string) => boolean): string {
  return columns.map((s) => (slim(s) ? '44px' : 'minmax(128px, 1fr)')).join(' ');
}

export interface PipelineBoardProps<Item, Stage extends string> {
  /** The columns, in pipeline order. */
  columns: readonly Stage[];
  /** Columns that take a drop but list nothing: the user may send items there, not see them. */
  dropOnly?: readonly Stage[];
  /** Columns that may fold to a slim strip (folded by default). */
  foldable?: readonly Stage[];
  /** Where the folded columns are remembered in the browser. */
  foldedKey: string;
  /** The column a phone opens on. */
  phoneStart?: Stage;
  stageName: (stage: Stage) => string;
  /** Items per column under the current filters. */
  counts: Partial<Record<Stage, number>> | undefined;
  /** A column's total (already formatted), shown under its name. */
  columnSum: (stage: Stage) => string;
  column: (stage: Stage) => ColumnSource<Item>;
  items: BoardItems<Item, Stage>;
  /** Where an item may go from where it is; other columns are shaded while it is held. */
  targets: (item: Item) => readonly Stage[];
  /** The item as it reads in its new column, shown there before the server answers. */
  moved: (item: Item, to: Stage) => Item;
  /**
   * A card was released over another column: ask for the move (a reason, a confirmation) and
   * call `optimistic` when it is sent; it returns how to take the card back.
   */
  onMove: (item: Item, to: Stage, optimistic: () => () => void) => void;
  movingId: number | null;
  texts: ColumnTexts & {
    /** The board's accessible name. */
    label: string;
  };
}

/**
 * The pipeline, for cases and for clients alike: a column per stage; cards dragged (pointer or
 * keyboard) between columns. While a card is held, the columns it may enter are shaded; the
 * feature decides what a release asks for and how a refused move is explained.
 */
export function PipelineBoard<Item, Stage extends string>({
  columns,
  dropOnly = [],
  foldable = [],
  foldedKey,
  phoneStart,
  stageName,
  counts,
  columnSum,
  column,
  items,
  targets,
  moved,
  onMove,
  movingId,
  texts,
}: PipelineBoardProps<Item, Stage>) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [active, setActive] = useState<DragData<Item, Stage> | null>(null);
  const phone = useMediaQuery(PHONE_QUERY);
  const listed = columns.filter((s) => !dropOnly.includes(s));
  const [picked, setShown] = useState<Stage | undefined>(phoneStart);
  const shown = picked && listed.includes(picked) ? picked : listed[0];
  const [folded, setFolded] = useState<Stage[]>(() => readFolded(foldedKey, foldable));
  const toggleFolded = (stage: Stage) => {
    const next = folded.includes(stage) ? folded.filter((s) => s !== stage) : [...folded, stage];
    setFolded(next);
    local.setItem(foldedKey, JSON.stringify(next));
  };
  const isStage = (v: unknown): v is Stage => (columns as readonly unknown[]).includes(v);
  // Where the pointer was released: the board may have scrolled under a still pointer since the
  // last collision check, so the column under the release point decides, not the last "over".
  // Tracked for the board's whole life, not from a drag's start: a drag begun while the previous
  // card still glides back starts before any effect of the new drag could attach a listener.
  const pointer = useRef<{ x: number; y: number } | null>(null);
  const pointerDrag = useRef(false);
  useEffect(() => {
    const track = (event: PointerEvent) => {
      pointer.current = { x: event.clientX, y: event.clientY };
    };
    // Capture on window runs before the sensor's own listeners on the document.
    window.addEventListener('pointerdown', track, true);
    window.addEventListener('pointermove', track, true);
    window.addEventListener('pointerup', track, true);
    return () => {
      window.removeEventListener('pointerdown', track, true);
      window.removeEventListener('pointermove', track, true);
      window.removeEventListener('pointerup', track, true);
    };
  }, []);
  const order = columns.join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the column order, not the array's identity
  const coordinateGetter = useMemo(() => columnKeyboardCoordinates(columns), [order]);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter, scrollBehavior: 'auto' }),
  );

  const allowed = active ? targets(active.item) : [];
  const dropState = (stage: Stage): DropState => {
    if (!active) return 'idle';
    if (stage === active.stage) return 'origin';
    return allowed.includes(stage) ? 'allowed' : 'blocked';
  };

  const nameOf = (data: unknown) => {
    const drag = dragDataOf<Item, Stage>(data);
    return drag ? items.nameOf(drag.item) : '';
  };
  const nameOfStage = (id: unknown) => (isStage(id) ? stageName(id) : '');
  const announcements: Announcements = {
    onDragStart: ({ active: a }) => t('board.picked', { name: nameOf(a.data.current) }),
    onDragOver: ({ active: a, over }) =>
      over ? t('board.over', { name: nameOf(a.data.current), stage: nameOfStage(over.id) }) : undefined,
    onDragEnd: ({ active: a, over }) =>
      over
        ? t('board.dropped', { name: nameOf(a.data.current), stage: nameOfStage(over.id) })
        : t('board.cancelled', { name: nameOf(a.data.current) }),
    onDragCancel: ({ active: a }) => t('board.cancelled', { name: nameOf(a.data.current) }),
  };

  function onDragStart(event: DragStartEvent) {
    // A pointer drag reads its release point from the tracked pointer; a keyboard drag has none.
    pointerDrag.current = typeof PointerEvent !== 'undefined' && event.activatorEvent instanceof PointerEvent;
    setActive(dragDataOf<Item, Stage>(event.active.data.current));
  }

  function onDragEnd(event: DragEndEvent) {
    setActive(null);
    const drag = dragDataOf<Item, Stage>(event.active.data.current);
    const point = pointerDrag.current ? pointer.current : null;
    pointerDrag.current = false;
    const to = point ? stageAtPoint(point.x, point.y) : event.over?.id;
    if (!drag || !isStage(to) || to === drag.stage) return;
    const { item, stage: from } = drag;
    onMove(item, to, () =>
      moveCardInCache(
        queryClient,
        column(from).queryKey,
        column(to).queryKey,
        items.idOf(item),
        items.idOf,
        moved(item, to),
      ),
    );
  }

  // One column on a phone: nowhere to drag to; the stage changes on the item's page.
  const columnItems = phone ? { ...items, canDrag: () => false } : items;
  const slim = (stage: string) => isStage(stage) && (dropOnly.includes(stage) || folded.includes(stage));

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
        screenReaderInstructions: { draggable: t('board.instructions') },
      }}
    >
      {phone && shown && (
        <Tabs
          className="board-stage-switch"
          size="small"
          aria-label={t('board.stagePicker')}
          activeKey={shown}
          onChange={(key) => setShown(key as Stage)}
          items={listed.map((stage) => ({
            key: stage,
            label: `${stageName(stage)} (${counts?.[stage] ?? 0})`,
          }))}
        />
      )}
      <section
        className={`pipeline-board${phone ? ' pipeline-board--single' : ''}`}
        aria-label={texts.label}
        style={phone ? undefined : { gridTemplateColumns: columnTemplate(columns, slim) }}
      >
        {(phone ? (shown ? [shown] : []) : columns).map((stage) => (
          <BoardColumn<Item, Stage>
            key={stage}
            stage={stage}
            stageName={stageName(stage)}
            count={counts?.[stage] ?? 0}
            sum={columnSum(stage)}
            source={column(stage)}
            items={columnItems}
            texts={texts}
            dropState={dropState(stage)}
            movingId={movingId}
            dropOnly={dropOnly.includes(stage)}
            collapsed={!phone && folded.includes(stage)}
            onToggleCollapsed={!phone && foldable.includes(stage) ? () => toggleFolded(stage) : undefined}
          />
        ))}
      </section>
      {/* In body: the page wrapper's transform would otherwise offset the fixed-position overlay. */}
      {createPortal(
        // The overlay never takes the pointer: while a card glides back, the next press reaches the
        // handle beneath it instead of the animating copy.
        <DragOverlay className="board-overlay">
          {active && (
            <div className="board-card board-card--overlay">
              <div className="board-card__body">{items.renderCard(active.item)}</div>
            </div>
          )}
        </DragOverlay>,
        document.body,
      )}
    </DndContext>
  );
}
