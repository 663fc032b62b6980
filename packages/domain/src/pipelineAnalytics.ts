import type { PipelineDefinition } from './reports.ts';

/**
 * Pipeline analytics (issue 10): conversion from each stage to the next over a period, time spent
 * in each stage, the funnel of items that entered the pipeline in the period, and items stuck in a
 * stage. Pure functions over stage histories, so the same answer comes from the server and from a
 * hand-built history in a test. Times are epoch milliseconds; durations are reported in days.
 */

const DAY_MS = 86_400_000;

/** One stage move of an item, as its history records it. */
export interface StageMove {
  at: number;
  from: string;
  to: string;
}

/**
 * An item's stage history: when it was created, its moves (any order; sorted here) and the stage
 * it is in now. The stage it was created in is the first move's `from`, or its current stage when
 * it never moved.
 */
export interface StageHistory {
  id: number;
  createdAt: number;
  moves: readonly StageMove[];
  current: string;
}

/** A period of time spent in one stage: `left` is null while the item is still there. */
export interface StageStay {
  stage: string;
  entered: number;
  left: number | null;
}

/** The stays of an item in order: the stage it was created in, then one stay per move. */
export function staysOf(h: StageHistory): StageStay[] {
  const moves = [...h.moves].sort((a, b) => a.at - b.at);
  const first = moves[0];
  const stays: StageStay[] = [{ stage: first ? first.from : h.current, entered: h.createdAt, left: null }];
  for (const m of moves) {
    const last = stays[stays.length - 1] as StageStay;
    last.left = m.at;
    stays.push({ stage: m.to, entered: m.at, left: null });
  }
  return stays;
}

/** The stage an item was in at `at` (null before it existed). */
export function stageAt(h: StageHistory, at: number): string | null {
  if (at < h.createdAt) return null;
  let stage: string | null = null;
  for (const s of staysOf(h)) if (s.entered <= at) stage = s.stage;
  return stage;
}

/**
 * The q-th quantile (0…1) by linear interpolation between the closest ranks (PostgreSQL's
 * percentile_cont); null for no values.
 */
export function percentile(values: readonly number[], q: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const pos = (sorted.length - 1) * Math.min(1, Math.max(0, q));
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  const a = sorted[lo] as number;
  const b = sorted[hi] as number;
  return a + (b - a) * (pos - lo);
}

const round2 = (v: number | null) => (v === null ? null : Math.round(v * 100) / 100);

export interface ConversionStep {
  from: string;
  to: string;
  /** Items in `from` at some time during the period (there at its start, or entering it). */
  entered: number;
  /** Of those, items that moved on from `from` to a later stage of the path during the period. */
  advanced: number;
  /** Items that left `from` for drop during the period. */
  dropped: number;
  /** Items that went back from `from` to an earlier stage during the period. */
  moved_back: number;
  /** advanced / entered, 0…1; null when nobody was in the stage. */
  rate: number | null;
}

export interface StageTime {
  stage: string;
  /** Stays in the stage that ended during the period: what the median and p90 are taken over. */
  samples: number;
  median_days: number | null;
  p90_days: number | null;
  /** Items still in the stage at the end of the period. */
  ongoing: number;
}

export interface FunnelStep {
  stage: string;
  /** Items created during the period that reached this stage (or a later one) by its end. */
  count: number;
}

export interface PipelineAnalysis {
  conversion: ConversionStep[];
  time_in_stage: StageTime[];
  funnel: FunnelStep[];
}

export interface AnalysisInput {
  /** Histories of the items the period concerns; other items may be given as `startCounts`. */
  items: readonly StageHistory[];
  start: number;
  end: number;
  /**
   * How many items were in each stage at `start`, all items counted (a stored snapshot). Items
   * without a history in `items` were then in their stage throughout the period (none moved): they
   * count as entered and ongoing there. Without it, `items` must hold every item.
   */
  startCounts?: Readonly<Record<string, number>>;
}

/**
 * Conversion, time in stage and funnel of a pipeline over `[start, end]`. Moves backwards, drops
 * and returns from drop are all moves: an item counts once per stage however often it came back.
 */
export function analyzePipeline(def: PipelineDefinition, input: AnalysisInput): PipelineAnalysis {
  const { start, end } = input;
  const rank = new Map(def.path.map((s, i) => [s, i]));
  const entered = new Map<string, Set<number>>();
  const advanced = new Map<string, Set<number>>();
  const dropped = new Map<string, Set<number>>();
  const movedBack = new Map<string, Set<number>>();
  const durations = new Map<string, number[]>();
  const ongoing = new Map<string, number>();
  const atStart = new Map<string, number>();
  const reached = new Map<string, number>();
  const mark = (m: Map<string, Set<number>>, stage: string, id: number) => {
    const s = m.get(stage) ?? new Set<number>();
    m.set(stage, s);
    s.add(id);
  };
  const bump = (m: Map<string, number>, stage: string, by = 1) => m.set(stage, (m.get(stage) ?? 0) + by);

  for (const h of input.items) {
    const stays = staysOf(h);
    const first = stageAt(h, start);
    if (first !== null) bump(atStart, first);
    for (const stay of stays) {
      if (stay.entered > end) break;
      const overlaps = stay.left === null || stay.left > start;
      if (overlaps) mark(entered, stay.stage, h.id);
      if (stay.left !== null && stay.left >= start && stay.left <= end) {
        const list = durations.get(stay.stage) ?? [];
        list.push((stay.left - stay.entered) / DAY_MS);
        durations.set(stay.stage, list);
      }
      if (stay.left === null || stay.left > end) bump(ongoing, stay.stage);
    }
    for (const m of h.moves) {
      if (m.at < start || m.at > end) continue;
      const from = rank.get(m.from);
      const to = rank.get(m.to);
      if (m.to === def.drop) mark(dropped, m.from, h.id);
      else if (from !== undefined && to !== undefined && to > from) mark(advanced, m.from, h.id);
      else if (from !== undefined && to !== undefined && to < from) mark(movedBack, m.from, h.id);
    }
    // Funnel: items created in the period, by the furthest stage of the path they reached.
    if (h.createdAt >= start && h.createdAt <= end) {
      let furthest = -1;
      for (const stay of stays) {
        if (stay.entered > end) break;
        furthest = Math.max(furthest, rank.get(stay.stage) ?? -1);
      }
      for (let i = 0; i <= furthest; i++) bump(reached, def.path[i] as string);
    }
  }

  // Items not in `items` sat in their stage all period: in it at the start, and still there.
  const unchanged = (stage: string) =>
    input.startCounts ? Math.max(0, (input.startCounts[stage] ?? 0) - (atStart.get(stage) ?? 0)) : 0;

  const conversion: ConversionStep[] = [];
  for (let i = 0; i < def.path.length - 1; i++) {
    const from = def.path[i] as string;
    const n = (entered.get(from)?.size ?? 0) + unchanged(from);
    const up = advanced.get(from)?.size ?? 0;
    conversion.push({
      from,
      to: def.path[i + 1] as string,
      entered: n,
      advanced: up,
      dropped: dropped.get(from)?.size ?? 0,
      moved_back: movedBack.get(from)?.size ?? 0,
      rate: n === 0 ? null : Math.round((up / n) * 10_000) / 10_000,
    });
  }
  const time_in_stage: StageTime[] = def.path.map((stage) => {
    const list = durations.get(stage) ?? [];
    return {
      stage,
      samples: list.length,
      median_days: round2(percentile(list, 0.5)),
      p90_days: round2(percentile(list, 0.9)),
      ongoing: (ongoing.get(stage) ?? 0) + unchanged(stage),
    };
  });
  const funnel = def.path.map((stage) => ({ stage, count: reached.get(stage) ?? 0 }));
  return { conversion, time_in_stage, funnel };
}

/** An item in a stage now, since when. */
export interface StageOccupant {
  id: number;
  name: string;
  stage: string;
  since: number;
}

export interface StuckItem extends StageOccupant {
  /** Whole days in the stage. */
  days: number;
}

/**
 * Items in one of the pipeline's stuck stages for longer than `stuckDays` (at `now`), the longest
 * first, at most `limit` listed; `by_stage` and `total` count them all.
 */
export function findStuck(
  def: PipelineDefinition,
  occupants: readonly StageOccupant[],
  options: { now: number; stuckDays: number; limit: number; stages?: readonly string[] },
): { total: number; by_stage: Record<string, number>; items: StuckItem[] } {
  const cutoff = options.now - options.stuckDays * DAY_MS;
  const stages = options.stages ?? def.stuckStages;
  const stuck = occupants
    .filter((o) => def.stuckStages.includes(o.stage) && stages.includes(o.stage) && o.since <= cutoff)
    .sort((a, b) => a.since - b.since || a.id - b.id);
  const by_stage: Record<string, number> = Object.fromEntries(
    def.stuckStages.filter((s) => stages.includes(s)).map((s) => [s, 0]),
  );
  for (const o of stuck) by_stage[o.stage] = (by_stage[o.stage] ?? 0) + 1;
  return {
    total: stuck.length,
    by_stage,
    items: stuck
      .slice(0, options.limit)
      .map((o) => ({ ...o, days: Math.floor((options.now - o.since) / DAY_MS) })),
  };
}
