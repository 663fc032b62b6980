import { formatDate, TODO_FILTERS, type TodoAcross, type TodoFilter } from '@dealflow/domain';
import { Alert, Button, Card, Checkbox, DatePicker, Empty, Segmented, Select, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { errorText } from '../../../shared/api/index.ts';
import { DataTable, type DataColumn } from '../../../shared/components/DataTable.tsx';
import { useMediaQuery } from '../../../shared/hooks/useMediaQuery.ts';
import { useStaffDirectory } from '../../../shared/reference/referenceApi.ts';
import { useStaffUser } from '../../auth/session/index.ts';
import { TODO_PAGE_SIZE, useTodoCentre, useUpdateTodoAcross } from '../api/todoCentreApi.ts';
import '../todoCentre.css';
import { useFeedback } from '../../../shared/feedback/index.tsx';

/** The states in the order people look for them: what is open, what is late, what is done. */
const SHOWN_FILTERS: readonly TodoFilter[] = ['open', 'overdue', 'done', 'all'];

const positive = (value: string | null) =>
  value && /^[1-9]\d{0,8}$/.test(value) ? Number(value) : undefined;
const isFilter = (v: string | null): v is TodoFilter =>
  (TODO_FILTERS as readonly (string | null)[]).includes(v);

/** Where a to-do's record is, on the tab that lists its to-dos. */
export const todoRecordHref = (todo: TodoAcross) =>
  todo.case_id !== null
    ? `/dashboard/manager/${todo.case_id}?tab=todos`
    : `/dashboard/investor/${todo.client_id}?tab=todos`;

/**
 * /dashboard/todo, the to-do centre: one's to-dos across the cases and clients one may read (open
 * ones by default, the most overdue first), ticked off and re-dated in place; an admin can look at
 * anyone's. State, colleague and page live in the URL.
 */
export function TodoCentrePage() {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const me = useStaffUser();
  const admin = me.role === 'admin';
  const [search, setSearch] = useSearchParams();
  const type: TodoFilter = isFilter(search.get('type')) ? (search.get('type') as TodoFilter) : 'open';
  const employeeId = (admin && positive(search.get('employee_id'))) || me.id;
  const page = positive(search.get('page')) ?? 1;
  const list = useTodoCentre(type, employeeId, page);
  const update = useUpdateTodoAcross();
  const directory = useStaffDirectory();
  const setParams = (patch: Record<string, string | null>) => {
    const next = new URLSearchParams(search);
    for (const [k, v] of Object.entries(patch)) {
      if (v === null) next.delete(k);
      else next.set(k, v);
    }
    setSearch(next, { replace: true });
  };
  const change = (todo: TodoAcross, body: { done?: boolean; due_at?: string | null }) =>
    update.mutate(
      { todo, body },
      {
        onSuccess: () => message.success(t('todoCentre.saved')),
        onError: (error) => message.error(errorText(error)),
      },
    );
  const busy = (todo: TodoAcross) =>
    update.isPending &&
    update.variables?.todo.id === todo.id &&
    update.variables.todo.case_id === todo.case_id;

  const phone = useMediaQuery('(max-width: 575.98px)');
  const recordOf = (todo: TodoAcross) => (
    <span className="todo-centre__record">
      <Tag variant="filled" color={todo.case ? 'gold' : 'blue'}>
        {t(todo.case ? 'todoCentre.kinds.case' : 'todoCentre.kinds.client')}
      </Tag>
      {(todo.case ?? todo.client)?.name}
    </span>
  );
  const overdueOf = (todo: TodoAcross) =>
    todo.overdue && (
      <Tag color="red" variant="filled">
        {t('todoCentre.overdue')}
      </Tag>
    );
  const columns: DataColumn<TodoAcross>[] = [
    {
      key: 'title',
      title: t('todoCentre.columns.title'),
      dataIndex: 'title',
      render: (_: unknown, todo) => (
        <>
          <span className={todo.done ? 'todo-centre__done' : undefined}>{todo.title}</span>
          {/* On a phone the record, due date and assignee columns are hidden (the check box, the
              last column, stays in view): what the to-do is on and when it is due go under it. */}
          {phone && (
            <span className="todo-centre__under">
              {recordOf(todo)}
              <span className="todo-centre__due">
                {todo.due_at ? formatDate(todo.due_at) : t('todoCentre.noDue')}
                {overdueOf(todo)}
              </span>
            </span>
          )}
        </>
      ),
    },
    {
      key: 'record',
      title: t('todoCentre.columns.record'),
      defaultHidden: phone,
      render: (_: unknown, todo) => recordOf(todo),
    },
    {
      key: 'due_at',
      title: t('todoCentre.columns.due'),
      defaultHidden: phone,
      render: (_: unknown, todo) => (
        <span className="todo-centre__due">
          <DatePicker
            size="small"
            variant="borderless"
            aria-label={t('todoCentre.dueOf', { title: todo.title })}
            placeholder={t('todoCentre.noDue')}
            value={todo.due_at ? dayjs(todo.due_at) : null}
            disabled={busy(todo)}
            allowClear={{}}
            onChange={(day) => change(todo, { due_at: day ? day.endOf('day').format() : null })}
          />
          {overdueOf(todo)}
        </span>
      ),
    },
    {
      key: 'assignee',
      title: t('todoCentre.columns.assignee'),
      defaultHidden: phone,
      render: (_: unknown, todo) => todo.assignee?.name ?? t('todoCentre.unassigned'),
    },
    {
      key: 'done',
      title: t('todoCentre.columns.done'),
      render: (_: unknown, todo) => (
        <Checkbox
          checked={todo.done}
          disabled={busy(todo)}
          aria-label={t(todo.done ? 'todoCentre.reopen' : 'todoCentre.markDone', { title: todo.title })}
          onChange={(event) => change(todo, { done: event.target.checked })}
        />
      ),
    },
  ];

  return (
    <section className="page-section" aria-labelledby="page-title">
      <div className="page-head">
        <div>
          <Typography.Title level={3} id="page-title">
            {t('todoCentre.title')}
          </Typography.Title>
          <Typography.Paragraph type="secondary">{t('todoCentre.intro')}</Typography.Paragraph>
        </div>
      </div>
      <Card>
        <div className="todo-centre__filters">
          <Segmented<TodoFilter>
            aria-label={t('todoCentre.filter')}
            value={type}
            onChange={(value) => setParams({ type: value === 'open' ? null : value, page: null })}
            options={SHOWN_FILTERS.map((value) => ({ value, label: t(`todoCentre.types.${value}`) }))}
          />
          {admin && (
            <Select<number>
              className="todo-centre__who"
              aria-label={t('todoCentre.colleague')}
              showSearch={{ optionFilterProp: 'label' }}
              loading={directory.isPending}
              value={employeeId}
              onChange={(id) => setParams({ employee_id: id === me.id ? null : String(id), page: null })}
              options={[
                { value: me.id, label: t('todoCentre.mine') },
                ...(directory.data ?? [])
                  .filter((e) => e.id !== me.id)
                  .map((e) => ({ value: e.id, label: e.name })),
              ]}
            />
          )}
        </div>
        {list.isError && (
          <Alert
            type="error"
            showIcon
            title={t('todoCentre.loadError')}
            description={errorText(list.error)}
            action={
              <Button size="small" onClick={() => void list.refetch()}>
                {t('common.retry')}
              </Button>
            }
          />
        )}
        <DataTable<TodoAcross>
          tableId="todo-centre"
          rowKey={(todo) => `${todo.case_id === null ? 'client' : 'case'}-${todo.id}`}
          columns={columns}
          dataSource={list.data?.result ?? []}
          loading={list.isPending || list.isPlaceholderData}
          rowHref={todoRecordHref}
          rowClassName={(todo) => (todo.overdue ? 'todo-centre__row--overdue' : '')}
          locale={{
            emptyText: (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t(`todoCentre.empty.${type}`)} />
            ),
          }}
          pagination={{
            current: page,
            pageSize: TODO_PAGE_SIZE,
            total: list.data?.count ?? 0,
            showSizeChanger: false,
            hideOnSinglePage: true,
            onChange: (p) => setParams({ page: p === 1 ? null : String(p) }),
          }}
        />
      </Card>
    </section>
  );
}
