import {
  type Client,
  type ClientCaseEntry,
  LIST_DEFAULTS,
  formatMoney,
  formatMoneyCompact,
} from '@dealflow/domain';
import { Empty, Segmented, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import '../clientRecords.css';
import { useSearchParams } from 'react-router';
import { type DataColumn, DataTable } from '../../../shared/components/DataTable.tsx';
import { ErrorAlert } from '../../../shared/components/ErrorAlert.tsx';
import { type SortState, sortAndPageHandler, sortableColumn } from '../../../shared/components/tableSort.ts';
import { useLabel } from '../../../shared/i18n/label.ts';
import { StageTag } from '../../cases/components/StageTag.tsx';
import { type ClientCaseSortField, type ClientCasesParams, useClientCases } from '../api/clientRecordsApi.ts';
import { ClientCaseDrawer } from './ClientCaseDrawer.tsx';

const SORTABLE: readonly ClientCaseSortField[] = ['name', 'status', 'invest_money', 'created_at'];
const FILTERS = ['all', 'role', 'interest'] as const;
type Filter = (typeof FILTERS)[number];
const [DEFAULT_FIELD, DEFAULT_ORDER] = LIST_DEFAULTS.clients.sort.split(':') as [ClientCaseSortField, 'desc'];
const DEFAULT_SORT: SortState<ClientCaseSortField> = { field: DEFAULT_FIELD, order: DEFAULT_ORDER };

/** Interest levels 1–3 (SPEC section 3 "Interest") by name. */
const INTEREST_LEVELS: Record<number, 'curious' | 'interested' | 'ready'> = {
  1: 'curious',
  2: 'interested',
  3: 'ready',
};

/** The tab's state in the URL, under its own names so it sits beside the page's. */
const PARAM = { page: 'casesPage', size: 'casesSize', sort: 'casesSort', show: 'casesShow' } as const;

function readParams(search: URLSearchParams): ClientCasesParams {
  const positive = (v: string | null, fallback: number, max: number) => {
    const n = Number(v);
    return v !== null && Number.isInteger(n) && n >= 1 ? Math.min(n, max) : fallback;
  };
  const [field, order] = (search.get(PARAM.sort) ?? '').split(':');
  const sort =
    (SORTABLE as readonly string[]).includes(field ?? '') && (order === 'asc' || order === 'desc')
      ? (`${field}:${order}` as ClientCasesParams['sort'])
      : LIST_DEFAULTS.clients.sort;
  const show = search.get(PARAM.show);
  return {
    page: positive(search.get(PARAM.page), LIST_DEFAULTS.clients.page, 10_000),
    size: positive(search.get(PARAM.size), LIST_DEFAULTS.clients.size, 100),
    sort,
    filter: (FILTERS as readonly string[]).includes(show ?? '') ? (show as Filter) : 'all',
  };
}

/**
 * 參與案件: the cases a client takes part in, with their roles and what they invested (page 1,
 * 10 rows, the biggest investment first), or only showed interest in. A row opens the case as the
 * client is involved in it, where ir and admin keep what each holding is worth.
 */
export function ClientCasesTab({ client, editable }: { client: Client; editable: boolean }) {
  const { t } = useTranslation();
  const label = useLabel();
  const [search, setSearch] = useSearchParams();
  const params = readParams(search);
  const cases = useClientCases(client.id, params);
  const [open, setOpen] = useState<ClientCaseEntry | null>(null);
  const [field, order] = params.sort.split(':') as [ClientCaseSortField, 'asc' | 'desc'];
  const sort: SortState<ClientCaseSortField> = { field, order };

  function update(next: Partial<Record<keyof typeof PARAM, string | null>>) {
    setSearch(
      (current) => {
        const out = new URLSearchParams(current);
        for (const [key, value] of Object.entries(next)) {
          const name = PARAM[key as keyof typeof PARAM];
          if (value === null) out.delete(name);
          else out.set(name, value);
        }
        return out;
      },
      { replace: true },
    );
  }

  const money = (value: number | null, row: ClientCaseEntry) =>
    value === null ? (
      t('common.none')
    ) : (
      <span title={formatMoney(value, row.currency)}>{formatMoneyCompact(value, row.currency)}</span>
    );

  const columns: DataColumn<ClientCaseEntry>[] = [
    { title: t('clientRecords.cases.column.name'), dataIndex: 'name', ...sortableColumn(sort, 'name') },
    {
      title: t('clientRecords.cases.column.status'),
      dataIndex: 'status',
      ...sortableColumn(sort, 'status'),
      render: (status: ClientCaseEntry['status']) => <StageTag stage={status} />,
    },
    {
      key: 'roles',
      title: t('clientRecords.cases.column.roles'),
      dataIndex: 'roles',
      render: (roles: ClientCaseEntry['roles']) =>
        roles.length === 0
          ? t('common.none')
          : roles.map((role) => <Tag key={role}>{label('fundRole', role)}</Tag>),
    },
    {
      title: t('clientRecords.cases.column.investMoney'),
      dataIndex: 'invest_money',
      align: 'right',
      ...sortableColumn(sort, 'invest_money'),
      render: money,
    },
    {
      key: 'interest',
      title: t('clientRecords.cases.column.interest'),
      dataIndex: 'interest',
      render: (interest: ClientCaseEntry['interest'], row) =>
        interest ? (
          <span>
            {t(`clientRecords.cases.interestLevel.${INTEREST_LEVELS[interest.level] ?? 'curious'}`)}
            {interest.amount !== null &&
              ` · ${t('clientRecords.cases.interestAmount', { amount: formatMoneyCompact(interest.amount, row.currency) })}`}
          </span>
        ) : (
          t('common.none')
        ),
    },
  ];

  const data = cases.data;
  return (
    <div className="client-cases">
      <Segmented<Filter>
        aria-label={t('clientRecords.cases.filterLabel')}
        value={params.filter}
        onChange={(value) => update({ show: value === 'all' ? null : value, page: null })}
        options={FILTERS.map((f) => ({ value: f, label: t(`clientRecords.cases.filter.${f}`) }))}
      />
      {cases.isError ? (
        <ErrorAlert error={cases.error} title={t('clientRecords.loadError')} />
      ) : (
        <DataTable<ClientCaseEntry>
          tableId="client-cases"
          rowKey="id"
          columns={columns}
          dataSource={data?.result ?? []}
          loading={cases.isFetching}
          onRowClick={setOpen}
          locale={{
            emptyText: cases.isPending ? (
              <span />
            ) : (
              <Empty
                image={Empty.PRESENTED_IMAGE_SIMPLE}
                description={
                  params.filter === 'all'
                    ? t('clientRecords.cases.empty')
                    : t('clientRecords.cases.emptyFiltered')
                }
              />
            ),
          }}
          pagination={{
            current: params.page,
            pageSize: params.size,
            total: data?.count ?? 0,
            showSizeChanger: true,
            pageSizeOptions: [10, 20, 50, 100],
            showTotal: (total) => t('clientRecords.total', { count: total }),
          }}
          onChange={sortAndPageHandler<ClientCaseSortField, ClientCaseEntry>({
            fields: SORTABLE,
            fallback: DEFAULT_SORT,
            size: params.size,
            onSortChange: (next) =>
              update({
                sort:
                  next.field === DEFAULT_SORT.field && next.order === DEFAULT_SORT.order
                    ? null
                    : `${next.field}:${next.order}`,
                page: null,
              }),
            onPageChange: (page, size) =>
              update({ page: page === 1 ? null : String(page), size: size === 10 ? null : String(size) }),
          })}
        />
      )}
      {open && (
        <ClientCaseDrawer client={client} entry={open} editable={editable} onClose={() => setOpen(null)} />
      )}
    </div>
  );
}
