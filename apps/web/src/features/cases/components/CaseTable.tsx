import {
  type CaseSummary,
  canEditCase,
  formatDate,
  formatMoney,
  formatMoneyCompact,
  type StaffUser,
} from '@dealflow/domain';
import { Button, Empty, Popconfirm, Tag } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type DataColumn, DataTable } from '../../../shared/components/DataTable.tsx';
import { sortAndPageHandler, sortableColumn } from '../../../shared/components/tableSort.ts';
import { type CaseSort, type CaseSortField, DEFAULT_CASE_SORT } from '../hooks/useCaseListParams.ts';
import { NewApplicationTag } from '../../registration/components/NewApplicationTag.tsx';
import { StageTag } from './StageTag.tsx';

const SORTABLE: readonly CaseSortField[] = [
  'name',
  'status',
  'fund_raising',
  'pre_money',
  'created_at',
  'updated_at',
];

export interface CaseTableProps {
  rows: CaseSummary[];
  count: number;
  loading: boolean;
  user: StaffUser;
  sort: CaseSort;
  page: number;
  size: number;
  empty: ReactNode;
  restoringId: number | null;
  onSortChange: (sort: CaseSort) => void;
  onPageChange: (page: number, size: number) => void;
  onRestore: (row: CaseSummary) => Promise<unknown>;
}

export const caseHref = (row: { id: number }) => `/dashboard/manager/${row.id}`;

/** Cases with server-side sort and paging; each row is a link to its case. */
export function CaseTable(props: CaseTableProps) {
  const { t } = useTranslation();
  const sortable = (field: CaseSortField) => sortableColumn(props.sort, field);
  // Lists show amounts compact (萬 / 億); the full figure is the cell's tooltip.
  const money = (v: number | null, row: CaseSummary) =>
    v === null ? (
      t('common.none')
    ) : (
      <span title={formatMoney(v, row.currency)}>{formatMoneyCompact(v, row.currency)}</span>
    );

  const columns: DataColumn<CaseSummary>[] = [
    {
      title: t('cases.column.name'),
      dataIndex: 'name',
      ...sortable('name'),
      render: (name: string, row) => (
        <span className="case-table__name">
          <span className="case-table__name-text" title={name}>
            {name}
          </span>
          {row.is_deleted && <Tag color="red">{t('cases.deletedTag')}</Tag>}
          <NewApplicationTag pending={row.application_status === 'pending' && row.status === 'draft'} />
        </span>
      ),
    },
    {
      title: t('cases.column.status'),
      dataIndex: 'status',
      ...sortable('status'),
      render: (status: CaseSummary['status']) => <StageTag stage={status} />,
    },
    {
      title: t('cases.column.ao'),
      dataIndex: 'ao',
      key: 'ao',
      render: (ao: CaseSummary['ao']) => ao?.name ?? t('common.none'),
    },
    {
      title: t('cases.column.round'),
      dataIndex: 'round',
      key: 'round',
      render: (v: string | null) => v || t('common.none'),
    },
    {
      title: t('cases.column.fundRaising'),
      dataIndex: 'fund_raising',
      align: 'right',
      ...sortable('fund_raising'),
      render: money,
    },
    {
      title: t('cases.column.preMoney'),
      dataIndex: 'pre_money',
      align: 'right',
      ...sortable('pre_money'),
      render: money,
    },
    {
      title: t('board.card.nextTodo'),
      dataIndex: 'next_todo',
      key: 'next_todo',
      render: (todo: CaseSummary['next_todo']) =>
        todo ? (
          <span className="case-table__todo" title={todo.title}>
            {todo.title}
            {todo.due_at && <span className="case-table__due"> · {formatDate(todo.due_at)}</span>}
          </span>
        ) : (
          t('common.none')
        ),
    },
    {
      title: t('cases.column.source'),
      dataIndex: 'source',
      key: 'source',
      defaultHidden: true,
      render: (v: string | null) => v || t('common.none'),
    },
    {
      title: t('cases.column.createdAt'),
      dataIndex: 'created_at',
      defaultHidden: true,
      ...sortable('created_at'),
      render: formatDate,
    },
    {
      title: t('cases.column.updatedAt'),
      dataIndex: 'updated_at',
      ...sortable('updated_at'),
      render: formatDate,
    },
  ];
  if (props.rows.some((r) => r.is_deleted)) {
    columns.push({
      title: t('cases.column.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_: unknown, row) =>
        row.is_deleted &&
        !props.user.reviewer &&
        canEditCase(props.user, { aoId: row.ao?.id ?? null, agentIds: row.agent_ids }) ? (
          <Popconfirm
            title={t('cases.restoreConfirm', { name: row.name })}
            okText={t('cases.restore')}
            cancelText={t('common.cancel')}
            onConfirm={() => props.onRestore(row)}
          >
            <Button size="small" loading={props.restoringId === row.id}>
              {t('cases.restore')}
            </Button>
          </Popconfirm>
        ) : null,
    });
  }

  return (
    <DataTable<CaseSummary>
      tableId="cases"
      rowKey="id"
      className="case-table"
      columns={columns}
      dataSource={props.rows}
      loading={props.loading}
      rowHref={caseHref}
      locale={{
        emptyText: props.loading ? (
          <span />
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={props.empty} />
        ),
      }}
      pagination={{
        current: props.page,
        pageSize: props.size,
        total: props.count,
        showSizeChanger: true,
        pageSizeOptions: [10, 20, 50, 100],
        showTotal: (total) => t('cases.total', { count: total }),
      }}
      onChange={sortAndPageHandler<CaseSortField, CaseSummary>({
        fields: SORTABLE,
        fallback: DEFAULT_CASE_SORT,
        size: props.size,
        onSortChange: props.onSortChange,
        onPageChange: props.onPageChange,
      })}
    />
  );
}
