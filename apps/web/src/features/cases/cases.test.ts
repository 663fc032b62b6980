import type { CaseLogEntry } from '@dealflow/domain';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../shared/api/index.ts';
import {
  caseListSearch,
  filterQueryOf,
  listRequestOf,
  parseCaseListParams,
} from './hooks/useCaseListParams.ts';
import { refusalLead } from './hooks/useStageMove.tsx';
import { changedFields } from './lib/changedFields.ts';
import { changeLines, clientsText } from './lib/historyText.ts';
import { moveNeedsReason, requirementTexts, stageRefusal } from './lib/stageMove.ts';
import { computeTimeInStage, durationParts } from './lib/timeInStage.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

function entry(id: number, action: string, at: number, changes: CaseLogEntry['changes']): CaseLogEntry {
  return {
    id,
    action,
    actor: { type: 'employee', id: 2, name: 'AO' },
    changes,
    client_names: {},
    reason: null,
    created_at: new Date(at).toISOString(),
  };
}

describe('time in stage', () => {
  const t0 = Date.parse('2026-01-01T00:00:00Z');

  it('counts from creation to each move and from the last move to now, whatever order the entries come in', () => {
    const entries = [
      entry(3, 'stage', t0 + 5 * DAY, { status: { from: 's0', to: 's1' } }),
      entry(2, 'todo.create', t0 + 1 * DAY, { title: { from: null, to: 'x' } }),
      entry(1, 'create', t0, { name: { from: null, to: 'A' }, status: { from: null, to: 's0' } }),
    ];
    const stays = computeTimeInStage({
      createdAt: new Date(t0).toISOString(),
      currentStatus: 's1',
      entries,
      now: new Date(t0 + 7 * DAY),
    });
    expect(stays).toEqual([
      { stage: 's0', ms: 5 * DAY, current: false },
      { stage: 's1', ms: 2 * DAY, current: true },
    ]);
  });

  it('adds up repeated visits to a stage (a move back and forward again)', () => {
    const entries = [
      entry(1, 'create', t0, { status: { from: null, to: 's1' } }),
      entry(2, 'stage', t0 + 2 * DAY, { status: { from: 's1', to: 's2' } }),
      entry(3, 'stage', t0 + 3 * DAY, { status: { from: 's2', to: 's1' } }),
      entry(4, 'stage', t0 + 4 * DAY, { status: { from: 's1', to: 's2' } }),
    ];
    const stays = computeTimeInStage({
      createdAt: new Date(t0).toISOString(),
      currentStatus: 's2',
      entries,
      now: new Date(t0 + 10 * DAY),
    });
    expect(stays).toEqual([
      { stage: 's1', ms: 3 * DAY, current: false },
      { stage: 's2', ms: 7 * DAY, current: true },
    ]);
  });

  it('without a create entry starts from the stage the first move left, or the current stage', () => {
    const moved = computeTimeInStage({
      createdAt: new Date(t0).toISOString(),
      currentStatus: 'drop',
      entries: [entry(5, 'stage', t0 + DAY, { status: { from: 's3', to: 'drop' } })],
      now: new Date(t0 + 3 * DAY),
    });
    expect(moved.map((s) => [s.stage, s.ms / DAY])).toEqual([
      ['s3', 1],
      ['drop', 2],
    ]);
    const still = computeTimeInStage({
      createdAt: new Date(t0).toISOString(),
      currentStatus: 'draft',
      entries: [],
      now: new Date(t0 + HOUR / 2),
    });
    expect(still).toEqual([{ stage: 'draft', ms: HOUR / 2, current: true }]);
  });

  it('reads durations in days, else hours, else under an hour', () => {
    expect(durationParts(3 * DAY + 5 * HOUR)).toEqual({ unit: 'days', count: 3 });
    expect(durationParts(5 * HOUR)).toEqual({ unit: 'hours', count: 5 });
    expect(durationParts(HOUR - 1)).toEqual({ unit: 'lessThanHour', count: 0 });
  });
});

describe('case list URL', () => {
  it('falls back to the spec defaults (page 1, size 20, created_at:desc, all stages, table)', () => {
    const params = parseCaseListParams(new URLSearchParams('status=all'));
    expect(params).toMatchObject({
      status: undefined,
      view: 'table',
      page: 1,
      size: 20,
      sort: { field: 'created_at', order: 'desc' },
      deleted: false,
    });
    expect(listRequestOf(params)).toMatchObject({ page: 1, size: 20, sort: 'created_at:desc' });
  });

  it('reads every filter and writes the same URL back', () => {
    const url =
      'status=s1&view=board&q=AI&ao=2&round=Seed&domain=fintech&currency=USD&deleted=1&page=3&size=50&sort=fund_raising%3Aasc';
    const params = parseCaseListParams(new URLSearchParams(url));
    expect(params).toMatchObject({
      status: 's1',
      view: 'board',
      q: 'AI',
      aoId: 2,
      round: 'Seed',
      page: 3,
      size: 50,
    });
    expect(caseListSearch(params).toString()).toBe(url);
    expect(filterQueryOf(params)).toEqual({
      keyword: 'AI',
      ao_id: 2,
      round: 'Seed',
      domain: 'fintech',
      currency: 'USD',
      is_deleted: true,
    });
  });

  it('ignores values it does not know instead of sending them', () => {
    const params = parseCaseListParams(
      new URLSearchParams('status=s9&view=grid&ao=abc&page=-2&size=5000&sort=password%3Aasc'),
    );
    expect(params).toMatchObject({ status: undefined, view: 'table', aoId: undefined, page: 1, size: 200 });
    expect(params.sort).toEqual({ field: 'created_at', order: 'desc' });
    expect(caseListSearch(params).get('status')).toBe('all');
  });
});

describe('stage move refusals', () => {
  const refused = new ApiError({
    status: 409,
    body: {
      error: {
        status: 409,
        code: 'STAGE_MOVE_NOT_ALLOWED',
        message: 'Stage move not allowed',
        details: { from: 's1', to: 's3', missing: ['term_sheet.total_amount', 'bogus'] },
      },
    },
  });

  it('reads the code and the known missing requirements', () => {
    expect(stageRefusal(refused)).toEqual({
      code: 'STAGE_MOVE_NOT_ALLOWED',
      missing: ['term_sheet.total_amount'],
    });
    expect(stageRefusal(new Error('offline'))).toBeNull();
  });

  it('says "one stage at a time" for a forward jump, and names requirements in the current language', () => {
    const refusal = stageRefusal(refused);
    if (!refusal) throw new Error('expected a refusal');
    expect(refusalLead(refusal, 's1', 's3')).toBe('cases.move.oneStage');
    expect(refusalLead(refusal, 'finish', 's1')).toBe('cases.move.notAllowed');
    expect(requirementTexts(refusal.missing, 'zh-TW')).toEqual(['在投資條件書填寫總金額（大於 0）']);
    expect(requirementTexts(refusal.missing, 'en')).toEqual([
      'Enter the total amount in the term sheet (more than 0)',
    ]);
  });

  it('asks for a reason before moving back or archiving, not before a step forward or a restore', () => {
    expect(moveNeedsReason('s2', 's1', null)).toBe(true);
    expect(moveNeedsReason('s2', 'drop', null)).toBe(true);
    expect(moveNeedsReason('s1', 's2', null)).toBe(false);
    expect(moveNeedsReason('drop', 's3', 's3')).toBe(false);
  });
});

describe('edits and history', () => {
  it('sends only fields that changed; blank, null and empty lists are the same', () => {
    expect(
      changedFields(
        { name: 'A', website: null, domain_keys: [], overview: 'x' },
        { name: 'A', website: '', domain_keys: [], overview: 'y' },
      ),
    ).toEqual({ overview: 'y' });
  });

  it('lists the parts of a term sheet that changed, and leaves item ids out', () => {
    const lines = changeLines(
      entry(1, 'update', 0, {
        term_sheet: {
          from: { type_of_security: null, nda: 'a' },
          to: { type_of_security: '特別股', nda: 'a' },
        },
      }),
    );
    expect(lines).toEqual([{ field: 'term_sheet.type_of_security', from: null, to: '特別股' }]);
    expect(
      changeLines(entry(2, 'todo.create', 0, { id: { from: null, to: 9 }, title: { from: null, to: 'T' } })),
    ).toEqual([{ field: 'title', from: null, to: 'T' }]);
  });
});

describe('client names in history', () => {
  const words = { none: '無', unknown: (id: number) => `#${id}` };
  const names = { 4: '王大明', 5: '陳小華' };
  it('shows a client id or a role list by the names the entry carries', () => {
    expect(clientsText(4, names, words)).toBe('王大明');
    expect(clientsText([5, 4, 9], names, words)).toBe('陳小華、王大明、#9');
    expect(clientsText([], names, words)).toBe('無');
    expect(clientsText(null, names, words)).toBe('無');
    // Not ids: left to the general rules.
    expect(clientsText('x', names, words)).toBeNull();
  });
});
