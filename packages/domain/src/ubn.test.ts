import { describe, expect, it } from 'vitest';
import { CompanyProfile, companyProgress } from './contracts/company.ts';
import { isValidUbn } from './ubn.ts';

describe('isValidUbn (Taiwan unified business number)', () => {
  it('accepts numbers whose weighted digit sum is a multiple of 5', () => {
    for (const sn of ['22099131', '04595257', '10458575', '86517510']) expect(isValidUbn(sn)).toBe(true);
  });
  it('accepts the seventh-digit-7 case either way (sum + 1)', () => {
    // 1·1 2·2 3·1 4·2 5·1 6·2 7·4 5·1 → 39; with the 7 read as 1 it is 40.
    expect(isValidUbn('12345675')).toBe(true);
  });
  it('refuses a wrong check digit, wrong lengths, letters and all zeros', () => {
    for (const sn of ['12345678', '22099132', '27939997', '2209913', '220991311', 'A2099131', '', '00000000'])
      expect(isValidUbn(sn)).toBe(false);
  });
});

describe('CompanyProfile', () => {
  it('asks for the details of a flag switched on', () => {
    const res = CompanyProfile.safeParse({ patent: true });
    expect(res.success).toBe(false);
    expect(res.error?.issues.map((i) => i.path.join('.'))).toEqual(['patent_data']);
    expect(CompanyProfile.safeParse({ patent: true, patent_data: 'I123456' }).success).toBe(true);
    expect(CompanyProfile.safeParse({ patent: false }).success).toBe(true);
  });
  it('refuses an invalid sn and unknown keys', () => {
    expect(CompanyProfile.safeParse({ sn: '12345678' }).success).toBe(false);
    expect(CompanyProfile.safeParse({ nope: 1 }).success).toBe(false);
  });
  it('counts progress over the required fields', () => {
    const empty = companyProgress({});
    expect(empty.percent).toBe(0);
    expect(empty.missing).toContain('sn');
    const some = companyProgress({ name: 'A', company: { sn: '22099131' } });
    expect(some.missing).not.toContain('sn');
    expect(some.missing).not.toContain('name');
    expect(some.percent).toBeGreaterThan(0);
  });
});
