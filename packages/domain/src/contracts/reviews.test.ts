import { describe, expect, it } from 'vitest';
import type { Case } from './cases.ts';
import { REVIEW_CASE_FIELDS, ReviewContent, ReviewCreateBody, reviewDiff } from './reviews.ts';

const kase = {
  name: '甲公司',
  website: 'https://a.example',
  overview: null,
  fund_raising: 100,
  domain_keys: ['ai'],
  term_sheet: { total_amount: 10, type_of_security: '普通股' },
  business_plan: { market: '台灣' },
} as unknown as Case;

describe('reviewDiff', () => {
  it('lists the case fields that differ, nested ones key by key, in field order', () => {
    expect(
      reviewDiff(kase, {
        overview: '新概述',
        name: '甲公司',
        website: '',
        fund_raising: 100,
        domain_keys: ['ai', 'iot'],
        term_sheet: { total_amount: 20, type_of_security: '普通股' },
        business_plan: { product: '晶片' },
        detail: { address: '台北' },
      }),
    ).toEqual([
      { field: 'website', current: 'https://a.example', proposed: null },
      { field: 'overview', current: null, proposed: '新概述' },
      { field: 'domain_keys', current: ['ai'], proposed: ['ai', 'iot'] },
      { field: 'business_plan.product', current: null, proposed: '晶片' },
      { field: 'term_sheet.total_amount', current: 10, proposed: 20 },
    ]);
  });

  it('never lists the stage, people, ratings or detail', () => {
    expect(reviewDiff(kase, { status: 's3', ao_id: 1, rating_ao_score: 5, detail: { x: 1 } })).toEqual([]);
    expect(REVIEW_CASE_FIELDS).not.toContain('status');
    expect(REVIEW_CASE_FIELDS).not.toContain('ao_id');
  });
});

describe('review bodies', () => {
  it('an init is status 0 with empty content', () => {
    expect(ReviewCreateBody.parse({})).toEqual({ update_content: {}, status: 0 });
  });

  it('refuses a stage change with a message that says why', () => {
    const result = ReviewContent.safeParse({ status: 's1' });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toMatchObject([
      { path: ['status'], message: 'The stage of a case cannot change through a review' },
    ]);
  });
});
