import { HolderOutlined } from '@ant-design/icons';
import { useDraggable } from '@dnd-kit/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** What a card carries while it is dragged: the item and the stage it left. */
export interface DragData<Item, Stage extends string> {
  item: Item;
  stage: Stage;
}

/**
 * An item on the board. Only items the user may move get a drag handle (pointer or keyboard);
 * the face (`children`) is the feature's. `dataAttribute` names the item for tests and tools
 * (`data-case-id`, `data-client-id`).
 */
export function BoardCard<Item, Stage extends string>({
  id,
  name,
  item,
  stage,
  draggable,
  moving,
  dataAttribute,
  children,
}: {
  id: number;
  name: string;
  item: Item;
  stage: Stage;
  draggable: boolean;
  moving: boolean;
  dataAttribute: `data-${string}`;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const data: DragData<Item, Stage> = { item, stage };
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, isDragging } = useDraggable({
    id,
    data,
    disabled: !draggable,
  });
  return (
    <article
      ref={setNodeRef}
      className={`board-card${isDragging ? ' board-card--dragging' : ''}${moving ? ' board-card--moving' : ''}`}
      {...{ [dataAttribute]: id }}
      aria-label={name}
    >
      <div className="board-card__body">{children}</div>
      {draggable && (
        <button
          type="button"
          ref={setActivatorNodeRef}
          className="board-card__handle"
          {...attributes}
          {...listeners}
          aria-label={t('board.dragHandle', { name })}
        >
          <HolderOutlined aria-hidden />
        </button>
      )}
    </article>
  );
}
