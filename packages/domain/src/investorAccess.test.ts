import { describe, expect, it } from 'vitest';
import {
  caseCodeName,
  type InvestorCaseFacts,
  investorCaseAccess,
  maskCompanyText,
} from './investorAccess.ts';
import { CASE_STAGES, MEMBERSHIP_TIERS } from './stages.ts';

const base: InvestorCaseFacts = {
  tier: 'general',
  expired: false,
  stage: 's1',
  shownOnFundPlatform: false,
  deIdentified: false,
  hasRole: false,
  invited: false,
  ndaSigned: false,
};

describe('investorCaseAccess (issue 13)', () => {
  it('GP, IC and Panel see every case from s1 on, not s0, draft or dropped ones', () => {
    for (const tier of ['gp', 'ic', 'panel'] as const) {
      const seen = CASE_STAGES.filter((stage) => investorCaseAccess({ ...base, tier, stage }).visible);
      expect(seen).toEqual(['s1', 's2', 's3', 's4', 'after_invest', 'finish']);
    }
  });

  it('LP/CVC and paid members see only cases shown on the fund platform', () => {
    for (const tier of ['lp_cvc', 'lp_cvc_co_invest', 'paid', 'paid_co_invest'] as const) {
      expect(investorCaseAccess({ ...base, tier, stage: 's2' }).visible).toBe(false);
      expect(investorCaseAccess({ ...base, tier, stage: 's2', shownOnFundPlatform: true }).visible).toBe(
        true,
      );
      expect(investorCaseAccess({ ...base, tier, stage: 's0', shownOnFundPlatform: true }).visible).toBe(
        false,
      );
    }
  });

  it('general members see only what they were invited to or hold a role in', () => {
    expect(investorCaseAccess({ ...base, stage: 's2', shownOnFundPlatform: true }).visible).toBe(false);
    expect(investorCaseAccess({ ...base, stage: 's2', invited: true }).via).toBe('invitation');
    expect(investorCaseAccess({ ...base, stage: 'drop', invited: true }).visible).toBe(false);
    expect(investorCaseAccess({ ...base, stage: 'drop', hasRole: true }).via).toBe('role');
  });

  it('a role shows the case at every stage but draft, to every tier', () => {
    for (const tier of MEMBERSHIP_TIERS)
      for (const stage of CASE_STAGES)
        expect(investorCaseAccess({ ...base, tier, stage, hasRole: true }).visible).toBe(stage !== 'draft');
  });

  it('an expired membership sees nothing, not even its own cases', () => {
    for (const tier of MEMBERSHIP_TIERS)
      expect(
        investorCaseAccess({ ...base, tier, expired: true, hasRole: true, invited: true, stage: 's2' })
          .visible,
      ).toBe(false);
  });

  it('co-investment tiers may register interest while the case raises; the others invest through the fund', () => {
    const gp = investorCaseAccess({ ...base, tier: 'gp', stage: 's3' });
    expect([gp.mayRegisterInterest, gp.investsThroughFund]).toEqual([true, false]);
    const lp = investorCaseAccess({ ...base, tier: 'lp_cvc', stage: 's3', shownOnFundPlatform: true });
    expect([lp.mayRegisterInterest, lp.investsThroughFund]).toEqual([false, true]);
    const done = investorCaseAccess({ ...base, tier: 'gp', stage: 'after_invest' });
    expect([done.mayRegisterInterest, done.investsThroughFund]).toEqual([false, false]);
  });

  it('a de-identified case is masked until the NDA is signed, except to role holders', () => {
    const facts = { ...base, tier: 'gp' as const, stage: 's2' as const, deIdentified: true };
    expect(investorCaseAccess(facts).masked).toBe(true);
    expect(investorCaseAccess({ ...facts, ndaSigned: true }).masked).toBe(false);
    expect(investorCaseAccess({ ...facts, hasRole: true }).masked).toBe(false);
    expect(investorCaseAccess({ ...facts, deIdentified: false }).masked).toBe(false);
  });
});

describe('code names and masked texts', () => {
  it('gives a stable short code name', () => {
    expect(caseCodeName(3)).toBe('D-003');
    expect(caseCodeName(100_000)).toBe('D-255S');
  });

  it('takes the company name and the website host out of a text, whatever the case', () => {
    expect(
      maskCompanyText(
        '星河科技 builds; see www.xinghe.io or XINGHE.io',
        '星河科技',
        'D-003',
        'https://www.xinghe.io/about',
      ),
    ).toBe('D-003 builds; see www.D-003 or D-003');
    expect(maskCompanyText('a (b) c', '(b)', 'X')).toBe('a X c');
  });
});
