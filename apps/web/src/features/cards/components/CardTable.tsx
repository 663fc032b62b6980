import { CARD_SORT_FIELDS, type Card, type CardSortField, formatDate } from '@dealflow/domain';
import { Tag } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type DataColumn, DataTable } from '../../../shared/components/DataTable.tsx';
import { type SortState, sortAndPageHandler, sortableColumn } from '../../../shared/components/tableSort.ts';
import { useMediaQuery } from '../../../shared/hooks/useMediaQuery.ts';

export interface CardTableProps {
  rows: Card[];
  count: number;
  loading: boolean;
  sort: SortState<CardSortField>;
  defaultSort: SortState<CardSortField>;
  page: number;
  size: number;
  empty: ReactNode;
  extra?: ReactNode;
  onSortChange: (sort: SortState<CardSortField>) => void;
  onPageChange: (page: number, size: number) => void;
  onOpen: (card: Card) => void;
}

const joined = (list: string[], none: string) => (list.length > 0 ? list.join('、') : none);

/** Phones and emails one per line: side by side, two of them pushed the table wider than 1440 px. */
const stacked = (list: string[], none: string) =>
  list.length > 0
    ? list.map((item) => (
        <span key={item} className="card-table__line" title={item}>
          {item}
        </span>
      ))
    : none;

/** The cards the caller may read, with server-side sort and paging; a row opens the card's drawer. */
export function CardTable(props: CardTableProps) {
  const { t } = useTranslation();
  const sortable = (field: CardSortField) => sortableColumn(props.sort, field);
  const phone = useMediaQuery('(max-width: 575.98px)');
  const none = t('common.none');

  const columns: DataColumn<Card>[] = [
    {
      title: t('cards.column.name'),
      dataIndex: 'name',
      ...sortable('name'),
      render: (name: string) => (
        <span className="card-table__name" title={name}>
          {name}
        </span>
      ),
    },
    {
      title: t('cards.column.company'),
      dataIndex: 'company',
      ...sortable('company'),
      render: (v: string | null) =>
        v === null ? (
          none
        ) : (
          <span className="card-table__name" title={v}>
            {v}
          </span>
        ),
    },
    {
      title: t('cards.column.title'),
      dataIndex: 'title',
      key: 'title',
      defaultHidden: phone,
      render: (v: string | null) => v ?? none,
    },
    {
      title: t('cards.column.phones'),
      dataIndex: 'phones',
      key: 'phones',
      defaultHidden: phone,
      render: (v: string[]) => stacked(v, none),
    },
    {
      title: t('cards.column.emails'),
      dataIndex: 'emails',
      key: 'emails',
      defaultHidden: phone,
      render: (v: string[]) => stacked(v, none),
    },
    {
      title: t('cards.column.tags'),
      dataIndex: 'tags',
      key: 'tags',
      defaultHidden: phone,
      render: (tags: string[]) =>
        tags.length > 0
          ? tags.map((tag) => (
              <Tag key={tag} className="card-table__tag">
                {tag}
              </Tag>
            ))
          : none,
    },
    {
      title: t('cards.column.groups'),
      dataIndex: 'groups',
      key: 'groups',
      defaultHidden: true,
      render: (groups: Card['groups']) =>
        joined(
          groups.map((g) => g.name),
          none,
        ),
    },
    {
      title: t('cards.column.owner'),
      dataIndex: 'owner',
      key: 'owner',
      defaultHidden: phone,
      render: (owner: Card['owner']) => owner?.name ?? none,
    },
    {
      title: t('cards.column.access'),
      dataIndex: 'access',
      key: 'access',
      render: (access: Card['access']) => (
        <Tag color={access === 'read' ? 'default' : 'gold'}>{t(`cards.access.${access}`)}</Tag>
      ),
    },
    {
      title: t('cards.column.updated'),
      dataIndex: 'updated_at',
      defaultHidden: phone,
      ...sortable('updated_at'),
      render: formatDate,
    },
  ];

  return (
    <DataTable<Card>
      tableId="cards"
      rowKey="id"
      className="card-table"
      columns={columns}
      dataSource={props.rows}
      loading={props.loading}
      onRowClick={props.onOpen}
      extra={props.extra}
      locale={{ emptyText: props.loading ? <span /> : props.empty }}
      pagination={{
        current: props.page,
        pageSize: props.size,
        total: props.count,
        showSizeChanger: true,
        pageSizeOptions: [10, 20, 50, 100],
        showTotal: (total) => t('cards.total', { count: total }),
      }}
      onChange={sortAndPageHandler<CardSortField, Card>({
        fields: CARD_SORT_FIELDS,
        fallback: props.defaultSort,
        size: props.size,
        onSortChange: props.onSortChange,
        onPageChange: props.onPageChange,
      })}
    />
  );
}
