import { HolderOutlined } from '@ant-design/icons';
import { type CaseSummary, formatMoneyCompact } from '@dealflow/domain';
import { useDraggable } from '@dnd-kit/core';
import { Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The face of a card, shared by the card in its column and the copy that follows the pointer. */
export function BoardCardBody({ item }: { item: CaseSummary }) {
  const { t } = useTranslation();
  return (
    <>
      <Link to={`/dashboard/manager/${item.id}`} className="board-card__name">
        {item.name}
      </Link>
      <div className="board-card__meta">
        <span>{item.ao?.name ?? t('cases.manager.noAo')}</span>
        {item.round && <Tag variant="filled">{item.round}</Tag>}
      </div>
      {item.fund_raising !== null && (
        <Typography.Text strong className="board-card__money">
          {formatMoneyCompact(item.fund_raising, item.currency)}
        </Typography.Text>
      )}
    </>
  );
}

/** A case on the board; only cases the user may edit get a drag handle (pointer or keyboard). */
export function BoardCard({
  item,
  draggable,
  moving,
}: {
  item: CaseSummary;
  draggable: boolean;
  moving: boolean;
}) {
  const { t } = useTranslation();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, isDragging } = useDraggable({
    id: item.id,
    data: { item },
    disabled: !draggable,
  });
  return (
    <article
      ref={setNodeRef}
      className={`board-card${isDragging ? ' board-card--dragging' : ''}${moving ? ' board-card--moving' : ''}`}
      data-case-id={item.id}
      aria-label={item.name}
    >
      <div className="board-card__body">
        <BoardCardBody item={item} />
      </div>
      {draggable && (
        <button
          type="button"
          ref={setActivatorNodeRef}
          className="board-card__handle"
          {...attributes}
          {...listeners}
          aria-label={t('cases.board.dragHandle', { name: item.name })}
        >
          <HolderOutlined aria-hidden />
        </button>
      )}
    </article>
  );
}
