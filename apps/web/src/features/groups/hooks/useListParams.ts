import { MAX_PAGE_SIZE } from '@dealflow/domain';
import { useSearchParams } from 'react-router';
import type { SortState } from '../../../shared/components/tableSort.ts';

export interface ListParams<F extends string> {
  q: string;
  page: number;
  size: number;
  sort: SortState<F>;
}

function positiveInt(value: string | null, fallback: number, max = Number.MAX_SAFE_INTEGER): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? Math.min(n, max) : fallback;
}

function parseSort<F extends string>(
  value: string | null,
  fields: readonly F[],
  fallback: SortState<F>,
): SortState<F> {
  const [field, order] = (value ?? '').split(':');
  return (fields as readonly (string | undefined)[]).includes(field) && (order === 'asc' || order === 'desc')
    ? { field: field as F, order }
    : fallback;
}

const sameSort = <F extends string>(a: SortState<F>, b: SortState<F>) =>
  a.field === b.field && a.order === b.order;

/**
 * Search, sort and page of a list, kept in the URL (house style) so a view can be linked and
 * reloaded; values equal to the defaults stay out of the URL.
 */
export function useListParams<F extends string>(options: {
  fields: readonly F[];
  defaults: { page: number; size: number; sort: string };
}) {
  const [search, setSearch] = useSearchParams();
  const [defaultField, defaultOrder] = options.defaults.sort.split(':') as [F, 'asc' | 'desc'];
  const defaultSort: SortState<F> = { field: defaultField, order: defaultOrder };
  const params: ListParams<F> = {
    q: search.get('q') ?? '',
    page: positiveInt(search.get('page'), options.defaults.page),
    size: positiveInt(search.get('size'), options.defaults.size, MAX_PAGE_SIZE),
    sort: parseSort(search.get('sort'), options.fields, defaultSort),
  };

  function update(patch: Partial<ListParams<F>>, opts: { resetPage?: boolean } = {}) {
    const next = { ...params, ...patch, ...(opts.resetPage ? { page: 1 } : {}) };
    // Other parameters of the page (filters, an open drawer) are kept as they are.
    const out = new URLSearchParams(search);
    for (const key of ['q', 'page', 'size', 'sort']) out.delete(key);
    if (next.q) out.set('q', next.q);
    if (next.page !== options.defaults.page) out.set('page', String(next.page));
    if (next.size !== options.defaults.size) out.set('size', String(next.size));
    if (!sameSort(next.sort, defaultSort)) out.set('sort', `${next.sort.field}:${next.sort.order}`);
    setSearch(out, { replace: true });
  }

  /** The list request: the sort is sent only when it is not the server's default. */
  const request = {
    q: params.q || undefined,
    sort: sameSort(params.sort, defaultSort) ? undefined : `${params.sort.field}:${params.sort.order}`,
    page: params.page,
    size: params.size,
  };

  return { params, update, request, defaultSort };
}
