import { formatDate, formatDateTime, type Employee } from '@dealflow/domain';
import { Badge, Button, Empty, Space, Tag } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DEFAULT_SORT,
  SORT_FIELDS,
  type SortField,
  type SortState,
} from '../hooks/useEmployeeTableParams.ts';
import { type DataColumn, DataTable } from '../../../shared/components/DataTable.tsx';
import { sortAndPageHandler, sortableColumn } from '../../../shared/components/tableSort.ts';
import { EmployeeStatusAction } from './EmployeeStatusAction.tsx';
import { InvitationTag, ResendInvitationButton } from './InvitationStatus.tsx';

export interface EmployeeTableProps {
  /** One page of rows, as the server sorted them. */
  rows: Employee[];
  /** Rows matching the filters, over every page. */
  total: number;
  loading: boolean;
  currentUserId: number;
  sort: SortState;
  page: number;
  size: number;
  empty: ReactNode;
  /** A reviewer session is read-only on the server: no edit or status controls. */
  readOnly: boolean;
  pendingId: number | null;
  onSortChange: (sort: SortState) => void;
  onPageChange: (page: number, size: number) => void;
  onEdit: (employee: Employee) => void;
  onToggleStatus: (employee: Employee) => Promise<unknown>;
}

/** Staff accounts with sortable headers and pagination; the name (or a click on the row) opens the edit form. */
export function EmployeeTable(props: EmployeeTableProps) {
  const { t } = useTranslation();
  const { sort } = props;
  const sortable = (field: SortField) => sortableColumn(sort, field);

  const columns: DataColumn<Employee>[] = [
    {
      title: t('employees.column.name'),
      dataIndex: 'name',
      ...sortable('name'),
      render: (name: string, row) => (
        <Space size={4} wrap>
          <span>{name}</span>
          {row.id === props.currentUserId && <Tag>{t('employees.you')}</Tag>}
        </Space>
      ),
    },
    { title: t('employees.column.email'), dataIndex: 'email', ...sortable('email') },
    { title: t('employees.column.id'), dataIndex: 'id', defaultHidden: true, ...sortable('id') },
    {
      title: t('employees.column.role'),
      dataIndex: 'role',
      ...sortable('role'),
      render: (role: Employee['role']) => (
        <Tag color={role === 'admin' ? 'gold' : 'default'}>{t(`roles.${role}`)}</Tag>
      ),
    },
    {
      title: t('employees.column.status'),
      dataIndex: 'status',
      ...sortable('status'),
      render: (status: Employee['status'], row) => (
        <Space size={4} wrap>
          <Badge
            status={status === 'active' ? 'success' : 'default'}
            text={t(`employees.status.${status}`)}
          />
          {status === 'active' && <InvitationTag invitation={row.invitation} />}
        </Space>
      ),
    },
    {
      title: t('employees.column.title'),
      dataIndex: 'title',
      key: 'title',
      render: (v: string | null) => v || t('common.none'),
    },
    {
      title: t('employees.column.lastLogin'),
      dataIndex: 'last_login_at',
      ...sortable('last_login_at'),
      render: (v: string | null) => formatDateTime(v) || t('common.none'),
    },
    {
      title: t('employees.column.createdAt'),
      dataIndex: 'created_at',
      ...sortable('created_at'),
      render: (v: string) => formatDate(v),
    },
  ];
  const actions: DataColumn<Employee> = {
    title: t('employees.column.actions'),
    key: 'actions',
    fixed: 'right',
    render: (_: unknown, row) => (
      <Space size="small">
        <Button size="small" onClick={() => props.onEdit(row)}>
          {t('common.edit')}
        </Button>
        <EmployeeStatusAction
          employee={row}
          isSelf={row.id === props.currentUserId}
          pending={props.pendingId === row.id}
          onConfirm={() => props.onToggleStatus(row)}
        />
        {row.invitation && row.status === 'active' && <ResendInvitationButton employee={row} />}
      </Space>
    ),
  };
  if (!props.readOnly) columns.push(actions);

  return (
    <DataTable<Employee>
      tableId="employees"
      rowKey="id"
      columns={columns}
      dataSource={props.rows}
      loading={props.loading}
      locale={{
        emptyText: props.loading ? (
          <span />
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={props.empty} />
        ),
      }}
      rowClassName={(row) => (row.status === 'inactive' ? 'row-inactive' : '')}
      onRowClick={props.readOnly ? undefined : props.onEdit}
      pagination={{
        current: props.page,
        pageSize: props.size,
        total: props.total,
        showSizeChanger: true,
        pageSizeOptions: [10, 20, 50, 100],
        showTotal: (total) => t('employees.total', { count: total }),
      }}
      onChange={sortAndPageHandler<SortField, Employee>({
        fields: SORT_FIELDS,
        fallback: DEFAULT_SORT,
        size: props.size,
        onSortChange: props.onSortChange,
        onPageChange: props.onPageChange,
      })}
    />
  );
}
