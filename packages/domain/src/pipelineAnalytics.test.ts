import { describe, expect, it } from 'vitest';
import {
  analyzePipeline,
  findStuck,
  percentile,
  stageAt,
  type StageHistory,
  staysOf,
} from './pipelineAnalytics.ts';
import { CONTACT_PIPELINE, type PipelineDefinition } from './reports.ts';

const D = 86_400_000;
const day = (n: number) => n * D;
const move = (at: number, from: string, to: string) => ({ at: day(at), from, to });

/** A three-stage pipeline with drop off the path, so the expected answers can be worked out by hand. */
const ABC: PipelineDefinition = { path: ['a', 'b', 'c'], drop: 'x', stuckStages: ['a', 'b'] };

/**
 * The period is days 10–20. By hand:
 * 1 goes a → b (12) → c (15), still in c.
 * 2 went a → b before the period (5), then back b → a (13), a → b (16), b → c (18).
 * 3 is created in a on day 11 and dropped on day 14.
 * 4 sits in b since day 2, never moving.
 * 5 is created in a on day 12 and moves a → b on day 21, after the period.
 * 6 was dropped on day 8, before the period.
 */
const HISTORIES: StageHistory[] = [
  { id: 1, createdAt: day(0), moves: [move(15, 'b', 'c'), move(12, 'a', 'b')], current: 'c' },
  {
    id: 2,
    createdAt: day(0),
    moves: [move(5, 'a', 'b'), move(13, 'b', 'a'), move(16, 'a', 'b'), move(18, 'b', 'c')],
    current: 'c',
  },
  { id: 3, createdAt: day(11), moves: [move(14, 'a', 'x')], current: 'x' },
  { id: 4, createdAt: day(2), moves: [], current: 'b' },
  { id: 5, createdAt: day(12), moves: [move(21, 'a', 'b')], current: 'b' },
  { id: 6, createdAt: day(0), moves: [move(3, 'a', 'b'), move(8, 'b', 'x')], current: 'x' },
];
const PERIOD = { start: day(10), end: day(20) };

describe('stage histories', () => {
  it('turns moves into stays, the first in the stage the item was created in', () => {
    expect(staysOf(HISTORIES[1] as StageHistory)).toEqual([
      { stage: 'a', entered: day(0), left: day(5) },
      { stage: 'b', entered: day(5), left: day(13) },
      { stage: 'a', entered: day(13), left: day(16) },
      { stage: 'b', entered: day(16), left: day(18) },
      { stage: 'c', entered: day(18), left: null },
    ]);
    expect(staysOf(HISTORIES[3] as StageHistory)).toEqual([{ stage: 'b', entered: day(2), left: null }]);
  });

  it('knows the stage at any time, and none before the item existed', () => {
    const h = HISTORIES[1] as StageHistory;
    expect(stageAt(h, day(4))).toBe('a');
    expect(stageAt(h, day(13))).toBe('a');
    expect(stageAt(h, day(17))).toBe('b');
    expect(stageAt(HISTORIES[4] as StageHistory, day(11))).toBeNull();
  });
});

describe('percentile (interpolated, as percentile_cont)', () => {
  it('takes the middle or interpolates', () => {
    expect(percentile([3, 1, 2], 0.5)).toBe(2);
    expect(percentile([1, 2, 3, 4], 0.5)).toBe(2.5);
    expect(percentile([1, 2, 3, 4], 0.9)).toBeCloseTo(3.7);
    expect(percentile([7], 0.9)).toBe(7);
    expect(percentile([], 0.5)).toBeNull();
  });
});

describe('analyzePipeline', () => {
  const result = analyzePipeline(ABC, { items: HISTORIES, ...PERIOD });

  it('converts a → b: 4 items were in a, 2 moved on, 1 was dropped', () => {
    // In a during the period: 1 (until 12), 2 (13–16, having come back), 3 (11–14), 5 (from 12).
    expect(result.conversion[0]).toEqual({
      from: 'a',
      to: 'b',
      entered: 4,
      advanced: 2,
      dropped: 1,
      moved_back: 0,
      rate: 0.5,
    });
  });

  it('converts b → c counting an item that went back and forth once', () => {
    // In b: 1 (12–15), 2 (until 13 and 16–18), 4 (all along). 1 and 2 reached c; 2 also went back.
    expect(result.conversion[1]).toEqual({
      from: 'b',
      to: 'c',
      entered: 3,
      advanced: 2,
      dropped: 0,
      moved_back: 1,
      rate: 0.6667,
    });
    expect(result.conversion).toHaveLength(2);
  });

  it('times the stays that ended in the period: median and interpolated p90, in days', () => {
    // a: 12 (item 1), 3 (item 2, the second stay), 3 (item 3); item 2's first stay ended before.
    expect(result.time_in_stage[0]).toEqual({
      stage: 'a',
      samples: 3,
      median_days: 3,
      p90_days: 10.2,
      ongoing: 1,
    });
    // b: 3 (item 1), 8 (item 2, 5–13), 2 (item 2, 16–18); item 4 is still there.
    expect(result.time_in_stage[1]).toEqual({
      stage: 'b',
      samples: 3,
      median_days: 3,
      p90_days: 7,
      ongoing: 1,
    });
    expect(result.time_in_stage[2]).toEqual({
      stage: 'c',
      samples: 0,
      median_days: null,
      p90_days: null,
      ongoing: 2,
    });
  });

  it('builds the funnel from the items created in the period, by the furthest stage reached by its end', () => {
    // 3 (created 11, dropped from a) and 5 (created 12, reaches b only after the period).
    expect(result.funnel).toEqual([
      { stage: 'a', count: 2 },
      { stage: 'b', count: 0 },
      { stage: 'c', count: 0 },
    ]);
  });

  it('counts items that did not move from the start counts, as if their histories were given', () => {
    // Item 4 never moves: leave its history out and count it (and 3 more like it) in b at the start.
    const movers = HISTORIES.filter((h) => h.id !== 4);
    const withCounts = analyzePipeline(ABC, { items: movers, ...PERIOD, startCounts: { a: 1, b: 5, x: 1 } });
    const full = analyzePipeline(ABC, {
      items: [...HISTORIES, ...[7, 8, 9].map((id) => ({ id, createdAt: day(1), moves: [], current: 'b' }))],
      ...PERIOD,
    });
    expect(withCounts).toEqual(full);
    expect(withCounts.conversion[1]?.entered).toBe(6);
    expect(withCounts.time_in_stage[1]?.ongoing).toBe(4);
  });

  it('gives no rate for a stage nobody was in', () => {
    const empty = analyzePipeline(ABC, { items: [], ...PERIOD });
    expect(empty.conversion.map((c) => c.rate)).toEqual([null, null]);
    expect(empty.funnel.every((f) => f.count === 0)).toBe(true);
  });

  it('works the contact pipeline p0–p6 with drop off the path', () => {
    const r = analyzePipeline(CONTACT_PIPELINE, {
      items: [
        { id: 1, createdAt: day(10), moves: [move(11, 'p0', 'p1'), move(12, 'p1', 'p3')], current: 'p3' },
        { id: 2, createdAt: day(10), moves: [move(15, 'p0', 'drop'), move(16, 'drop', 'p0')], current: 'p0' },
      ],
      ...PERIOD,
    });
    expect(r.conversion.map((c) => c.from)).toEqual(['p0', 'p1', 'p2', 'p3', 'p4', 'p5']);
    expect(r.conversion[0]).toMatchObject({ entered: 2, advanced: 1, dropped: 1 });
    // Skipping p2 still counts as moving on from p1.
    expect(r.conversion[1]).toMatchObject({ entered: 1, advanced: 1 });
    expect(r.funnel.slice(0, 4).map((f) => f.count)).toEqual([2, 1, 1, 1]);
  });
});

describe('findStuck', () => {
  const now = day(100);
  const occupants = [
    { id: 1, name: 'One', stage: 'a', since: day(10) },
    { id: 2, name: 'Two', stage: 'b', since: day(69) },
    { id: 3, name: 'Three', stage: 'b', since: day(71) },
    { id: 4, name: 'Four', stage: 'c', since: day(1) },
    { id: 5, name: 'Five', stage: 'a', since: day(5) },
  ];

  it('lists items in a stuck stage for at least the threshold, longest first', () => {
    const r = findStuck(ABC, occupants, { now, stuckDays: 30, limit: 10 });
    expect(r.total).toBe(3);
    expect(r.by_stage).toEqual({ a: 2, b: 1 });
    expect(r.items.map((i) => [i.id, i.days])).toEqual([
      [5, 95],
      [1, 90],
      [2, 31],
    ]);
  });

  it('never counts the final stages, limits the list but not the counts, and keeps to the stages given', () => {
    const r = findStuck(ABC, occupants, { now, stuckDays: 30, limit: 1, stages: ['a'] });
    expect(r.total).toBe(2);
    expect(r.by_stage).toEqual({ a: 2 });
    expect(r.items.map((i) => i.id)).toEqual([5]);
  });
});
