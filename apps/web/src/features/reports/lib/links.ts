import type { CaseStage, ContactStage, MembershipTier } from '@dealflow/domain';

/**
 * Links from a chart to the list it summarises, with the filters the lists read from their URL
 * (useCaseListParams: status, ao, round, domain; useClientListParams: process_status, membership,
 * employee_id, domain). A group without a key ('' = none) has no filter to open, so no link.
 */
export interface CaseListFilter {
  status?: CaseStage;
  ao?: string;
  round?: string;
  domain?: string;
}

export function caseListHref(filter: CaseListFilter): string {
  const q = new URLSearchParams();
  q.set('status', filter.status ?? 'all');
  if (filter.ao) q.set('ao', filter.ao);
  if (filter.round) q.set('round', filter.round);
  if (filter.domain) q.set('domain', filter.domain);
  return `/dashboard?${q}`;
}

export interface ClientListFilter {
  process_status?: ContactStage;
  membership?: MembershipTier;
  employee_id?: string;
  domain?: string;
}

export function clientListHref(filter: ClientListFilter): string {
  const q = new URLSearchParams();
  if (filter.process_status) q.set('process_status', filter.process_status);
  if (filter.membership) q.set('membership', filter.membership);
  if (filter.employee_id) q.set('employee_id', filter.employee_id);
  if (filter.domain) q.set('domain', filter.domain);
  const qs = q.toString();
  return `/dashboard/investor${qs ? `?${qs}` : ''}`;
}

export const caseHref = (id: number) => `/dashboard/manager/${id}`;
export const clientHref = (id: number) => `/dashboard/investor/${id}`;
