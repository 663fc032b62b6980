import { describe, expect, it } from 'vitest';
import {
  type CaseReportFacts,
  caseContributions,
  caseMoveContribution,
  addDays,
  daysBetween,
  daysFrom,
  dayInTimeZone,
  isCalendarDate,
} from './reports.ts';
import { type RollbackEvent, type RollbackItem, rollbackDays, type SnapshotRow } from './snapshotRollback.ts';

const D = 86_400_000;
const H = 3_600_000;
const window = (n: number) => ({
  day: `2026-01-${String(n + 1).padStart(2, '0')}`,
  start: n * D,
  end: (n + 1) * D,
});

const facts = (over: Partial<CaseReportFacts>): CaseReportFacts => ({
  status: 'draft',
  is_deleted: false,
  ao_id: null,
  round: null,
  domain_keys: [],
  fund_raising: null,
  funding: null,
  currency: 'NTD',
  ...over,
});

/**
 * Case 1: created day 0 in draft under AO 5 raising 50; draft → s1 on day 1; s1 → s2 on day 3,
 * then handed to AO 7 raising 100 the same day. Case 2: created day 2 in s0, dropped day 4.
 * Case 3: created day 1 in s0, deleted day 3.
 */
const ITEMS: RollbackItem<CaseReportFacts>[] = [
  {
    id: 1,
    createdAt: H,
    facts: facts({ status: 's2', ao_id: 7, round: 'A', domain_keys: ['ai', 'bio'], fund_raising: 100 }),
  },
  { id: 2, createdAt: 2 * D + 12 * H, facts: facts({ status: 'drop', fund_raising: 10, currency: 'USD' }) },
  { id: 3, createdAt: D, facts: facts({ status: 's0', is_deleted: true }) },
];
const EVENTS: RollbackEvent[] = [
  { id: 10, entityId: 1, at: D + 10 * H, changes: { status: { from: 'draft', to: 's1' } } },
  { id: 11, entityId: 1, at: 3 * D + 5 * H, changes: { status: { from: 's1', to: 's2' } } },
  {
    id: 12,
    entityId: 1,
    at: 3 * D + 6 * H,
    changes: {
      ao_id: { from: 5, to: 7 },
      fund_raising: { from: '50', to: 100 },
      overview: { from: 'x', to: 'y' },
    },
  },
  { id: 13, entityId: 3, at: 3 * D + H, changes: { is_deleted: { from: false, to: true } } },
  { id: 14, entityId: 2, at: 4 * D + H, changes: { status: { from: 's0', to: 'drop' } } },
];
const FIELDS = [
  'status',
  'is_deleted',
  'ao_id',
  'round',
  'domain_keys',
  'fund_raising',
  'funding',
  'currency',
] as const;

function rebuild(days: number[], events = EVENTS) {
  const out = new Map<string, SnapshotRow[]>();
  for (const { day, rows } of rollbackDays<CaseReportFacts>({
    items: ITEMS,
    events,
    days: days.map(window),
    fields: FIELDS,
    coerce: (field, value) => {
      if (field === 'fund_raising' || field === 'funding' || field === 'ao_id')
        return (value === null || value === undefined ? null : Number(value)) as never;
      return value as never;
    },
    contributions: caseContributions,
    flow: (after, changed) => (changed.has('status') ? caseMoveContribution(after) : null),
  }))
    out.set(day, rows);
  return out;
}
const pick = (rows: SnapshotRow[] | undefined, dimension: string) =>
  (rows ?? [])
    .filter((r) => r.dimension === dimension)
    .map((r) => [r.key, r.stage, r.n, r.amounts])
    .sort((a, b) => String(a[0]).localeCompare(String(b[0])) || String(a[1]).localeCompare(String(b[1])));

describe('rollbackDays', () => {
  const days = rebuild([0, 1, 3, 4]);

  it('yields the asked days only, latest first', () => {
    expect([...days.keys()]).toEqual(['2026-01-05', '2026-01-04', '2026-01-02', '2026-01-01']);
  });

  it('undoes every later change: at the end of day 0 case 1 was a draft of AO 5 raising 50', () => {
    const d0 = days.get('2026-01-01');
    expect(pick(d0, 'cases.status')).toEqual([['', 'draft', 1, { NTD: 50 }]]);
    expect(pick(d0, 'cases.ao')).toEqual([['5', 'draft', 1, { NTD: 50 }]]);
    expect(pick(d0, 'cases.domain')).toEqual([
      ['ai', 'draft', 1, { NTD: 50 }],
      ['bio', 'draft', 1, { NTD: 50 }],
    ]);
    expect(pick(d0, 'cases.moves')).toEqual([]);
  });

  it('counts items from their creation and stops counting them once deleted', () => {
    // Day 1: case 3 exists (created at its start), case 2 not yet; case 1 moved to s1.
    expect(pick(days.get('2026-01-02'), 'cases.status')).toEqual([
      ['', 's0', 1, {}],
      ['', 's1', 1, { NTD: 50 }],
    ]);
    // Day 3: case 3 deleted, case 2 in s0, case 1 in s2 under AO 7.
    const d3 = days.get('2026-01-04');
    expect(pick(d3, 'cases.status')).toEqual([
      ['', 's0', 1, { USD: 10 }],
      ['', 's2', 1, { NTD: 100 }],
    ]);
    expect(pick(d3, 'cases.ao')).toEqual([
      ['', 's0', 1, { USD: 10 }],
      ['7', 's2', 1, { NTD: 100 }],
    ]);
  });

  it('counts the day’s stage moves as flows, with the state after the move', () => {
    expect(pick(days.get('2026-01-02'), 'cases.moves')).toEqual([['s1', 's1', 1, {}]]);
    expect(pick(days.get('2026-01-04'), 'cases.moves')).toEqual([['s2', 's2', 1, {}]]);
    expect(pick(days.get('2026-01-05'), 'cases.moves')).toEqual([['drop', 'drop', 1, {}]]);
  });

  it('gives the same rows whichever days are asked together', () => {
    expect(rebuild([3]).get('2026-01-04')).toEqual(days.get('2026-01-04'));
    expect(rebuild([0]).get('2026-01-01')).toEqual(days.get('2026-01-01'));
  });

  it('takes an item without history as always having been as it is', () => {
    const none = rebuild([0, 4], []);
    expect(pick(none.get('2026-01-01'), 'cases.status')).toEqual([['', 's2', 1, { NTD: 100 }]]);
  });
});

describe('days', () => {
  it('checks, counts and lists calendar days', () => {
    expect(isCalendarDate('2026-02-28')).toBe(true);
    expect(isCalendarDate('2026-02-29')).toBe(false);
    expect(isCalendarDate('2026-2-1')).toBe(false);
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(daysBetween('2025-12-31', '2026-01-02')).toBe(2);
    expect(daysFrom('2026-01-30', '2026-02-02')).toEqual([
      '2026-01-30',
      '2026-01-31',
      '2026-02-01',
      '2026-02-02',
    ]);
    expect(daysFrom('2026-01-02', '2026-01-01')).toEqual([]);
  });

  it('names the day of an instant in a time zone', () => {
    const at = new Date('2026-01-01T17:00:00Z');
    expect(dayInTimeZone(at, 'UTC')).toBe('2026-01-01');
    expect(dayInTimeZone(at, 'Asia/Taipei')).toBe('2026-01-02');
  });
});
