import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { formatDate, GROUP_SORT_FIELDS, type Group, type GroupSortField } from '@dealflow/domain';
import { Button, Popconfirm, Space, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type DataColumn, DataTable } from '../../../shared/components/DataTable.tsx';
import { type SortState, sortAndPageHandler, sortableColumn } from '../../../shared/components/tableSort.ts';
import { useMediaQuery } from '../../../shared/hooks/useMediaQuery.ts';

export const groupHref = (group: { id: number }) => `/dashboard/group/${group.id}`;

export interface GroupTableProps {
  rows: Group[];
  count: number;
  loading: boolean;
  sort: SortState<GroupSortField>;
  defaultSort: SortState<GroupSortField>;
  page: number;
  size: number;
  empty: ReactNode;
  /** Edit and delete buttons, for those who may change groups. */
  editable: boolean;
  deletingId: number | null;
  onSortChange: (sort: SortState<GroupSortField>) => void;
  onPageChange: (page: number, size: number) => void;
  onEdit: (group: Group) => void;
  onDelete: (group: Group) => Promise<unknown>;
}

/** Client groups with server-side sort and paging; each row opens its group. */
export function GroupTable(props: GroupTableProps) {
  const { t } = useTranslation();
  const sortable = (field: GroupSortField) => sortableColumn(props.sort, field);
  // On a phone the description would push the member count out of view: shown on request only.
  const phone = useMediaQuery('(max-width: 575.98px)');

  const columns: DataColumn<Group>[] = [
    {
      title: t('groups.column.name'),
      dataIndex: 'name',
      ...sortable('name'),
      render: (name: string) => (
        <span className="group-table__name" title={name}>
          {name}
        </span>
      ),
    },
    {
      title: t('groups.column.description'),
      dataIndex: 'description',
      key: 'description',
      defaultHidden: phone,
      render: (v: string | null) =>
        v ? (
          <span className="group-table__description" title={v}>
            {v}
          </span>
        ) : (
          t('common.none')
        ),
    },
    {
      title: t('groups.column.members'),
      dataIndex: 'member_count',
      align: 'right',
      ...sortable('member_count'),
    },
    {
      title: t('groups.column.updated'),
      dataIndex: 'updated_at',
      ...sortable('updated_at'),
      render: formatDate,
    },
  ];
  if (props.editable) {
    columns.push({
      title: t('groups.column.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_: unknown, group) => (
        <Space size={4}>
          <Tooltip title={t('groups.rename')}>
            <Button
              size="small"
              type="text"
              icon={<EditOutlined aria-hidden />}
              aria-label={`${t('groups.rename')} ${group.name}`}
              onClick={() => props.onEdit(group)}
            />
          </Tooltip>
          <Popconfirm
            title={t('groups.deleteConfirmTitle', { name: group.name })}
            description={t('groups.deleteConfirm')}
            okText={t('groups.delete')}
            okButtonProps={{ danger: true }}
            cancelText={t('common.cancel')}
            onConfirm={() => props.onDelete(group)}
          >
            <Tooltip title={t('groups.delete')}>
              <Button
                size="small"
                type="text"
                danger
                icon={<DeleteOutlined aria-hidden />}
                aria-label={`${t('groups.delete')} ${group.name}`}
                loading={props.deletingId === group.id}
              />
            </Tooltip>
          </Popconfirm>
        </Space>
      ),
    });
  }

  return (
    <DataTable<Group>
      tableId="groups"
      rowKey="id"
      className="group-table"
      columns={columns}
      dataSource={props.rows}
      loading={props.loading}
      rowHref={groupHref}
      locale={{
        emptyText: props.loading ? <span /> : props.empty,
      }}
      pagination={{
        current: props.page,
        pageSize: props.size,
        total: props.count,
        showSizeChanger: true,
        pageSizeOptions: [10, 20, 50, 100],
        showTotal: (total) => t('groups.total', { count: total }),
      }}
      onChange={sortAndPageHandler<GroupSortField, Group>({
        fields: GROUP_SORT_FIELDS,
        fallback: props.defaultSort,
        size: props.size,
        onSortChange: props.onSortChange,
        onPageChange: props.onPageChange,
      })}
    />
  );
}
