import { HolderOutlined } from '@ant-design/icons';
import { type CaseSummary, formatDate, formatMoney, formatMoneyCompact } from '@dealflow/domain';
import { useDraggable } from '@dnd-kit/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { durationParts } from '../lib/timeInStage.ts';

/** How long the case has been in its stage, at the scale a pipeline is read at. */
export function StageAge({ since, now = new Date() }: { since: string; now?: Date }) {
  const { t } = useTranslation();
  const ms = now.getTime() - Date.parse(since);
  if (!Number.isFinite(ms)) return null;
  const { unit, count } = durationParts(ms);
  const text =
    unit === 'days'
      ? t('board.card.inStage', { count })
      : unit === 'hours'
        ? t('board.card.inStageHours', { count })
        : t('board.card.inStageNew');
  return <span className="board-card__age">{text}</span>;
}

/** MM-DD within the current year, else the full date. */
function shortDate(iso: string, now: Date): string {
  const full = formatDate(iso);
  return full.startsWith(`${now.getFullYear()}-`) ? full.slice(5) : full;
}

/** The open to-do due first: its title and due date, marked when overdue. */
export function NextTodo({ todo, now = new Date() }: { todo: CaseSummary['next_todo']; now?: Date }) {
  const { t } = useTranslation();
  if (!todo) return null;
  const overdue = todo.due_at !== null && Date.parse(todo.due_at) < now.getTime();
  return (
    <div className={`board-card__todo${overdue ? ' board-card__todo--overdue' : ''}`}>
      <span className="visually-hidden">{t('board.card.nextTodo')}: </span>
      <span className="board-card__todo-title" title={todo.title}>
        {todo.title}
      </span>
      <span className="board-card__todo-due">
        {todo.due_at ? t('board.card.due', { date: shortDate(todo.due_at, now) }) : t('board.card.noDue')}
        {overdue && ` · ${t('board.card.overdue')}`}
      </span>
    </div>
  );
}

/** The face of a card, shared by the card in its column and the copy that follows the pointer. */
export function BoardCardBody({ item }: { item: CaseSummary }) {
  const { t } = useTranslation();
  return (
    <>
      <Link to={`/dashboard/manager/${item.id}`} className="board-card__name" title={item.name}>
        {item.name}
      </Link>
      <div className="board-card__meta">
        <span>{item.ao?.name ?? t('cases.manager.noAo')}</span>
        {item.round && <span className="board-card__round">{item.round}</span>}
      </div>
      <div className="board-card__meta">
        {item.fund_raising !== null && (
          <strong className="board-card__money" title={formatMoney(item.fund_raising, item.currency)}>
            {formatMoneyCompact(item.fund_raising, item.currency)}
          </strong>
        )}
        <StageAge since={item.stage_entered_at} />
      </div>
      <NextTodo todo={item.next_todo} />
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
