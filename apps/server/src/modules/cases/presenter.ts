import {
  clientIdsInChanges,
  FUND_ROLES,
  type FundRole,
  INVESTOR_TERM_SHEET_FIELDS,
  type Case,
  type CaseBrief,
  type CaseLight,
  type CaseLogEntry,
  type CaseStage,
  type CaseSummary,
} from '@dealflow/domain';
import type { CaseListRow, CaseRow } from './repository.ts';

export function presentCase(row: CaseRow, names: Map<number, string>): Case {
  const person = (id: number) => ({ id, name: names.get(id) ?? '' });
  return {
    id: row.id,
    name: row.name,
    status: row.status as CaseStage,
    dropped_from: (row.dropped_from as CaseStage | null) ?? null,
    ao: row.ao_id ? person(row.ao_id) : null,
    agents: row.agent_ids.map(person),
    currency: row.currency,
    website: row.website,
    opportunity_record_type: row.opportunity_record_type,
    step: row.step,
    source: row.source,
    pre_money: row.pre_money,
    fund_raising: row.fund_raising,
    round: row.round,
    preserved: row.preserved,
    deIdentification: row.de_identification,
    funding: row.funding,
    overview: row.overview,
    co_investor: row.co_investor,
    domain_keys: row.domain_keys,
    rating_ao_id: row.rating_ao_id,
    rating_ao_score: row.rating_ao_score,
    rating_ir_id: row.rating_ir_id,
    rating_ir_score: row.rating_ir_score,
    sign_term: row.sign_term,
    sticky_column: row.sticky_column,
    fund_info: row.fund_info,
    business_plan: row.business_plan,
    term_sheet: row.term_sheet,
    application_status: row.application_status ?? null,
    company: row.company,
    is_deleted: row.is_deleted,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/** A timestamp from json_build_object (written in the session's time zone) as ISO 8601 UTC. */
const isoOf = (value: string | null) => (value === null ? null : new Date(value).toISOString());

export function presentCaseSummary(row: CaseListRow): CaseSummary {
  return {
    id: row.id,
    name: row.name,
    status: row.status as CaseStage,
    dropped_from: (row.dropped_from as CaseStage | null) ?? null,
    ao: row.ao_id ? { id: row.ao_id, name: row.ao_name ?? '' } : null,
    agent_ids: row.agent_ids,
    currency: row.currency,
    source: row.source,
    round: row.round,
    pre_money: row.pre_money,
    fund_raising: row.fund_raising,
    funding: row.funding,
    domain_keys: row.domain_keys,
    rating_ao_score: row.rating_ao_score,
    rating_ir_score: row.rating_ir_score,
    application_status: row.application_status ?? null,
    is_deleted: row.is_deleted,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    stage_entered_at: row.stage_entered_at.toISOString(),
    next_todo: row.next_todo
      ? { id: row.next_todo.id, title: row.next_todo.title, due_at: isoOf(row.next_todo.due_at) }
      : null,
  };
}

export function presentCaseLight(row: { id: number; name: string; status: string }): CaseLight {
  return { id: row.id, name: row.name, status: row.status as CaseStage };
}

export function presentLogEntry(
  row: {
    id: number;
    action: string;
    actor_type: string;
    actor_id: number | null;
    actor_name: string | null;
    changes: Record<string, { from: unknown; to: unknown }>;
    reason: string | null;
    created_at: Date;
  },
  clientNames: ReadonlyMap<number, string>,
): CaseLogEntry {
  const names: Record<string, string> = {};
  for (const id of clientIdsInChanges(row.changes)) {
    const name = clientNames.get(id);
    if (name !== undefined) names[id] = name;
  }
  return {
    id: row.id,
    action: row.action,
    actor: { type: row.actor_type, id: row.actor_id, name: row.actor_name },
    changes: row.changes,
    client_names: names,
    reason: row.reason,
    created_at: row.created_at.toISOString(),
  };
}

/** The case summary: only investor-visible terms, each role with its clients (lead first). */
export function presentCaseBrief(
  row: CaseRow,
  holders: ReadonlyArray<{ role: FundRole; id: number; name: string }>,
  names: ReadonlyMap<number, string>,
): CaseBrief {
  const person = (id: number | null) => (id === null ? null : { id, name: names.get(id) ?? '' });
  const terms = Object.fromEntries(
    INVESTOR_TERM_SHEET_FIELDS.filter((k) => row.term_sheet[k] !== undefined).map((k) => [
      k,
      row.term_sheet[k],
    ]),
  ) as CaseBrief['term_sheet'];
  return {
    id: row.id,
    name: row.name,
    status: row.status as CaseStage,
    round: row.round,
    currency: row.currency,
    pre_money: row.pre_money,
    fund_raising: row.fund_raising,
    funding: row.funding,
    overview: row.overview,
    domain_keys: row.domain_keys,
    term_sheet: terms,
    roles: FUND_ROLES.map((role) => ({
      role,
      clients: holders.filter((h) => h.role === role).map((h) => ({ id: h.id, name: h.name })),
    })).filter((r) => r.clients.length > 0),
    rating_ao_score: row.rating_ao_score,
    rating_ao_by: person(row.rating_ao_id),
    rating_ir_score: row.rating_ir_score,
    rating_ir_by: person(row.rating_ir_id),
  };
}
