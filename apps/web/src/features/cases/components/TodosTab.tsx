import { formatDateTime, type Todo } from '@dealflow/domain';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useStaffDirectory } from '../api/casesApi.ts';
import {
  authorLine,
  type CaseAccess,
  CaseItemsPanel,
  type ItemConfig,
  titleField,
} from './CaseItemsPanel.tsx';

interface TodoValues {
  title: string;
  content?: string;
  due_at?: Dayjs | null;
  assignee_id?: number | null;
}

/** 待辦: to-dos with due time and assignee; ticked off in place. Any ao who reads the case adds them. */
export function TodosTab({ caseId, access }: { caseId: number; access: CaseAccess }) {
  const { t } = useTranslation();
  // Only colleagues the server accepts as assignees (canBeAssigned 'case').
  const directory = useStaffDirectory('case');
  const body = (v: TodoValues) => ({
    title: v.title.trim(),
    content: v.content?.trim() || null,
    due_at: v.due_at ? v.due_at.format() : null,
    assignee_id: v.assignee_id ?? null,
  });
  const config: ItemConfig<'todos', TodoValues> = {
    kind: 'todos',
    fields: [
      titleField(t('cases.items.title'), t('cases.items.titleRequired')),
      { name: 'content', label: t('cases.items.content'), kind: 'longText', wide: true, rows: 3 },
      { name: 'due_at', label: t('cases.items.todo.dueAt'), kind: 'datetime' },
      {
        name: 'assignee_id',
        label: t('cases.items.todo.assignee'),
        kind: 'select',
        options: (directory.data ?? []).map((e) => ({ value: e.id, label: e.name })),
      },
    ],
    initial: (item: Todo | null) =>
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
    contribution: (item) => ({ authorId: item.author?.id ?? null, assigneeId: item.assignee_id }),
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
  return <CaseItemsPanel caseId={caseId} config={config} access={access} />;
}
