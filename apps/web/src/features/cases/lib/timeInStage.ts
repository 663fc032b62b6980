import type { CaseLogEntry, CaseStage } from '@dealflow/domain';
import { CASE_STAGES } from '@dealflow/domain';

export interface StageStay {
  stage: CaseStage;
  /** Total time spent in the stage, over every visit. */
  ms: number;
  /** Whether the case is in this stage now. */
  current: boolean;
}

const isStage = (v: unknown): v is CaseStage => (CASE_STAGES as readonly unknown[]).includes(v);

function stageChange(entry: CaseLogEntry): { from: CaseStage | null; to: CaseStage } | null {
  const change = entry.changes.status;
  if (!change || !isStage(change.to)) return null;
  return { from: isStage(change.from) ? change.from : null, to: change.to };
}

/**
 * Time spent in each stage, from the case's creation to `now`, read from the history's stage
 * moves (entries in any order). The first stage is the one the case was created in (the create
 * entry), else the one the first move left, else the current one. Stages appear in visit order.
 */
export function computeTimeInStage(input: {
  createdAt: string;
  currentStatus: CaseStage;
  entries: readonly CaseLogEntry[];
  now: Date;
}): StageStay[] {
  const chronological = [...input.entries].sort(
    (a, b) => Date.parse(a.created_at) - Date.parse(b.created_at) || a.id - b.id,
  );
  const created = chronological.find((e) => e.action === 'create');
  const moves = chronological
    .filter((e) => e.action === 'stage')
    .map((e) => ({ at: Date.parse(e.created_at), change: stageChange(e) }))
    .filter((m): m is { at: number; change: { from: CaseStage | null; to: CaseStage } } => m.change !== null);

  const createdStage = created ? stageChange(created)?.to : undefined;
  let stage: CaseStage = createdStage ?? moves[0]?.change.from ?? input.currentStatus;
  let since = Date.parse(input.createdAt);
  const totals = new Map<CaseStage, number>();
  const add = (s: CaseStage, ms: number) => totals.set(s, (totals.get(s) ?? 0) + Math.max(0, ms));

  for (const move of moves) {
    add(stage, move.at - since);
    stage = move.change.to;
    since = move.at;
  }
  add(stage, input.now.getTime() - since);
  return [...totals].map(([s, ms]) => ({ stage: s, ms, current: s === stage }));
}

// The board's card shows the same scale; it lives with the shared board.
export { durationParts } from '../../../shared/board/duration.ts';
