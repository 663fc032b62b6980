import { z } from 'zod';
import { CompanyProfile } from './company.ts';
import { FUND_ROLES } from '../fundRoles.ts';
import { CASE_STAGES, CURRENCIES } from '../stages.ts';
import { DB_ID_MAX, PageQuery, sortParam } from './common.ts';

/** Business plan sections (SPEC section 3). */
export const BUSINESS_PLAN_SECTIONS = [
  'purpose',
  'problem',
  'solution',
  'why',
  'market',
  'competition',
  'product',
  'business_model',
  'financial_status',
  'operating_condition',
] as const;
export type BusinessPlanSection = (typeof BUSINESS_PLAN_SECTIONS)[number];

/**
 * Term sheet fields and who sees them (SPEC section 3): `admin` only in the back office,
 * `front` shown to investors only, `shared` on both sides. Investors see front and shared fields.
 */
export const TERM_SHEET_FIELDS = {
  summary_terms: 'shared',
  total_amount: 'shared',
  investment_amount: 'shared',
  type_of_security: 'shared',
  maturity_date: 'shared',
  automatic_conversion_financing: 'shared',
  anti_dilution: 'admin',
  is_protect: 'admin',
  priority_exit: 'admin',
  together: 'admin',
  loi: 'front',
  nda: 'front',
  medias: 'front',
  presentationFile: 'front',
  is_show_fund_platform: 'admin',
  year_revenue: 'shared',
} as const satisfies Record<string, 'admin' | 'front' | 'shared'>;
export type TermSheetField = keyof typeof TERM_SHEET_FIELDS;

const money = z.coerce.number().finite().min(0).max(1e15);
const text = (max: number) => z.string().trim().max(max);

export const BusinessPlan = z.object(
  Object.fromEntries(BUSINESS_PLAN_SECTIONS.map((k) => [k, text(20_000).optional()])) as Record<
    BusinessPlanSection,
    z.ZodOptional<z.ZodString>
  >,
);

/**
 * A file of the platform's store a term sheet points at (issue 12): its id, the name shown, and its
 * authorised download path. The server writes `path` itself (fileContentPath(file_id)), so what a
 * caller sends there is never stored.
 */
export const TermSheetFileRef = z
  .object({
    file_id: z.number().int().positive().max(DB_ID_MAX),
    name: text(300),
    path: text(2000).optional(),
  })
  .strict();
export type TermSheetFileRef = z.infer<typeof TermSheetFileRef>;

/** The presentation file: a stored file, or (data written before uploads existed) a typed name and path. */
// Strict both ways, so a file reference that fails its own checks (an id out of range) is refused,
// not kept as an old-style value without its id.
export const TermSheetFile = z.union([
  TermSheetFileRef,
  z.object({ name: text(300), path: text(2000) }).strict(),
]);
/** A media item: an uploaded image or file, or a link with its name. */
export const TermSheetMedia = z.union([
  TermSheetFileRef,
  z.object({ name: text(300), url: text(2000) }).strict(),
]);

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/** Whether a stored term-sheet value names a file of the store (has a numeric `file_id`). */
export const isTermSheetFileRef = (v: unknown): v is TermSheetFileRef & { path: string } =>
  isObject(v) && typeof v.file_id === 'number';

/**
 * The stored files a term sheet (or a change to one) points at, each with the field that names it
 * (`presentationFile`, `medias.2`): what the server checks and what later reads go through (#13).
 */
export function termSheetFileRefs(sheet: {
  presentationFile?: unknown;
  medias?: unknown;
}): { field: string; ref: TermSheetFileRef }[] {
  const refs: { field: string; ref: TermSheetFileRef }[] = [];
  if (isTermSheetFileRef(sheet.presentationFile))
    refs.push({ field: 'presentationFile', ref: sheet.presentationFile });
  if (Array.isArray(sheet.medias))
    sheet.medias.forEach((m: unknown, i) => {
      if (isTermSheetFileRef(m)) refs.push({ field: `medias.${i}`, ref: m });
    });
  return refs;
}

export const TermSheet = z
  .object({
    summary_terms: text(20_000).nullish(),
    total_amount: money.nullish(),
    investment_amount: money.nullish(),
    type_of_security: text(200).nullish(),
    maturity_date: z.string().date().nullish(),
    automatic_conversion_financing: text(2000).nullish(),
    anti_dilution: text(2000).nullish(),
    is_protect: z.boolean().nullish(),
    priority_exit: text(2000).nullish(),
    together: text(2000).nullish(),
    loi: text(20_000).nullish(),
    nda: text(20_000).nullish(),
    medias: z.array(TermSheetMedia).max(50).nullish(),
    presentationFile: TermSheetFile.nullish(),
    is_show_fund_platform: z.boolean().nullish(),
    year_revenue: money.nullish(),
  })
  .strict();
export type TermSheet = z.infer<typeof TermSheet>;

const Person = z.object({ id: z.number().int(), name: z.string() });

export const Case = z.object({
  id: z.number().int(),
  name: z.string(),
  status: z.enum(CASE_STAGES),
  dropped_from: z.enum(CASE_STAGES).nullable(),
  ao: Person.nullable(),
  agents: z.array(Person),
  currency: z.string(),
  website: z.string().nullable(),
  opportunity_record_type: z.string().nullable(),
  step: z.string().nullable(),
  source: z.string().nullable(),
  pre_money: z.number().nullable(),
  fund_raising: z.number().nullable(),
  round: z.string().nullable(),
  preserved: z.boolean(),
  deIdentification: z.boolean(),
  funding: z.number().nullable(),
  overview: z.string().nullable(),
  co_investor: z.string().nullable(),
  domain_keys: z.array(z.string()),
  rating_ao_id: z.number().int().nullable(),
  rating_ao_score: z.number().int().nullable(),
  rating_ir_id: z.number().int().nullable(),
  rating_ir_score: z.number().int().nullable(),
  sign_term: z.string().nullable(),
  sticky_column: z.boolean(),
  fund_info: z.record(z.string(), z.unknown()),
  business_plan: z.record(z.string(), z.string()),
  term_sheet: z.record(z.string(), z.unknown()),
  /** A draft made by a startup's registration (issue 14): 'pending' until staff take it on; else null. */
  application_status: z.enum(['pending', 'approved']).nullable(),
  company: z.record(z.string(), z.unknown()),
  is_deleted: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Case = z.infer<typeof Case>;

/** The row of a case list: enough for tables and board cards, without the long texts. */
export const CaseSummary = Case.pick({
  id: true,
  name: true,
  status: true,
  dropped_from: true,
  ao: true,
  currency: true,
  source: true,
  round: true,
  pre_money: true,
  fund_raising: true,
  funding: true,
  domain_keys: true,
  rating_ao_score: true,
  rating_ir_score: true,
  application_status: true,
  is_deleted: true,
  created_at: true,
  updated_at: true,
}).extend({
  agent_ids: z.array(z.number().int()),
  /** When the case entered its current stage (its last stage move, else its creation). */
  stage_entered_at: z.string(),
  /** The open to-do due first (undated ones last), for board cards and lists; null when none is open. */
  next_todo: z.object({ id: z.number().int(), title: z.string(), due_at: z.string().nullable() }).nullable(),
});
export type CaseSummary = z.infer<typeof CaseSummary>;

export const CaseLight = z.object({ id: z.number().int(), name: z.string(), status: z.enum(CASE_STAGES) });
export type CaseLight = z.infer<typeof CaseLight>;

export const CASE_SORT_FIELDS = [
  'created_at',
  'updated_at',
  'name',
  'status',
  'fund_raising',
  'pre_money',
  'funding',
  'id',
] as const;

const flag = z
  .union([z.literal('1'), z.literal('0'), z.literal('true'), z.literal('false')])
  .transform((v) => v === '1' || v === 'true');

/** Filters of the case list (SPEC section 7 `v2/cases`); `status=all` means no stage filter. */
export const CaseListQuery = PageQuery.extend({
  sort: sortParam(CASE_SORT_FIELDS).optional(),
  status: z.union([z.enum(CASE_STAGES), z.literal('all')]).optional(),
  keyword: text(200).optional(),
  q: text(200).optional(),
  employee_id: z.coerce.number().int().positive().max(DB_ID_MAX).optional(),
  ao_id: z.coerce.number().int().positive().max(DB_ID_MAX).optional(),
  round: text(50).optional(),
  domain: text(100).optional(),
  currency: text(10).optional(),
  is_deleted: flag.optional(),
});
export type CaseListQuery = z.infer<typeof CaseListQuery>;

export const CaseSearchQuery = PageQuery.extend({
  q: text(200).optional(),
  status: z.union([z.enum(CASE_STAGES), z.literal('all')]).optional(),
  case_type: text(50).optional(),
});
export type CaseSearchQuery = z.infer<typeof CaseSearchQuery>;

const caseFields = {
  name: text(200).min(1, { message: 'Company name is required' }),
  ao_id: z.number().int().positive().max(DB_ID_MAX).nullish(),
  agent_ids: z.array(z.number().int().positive().max(DB_ID_MAX)).max(20).optional(),
  currency: z.enum(CURRENCIES).optional(),
  website: z
    .union([z.url({ message: 'Enter a full web address, such as https://example.com' }), z.literal('')])
    .nullish(),
  opportunity_record_type: text(100).nullish(),
  step: text(100).nullish(),
  source: text(500).nullish(),
  pre_money: money.nullish(),
  fund_raising: money.nullish(),
  round: text(50).nullish(),
  preserved: z.boolean().optional(),
  deIdentification: z.boolean().optional(),
  funding: money.nullish(),
  overview: text(20_000).nullish(),
  co_investor: text(2000).nullish(),
  domain_keys: z.array(text(100)).max(30).optional(),
  rating_ao_score: z.number().int().min(1).max(5).nullish(),
  rating_ir_score: z.number().int().min(1).max(5).nullish(),
  sign_term: text(2000).nullish(),
  sticky_column: z.boolean().optional(),
  business_plan: BusinessPlan.optional(),
  term_sheet: TermSheet.optional(),
  /** The company profile (issue 14): merged key by key like the business plan. */
  company: CompanyProfile.optional(),
};

/** A case is created with at least its company name and a stage (draft or s0). */
export const CaseCreateBody = z
  .object({ ...caseFields, status: z.enum(['draft', 's0']).default('draft') })
  .strict();
export type CaseCreateBody = z.infer<typeof CaseCreateBody>;

/** Any part may change; a new `status` is a stage move and may need a `reason`. */
// No field of caseFields has a default, so `.partial()` cannot fill in values the caller did not send.
export const CaseUpdateBody = z
  .object({ ...caseFields, status: z.enum(CASE_STAGES), reason: text(2000) })
  .partial()
  .strict();
export type CaseUpdateBody = z.infer<typeof CaseUpdateBody>;

export const CaseLogEntry = z.object({
  id: z.number().int(),
  action: z.string(),
  actor: z.object({ type: z.string(), id: z.number().int().nullable(), name: z.string().nullable() }),
  changes: z.record(z.string(), z.object({ from: z.unknown(), to: z.unknown() })),
  /** Names of the clients the changes mention by id (see clientIdsInChanges), deleted ones included. */
  client_names: z.record(z.string(), z.string()),
  reason: z.string().nullable(),
  created_at: z.string(),
});
export type CaseLogEntry = z.infer<typeof CaseLogEntry>;

/** Per stage: how many cases, and the sum of their fund raising per currency (board column heads). */
const StageStat = z.object({ count: z.number().int(), fund_raising: z.record(z.string(), z.number()) });
// An object with one property per stage (not a record keyed by an enum), so the JSON schema
// names the properties it requires.
export const CaseStageStats = z.object(
  Object.fromEntries(CASE_STAGES.map((stage) => [stage, StageStat])) as Record<
    (typeof CASE_STAGES)[number],
    typeof StageStat
  >,
);
export type CaseStageStats = z.infer<typeof CaseStageStats>;

/** History query: paging, and optionally only some actions (`action=create,stage` for stage timing). */
export const CaseLogQuery = PageQuery.extend({
  action: z
    .string()
    .regex(/^[a-z_.]+(,[a-z_.]+){0,19}$/, {
      message: 'action must be a comma-separated list of action names',
    })
    .transform((v) => v.split(','))
    .optional(),
});
export type CaseLogQuery = z.infer<typeof CaseLogQuery>;

/** Term-sheet fields an investor may see (front-end and shared): what a case summary shows. */
export type InvestorTermSheetField = {
  [K in TermSheetField]: (typeof TERM_SHEET_FIELDS)[K] extends 'admin' ? never : K;
}[TermSheetField];
export const INVESTOR_TERM_SHEET_FIELDS = (Object.keys(TERM_SHEET_FIELDS) as TermSheetField[]).filter(
  (k): k is InvestorTermSheetField => TERM_SHEET_FIELDS[k] !== 'admin',
);

// The investor-visible part of the term sheet, named field by field: the reply is written from this
// contract, so an admin-only term can never leave the server in a summary.
const InvestorTermSheet = z
  .object(TermSheet.shape)
  .pick(
    Object.fromEntries(INVESTOR_TERM_SHEET_FIELDS.map((k) => [k, true])) as Record<
      InvestorTermSheetField,
      true
    >,
  );

/**
 * `GET v1/cases/{id}/summary`: the read-only case summary for staff who present cases to investors
 * (ir and sa, SPEC section 6 keeps them off the case page): overview, stage, round, amounts, the
 * investor-visible terms, who holds which role and the two ratings.
 */
export const CaseBrief = z.object({
  id: z.number().int(),
  name: z.string(),
  status: z.enum(CASE_STAGES),
  round: z.string().nullable(),
  currency: z.string(),
  pre_money: z.number().nullable(),
  fund_raising: z.number().nullable(),
  funding: z.number().nullable(),
  overview: z.string().nullable(),
  domain_keys: z.array(z.string()),
  term_sheet: InvestorTermSheet,
  /** Each role with the clients holding it, lead first (FUND_ROLES order); empty roles left out. */
  roles: z.array(z.object({ role: z.enum(FUND_ROLES), clients: z.array(Person) })),
  rating_ao_score: z.number().int().nullable(),
  rating_ao_by: Person.nullable(),
  rating_ir_score: z.number().int().nullable(),
  rating_ir_by: Person.nullable(),
});
export type CaseBrief = z.infer<typeof CaseBrief>;

/** `PUT v1/cases/{id}/rating`: the IR rating, 1–5, or null to clear it. */
export const CaseRatingBody = z
  .object({ rating_ir_score: z.number().int().min(1).max(5).nullable() })
  .strict();
export type CaseRatingBody = z.infer<typeof CaseRatingBody>;
