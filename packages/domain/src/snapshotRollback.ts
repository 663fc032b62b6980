import type { Contribution, SnapshotDimension } from './reports.ts';

/**
 * Past days' counts, rebuilt from the present and the history (issue 10). The counts of a day are
 * the counts of now with every change made after that day undone: each history entry says what a
 * field was before (`from`), so walking the history backwards from now gives the state at the end
 * of any earlier day. Only the history since the earliest day asked for is read, whatever the age
 * of the data; a change with no history entry is taken as always having been so.
 */

/** An item (a case, a client) as it is now: when it was created and its current facts. */
export interface RollbackItem<F> {
  id: number;
  createdAt: number;
  facts: F;
}

/** A history entry: which item, when (epoch ms), and the fields it changed. */
export interface RollbackEvent {
  id: number;
  entityId: number;
  at: number;
  changes: Readonly<Record<string, { from: unknown; to: unknown }>>;
}

/** A day to rebuild: its name and its bounds as instants, `[start, end)`. */
export interface DayWindow {
  day: string;
  start: number;
  end: number;
}

/** One stored count: the cell, how many items, and their amounts per currency. */
export interface SnapshotRow {
  dimension: SnapshotDimension;
  key: string;
  stage: string;
  n: number;
  amounts: Record<string, number>;
}

export interface RollbackOptions<F> {
  items: readonly RollbackItem<F>[];
  events: readonly RollbackEvent[];
  days: readonly DayWindow[];
  /** Fields of F the counts depend on; other changes in an entry are ignored. */
  fields: readonly (keyof F & string)[];
  /** A history value as the facts hold it (JSON numbers, nulls, arrays). */
  coerce: (field: keyof F & string, value: unknown) => F[keyof F];
  /** The cells an item in this state counts in. */
  contributions: (facts: F) => Contribution[];
  /** A flow counted on the day of a change (e.g. a stage move), from the state after it. */
  flow?: (after: F, changed: ReadonlySet<string>) => Contribution | null;
}

interface Cell {
  dimension: SnapshotDimension;
  key: string;
  stage: string;
  n: number;
  amounts: Map<string, number>;
}

const cellKey = (c: { dimension: string; key: string; stage: string }) =>
  `${c.dimension}\u0000${c.key}\u0000${c.stage}`;

function add(cells: Map<string, Cell>, c: Contribution, sign: 1 | -1) {
  const k = cellKey(c);
  let cell = cells.get(k);
  if (!cell) {
    cell = { dimension: c.dimension, key: c.key, stage: c.stage, n: 0, amounts: new Map() };
    cells.set(k, cell);
  }
  cell.n += sign;
  if (c.amount) cell.amounts.set(c.currency, (cell.amounts.get(c.currency) ?? 0) + sign * c.amount);
}

/** Amounts to the cent, zero sums left out (a currency that came and went is not shown). */
function amountsOf(amounts: Map<string, number>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [currency, sum] of amounts) {
    const cents = Math.round(sum * 100) / 100;
    if (cents !== 0) out[currency] = cents;
  }
  return out;
}

function rowsOf(cells: Map<string, Cell>): SnapshotRow[] {
  const rows: SnapshotRow[] = [];
  for (const c of cells.values()) {
    if (c.n === 0) continue;
    rows.push({ dimension: c.dimension, key: c.key, stage: c.stage, n: c.n, amounts: amountsOf(c.amounts) });
  }
  return rows;
}

/**
 * Yields each asked day, latest first, with its rows: the state at the day's end, and the flows of
 * changes made during it. Days need not be contiguous. A consumer can store each day as it comes.
 */
export function* rollbackDays<F>(
  options: RollbackOptions<F>,
): Generator<{ day: string; rows: SnapshotRow[] }> {
  const { fields, coerce, contributions, flow } = options;
  const days = [...options.days].sort((a, b) => b.end - a.end);
  if (days.length === 0) return;
  const earliest = Math.min(...days.map((d) => d.start));
  const events = options.events.filter((e) => e.at >= earliest).sort((a, b) => b.at - a.at || b.id - a.id);
  const items = [...options.items].sort((a, b) => b.createdAt - a.createdAt);
  const state = new Map<number, { facts: F; alive: boolean }>();
  const totals = new Map<string, Cell>();
  for (const item of items) {
    const facts = { ...item.facts };
    state.set(item.id, { facts, alive: true });
    for (const c of contributions(facts)) add(totals, c, 1);
  }
  const byStart = [...days].sort((a, b) => a.start - b.start);
  const dayOf = (at: number): DayWindow | undefined => {
    let lo = 0;
    let hi = byStart.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const d = byStart[mid] as DayWindow;
      if (at < d.start) hi = mid - 1;
      else if (at >= d.end) lo = mid + 1;
      else return d;
    }
    return undefined;
  };
  const flows = new Map<string, Map<string, Cell>>();

  let nextEvent = 0;
  let nextItem = 0;
  /** Undoes every change made at or after `until`, newest first. */
  const undoUntil = (until: number) => {
    while (nextEvent < events.length && (events[nextEvent] as RollbackEvent).at >= until) {
      const e = events[nextEvent++] as RollbackEvent;
      const item = state.get(e.entityId);
      if (!item?.alive) continue;
      const changed = new Set(fields.filter((f) => Object.hasOwn(e.changes, f)));
      if (changed.size === 0) continue;
      const window = flow ? dayOf(e.at) : undefined;
      if (flow && window) {
        const f = flow(item.facts, changed);
        if (f) {
          const cells = flows.get(window.day) ?? new Map<string, Cell>();
          flows.set(window.day, cells);
          add(cells, f, 1);
        }
      }
      for (const c of contributions(item.facts)) add(totals, c, -1);
      const facts = { ...item.facts };
      for (const field of changed) {
        facts[field as keyof F] = coerce(field as keyof F & string, e.changes[field]?.from);
      }
      item.facts = facts;
      for (const c of contributions(facts)) add(totals, c, 1);
    }
  };

  for (const day of days) {
    undoUntil(day.end);
    // Items created at or after the day's end did not exist yet.
    while (nextItem < items.length && (items[nextItem] as RollbackItem<F>).createdAt >= day.end) {
      const item = items[nextItem++] as RollbackItem<F>;
      const s = state.get(item.id);
      if (!s) continue;
      for (const c of contributions(s.facts)) add(totals, c, -1);
      s.alive = false;
    }
    const rows = rowsOf(totals);
    // The day's own changes, for its flows (the state above is already taken).
    undoUntil(day.start);
    const dayFlows = flows.get(day.day);
    if (dayFlows) rows.push(...rowsOf(dayFlows));
    flows.delete(day.day);
    yield { day: day.day, rows };
  }
}
