import { z } from 'zod';
import { UBN_MESSAGE, isValidUbn } from '../ubn.ts';
import { DB_ID_MAX } from './common.ts';

/**
 * The startup's company profile (SPEC section 3 "Company (fundraising)"), kept on the case as
 * `company`. The company name and the business-plan sections are the case's own `name` and
 * `business_plan`; everything else lives here. The startup proposes it through its review; staff
 * apply it (issue 14).
 */

const text = (max: number) => z.string().trim().max(max);
const money = z.coerce.number().finite().min(0).max(1e15);
const count = z.coerce.number().int().min(0).max(1e12);

export const COMPANY_STATUSES = ['preparing', 'operating', 'suspended', 'dissolved'] as const;
export type CompanyStatus = (typeof COMPANY_STATUSES)[number];

/** Flags with their data companions: the flag on asks for `<flag>_data`. */
export const COMPANY_FLAGS = [
  'other_funding',
  'gisa_board',
  'patent',
  'stationed',
  'award',
  'film_festival',
  'government_subsidy',
] as const;
export type CompanyFlag = (typeof COMPANY_FLAGS)[number];
export type CompanyFlagData = `${CompanyFlag}_data`;
export const companyFlagData = (flag: CompanyFlag): CompanyFlagData => `${flag}_data`;

/** The document uploads of section 3, one stored document each. */
export const COMPANY_DOC_FIELDS = [
  'accountant_financial_statements',
  'self_settlement_financial_statements',
  'cap_table',
  'fundraising_briefing',
  'budget_plan',
  'company_policy',
  'company_change_registration',
  'other_fundraising_doc',
] as const;
export type CompanyDocField = (typeof COMPANY_DOC_FIELDS)[number];

/** A file of the platform's store (uploaded with `POST api/v1/docs` or `api/v1/images`). */
export const CompanyFileRef = z
  .object({ file_id: z.number().int().positive().max(DB_ID_MAX), name: text(300) })
  .strict();
export type CompanyFileRef = z.infer<typeof CompanyFileRef>;

export const TeamMember = z
  .object({
    name: text(100).min(1, { message: 'A team member needs a name' }),
    title: text(100).optional(),
    bio: text(2000).optional(),
    photo: CompanyFileRef.nullish(),
  })
  .strict();
export type TeamMember = z.infer<typeof TeamMember>;

export const COMPANY_TEAM_MAX = 30;
export const COMPANY_IMAGES_MAX = 20;

const companyShape = {
  company_status: z.enum(COMPANY_STATUSES),
  sn: z.string().refine(isValidUbn, { message: UBN_MESSAGE }),
  address: text(300),
  location: text(300),
  industry_keys: z.array(text(100)).max(30),
  keyword: z.array(text(50)).max(30),
  employees: count,
  capital: money,
  issued_shares: count,
  description: text(20_000),
  /** Shares offered in this round. */
  fund_of_shares: count,
  price_per_share: money,
  fundraising: money,
  end_of_fund: z.iso.date({ message: 'Enter a date as YYYY-MM-DD' }),
  team_list: z.array(TeamMember).max(COMPANY_TEAM_MAX),
  avatar: CompanyFileRef.nullable(),
  image_map: CompanyFileRef.nullable(),
  images: z.array(CompanyFileRef).max(COMPANY_IMAGES_MAX),
  contract_name: text(100),
  contract_tel: z
    .string()
    .trim()
    .max(30)
    .regex(/^[0-9+()#\- ]*$/, { message: 'A phone number has digits, spaces and + ( ) - # only' }),
  contract_title: text(100),
  contract_address: text(300),
  contract_email: z.union([z.email({ message: 'Enter a valid email address' }).max(254), z.literal('')]),
  ...(Object.fromEntries(COMPANY_FLAGS.map((f) => [f, z.boolean()])) as Record<CompanyFlag, z.ZodBoolean>),
  ...(Object.fromEntries(COMPANY_FLAGS.map((f) => [companyFlagData(f), text(2000)])) as Record<
    CompanyFlagData,
    z.ZodString
  >),
  ...(Object.fromEntries(COMPANY_DOC_FIELDS.map((f) => [f, CompanyFileRef.nullable()])) as Record<
    CompanyDocField,
    z.ZodNullable<typeof CompanyFileRef>
  >),
};

export const FLAG_DATA_MESSAGE = 'Describe it when this is switched on';

/** Every part optional (a draft is partial); a flag switched on needs its details. */
export const CompanyProfile = z
  .object(companyShape)
  .partial()
  .strict()
  .superRefine((value, ctx) => {
    for (const flag of COMPANY_FLAGS) {
      const data = value[companyFlagData(flag)];
      if (value[flag] === true && (data === undefined || data.trim() === '')) {
        ctx.addIssue({ code: 'custom', path: [companyFlagData(flag)], message: FLAG_DATA_MESSAGE });
      }
    }
  });
export type CompanyProfile = z.infer<typeof CompanyProfile>;

/** The file references of a profile, with the field each sits in (for the server's ownership check). */
export function companyFileRefs(company: CompanyProfile): Array<{ field: string; ref: CompanyFileRef }> {
  const refs: Array<{ field: string; ref: CompanyFileRef }> = [];
  const add = (field: string, ref: CompanyFileRef | null | undefined) => {
    if (ref) refs.push({ field, ref });
  };
  add('avatar', company.avatar);
  add('image_map', company.image_map);
  for (const [i, ref] of (company.images ?? []).entries()) add(`images.${i}`, ref);
  for (const [i, m] of (company.team_list ?? []).entries()) add(`team_list.${i}.photo`, m.photo);
  for (const f of COMPANY_DOC_FIELDS) add(f, company[f]);
  return refs;
}

/**
 * What the profile still lacks for the firm's first screening (s0): the fields a complete
 * submission has. The web shows the list and the share done; the fields are keys of the
 * profile form (`name` and `business_plan.*` are the case's own).
 */
export const COMPANY_REQUIRED_FIELDS = [
  'name',
  'company_status',
  'sn',
  'address',
  'industry_keys',
  'employees',
  'capital',
  'fundraising',
  'end_of_fund',
  'business_plan.problem',
  'business_plan.solution',
  'business_plan.business_model',
  'team_list',
  'fundraising_briefing',
  'cap_table',
  'contract_name',
  'contract_email',
  'contract_tel',
] as const;
export type CompanyRequiredField = (typeof COMPANY_REQUIRED_FIELDS)[number];

const filled = (v: unknown) =>
  v !== undefined && v !== null && v !== '' && !(Array.isArray(v) && v.length === 0);

/** The required fields still empty, and the share of them done (0–100). */
export function companyProgress(profile: {
  name?: string | null;
  business_plan?: Record<string, string | undefined> | null;
  company?: CompanyProfile | Record<string, unknown> | null;
}): { missing: CompanyRequiredField[]; percent: number } {
  const company = (profile.company ?? {}) as Record<string, unknown>;
  const missing = COMPANY_REQUIRED_FIELDS.filter((field) => {
    if (field === 'name') return !filled(profile.name);
    if (field.startsWith('business_plan.')) {
      return !filled(profile.business_plan?.[field.slice('business_plan.'.length)]);
    }
    return !filled(company[field]);
  });
  const done = COMPANY_REQUIRED_FIELDS.length - missing.length;
  return { missing, percent: Math.round((done / COMPANY_REQUIRED_FIELDS.length) * 100) };
}

/**
 * `GET api/internal/v1/cases/{userId}/info` with a startup token: the startup's own account and
 * what it may know of its case — the stage and when each was entered, and the meetings to come.
 * Never staff notes, ratings, people or any admin-only field (issue 14).
 */
export const StartupInfo = z.object({
  user: z.object({
    id: z.number().int(),
    name: z.string(),
    email: z.string(),
    status: z.string(),
  }),
  case: z
    .object({
      id: z.number().int(),
      name: z.string(),
      status: z.string(),
      created_at: z.string(),
      /**
       * The profile as the case holds it now (what the last applied proposal, or staff, left):
       * the form starts from it when no proposal is open.
       */
      profile: z.object({
        name: z.string(),
        business_plan: z.record(z.string(), z.string()),
        company: z.record(z.string(), z.unknown()),
      }),
      /** The stages entered, oldest first (the first is the case's creation). */
      stages: z.array(z.object({ status: z.string(), entered_at: z.string() })),
      meetings: z.array(
        z.object({
          id: z.number().int(),
          title: z.string(),
          start_at: z.string(),
          end_at: z.string(),
          location: z.string().nullable(),
        }),
      ),
    })
    .nullable(),
});
export type StartupInfo = z.infer<typeof StartupInfo>;
