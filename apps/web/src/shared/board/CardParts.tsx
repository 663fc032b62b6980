import { formatDate } from '@dealflow/domain';
import { useTranslation } from 'react-i18next';
import { durationParts } from './duration.ts';

/** How long the item has been in its stage, at the scale a pipeline is read at. */
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
export function NextTodo({
  todo,
  now = new Date(),
}: {
  todo: { title: string; due_at: string | null } | null;
  now?: Date;
}) {
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
