import {
  CLIENT_LIST_DEFAULTS,
  CLIENT_SORT_FIELDS,
  CONTACT_STAGES,
  type ContactStage,
  DB_ID_MAX,
  MAX_PAGE_SIZE,
  MEMBERSHIP_TIERS,
  type MembershipTier,
} from '@dealflow/domain';
import { useSearchParams } from 'react-router';
import type { SortState } from '../../../shared/components/tableSort.ts';
import type { ClientFilterQuery, ClientListRequest } from '../api/clientListApi.ts';

export type ClientSortField = (typeof CLIENT_SORT_FIELDS)[number];
export type ClientSort = SortState<ClientSortField>;
export type ClientView = 'table' | 'board';
export type ExpiryFilter = 'expired' | 'expiring';

/**
 * The client list's state. The URL uses the API's names (`membership`, `process_status`,
 * `employee_id`, `group_id`…), so a link from elsewhere (a group, a report) reads the same.
 */
export interface ClientListParams {
  /** undefined is `process_status=all`. */
  stage?: ContactStage;
  view: ClientView;
  q: string;
  membership?: MembershipTier;
  type: string;
  ownerId?: number;
  domain: string;
  industry: string;
  expiry?: ExpiryFilter;
  groupId?: number;
  deleted: boolean;
  /** `application=pending`: only self-registered clients waiting for approval. */
  pending: boolean;
  page: number;
  size: number;
  sort: ClientSort;
}

const [DEFAULT_FIELD, DEFAULT_ORDER] = CLIENT_LIST_DEFAULTS.sort.split(':') as [ClientSortField, 'desc'];
export const DEFAULT_CLIENT_SORT: ClientSort = { field: DEFAULT_FIELD, order: DEFAULT_ORDER };

function oneOf<T extends string>(values: readonly T[], value: string | null): T | undefined {
  return (values as readonly (string | null)[]).includes(value) ? (value as T) : undefined;
}

function positiveInt(value: string | null, fallback: number, max = DB_ID_MAX): number {
  if (value === null || !/^\d{1,10}$/.test(value)) return fallback;
  const n = Number(value);
  return n >= 1 ? Math.min(n, max) : fallback;
}

export function parseClientSort(value: string | null): ClientSort {
  const [field, order] = (value ?? '').split(':');
  const f = oneOf(CLIENT_SORT_FIELDS, field ?? null);
  return f && (order === 'asc' || order === 'desc') ? { field: f, order } : DEFAULT_CLIENT_SORT;
}

/** Reads the list's state from the URL; unknown or invalid values fall back to the defaults. */
export function parseClientListParams(search: URLSearchParams): ClientListParams {
  const optionalId = (name: string) => {
    const id = positiveInt(search.get(name), 0);
    return id > 0 && id <= DB_ID_MAX ? id : undefined;
  };
  return {
    stage: oneOf(CONTACT_STAGES, search.get('process_status')),
    view: search.get('view') === 'board' ? 'board' : 'table',
    q: search.get('q') ?? '',
    membership: oneOf(MEMBERSHIP_TIERS, search.get('membership')),
    type: search.get('type') ?? '',
    ownerId: optionalId('employee_id'),
    domain: search.get('domain') ?? '',
    industry: search.get('industry') ?? '',
    expiry: oneOf(['expired', 'expiring'] as const, search.get('expiry')),
    groupId: optionalId('group_id'),
    deleted: search.get('is_deleted') === '1',
    pending: search.get('application') === 'pending',
    page: positiveInt(search.get('page'), CLIENT_LIST_DEFAULTS.page),
    size: positiveInt(search.get('size'), CLIENT_LIST_DEFAULTS.size, MAX_PAGE_SIZE),
    sort: parseClientSort(search.get('sort')),
  };
}

/** The URL of a state; defaults are left out. */
export function clientListSearch(params: ClientListParams): URLSearchParams {
  const out = new URLSearchParams();
  if (params.stage) out.set('process_status', params.stage);
  if (params.view === 'board') out.set('view', 'board');
  if (params.q) out.set('q', params.q);
  if (params.membership) out.set('membership', params.membership);
  if (params.type) out.set('type', params.type);
  if (params.ownerId) out.set('employee_id', String(params.ownerId));
  if (params.domain) out.set('domain', params.domain);
  if (params.industry) out.set('industry', params.industry);
  if (params.expiry) out.set('expiry', params.expiry);
  if (params.groupId) out.set('group_id', String(params.groupId));
  if (params.deleted) out.set('is_deleted', '1');
  if (params.pending) out.set('application', 'pending');
  if (params.page !== CLIENT_LIST_DEFAULTS.page) out.set('page', String(params.page));
  if (params.size !== CLIENT_LIST_DEFAULTS.size) out.set('size', String(params.size));
  if (params.sort.field !== DEFAULT_CLIENT_SORT.field || params.sort.order !== DEFAULT_CLIENT_SORT.order)
    out.set('sort', `${params.sort.field}:${params.sort.order}`);
  return out;
}

/** The filters the API takes, shared by the list, the board columns and the counts. */
export function clientFilterQueryOf(params: ClientListParams): ClientFilterQuery {
  return {
    q: params.q || undefined,
    membership: params.membership,
    type: params.type || undefined,
    employee_id: params.ownerId,
    domain: params.domain || undefined,
    industry: params.industry || undefined,
    expiry: params.expiry,
    group_id: params.groupId,
    is_deleted: params.deleted || undefined,
    application: params.pending ? 'pending' : undefined,
  };
}

/**
 * The list request of a state. A stage the user may not work (a link made by a colleague of
 * another team) reads as every stage they may see, as the tabs show it.
 */
export function clientListRequestOf(
  params: ClientListParams,
  visible: readonly ContactStage[],
): ClientListRequest {
  return {
    ...clientFilterQueryOf(params),
    process_status: params.stage && visible.includes(params.stage) ? params.stage : undefined,
    page: params.page,
    size: params.size,
    sort: `${params.sort.field}:${params.sort.order}`,
  };
}

/** The filters that narrow the list (the stage tab and the view are not filters). */
export const CLEARED_FILTERS: Partial<ClientListParams> = {
  q: '',
  membership: undefined,
  type: '',
  ownerId: undefined,
  domain: '',
  industry: '',
  expiry: undefined,
  groupId: undefined,
  deleted: false,
  pending: false,
};

export function hasClientFilters(params: ClientListParams): boolean {
  return Boolean(
    params.q ||
      params.membership ||
      params.type ||
      params.ownerId ||
      params.domain ||
      params.industry ||
      params.expiry ||
      params.groupId ||
      params.deleted ||
      params.pending,
  );
}

/** Filters, stage tab, view, sort and page live in the URL (house style), so a view can be linked. */
export function useClientListParams() {
  const [search, setSearch] = useSearchParams();
  const params = parseClientListParams(search);
  function update(patch: Partial<ClientListParams>, options: { resetPage?: boolean } = {}) {
    const next = { ...params, ...patch, ...(options.resetPage ? { page: 1 } : {}) };
    setSearch(clientListSearch(next), { replace: true });
  }
  return { params, update };
}
