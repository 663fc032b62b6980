import type { TableProps } from 'antd';
import type { SortOrder } from 'antd/es/table/interface';

/** A table's sort as pages keep it in the URL and the API takes it (`field:asc|desc`). */
export interface SortState<F extends string> {
  field: F;
  order: 'asc' | 'desc';
}

/** Column props that make a header sortable and show the current order. */
export function sortableColumn<F extends string>(sort: SortState<F>, field: F) {
  const sortOrder: SortOrder = sort.field === field ? (sort.order === 'asc' ? 'ascend' : 'descend') : null;
  return { key: field, sorter: true, sortOrder };
}

/**
 * The Table `onChange` that turns antd's sorter and pagination events into our sort state and
 * page; clearing a column's sort returns to the list's default order.
 */
export function sortAndPageHandler<F extends string, Row>(options: {
  fields: readonly F[];
  fallback: SortState<F>;
  size: number;
  onSortChange: (sort: SortState<F>) => void;
  onPageChange: (page: number, size: number) => void;
}): NonNullable<TableProps<Row>['onChange']> {
  const isField = (v: unknown): v is F => (options.fields as readonly unknown[]).includes(v);
  return (pagination, _filters, sorter, extra) => {
    if (extra.action === 'sort') {
      const s = Array.isArray(sorter) ? sorter[0] : sorter;
      options.onSortChange(
        s && isField(s.columnKey) && s.order
          ? { field: s.columnKey, order: s.order === 'ascend' ? 'asc' : 'desc' }
          : options.fallback,
      );
      return;
    }
    if (extra.action === 'paginate')
      options.onPageChange(pagination.current ?? 1, pagination.pageSize ?? options.size);
  };
}
