import { canSeeClient, type Client, type ClientTodo } from '@dealflow/domain';
import { useTranslation } from 'react-i18next';
import { useStaffDirectory } from '../../cases/api/casesApi.ts';
import { type TodoValues, todoItemConfig } from '../../cases/components/todoItems.ts';
import { type ClientItemConfig, ClientItemsPanel } from './ClientItemsPanel.tsx';

/** 待辦 of a client: the same to-dos as a case's, assigned to colleagues who work this client. */
export function ClientTodosTab({ client, editable }: { client: Client; editable: boolean }) {
  const { t } = useTranslation();
  // The server's rule: someone who works clients (canBeAssigned 'client') and sees this stage.
  const directory = useStaffDirectory('client');
  const assignees = (directory.data ?? [])
    .filter((e) => canSeeClient(e.role, client.process_status))
    .map((e) => ({ value: e.id, label: e.name }));
  const config: ClientItemConfig<'todos', TodoValues> = {
    ...todoItemConfig<ClientTodo>(t, assignees, t('clientItems.todo.assigneeHint')),
    kind: 'todos',
  };
  return <ClientItemsPanel clientId={client.id} config={config} editable={editable} />;
}
