import { describe, expect, it } from 'vitest';
import {
  CASE_STAGE_PATH,
  STAGE_ENTRY_REQUIREMENTS,
  STAGE_REQUIREMENTS,
  STAGE_REQUIREMENT_LABELS,
  allowedTargets,
  canMoveCase,
  classifyMove,
  evaluateStageMove,
  missingRequirements,
  type StageMoveActor,
  type StageMoveFacts,
  type StageMoveKind,
  type StageRequirement,
} from './caseStageRules.ts';
import { ERROR_CATALOGUE } from './errors.ts';
import { CASE_STAGES, type CaseStage } from './stages.ts';

/** A case that meets every entry requirement, so a test can break exactly one. */
const complete = (overrides: Partial<StageMoveFacts> = {}): StageMoveFacts => ({
  status: 's0',
  droppedFrom: null,
  name: 'Acme Robotics',
  overview: 'Warehouse robots',
  fundRaising: 1_500_000,
  aoId: 7,
  agentIds: [8, 9],
  funding: 500_000,
  termSheet: { total_amount: 3_000_000, type_of_security: 'Preferred shares', investment_amount: 500_000 },
  ...overrides,
});

/** A case with nothing filled in. */
const bare = (overrides: Partial<StageMoveFacts> = {}): StageMoveFacts => ({
  status: 'draft',
  droppedFrom: null,
  name: null,
  overview: null,
  fundRaising: null,
  aoId: null,
  agentIds: [],
  funding: null,
  termSheet: {},
  ...overrides,
});

const admin: StageMoveActor = { id: 1, role: 'admin' };

describe('CASE_STAGE_PATH', () => {
  it('is every stage but drop, in pipeline order', () => {
    expect(CASE_STAGE_PATH).toEqual(['draft', 's0', 's1', 's2', 's3', 's4', 'after_invest', 'finish']);
  });
});

describe('classifyMove', () => {
  // F forward, B backward, D drop, - refused. A dropped source is tested below, with each droppedFrom.
  const MATRIX = `
    from/to       draft  s0  s1  s2  s3  s4  after_invest  finish  drop
    draft         -      F   -   -   -   -   -             -       D
    s0            B      -   F   -   -   -   -             -       D
    s1            B      B   -   F   -   -   -             -       D
    s2            B      B   B   -   F   -   -             -       D
    s3            B      B   B   B   -   F   -             -       D
    s4            B      B   B   B   B   -   F             -       D
    after_invest  B      B   B   B   B   B   -             F       D
    finish        -      -   -   -   -   -   B             -       D
  `;
  const KIND: Record<string, StageMoveKind | null> = { F: 'forward', B: 'backward', D: 'drop', '-': null };
  const [header = [], ...rows] = MATRIX.trim()
    .split('\n')
    .map((line) => line.trim().split(/\s+/));
  const cases = rows.flatMap(([from, ...cells]) =>
    cells.map((cell, i) => ({ from: from as CaseStage, to: header[i + 1] as CaseStage, kind: KIND[cell] })),
  );

  it('has one column per stage, in stage order', () => {
    expect(header.slice(1)).toEqual([...CASE_STAGES]);
  });

  it('has one row per stage except drop, each with a cell per target', () => {
    expect(rows.map(([from]) => from)).toEqual(CASE_STAGES.filter((stage) => stage !== 'drop'));
    expect(rows.every((row) => row.length === CASE_STAGES.length + 1)).toBe(true);
  });

  it.each(cases)('$from → $to is $kind', ({ from, to, kind }) => {
    expect(classifyMove(from, to, null)).toBe(kind);
  });

  it.each(cases)('$from → $to ignores droppedFrom when the case is not dropped', ({ from, to, kind }) => {
    expect(classifyMove(from, to, 's3')).toBe(kind);
    expect(classifyMove(from, to, 'drop')).toBe(kind);
  });

  // A dropped case goes back only where it came from; unknown (or corrupt) origin means draft.
  const RESTORES: [CaseStage | null, CaseStage][] = [
    [null, 'draft'],
    ['draft', 'draft'],
    ['s0', 's0'],
    ['s1', 's1'],
    ['s2', 's2'],
    ['s3', 's3'],
    ['s4', 's4'],
    ['after_invest', 'after_invest'],
    ['finish', 'finish'],
    ['drop', 'draft'],
  ];
  const dropCases = RESTORES.flatMap(([droppedFrom, target]) =>
    CASE_STAGES.map((to) => ({ droppedFrom, to, kind: to === target ? 'restore' : null })),
  );

  it.each(dropCases)('drop → $to with droppedFrom $droppedFrom is $kind', ({ droppedFrom, to, kind }) => {
    expect(classifyMove('drop', to, droppedFrom)).toBe(kind);
  });
});

describe('allowedTargets', () => {
  it.each<[CaseStage, CaseStage | null, CaseStage[]]>([
    ['draft', null, ['s0', 'drop']],
    ['s0', null, ['draft', 's1', 'drop']],
    ['s1', null, ['draft', 's0', 's2', 'drop']],
    ['s2', null, ['draft', 's0', 's1', 's3', 'drop']],
    ['s3', null, ['draft', 's0', 's1', 's2', 's4', 'drop']],
    ['s4', null, ['draft', 's0', 's1', 's2', 's3', 'after_invest', 'drop']],
    ['after_invest', null, ['draft', 's0', 's1', 's2', 's3', 's4', 'finish', 'drop']],
    ['finish', null, ['after_invest', 'drop']],
    ['s1', 's4', ['draft', 's0', 's2', 'drop']],
    ['drop', null, ['draft']],
    ['drop', 'draft', ['draft']],
    ['drop', 's0', ['s0']],
    ['drop', 's1', ['s1']],
    ['drop', 's2', ['s2']],
    ['drop', 's3', ['s3']],
    ['drop', 's4', ['s4']],
    ['drop', 'after_invest', ['after_invest']],
    ['drop', 'finish', ['finish']],
    ['drop', 'drop', ['draft']],
  ])('from %s (droppedFrom %s) → %j', (status, droppedFrom, expected) => {
    expect(allowedTargets({ status, droppedFrom })).toEqual(expected);
  });
});

describe('STAGE_ENTRY_REQUIREMENTS', () => {
  it('is the agreed table', () => {
    expect(STAGE_ENTRY_REQUIREMENTS).toEqual({
      draft: [],
      s0: ['name'],
      s1: ['overview', 'fund_raising'],
      s2: ['ao'],
      s3: ['term_sheet.total_amount', 'term_sheet.type_of_security'],
      s4: ['term_sheet.investment_amount'],
      after_invest: ['funding'],
      finish: [],
      drop: [],
    });
  });

  it('uses every requirement key exactly once', () => {
    const used = Object.values(STAGE_ENTRY_REQUIREMENTS).flat();
    expect([...used].sort()).toEqual([...STAGE_REQUIREMENTS].sort());
  });
});

describe('STAGE_REQUIREMENT_LABELS', () => {
  it('labels every requirement and nothing else', () => {
    expect(Object.keys(STAGE_REQUIREMENT_LABELS).sort()).toEqual([...STAGE_REQUIREMENTS].sort());
  });

  it.each(STAGE_REQUIREMENTS)('%s has a label in both languages', (requirement) => {
    const label = STAGE_REQUIREMENT_LABELS[requirement];
    expect(label['zh-TW'].trim()).not.toBe('');
    expect(label.en.trim()).not.toBe('');
  });

  it('names the AO requirement as the board shows it', () => {
    expect(STAGE_REQUIREMENT_LABELS.ao).toEqual({
      'zh-TW': '指派負責的投資經理 (AO)',
      en: 'Assign an account officer (AO)',
    });
  });
});

describe('missingRequirements', () => {
  it.each(CASE_STAGES)('a complete case meets every requirement of %s', (stage) => {
    expect(missingRequirements(complete(), stage)).toEqual([]);
  });

  it.each<[CaseStage, StageRequirement[]]>([
    ['draft', []],
    ['s0', ['name']],
    ['s1', ['overview', 'fund_raising']],
    ['s2', ['ao']],
    ['s3', ['term_sheet.total_amount', 'term_sheet.type_of_security']],
    ['s4', ['term_sheet.investment_amount']],
    ['after_invest', ['funding']],
    ['finish', []],
    ['drop', []],
  ])('a bare case entering %s misses %j, all at once', (stage, expected) => {
    expect(missingRequirements(bare(), stage)).toEqual(expected);
  });

  it('checks only the target stage, not the stages before it', () => {
    const facts = bare({ termSheet: { investment_amount: 10 } });
    expect(missingRequirements(facts, 's4')).toEqual([]);
  });

  const textValues: [string, unknown, boolean][] = [
    ['a word', 'Acme', true],
    ['a word with spaces around', '  Acme  ', true],
    ['an empty string', '', false],
    ['spaces only', '   ', false],
    ['tabs and newlines', '\t\n', false],
    ['null', null, false],
  ];

  it.each(textValues)('name: %s → met %s', (_label, value, met) => {
    const facts = complete({ name: value as string | null });
    expect(missingRequirements(facts, 's0')).toEqual(met ? [] : ['name']);
  });

  it.each(textValues)('overview: %s → met %s', (_label, value, met) => {
    const facts = complete({ overview: value as string | null });
    expect(missingRequirements(facts, 's1')).toEqual(met ? [] : ['overview']);
  });

  it.each([...textValues, ['a number', 42, false], ['absent', undefined, false]])(
    'term_sheet.type_of_security: %s → met %s',
    (_label, value, met) => {
      const facts = complete({ termSheet: { total_amount: 1, type_of_security: value } });
      expect(missingRequirements(facts, 's3')).toEqual(met ? [] : ['term_sheet.type_of_security']);
    },
  );

  // Amounts held in typed columns: numbers or null.
  const columnAmounts: [string, number | null, boolean][] = [
    ['a positive integer', 1_500_000, true],
    ['a small positive fraction', 0.01, true],
    ['zero', 0, false],
    ['a negative number', -5, false],
    ['NaN', Number.NaN, false],
    ['Infinity', Number.POSITIVE_INFINITY, false],
    ['null', null, false],
  ];

  it.each(columnAmounts)('fund_raising: %s → met %s', (_label, value, met) => {
    expect(missingRequirements(complete({ fundRaising: value }), 's1')).toEqual(met ? [] : ['fund_raising']);
  });

  it.each(columnAmounts)('funding: %s → met %s', (_label, value, met) => {
    expect(missingRequirements(complete({ funding: value }), 'after_invest')).toEqual(met ? [] : ['funding']);
  });

  // A database driver may hand numeric columns back as strings; they count when they are plain decimals.
  it('accepts a numeric string in a typed amount column', () => {
    const facts = complete({
      fundRaising: '1500000' as unknown as number,
      funding: '0' as unknown as number,
    });
    expect(missingRequirements(facts, 's1')).toEqual([]);
    expect(missingRequirements(facts, 'after_invest')).toEqual(['funding']);
  });

  // Term-sheet amounts are free JSON: anything may be there.
  const jsonAmounts: [string, unknown, boolean][] = [
    ...columnAmounts,
    ['a numeric string', '1500000', true],
    ['a numeric string with spaces around', ' 1500000 ', true],
    ['a decimal string', '12.5', true],
    ['the string 0', '0', false],
    ['the string 0.00', '0.00', false],
    ['a negative string', '-100', false],
    ['an empty string', '', false],
    ['a blank string', '   ', false],
    ['a word', 'abc', false],
    ['exponent notation', '1e6', false],
    ['thousands separators', '1,500,000', false],
    ['hexadecimal', '0x10', false],
    ['a boolean', true, false],
    ['an object', {}, false],
    ['absent', undefined, false],
  ];

  it.each(jsonAmounts)('term_sheet.total_amount: %s → met %s', (_label, value, met) => {
    const facts = complete({ termSheet: { total_amount: value, type_of_security: 'SAFE' } });
    expect(missingRequirements(facts, 's3')).toEqual(met ? [] : ['term_sheet.total_amount']);
  });

  it.each(jsonAmounts)('term_sheet.investment_amount: %s → met %s', (_label, value, met) => {
    const facts = complete({ termSheet: { investment_amount: value } });
    expect(missingRequirements(facts, 's4')).toEqual(met ? [] : ['term_sheet.investment_amount']);
  });

  it.each<[string, number | null, boolean]>([
    ['an assigned AO', 7, true],
    ['no AO', null, false],
  ])('ao: %s → met %s', (_label, aoId, met) => {
    expect(missingRequirements(complete({ aoId }), 's2')).toEqual(met ? [] : ['ao']);
  });

  it('treats a missing aoId field as no AO', () => {
    const facts = { ...complete(), aoId: undefined } as unknown as StageMoveFacts;
    expect(missingRequirements(facts, 's2')).toEqual(['ao']);
  });
});

describe('canMoveCase', () => {
  const caseOf = { aoId: 7, agentIds: [8, 9] };
  it.each<[string, StageMoveActor, { aoId: number | null; agentIds: number[] }, boolean]>([
    ['admin on a case they have nothing to do with', { id: 1, role: 'admin' }, caseOf, true],
    ['admin on a case without an AO', { id: 1, role: 'admin' }, { aoId: null, agentIds: [] }, true],
    ['ao who is the AO', { id: 7, role: 'ao' }, caseOf, true],
    ['ao who is an agent', { id: 9, role: 'ao' }, caseOf, true],
    ['ao who is neither', { id: 10, role: 'ao' }, caseOf, false],
    ['ao on a case without AO or agents', { id: 7, role: 'ao' }, { aoId: null, agentIds: [] }, false],
    ['ir even when named as the AO', { id: 7, role: 'ir' }, caseOf, false],
    ['ir even when named as an agent', { id: 8, role: 'ir' }, caseOf, false],
    ['sa even when named as the AO', { id: 7, role: 'sa' }, caseOf, false],
    ['sa even when named as an agent', { id: 8, role: 'sa' }, caseOf, false],
    ['sa unrelated', { id: 10, role: 'sa' }, caseOf, false],
  ])('%s → %s', (_label, actor, facts, expected) => {
    expect(canMoveCase(actor, facts)).toBe(expected);
  });
});

describe('evaluateStageMove', () => {
  describe('allowed moves', () => {
    it('a forward move needs no reason', () => {
      expect(evaluateStageMove({ facts: complete({ status: 's0' }), to: 's1', actor: admin })).toEqual({
        ok: true,
        kind: 'forward',
        reasonRequired: false,
      });
    });

    it('a forward move accepts a reason it does not need', () => {
      expect(
        evaluateStageMove({ facts: complete({ status: 's1' }), to: 's2', reason: 'Good call', actor: admin }),
      ).toEqual({ ok: true, kind: 'forward', reasonRequired: false });
    });

    it('a backward move with a reason', () => {
      expect(
        evaluateStageMove({
          facts: complete({ status: 's2' }),
          to: 's0',
          reason: 'Valuation reopened',
          actor: admin,
        }),
      ).toEqual({ ok: true, kind: 'backward', reasonRequired: true });
    });

    it('a backward move ignores the requirements of the stage it returns to', () => {
      const facts = bare({ status: 's4' });
      expect(evaluateStageMove({ facts, to: 's3', reason: 'Terms renegotiated', actor: admin })).toEqual({
        ok: true,
        kind: 'backward',
        reasonRequired: true,
      });
    });

    it('a drop with a reason ignores requirements', () => {
      expect(
        evaluateStageMove({
          facts: bare({ status: 's1' }),
          to: 'drop',
          reason: 'Founder left',
          actor: admin,
        }),
      ).toEqual({ ok: true, kind: 'drop', reasonRequired: true });
    });

    it('a restore to the stage the case left needs no reason', () => {
      const facts = complete({ status: 'drop', droppedFrom: 's3' });
      expect(evaluateStageMove({ facts, to: 's3', actor: admin })).toEqual({
        ok: true,
        kind: 'restore',
        reasonRequired: false,
      });
    });

    it('a restore of a case of unknown origin goes to draft, which has no requirements', () => {
      const facts = bare({ status: 'drop', droppedFrom: null });
      expect(evaluateStageMove({ facts, to: 'draft', reason: null, actor: admin })).toEqual({
        ok: true,
        kind: 'restore',
        reasonRequired: false,
      });
    });

    it('finish can be reopened into after_invest with a reason', () => {
      expect(
        evaluateStageMove({
          facts: complete({ status: 'finish' }),
          to: 'after_invest',
          reason: 'Exit fell through',
          actor: admin,
        }),
      ).toEqual({ ok: true, kind: 'backward', reasonRequired: true });
    });

    it('after_invest → finish has no requirements', () => {
      expect(
        evaluateStageMove({ facts: bare({ status: 'after_invest' }), to: 'finish', actor: admin }),
      ).toEqual({
        ok: true,
        kind: 'forward',
        reasonRequired: false,
      });
    });

    it('an ao who is an agent on the case may move it', () => {
      const facts = complete({ status: 's0', aoId: 7, agentIds: [8] });
      expect(evaluateStageMove({ facts, to: 's1', actor: { id: 8, role: 'ao' } })).toEqual({
        ok: true,
        kind: 'forward',
        reasonRequired: false,
      });
    });

    it('an ao who is the AO may move it', () => {
      const facts = complete({ status: 's0', aoId: 7, agentIds: [] });
      expect(evaluateStageMove({ facts, to: 's1', actor: { id: 7, role: 'ao' } })).toEqual({
        ok: true,
        kind: 'forward',
        reasonRequired: false,
      });
    });
  });

  describe('FORBIDDEN comes first', () => {
    it.each<StageMoveActor>([
      { id: 10, role: 'ao' },
      { id: 7, role: 'ir' },
      { id: 8, role: 'sa' },
    ])(
      '$role $id may not move the case, even a move that would otherwise be refused for another reason',
      (actor) => {
        const facts = bare({ status: 'draft', aoId: 7, agentIds: [8] });
        expect(evaluateStageMove({ facts, to: 's3', actor })).toEqual({
          ok: false,
          code: 'FORBIDDEN',
          missing: [],
        });
        expect(evaluateStageMove({ facts, to: 's0', actor })).toEqual({
          ok: false,
          code: 'FORBIDDEN',
          missing: [],
        });
      },
    );
  });

  describe('STAGE_MOVE_NOT_ALLOWED before reason and requirements', () => {
    it('lists what every stage on the way needs when a forward jump is refused', () => {
      expect(
        evaluateStageMove({ facts: bare({ status: 'draft' }), to: 's1', reason: null, actor: admin }),
      ).toEqual({
        ok: false,
        code: 'STAGE_MOVE_NOT_ALLOWED',
        missing: ['name', 'overview', 'fund_raising'],
      });
      expect(
        evaluateStageMove({
          facts: complete({ status: 's2' }),
          to: 's4',
          reason: 'In a hurry',
          actor: admin,
        }),
      ).toEqual({ ok: false, code: 'STAGE_MOVE_NOT_ALLOWED', missing: [] });
      const s1 = complete({ status: 's1', termSheet: { type_of_security: '特別股' } });
      expect(evaluateStageMove({ facts: s1, to: 's3', reason: null, actor: admin })).toEqual({
        ok: false,
        code: 'STAGE_MOVE_NOT_ALLOWED',
        missing: ['term_sheet.total_amount'],
      });
    });

    it.each<[string, StageMoveFacts, CaseStage, string | null]>([
      ['staying in the same stage', complete({ status: 's2' }), 's2', 'No change'],
      ['dropping a dropped case', bare({ status: 'drop', droppedFrom: 's1' }), 'drop', 'Again'],
      [
        'restoring elsewhere than where it left',
        complete({ status: 'drop', droppedFrom: 's2' }),
        's1',
        'Fresh start',
      ],
      [
        'restoring a case of unknown origin other than to draft',
        bare({ status: 'drop' }),
        's0',
        'Fresh start',
      ],
      ['rewinding a finished case past after_invest', complete({ status: 'finish' }), 's4', 'Redo'],
    ])('%s', (_label, facts, to, reason) => {
      expect(evaluateStageMove({ facts, to, reason, actor: admin })).toEqual({
        ok: false,
        code: 'STAGE_MOVE_NOT_ALLOWED',
        missing: [],
      });
    });
  });

  describe('STAGE_REASON_REQUIRED', () => {
    const blanks: [string, string | null | undefined][] = [
      ['absent', undefined],
      ['null', null],
      ['empty', ''],
      ['spaces', '   '],
      ['tabs and newlines', '\t\n '],
    ];

    it.each(blanks)('a backward move with a reason that is %s', (_label, reason) => {
      expect(
        evaluateStageMove({ facts: complete({ status: 's3' }), to: 's1', reason, actor: admin }),
      ).toEqual({
        ok: false,
        code: 'STAGE_REASON_REQUIRED',
        missing: [],
      });
    });

    it.each(blanks)('a drop with a reason that is %s', (_label, reason) => {
      expect(
        evaluateStageMove({ facts: complete({ status: 's3' }), to: 'drop', reason, actor: admin }),
      ).toEqual({
        ok: false,
        code: 'STAGE_REASON_REQUIRED',
        missing: [],
      });
    });

    it('reopening a finished case without a reason', () => {
      expect(
        evaluateStageMove({ facts: complete({ status: 'finish' }), to: 'after_invest', actor: admin }),
      ).toEqual({
        ok: false,
        code: 'STAGE_REASON_REQUIRED',
        missing: [],
      });
    });
  });

  describe('STAGE_REQUIREMENTS_MISSING lists every missing key', () => {
    it('a forward move into s3 with an empty term sheet', () => {
      expect(
        evaluateStageMove({ facts: complete({ status: 's2', termSheet: {} }), to: 's3', actor: admin }),
      ).toEqual({
        ok: false,
        code: 'STAGE_REQUIREMENTS_MISSING',
        missing: ['term_sheet.total_amount', 'term_sheet.type_of_security'],
      });
    });

    it('a forward move into s1 with neither overview nor amount', () => {
      const facts = complete({ status: 's0', overview: '  ', fundRaising: 0 });
      expect(evaluateStageMove({ facts, to: 's1', actor: admin })).toEqual({
        ok: false,
        code: 'STAGE_REQUIREMENTS_MISSING',
        missing: ['overview', 'fund_raising'],
      });
    });

    it('a forward move from draft without a company name', () => {
      expect(evaluateStageMove({ facts: bare(), to: 's0', actor: admin })).toEqual({
        ok: false,
        code: 'STAGE_REQUIREMENTS_MISSING',
        missing: ['name'],
      });
    });

    it('a restore checks the requirements of the stage it returns to', () => {
      const facts = complete({ status: 'drop', droppedFrom: 's2', aoId: null, agentIds: [] });
      expect(evaluateStageMove({ facts, to: 's2', actor: admin })).toEqual({
        ok: false,
        code: 'STAGE_REQUIREMENTS_MISSING',
        missing: ['ao'],
      });
    });
  });

  it.each<
    ['FORBIDDEN' | 'STAGE_MOVE_NOT_ALLOWED' | 'STAGE_REASON_REQUIRED' | 'STAGE_REQUIREMENTS_MISSING', number]
  >([
    ['FORBIDDEN', 403],
    ['STAGE_MOVE_NOT_ALLOWED', 409],
    ['STAGE_REASON_REQUIRED', 409],
    ['STAGE_REQUIREMENTS_MISSING', 409],
  ])('refusal code %s is in the error catalogue with status %i', (code, status) => {
    expect(ERROR_CATALOGUE[code].status).toBe(status);
  });
});
