import { formatDateTime } from '@dealflow/domain';
import dayjs, { type Dayjs } from 'dayjs';
import type { TFunction } from 'i18next';
import type { ItemListConfig } from '../../../shared/components/ItemList.tsx';
import { withStoredOption } from '../../../shared/fields/index.ts';
import { authorLine, titleField } from './CaseItemsPanel.tsx';

export interface TodoValues {
  title: string;
  content?: string;
  due_at?: Dayjs | null;
  assignee_id?: number | null;
}

/** What the to-dos of a case and of a client have alike. */
interface TodoLike {
  id: number;
  title: string;
  content: string | null;
  due_at: string | null;
  done: boolean;
  assignee_id: number | null;
  assignee: { name: string } | null;
  author: { name: string } | null;
}
type TodoBody = { title: string; content: string | null; due_at: string | null; assignee_id: number | null };

/**
 * A to-do's form, its line in the list and its tick, the same wherever to-dos are kept (a case, a
 * client). `assignees` are the colleagues the server would accept for this parent.
 */
export function todoItemConfig<T extends TodoLike>(
  t: TFunction,
  assignees: { value: number; label: string }[],
  assigneeHint?: string,
): ItemListConfig<T, TodoValues, TodoBody, Partial<TodoBody> & { done?: boolean }> {
  const body = (v: TodoValues): TodoBody => ({
    title: v.title.trim(),
    content: v.content?.trim() || null,
    due_at: v.due_at ? v.due_at.format() : null,
    assignee_id: v.assignee_id ?? null,
  });
  return {
    // A to-do keeps an assignee who has since lost access; the form still names them.
    fields: (item) => [
      titleField(t('cases.items.title'), t('cases.items.titleRequired')),
      { name: 'content', label: t('cases.items.content'), kind: 'longText', wide: true, rows: 3 },
      { name: 'due_at', label: t('cases.items.todo.dueAt'), kind: 'datetime' },
      {
        name: 'assignee_id',
        label: t('cases.items.todo.assignee'),
        kind: 'select',
        options: withStoredOption(
          assignees,
          item?.assignee ? { value: item.assignee_id, label: item.assignee.name } : null,
        ),
        ...(assigneeHint ? { extra: assigneeHint } : {}),
      },
    ],
    initial: (item) =>
      item
        ? {
            title: item.title,
            content: item.content ?? '',
            due_at: item.due_at ? dayjs(item.due_at) : null,
            assignee_id: item.assignee_id,
          }
        : {},
    createBody: body,
    updateBody: body,
    toggleDone: (item) => ({ done: !item.done }),
    view: (item) => ({
      title: item.title,
      done: item.done,
      content: item.content,
      meta: [
        item.due_at ? `${t('cases.items.todo.dueAt')} ${formatDateTime(item.due_at)}` : null,
        item.assignee ? `${t('cases.items.todo.assignee')} ${item.assignee.name}` : null,
        authorLine(t, item.author),
      ],
    }),
  };
}
