import { describe, expect, it } from 'vitest';
import {
  CASE_STAGES,
  CONTACT_STAGES,
  CURRENCIES,
  EXTENDED_CASE_STAGES,
  MAIN_CASE_STAGES,
  MEMBERSHIP_TIERS,
  PIPELINE_COLUMNS,
} from './stages.ts';

describe('case stages (SPEC section 4)', () => {
  it('are in pipeline order', () => {
    expect(CASE_STAGES).toEqual(['draft', 's0', 's1', 's2', 's3', 's4', 'after_invest', 'finish', 'drop']);
  });

  it('form a main list s0 … after_invest, extended by finish and drop', () => {
    expect(MAIN_CASE_STAGES).toEqual(['s0', 's1', 's2', 's3', 's4', 'after_invest']);
    expect(EXTENDED_CASE_STAGES).toEqual(['s0', 's1', 's2', 's3', 's4', 'after_invest', 'finish', 'drop']);
  });

  it('show draft as the first pipeline column', () => {
    expect(PIPELINE_COLUMNS).toEqual(['draft', ...EXTENDED_CASE_STAGES]);
    expect([...PIPELINE_COLUMNS].sort()).toEqual([...CASE_STAGES].sort());
  });
});

describe('contact pipeline (SPEC section 4)', () => {
  it('runs p0 … p6 then drop', () => {
    expect(CONTACT_STAGES).toEqual(['p0', 'p1', 'p2', 'p3', 'p4', 'p5', 'p6', 'drop']);
  });
});

describe('membership tiers (SPEC section 3)', () => {
  it('covers GP, IC, Panel, LP/CVC and Paid with or without co-investment, and General', () => {
    expect(MEMBERSHIP_TIERS).toEqual([
      'gp',
      'ic',
      'panel',
      'lp_cvc_co_invest',
      'lp_cvc',
      'paid_co_invest',
      'paid',
      'general',
    ]);
  });
});

describe('currencies', () => {
  it('include NTD and USD, which have their own symbols', () => {
    expect(CURRENCIES).toContain('NTD');
    expect(CURRENCIES).toContain('USD');
    expect(new Set(CURRENCIES).size).toBe(CURRENCIES.length);
  });
});
