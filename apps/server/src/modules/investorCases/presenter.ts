import {
  caseCodeName,
  type InvestorCaseAccess,
  type InvestorCaseCard,
  type InvestorCaseDetail,
  type InvestorCaseComment,
  INVESTOR_ANSWER_TYPE,
  INVESTOR_QUESTION_TYPE,
  isTermSheetFileRef,
  maskCompanyText,
  TERM_SHEET_FIELDS,
} from '@dealflow/domain';
import type { CommentView } from '../comments/repository.ts';
import type { InvestorCaseRow } from './repository.ts';

/**
 * Cases as an investor reads them (issue 13). Written field by field, never by spreading a row: a
 * column added to cases later stays in the back office until someone decides to show it here.
 * A masked case goes by its code name, and every text loses the company's name and web address.
 */

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
const iso = (v: Date | string) => (v instanceof Date ? v.toISOString() : new Date(v).toISOString());

/** Term-sheet fields that are files or links: a masked case shows none of them ("no documents"). */
const DOCUMENT_FIELDS = new Set(['medias', 'presentationFile']);

function masker(found: InvestorCaseRow, access: InvestorCaseAccess) {
  const code = caseCodeName(found.row.id);
  return (text: string | null | undefined): string | null => {
    if (text === null || text === undefined) return null;
    return access.masked ? maskCompanyText(text, found.row.name, code, found.row.website) : text;
  };
}

function maskValue(value: unknown, mask: (t: string) => string | null): unknown {
  if (typeof value === 'string') return mask(value);
  if (Array.isArray(value)) return value.map((v) => maskValue(v, mask));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, maskValue(v, mask)]));
  return value;
}

/** A stored file opens through the data room (stamped, recorded), never the staff download path. */
function dataRoomRefs(caseId: number, value: unknown): unknown {
  const one = (v: unknown) =>
    isTermSheetFileRef(v) ? { ...v, path: `/api/internal/v1/me/cases/${caseId}/files/${v.file_id}` } : v;
  return Array.isArray(value) ? value.map(one) : one(value);
}

function headline(overview: string | null): string | null {
  const first = overview?.split(/\r?\n/).find((line) => line.trim() !== '');
  if (!first) return null;
  const line = first.trim();
  return line.length > 120 ? `${line.slice(0, 119)}…` : line;
}

export function presentInvestorCaseCard(
  found: InvestorCaseRow,
  access: InvestorCaseAccess,
): InvestorCaseCard {
  const { row } = found;
  const mask = masker(found, access);
  const code = caseCodeName(row.id);
  return {
    id: row.id,
    name: access.masked ? code : row.name,
    code_name: code,
    status: row.status as InvestorCaseCard['status'],
    round: row.round,
    currency: row.currency,
    fund_raising: num(row.fund_raising),
    headline: headline(mask(row.overview)),
    domain_keys: row.domain_keys,
    access: {
      via: access.via ?? 'tier',
      masked: access.masked,
      may_register_interest: access.mayRegisterInterest,
      invests_through_fund: access.investsThroughFund,
      nda_signed: found.nda_signed,
    },
    interest: found.interest
      ? {
          id: found.interest.id,
          amount: num(found.interest.amount),
          note: found.interest.note,
          created_at: iso(found.interest.registered_at),
        }
      : null,
    created_at: iso(row.created_at),
  };
}

export function presentInvestorCaseDetail(
  found: InvestorCaseRow,
  access: InvestorCaseAccess,
  extra: {
    roles: Array<{ id: number; role: string; invest_money: unknown }>;
    ao: { id: number; name: string } | null;
    recusal: { document_id: number; recused_at: string } | null;
  },
): InvestorCaseDetail {
  const { row } = found;
  const mask = masker(found, access);
  const maskText = (t: string) => mask(t);
  const termSheet: Record<string, unknown> = {};
  for (const [field, side] of Object.entries(TERM_SHEET_FIELDS)) {
    if (side === 'admin') continue;
    if (access.masked && DOCUMENT_FIELDS.has(field)) continue;
    const value = row.term_sheet?.[field];
    if (value === undefined || value === null) continue;
    termSheet[field] = DOCUMENT_FIELDS.has(field) ? dataRoomRefs(row.id, value) : maskValue(value, maskText);
  }
  const plan: Record<string, string> = {};
  for (const [section, text] of Object.entries(row.business_plan ?? {}))
    if (typeof text === 'string' && text.trim() !== '') plan[section] = mask(text) ?? '';
  return {
    ...presentInvestorCaseCard(found, access),
    website: access.masked ? null : row.website,
    overview: mask(row.overview),
    pre_money: num(row.pre_money),
    funding: num(row.funding),
    co_investor: mask(row.co_investor),
    ao: extra.ao,
    business_plan: plan,
    term_sheet: termSheet,
    roles: extra.roles.map((r) => ({ id: r.id, role: r.role, invest_money: num(r.invest_money) })),
    recusal: extra.recusal,
  };
}

/** A comment as the investor reads it, masked like the rest of the case. */
export function presentInvestorComment(
  view: CommentView,
  found: InvestorCaseRow,
  access: InvestorCaseAccess,
): InvestorCaseComment {
  const mask = masker(found, access);
  const c = view.comment;
  const kind =
    c.type === INVESTOR_QUESTION_TYPE ? 'question' : c.type === INVESTOR_ANSWER_TYPE ? 'answer' : 'update';
  return {
    id: c.id,
    kind,
    title: mask(c.title),
    comment: mask(c.comment) ?? '',
    publish_at: iso(c.publish_at),
    reply_to: c.reply_to,
    author: kind === 'question' ? null : view.author_name,
  };
}
