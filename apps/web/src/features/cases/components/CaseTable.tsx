import { type CaseSummary, canEditCase, formatDate, formatMoney, type StaffUser } from '@dealflow/domain';
import { Button, Empty, Popconfirm, Table, type TableProps, Tag } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type CaseSort, type CaseSortField, DEFAULT_CASE_SORT } from '../hooks/useCaseListParams.ts';
import { sortAndPageHandler, sortableColumn } from '../../../shared/components/tableSort.ts';
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
  onOpen: (row: CaseSummary) => void;
  onRestore: (row: CaseSummary) => Promise<unknown>;
}

/** Cases with server-side sort and paging; a row (click or Enter) opens the case. */
export function CaseTable(props: CaseTableProps) {
  const { t } = useTranslation();
  const sortable = (field: CaseSortField) => sortableColumn(props.sort, field);
  const money = (v: number | null, row: CaseSummary) =>
    v === null ? t('common.none') : formatMoney(v, row.currency);

  const columns: NonNullable<TableProps<CaseSummary>['columns']> = [
    {
      title: t('cases.column.name'),
      dataIndex: 'name',
      ...sortable('name'),
      render: (name: string, row) => (
        <span className="case-table__name">
          {name}
          {row.is_deleted && <Tag color="red">{t('cases.deletedTag')}</Tag>}
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
      render: (ao: CaseSummary['ao']) => ao?.name ?? t('common.none'),
    },
    {
      title: t('cases.column.round'),
      dataIndex: 'round',
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
      title: t('cases.column.source'),
      dataIndex: 'source',
      ellipsis: true,
      render: (v: string | null) => v || t('common.none'),
    },
    {
      title: t('cases.column.createdAt'),
      dataIndex: 'created_at',
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
          // biome-ignore lint/a11y/noStaticElementInteractions: only stops the row from opening; the button is the control
          <span onClick={(e) => e.stopPropagation()} onKeyDown={(e) => e.stopPropagation()}>
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
          </span>
        ) : null,
    });
  }

  return (
    <Table<CaseSummary>
      rowKey="id"
      className="case-table"
      columns={columns}
      dataSource={props.rows}
      loading={props.loading}
      scroll={{ x: 'max-content' }}
      locale={{
        emptyText: props.loading ? (
          <span />
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={props.empty} />
        ),
      }}
      rowClassName="clickable-row"
      onRow={(row) => ({
        tabIndex: 0,
        'aria-label': row.name,
        onClick: () => props.onOpen(row),
        onKeyDown: (event) => {
          if (event.key === 'Enter' && event.target === event.currentTarget) props.onOpen(row);
        },
      })}
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
