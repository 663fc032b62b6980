import { z } from 'zod';
import { CASE_STAGES } from '../stages.ts';
import { DB_ID_MAX, PageQuery, sortParam } from './common.ts';
import { ConflictDeclaration } from './legalDocs.ts';
import { INVESTOR_CASE_LIST_DEFAULTS } from '../investorAccess.ts';

export { INVESTOR_CASE_LIST_DEFAULTS };

/**
 * The investor's side of cases (issue 13): `api/internal/v1/me/cases[/{id}]`. What a case shows
 * depends on `investorCaseAccess` (packages/domain/src/investorAccess.ts); a masked case goes by its
 * code name, with no website, no documents, and the company's name taken out of every text.
 */

/** Stages an investor may ask for (draft never leaves the firm). */
export const INVESTOR_CASE_STAGE_FILTER = CASE_STAGES.filter((s) => s !== 'draft') as Exclude<
  (typeof CASE_STAGES)[number],
  'draft'
>[];

export const INVESTOR_CASE_SORT_FIELDS = ['created_at', 'updated_at', 'fund_raising'] as const;

const text = (max: number) => z.string().trim().max(max);

export const InvestorCaseListQuery = PageQuery.omit({ all: true }).extend({
  status: z.enum(INVESTOR_CASE_STAGE_FILTER as [string, ...string[]]).optional(),
  q: text(200).optional(),
  domain: text(100).optional(),
  sort: sortParam(INVESTOR_CASE_SORT_FIELDS).optional(),
});
export type InvestorCaseListQuery = z.infer<typeof InvestorCaseListQuery>;

export const InvestorCaseAccessView = z.object({
  via: z.enum(['role', 'invitation', 'tier']),
  masked: z.boolean(),
  may_register_interest: z.boolean(),
  invests_through_fund: z.boolean(),
  nda_signed: z.boolean(),
});

export const MyInterest = z.object({
  id: z.number().int(),
  amount: z.number().nullable(),
  note: z.string().nullable(),
  created_at: z.string(),
});
export type MyInterest = z.infer<typeof MyInterest>;

/** A case as a card of the investor's list. */
export const InvestorCaseCard = z.object({
  id: z.number().int(),
  /** The company's name, or the code name while masked. */
  name: z.string(),
  code_name: z.string(),
  status: z.enum(CASE_STAGES),
  round: z.string().nullable(),
  currency: z.string(),
  fund_raising: z.number().nullable(),
  /** The first line of the overview (masked like the rest). */
  headline: z.string().nullable(),
  domain_keys: z.array(z.string()),
  access: InvestorCaseAccessView,
  interest: MyInterest.nullable(),
  created_at: z.string(),
});
export type InvestorCaseCard = z.infer<typeof InvestorCaseCard>;

/**
 * `GET me/cases/industries`: the investor's visible cases counted by their domain keys, stage and
 * currency, with what they raise in total (null when none says). The industry pages sum these rows
 * instead of reading every case: a GP who sees 100,000 cases gets a few hundred rows.
 */
export const InvestorCaseFacet = z.object({
  domain_keys: z.array(z.string()),
  status: z.enum(CASE_STAGES),
  currency: z.string(),
  cases: z.number().int(),
  fund_raising: z.number().nullable(),
});
export type InvestorCaseFacet = z.infer<typeof InvestorCaseFacet>;

/** A case's detail for an investor: only front-end and shared term-sheet fields, ever. */
export const InvestorCaseDetail = InvestorCaseCard.extend({
  website: z.string().nullable(),
  overview: z.string().nullable(),
  pre_money: z.number().nullable(),
  funding: z.number().nullable(),
  co_investor: z.string().nullable(),
  /** The account officer to talk to. */
  ao: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  business_plan: z.record(z.string(), z.string()),
  term_sheet: z.record(z.string(), z.unknown()),
  /** The investor's own roles on the case (money included: it is theirs). */
  roles: z.array(z.object({ id: z.number().int(), role: z.string(), invest_money: z.number().nullable() })),
  /**
   * The investor signed a COI declaring a conflict on this case: recused from its IC discussion
   * and allocation (interest, LOI and questions are refused with COI_RECUSED) until it is voided.
   */
  recusal: z.object({ document_id: z.number().int(), recused_at: z.string() }).nullable(),
});
export type InvestorCaseDetail = z.infer<typeof InvestorCaseDetail>;

export const InvestorCaseParam = z.object({ id: z.coerce.number().int().positive().max(DB_ID_MAX) });

/** "I'm interested", with an optional indicative amount in the case's currency. */
export const MyInterestBody = z
  .object({
    amount: z.number().finite().min(0).max(1e15).nullable().optional(),
    note: text(2000).nullable().optional(),
  })
  .strict();
export type MyInterestBody = z.infer<typeof MyInterestBody>;

/** The documents an investor makes for themselves on a case they see (issue 13); the subscription is staff's. */
export const MY_DOCUMENT_KINDS = ['nda', 'loi', 'coi'] as const;
export type MyDocumentKind = (typeof MY_DOCUMENT_KINDS)[number];

export const MyDocumentCreateBody = z
  .object({
    kind: z.enum(MY_DOCUMENT_KINDS),
    lang: z.enum(['zh-TW', 'en']).default('zh-TW'),
    /** NT$ the LOI states; blank leaves a line (the interest's amount is used when there is one). */
    commitment_amount: z.number().int().min(0).max(10_000_000_000_000).nullable().optional(),
    /** A COI's declaration, made as it is generated (or later, before signing). */
    conflict_declaration: ConflictDeclaration.nullable().optional(),
  })
  .strict()
  .refine((v) => !v.conflict_declaration || v.kind === 'coi', {
    path: ['conflict_declaration'],
    message: 'Only a COI carries a conflict declaration',
  });
export type MyDocumentCreateBody = z.infer<typeof MyDocumentCreateBody>;

/** What an investor reads under a case: the firm's published comments, their questions and the answers. */
export const InvestorCaseComment = z.object({
  id: z.number().int(),
  kind: z.enum(['update', 'question', 'answer']),
  title: z.string().nullable(),
  comment: z.string(),
  publish_at: z.string(),
  reply_to: z.number().int().nullable(),
  /** Staff who wrote an update or an answer; null on the investor's own question. */
  author: z.string().nullable(),
});
export type InvestorCaseComment = z.infer<typeof InvestorCaseComment>;

export const MyQuestionBody = z
  .object({
    title: text(200).nullish(),
    comment: text(5000).min(1, { message: 'Write your question' }),
  })
  .strict();
export type MyQuestionBody = z.infer<typeof MyQuestionBody>;
