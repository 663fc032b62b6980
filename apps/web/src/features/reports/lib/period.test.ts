import { describe, expect, it } from 'vitest';
import { defaultPeriod, today } from './period.ts';

describe('the report day', () => {
  it('is the day of the report time zone, not the browser’s', () => {
    // 20:30 UTC on 25 November is 04:30 on the 26th in Taipei: the server counts the 26th live.
    const at = new Date('2026-11-25T20:30:00Z');
    expect(today('Asia/Taipei', at)).toBe('2026-11-26');
    expect(today('UTC', at)).toBe('2026-11-25');
    expect(defaultPeriod(today('Asia/Taipei', at))).toEqual({ start: '2026-10-28', end: '2026-11-26' });
  });
});
