import {
  formatDate,
  GROUP_MEMBER_SORT_FIELDS,
  type GroupMember,
  type GroupMemberSortField,
} from '@dealflow/domain';
import { Button, Popconfirm, Tag } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type DataColumn, DataTable } from '../../../shared/components/DataTable.tsx';
import { type SortState, sortAndPageHandler, sortableColumn } from '../../../shared/components/tableSort.ts';
import { label } from '../../../shared/i18n/label.ts';

export const investorHref = (member: { id: number }) => `/dashboard/investor/${member.id}`;

export interface GroupMemberTableProps {
  rows: GroupMember[];
  count: number;
  loading: boolean;
  sort: SortState<GroupMemberSortField>;
  defaultSort: SortState<GroupMemberSortField>;
  page: number;
  size: number;
  empty: ReactNode;
  /** A remove button per row, for those who may change the group. */
  editable: boolean;
  removingId: number | null;
  onSortChange: (sort: SortState<GroupMemberSortField>) => void;
  onPageChange: (page: number, size: number) => void;
  onRemove: (member: GroupMember) => Promise<unknown>;
}

/** A group's members (those the viewer may see); each row opens the investor's page. */
export function GroupMemberTable(props: GroupMemberTableProps) {
  const { t } = useTranslation();
  const sortable = (field: GroupMemberSortField) => sortableColumn(props.sort, field);

  const columns: DataColumn<GroupMember>[] = [
    {
      title: t('groups.memberColumn.name'),
      dataIndex: 'name',
      ...sortable('name'),
    },
    {
      title: t('groups.memberColumn.membership'),
      dataIndex: 'membership',
      ...sortable('membership'),
      render: (tier: GroupMember['membership']) => label('membership', tier),
    },
    {
      title: t('groups.memberColumn.stage'),
      dataIndex: 'process_status',
      ...sortable('process_status'),
      render: (stage: GroupMember['process_status']) => (
        <Tag className="group-member__stage">{label('contactStage', stage)}</Tag>
      ),
    },
    {
      title: t('groups.memberColumn.email'),
      dataIndex: 'email',
      key: 'email',
    },
    {
      title: t('groups.memberColumn.joined'),
      dataIndex: 'joined_at',
      defaultHidden: true,
      ...sortable('joined_at'),
      render: formatDate,
    },
  ];
  if (props.editable) {
    columns.push({
      title: t('groups.memberColumn.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_: unknown, member) => (
        <Popconfirm
          title={t('groups.detail.removeConfirmTitle', { name: member.name })}
          description={t('groups.detail.removeConfirm')}
          okText={t('groups.detail.remove')}
          okButtonProps={{ danger: true }}
          cancelText={t('common.cancel')}
          onConfirm={() => props.onRemove(member)}
        >
          <Button
            size="small"
            danger
            aria-label={`${t('groups.detail.remove')} ${member.name}`}
            loading={props.removingId === member.id}
          >
            {t('groups.detail.remove')}
          </Button>
        </Popconfirm>
      ),
    });
  }

  return (
    <DataTable<GroupMember>
      tableId="group-members"
      rowKey="id"
      className="group-member-table"
      columns={columns}
      dataSource={props.rows}
      loading={props.loading}
      rowHref={investorHref}
      locale={{ emptyText: props.loading ? <span /> : props.empty }}
      pagination={{
        current: props.page,
        pageSize: props.size,
        total: props.count,
        showSizeChanger: true,
        pageSizeOptions: [10, 20, 50, 100],
        showTotal: (total) => t('groups.detail.total', { count: total }),
      }}
      onChange={sortAndPageHandler<GroupMemberSortField, GroupMember>({
        fields: GROUP_MEMBER_SORT_FIELDS,
        fallback: props.defaultSort,
        size: props.size,
        onSortChange: props.onSortChange,
        onPageChange: props.onPageChange,
      })}
    />
  );
}
