import {
  CASE_SORT_FIELDS,
  CASE_STAGES,
  type CaseStage,
  LIST_DEFAULTS,
  MAX_PAGE_SIZE,
} from '@dealflow/domain';
import { useSearchParams } from 'react-router';
import type { SortState } from '../../../shared/components/tableSort.ts';
import type { CaseFilterQuery, CaseListRequest } from '../api/casesApi.ts';

export type CaseSortField = (typeof CASE_SORT_FIELDS)[number];
export type CaseSort = SortState<CaseSortField>;
export type CaseView = 'table' | 'board';

export interface CaseListParams {
  /** undefined is `status=all`. */
  status?: CaseStage;
  view: CaseView;
  q: string;
  aoId?: number;
  round: string;
  domain: string;
  currency: string;
  deleted: boolean;
  page: number;
  size: number;
  sort: CaseSort;
}

const [DEFAULT_FIELD, DEFAULT_ORDER] = LIST_DEFAULTS.cases.sort.split(':') as [CaseSortField, 'desc'];
export const DEFAULT_CASE_SORT: CaseSort = { field: DEFAULT_FIELD, order: DEFAULT_ORDER };

function oneOf<T extends string>(values: readonly T[], value: string | null): T | undefined {
  return (values as readonly (string | null)[]).includes(value) ? (value as T) : undefined;
}

function positiveInt(value: string | null, fallback: number, max = Number.MAX_SAFE_INTEGER): number {
  const n = Number(value);
  return value !== null && Number.isInteger(n) && n >= 1 ? Math.min(n, max) : fallback;
}

export function parseCaseSort(value: string | null): CaseSort {
  const [field, order] = (value ?? '').split(':');
  const f = oneOf(CASE_SORT_FIELDS, field ?? null);
  return f && (order === 'asc' || order === 'desc') ? { field: f, order } : DEFAULT_CASE_SORT;
}

/** Reads the case list's state from the URL; unknown or invalid values fall back to the defaults. */
export function parseCaseListParams(search: URLSearchParams): CaseListParams {
  const aoId = positiveInt(search.get('ao'), 0);
  return {
    status: oneOf(CASE_STAGES, search.get('status')),
    view: search.get('view') === 'board' ? 'board' : 'table',
    q: search.get('q') ?? '',
    aoId: aoId > 0 ? aoId : undefined,
    round: search.get('round') ?? '',
    domain: search.get('domain') ?? '',
    currency: search.get('currency') ?? '',
    deleted: search.get('deleted') === '1',
    page: positiveInt(search.get('page'), LIST_DEFAULTS.cases.page),
    size: positiveInt(search.get('size'), LIST_DEFAULTS.cases.size, MAX_PAGE_SIZE),
    sort: parseCaseSort(search.get('sort')),
  };
}

/** The URL of a state: defaults are left out, `status` is always written (`all` for no filter). */
export function caseListSearch(params: CaseListParams): URLSearchParams {
  const out = new URLSearchParams();
  out.set('status', params.status ?? 'all');
  if (params.view === 'board') out.set('view', 'board');
  if (params.q) out.set('q', params.q);
  if (params.aoId) out.set('ao', String(params.aoId));
  if (params.round) out.set('round', params.round);
  if (params.domain) out.set('domain', params.domain);
  if (params.currency) out.set('currency', params.currency);
  if (params.deleted) out.set('deleted', '1');
  if (params.page !== LIST_DEFAULTS.cases.page) out.set('page', String(params.page));
  if (params.size !== LIST_DEFAULTS.cases.size) out.set('size', String(params.size));
  if (params.sort.field !== DEFAULT_CASE_SORT.field || params.sort.order !== DEFAULT_CASE_SORT.order)
    out.set('sort', `${params.sort.field}:${params.sort.order}`);
  return out;
}

/** The filters the API takes, shared by the list, the board columns and the counts. */
export function filterQueryOf(params: CaseListParams): CaseFilterQuery {
  return {
    keyword: params.q || undefined,
    ao_id: params.aoId,
    round: params.round || undefined,
    domain: params.domain || undefined,
    currency: params.currency || undefined,
    is_deleted: params.deleted || undefined,
  };
}

export function listRequestOf(params: CaseListParams): CaseListRequest {
  return {
    ...filterQueryOf(params),
    status: params.status,
    page: params.page,
    size: params.size,
    sort: `${params.sort.field}:${params.sort.order}`,
  };
}

export function hasFilters(params: CaseListParams): boolean {
  return Boolean(
    params.q || params.aoId || params.round || params.domain || params.currency || params.deleted,
  );
}

/** Filters, stage tab, view, sort and page live in the URL (house style), so a view can be linked. */
export function useCaseListParams() {
  const [search, setSearch] = useSearchParams();
  const params = parseCaseListParams(search);
  function update(patch: Partial<CaseListParams>, options: { resetPage?: boolean } = {}) {
    const next = { ...params, ...patch, ...(options.resetPage ? { page: 1 } : {}) };
    setSearch(caseListSearch(next), { replace: true });
  }
  return { params, update };
}
