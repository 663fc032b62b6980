import type { Todo } from '@dealflow/domain';
import { useTranslation } from 'react-i18next';
import { useStaffDirectory } from '../api/casesApi.ts';
import { type CaseAccess, CaseItemsPanel, type ItemConfig } from './CaseItemsPanel.tsx';
import { type TodoValues, todoItemConfig } from './todoItems.ts';

/** 待辦: to-dos with due time and assignee; ticked off in place. Any ao who reads the case adds them. */
export function TodosTab({ caseId, access }: { caseId: number; access: CaseAccess }) {
  const { t } = useTranslation();
  // Only colleagues the server accepts as assignees (canBeAssigned 'case').
  const directory = useStaffDirectory('case');
  const assignees = (directory.data ?? []).map((e) => ({ value: e.id, label: e.name }));
  const config: ItemConfig<'todos', TodoValues> = {
    ...todoItemConfig<Todo>(t, assignees),
    kind: 'todos',
    contribution: (item) => ({ authorId: item.author?.id ?? null, assigneeId: item.assignee_id }),
  };
  return <CaseItemsPanel caseId={caseId} config={config} access={access} />;
}
