import { formatDateTime, type Todo } from '@dealflow/domain';
import { DatePicker, Form, Input, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useStaffDirectory } from '../api/casesApi.ts';
import { CaseItemsPanel, type ItemConfig } from './CaseItemsPanel.tsx';

interface TodoValues {
  title: string;
  content?: string;
  due_at?: Dayjs | null;
  assignee_id?: number | null;
}

/** 待辦: to-dos with due time and assignee; ticked off in place. */
export function TodosTab({ caseId, editable }: { caseId: number; editable: boolean }) {
  const { t } = useTranslation();
  const directory = useStaffDirectory();
  const body = (v: TodoValues) => ({
    title: v.title.trim(),
    content: v.content?.trim() || null,
    due_at: v.due_at ? v.due_at.format() : null,
    assignee_id: v.assignee_id ?? null,
  });
  const config: ItemConfig<'todos', TodoValues> = {
    kind: 'todos',
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
    view: (item) => ({
      title: item.title,
      done: item.done,
      content: item.content,
      meta: [
        item.due_at ? `${t('cases.items.todo.dueAt')} ${formatDateTime(item.due_at)}` : null,
        item.assignee ? `${t('cases.items.todo.assignee')} ${item.assignee.name}` : null,
        item.author ? t('cases.items.by', { name: item.author.name }) : null,
      ],
    }),
    fields: () => (
      <>
        <Form.Item
          name="title"
          label={t('cases.items.title')}
          rules={[
            { required: true, whitespace: true, message: t('cases.items.titleRequired') },
            { max: 200 },
          ]}
        >
          <Input autoFocus />
        </Form.Item>
        <Form.Item name="content" label={t('cases.items.content')}>
          <Input.TextArea rows={3} />
        </Form.Item>
        <div className="form-row">
          <Form.Item name="due_at" label={t('cases.items.todo.dueAt')}>
            <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" className="full-width" />
          </Form.Item>
          <Form.Item name="assignee_id" label={t('cases.items.todo.assignee')}>
            <Select
              allowClear={{ label: t('labels.clear') }}
              showSearch={{ optionFilterProp: 'label' }}
              options={(directory.data ?? []).map((e) => ({ value: e.id, label: e.name }))}
            />
          </Form.Item>
        </div>
      </>
    ),
  };
  return (
    <CaseItemsPanel
      caseId={caseId}
      editable={editable}
      config={config}
      addLabel={`${t('cases.items.add')}${t('cases.manager.tab.todos')}`}
    />
  );
}
