import type { CaseStage, MembershipTier } from './stages.ts';

/**
 * What an investor may see of a case (issue 13; our rule, beyond every anchor). The server
 * decides every investor reply with it — the case list and a case's detail ask the same question —
 * and the web reads it only to word its pages.
 *
 * - GP, IC and Panel members see every case from s1 on.
 * - LP/CVC and paid members see the cases from s1 on that are shown on the fund platform.
 * - General members see only the cases they were invited to (an interest staff created for them).
 * - Everyone sees the cases they hold a role in (which is how an investment is recorded), at any
 *   stage but draft, post-investment and dropped ones included.
 * - An expired membership sees nothing.
 */

/** The stages a case is presented to investors in ("from s1 on"); s0 is the firm's own screening. */
export const INVESTOR_OPEN_STAGES = [
  's1',
  's2',
  's3',
  's4',
  'after_invest',
  'finish',
] as const satisfies readonly CaseStage[];

/** The stages in which a case raises money, so interest can be registered. */
export const INVESTOR_RAISING_STAGES = ['s1', 's2', 's3', 's4'] as const satisfies readonly CaseStage[];

/** The stages an investor sees a case in through a role (or a staff invitation): all but draft. */
export const INVESTOR_PARTICIPANT_STAGES = [
  's0',
  's1',
  's2',
  's3',
  's4',
  'after_invest',
  'finish',
  'drop',
] as const satisfies readonly CaseStage[];

/** How a tier reaches cases it holds no role in. */
export type TierReach = 'all' | 'fund_platform' | 'invited';

/** Per tier: which cases it sees beyond its own, and whether it may co-invest in a single case. */
export const TIER_CASE_ACCESS: Record<MembershipTier, { reach: TierReach; coInvest: boolean }> = {
  gp: { reach: 'all', coInvest: true },
  ic: { reach: 'all', coInvest: true },
  panel: { reach: 'all', coInvest: true },
  lp_cvc_co_invest: { reach: 'fund_platform', coInvest: true },
  lp_cvc: { reach: 'fund_platform', coInvest: false },
  paid_co_invest: { reach: 'fund_platform', coInvest: true },
  paid: { reach: 'fund_platform', coInvest: false },
  general: { reach: 'invited', coInvest: false },
};

export interface InvestorCaseFacts {
  tier: MembershipTier;
  /** The membership ran out (`expiry_at` in the past). */
  expired: boolean;
  stage: CaseStage;
  /** The term sheet's `is_show_fund_platform`. */
  shownOnFundPlatform: boolean;
  /** The case's `deIdentification`. */
  deIdentified: boolean;
  /** The investor holds a role on the case (lead angel, panel, an investor role…). */
  hasRole: boolean;
  /** Staff invited the investor: an interest staff created for them. */
  invited: boolean;
  /** The investor signed the case's NDA. */
  ndaSigned: boolean;
}

export interface InvestorCaseAccess {
  visible: boolean;
  /** Why it is visible (for the page's wording); null when not. */
  via: 'role' | 'invitation' | 'tier' | null;
  /** Shown under a code name, without website, team, documents, until the NDA is signed. */
  masked: boolean;
  /** The tier co-invests and the case is raising: "I'm interested" is offered. */
  mayRegisterInterest: boolean;
  /** The tier sees the case but invests through the fund: the page says so. */
  investsThroughFund: boolean;
}

const NONE: InvestorCaseAccess = {
  visible: false,
  via: null,
  masked: true,
  mayRegisterInterest: false,
  investsThroughFund: false,
};

const has = <T extends string>(list: readonly T[], v: string): boolean =>
  (list as readonly string[]).includes(v);

export function investorCaseAccess(f: InvestorCaseFacts): InvestorCaseAccess {
  if (f.expired) return NONE;
  const tier = TIER_CASE_ACCESS[f.tier];
  let via: InvestorCaseAccess['via'] = null;
  if (f.hasRole && has(INVESTOR_PARTICIPANT_STAGES, f.stage)) via = 'role';
  else if (f.invited && has(INVESTOR_PARTICIPANT_STAGES, f.stage) && f.stage !== 'drop') via = 'invitation';
  else if (
    has(INVESTOR_OPEN_STAGES, f.stage) &&
    (tier.reach === 'all' || (tier.reach === 'fund_platform' && f.shownOnFundPlatform))
  )
    via = 'tier';
  if (!via) return NONE;
  const raising = has(INVESTOR_RAISING_STAGES, f.stage);
  return {
    visible: true,
    via,
    // A role holder is already inside the deal; everyone else reads a masked case until their NDA.
    masked: f.deIdentified && !f.ndaSigned && via !== 'role',
    mayRegisterInterest: raising && tier.coInvest,
    investsThroughFund: raising && !tier.coInvest,
  };
}

/**
 * The name a masked case goes by: stable, without anything of the company in it
 * (「案件 A3F」, "Deal A3F"). The id is written in base 36 so code names stay short.
 */
export function caseCodeName(caseId: number): string {
  return `D-${caseId.toString(36).toUpperCase().padStart(3, '0')}`;
}

/**
 * Takes the company's name (and its website's host) out of a text shown masked, so an overview
 * or a summary of terms written with the name in it does not give the case away.
 */
export function maskCompanyText(
  text: string,
  companyName: string,
  codeName: string,
  website?: string | null,
): string {
  let out = text;
  const names = [companyName.trim()];
  // The host of the website, without a scheme, port, path or leading www.
  const host = website
    ? /^(?:[a-z][a-z0-9+.-]*:\/\/)?(?:www\.)?([^/:?#\s]+)/i.exec(website.trim())?.[1]
    : undefined;
  if (host?.includes('.')) names.push(host);
  for (const name of names) {
    if (name.length < 2) continue;
    const pattern = new RegExp(name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'giu');
    out = out.replace(pattern, codeName);
  }
  return out;
}

/**
 * The investor case list's defaults. Here rather than beside its zod schema: the investor's first
 * page reads them, and a module of schemas would bring zod into that page's JavaScript.
 */
export const INVESTOR_CASE_LIST_DEFAULTS = { page: 1, size: 12, sort: 'created_at:desc' } as const;
