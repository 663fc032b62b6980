/** Case stages (SPEC section 4), in pipeline order. */
export const CASE_STAGES = ['draft', 's0', 's1', 's2', 's3', 's4', 'after_invest', 'finish', 'drop'] as const;
export type CaseStage = (typeof CASE_STAGES)[number];

/** s0 … after_invest form the main list; finish and drop are added in the extended list. */
export const MAIN_CASE_STAGES = [
  's0',
  's1',
  's2',
  's3',
  's4',
  'after_invest',
] as const satisfies readonly CaseStage[];
export const EXTENDED_CASE_STAGES = [
  ...MAIN_CASE_STAGES,
  'finish',
  'drop',
] as const satisfies readonly CaseStage[];
/** Columns of the pipeline board: draft first, then the extended list. */
export const PIPELINE_COLUMNS = ['draft', ...EXTENDED_CASE_STAGES] as const satisfies readonly CaseStage[];

/** Contact/partner pipeline of an investor client (SPEC section 4). */
export const CONTACT_STAGES = ['p0', 'p1', 'p2', 'p3', 'p4', 'p5', 'p6', 'drop'] as const;
export type ContactStage = (typeof CONTACT_STAGES)[number];

/** Membership tiers (SPEC section 3), from most to least involved. */
export const MEMBERSHIP_TIERS = [
  'gp',
  'ic',
  'panel',
  'lp_cvc_co_invest',
  'lp_cvc',
  'paid_co_invest',
  'paid',
  'general',
] as const;
export type MembershipTier = (typeof MEMBERSHIP_TIERS)[number];

export const CURRENCIES = ['NTD', 'USD', 'CNY', 'JPY', 'HKD', 'SGD', 'EUR'] as const;
export type Currency = (typeof CURRENCIES)[number];
