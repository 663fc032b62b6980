import {
  type ClientSummary,
  canDeleteClient,
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
import { currentLanguage } from '../../../shared/i18n/index.ts';
import { useLabel } from '../../../shared/i18n/label.ts';
import { keyOptionsOf, useStaticKeys } from '../../../shared/reference/referenceApi.ts';
import { type ClientSort, type ClientSortField, DEFAULT_CLIENT_SORT } from '../hooks/useClientListParams.ts';
import { clientTypeLabel } from '../lib/clientTypes.ts';
import { ClientStageTag } from './ClientStageTag.tsx';
import { NewApplicationTag } from '../../registration/components/NewApplicationTag.tsx';
import { ExpiryBadge } from './ExpiryBadge.tsx';

const SORTABLE: readonly ClientSortField[] = [
  'name',
  'membership',
  'process_status',
  'invest_money',
  'check_size',
  'expiry_at',
  'created_at',
  'updated_at',
];

export interface ClientTableProps {
  rows: ClientSummary[];
  count: number;
  loading: boolean;
  sort: ClientSort;
  page: number;
  size: number;
  empty: ReactNode;
  user: StaffUser;
  restoringId: number | null;
  onRestore: (row: ClientSummary) => Promise<unknown>;
  onSortChange: (sort: ClientSort) => void;
  onPageChange: (page: number, size: number) => void;
}

export const clientHref = (row: { id: number }) => `/dashboard/investor/${row.id}`;

/** Amounts compact (萬 / 億) in the list; the full figure is the cell's tooltip. */
function Money({ value, currency }: { value: number | null; currency: string }) {
  const { t } = useTranslation();
  if (value === null) return <>{t('common.none')}</>;
  return <span title={formatMoney(value, currency)}>{formatMoneyCompact(value, currency)}</span>;
}

/**
 * What a client put into cases, one amount per currency (never added across), NT$ first; the
 * list sorts by the NT$ amount.
 */
function Invested({ invested }: { invested: Record<string, number> }) {
  const entries = Object.entries(invested)
    .filter(([, v]) => v !== 0)
    .sort(([a], [b]) => (a === 'NTD' ? -1 : b === 'NTD' ? 1 : a.localeCompare(b)));
  if (entries.length === 0) return <Money value={0} currency="NTD" />;
  return (
    <span className="client-table__invested">
      {entries.map(([currency, v]) => (
        <Money key={currency} value={v} currency={currency} />
      ))}
    </span>
  );
}

/** Investor clients with server-side sort and paging; each row is a link to the client. */
export function ClientTable(props: ClientTableProps) {
  const { t } = useTranslation();
  const label = useLabel();
  const domains = useStaticKeys('domain');
  const domainName = new Map(keyOptionsOf(domains.data, currentLanguage()).map((o) => [o.value, o.label]));
  const sortable = (field: ClientSortField) => sortableColumn(props.sort, field);
  const text = (v: string | null) => v || t('common.none');

  const columns: DataColumn<ClientSummary>[] = [
    {
      title: t('clientList.column.name'),
      dataIndex: 'name',
      ...sortable('name'),
      render: (name: string, row) => (
        <span className="client-table__name">
          <span className="client-table__name-text" title={name}>
            {name}
          </span>
          {row.is_deleted && <Tag color="red">{t('clientList.deletedTag')}</Tag>}
          <NewApplicationTag pending={row.application_status === 'pending'} />
        </span>
      ),
    },
    {
      title: t('clientList.column.membership'),
      dataIndex: 'membership',
      ...sortable('membership'),
      render: (tier: ClientSummary['membership']) => (
        <span className="client-table__cut" title={label('membership', tier)}>
          {label('membership', tier)}
        </span>
      ),
    },
    {
      title: t('clientList.column.stage'),
      dataIndex: 'process_status',
      ...sortable('process_status'),
      render: (stage: ClientSummary['process_status']) => <ClientStageTag stage={stage} />,
    },
    {
      title: t('clientList.column.owner'),
      dataIndex: 'employee',
      key: 'employee',
      render: (owner: ClientSummary['employee']) => owner?.name ?? t('clientList.noOwner'),
    },
    {
      title: t('clientList.column.investMoney'),
      dataIndex: 'invest_money',
      align: 'right',
      ...sortable('invest_money'),
      // Sorted by the NT$ amount; every currency shown apart.
      render: (_: number, row) => <Invested invested={row.invested} />,
    },
    {
      title: t('clientList.column.checkSize'),
      dataIndex: 'check_size',
      align: 'right',
      ...sortable('check_size'),
      render: (v: number | null, row) => <Money value={v} currency={row.currency} />,
    },
    {
      title: t('clientList.column.expiry'),
      dataIndex: 'expiry_at',
      ...sortable('expiry_at'),
      render: (v: string | null) =>
        v ? (
          <span className="client-table__expiry">
            {formatDate(v)}
            <ExpiryBadge expiryAt={v} />
          </span>
        ) : (
          t('common.none')
        ),
    },
    {
      title: t('clientList.column.type'),
      dataIndex: 'type',
      key: 'type',
      defaultHidden: true,
      render: (v: string | null) => clientTypeLabel(v),
    },
    {
      title: t('clientList.column.nextStep'),
      dataIndex: 'next_step',
      key: 'next_step',
      defaultHidden: true,
      render: (v: string | null) => (
        <span className="client-table__cut" title={v ?? undefined}>
          {text(v)}
        </span>
      ),
    },
    {
      title: t('clientList.column.email'),
      dataIndex: 'email',
      key: 'email',
      defaultHidden: true,
    },
    {
      title: t('clientList.column.phone'),
      dataIndex: 'phone',
      key: 'phone',
      defaultHidden: true,
      render: text,
    },
    {
      title: t('clientList.column.domains'),
      dataIndex: 'domain_keys',
      key: 'domain_keys',
      defaultHidden: true,
      render: (keys: string[]) => {
        const names = keys.map((k) => domainName.get(k) ?? k).join('、');
        return (
          <span className="client-table__cut" title={names}>
            {names || t('common.none')}
          </span>
        );
      },
    },
    {
      title: t('clientList.column.createdAt'),
      dataIndex: 'created_at',
      defaultHidden: true,
      ...sortable('created_at'),
      render: formatDate,
    },
    {
      title: t('clientList.column.updatedAt'),
      dataIndex: 'updated_at',
      ...sortable('updated_at'),
      render: formatDate,
    },
  ];
  // Deleted clients (shown on request) are restored from the list by whoever may delete them.
  if (props.rows.some((r) => r.is_deleted)) {
    columns.push({
      title: t('clientList.column.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_: unknown, row) =>
        row.is_deleted &&
        !props.user.reviewer &&
        canDeleteClient(props.user, { processStatus: row.process_status, ownerId: row.employee_id }) ? (
          <Popconfirm
            title={t('clientList.restoreConfirm', { name: row.name })}
            okText={t('clientList.restore')}
            cancelText={t('common.cancel')}
            onConfirm={() => props.onRestore(row)}
          >
            <Button size="small" loading={props.restoringId === row.id}>
              {t('clientList.restore')}
            </Button>
          </Popconfirm>
        ) : null,
    });
  }

  return (
    <DataTable<ClientSummary>
      tableId="clients"
      rowKey="id"
      className="client-table"
      columns={columns}
      dataSource={props.rows}
      loading={props.loading}
      rowHref={clientHref}
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
        showTotal: (total) => t('clientList.total', { count: total }),
      }}
      onChange={sortAndPageHandler<ClientSortField, ClientSummary>({
        fields: SORTABLE,
        fallback: DEFAULT_CLIENT_SORT,
        size: props.size,
        onSortChange: props.onSortChange,
        onPageChange: props.onPageChange,
      })}
    />
  );
}
