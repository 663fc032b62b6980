import { describe, expect, it } from 'vitest';
import { parseReportParams, reportSearch } from './useReportParams.ts';

const parse = (query: string) => parseReportParams(new URLSearchParams(query), '2026-11-25');

describe('the report focus in the URL', () => {
  it('reads an AO on the case report and an owner on the investor report', () => {
    expect(parse('type=case&ao_id=12').focus).toEqual({ by: 'ao', key: '12' });
    expect(parse('type=investor&employee_id=7').focus).toEqual({ by: 'owner', key: '7' });
    // The other report's person is not this report's focus.
    expect(parse('type=investor&ao_id=12').focus).toBeNull();
    expect(parse('type=case&employee_id=7').focus).toBeNull();
  });

  it('reads a domain, the person first when a hand-made link names both', () => {
    expect(parse('type=case&domain=ai').focus).toEqual({ by: 'domain', key: 'ai' });
    expect(parse('type=case&domain=ai&ao_id=3').focus).toEqual({ by: 'ao', key: '3' });
  });

  it('ignores a focus that is not one: a zero, a word, an empty or huge domain', () => {
    for (const q of ['ao_id=0', 'ao_id=abc', 'ao_id=-1', 'domain=', `domain=${'x'.repeat(101)}`])
      expect(parse(`type=case&${q}`).focus, q).toBeNull();
  });

  it('writes back one focus, under the name the report reads', () => {
    const investor = parse('type=investor&start_at=2026-01-01&end_at=2026-03-31');
    expect(reportSearch({ ...investor, focus: { by: 'owner', key: '7' } }).toString()).toBe(
      'type=investor&start_at=2026-01-01&end_at=2026-03-31&employee_id=7',
    );
    const kase = parse('type=case&ao_id=3');
    expect(reportSearch({ ...kase, focus: { by: 'domain', key: 'fintech' } }).toString()).toBe(
      'type=case&domain=fintech',
    );
    expect(reportSearch({ ...kase, focus: null }).toString()).toBe('type=case');
  });
});
