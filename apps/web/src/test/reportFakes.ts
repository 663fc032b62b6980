import {
  CASE_STAGES,
  type CaseActivityEntry,
  type CaseBreakdown,
  type CaseGroup,
  type CaseSummaryReport,
  type ClientActivityEntry,
  type ClientBreakdown,
  type ClientGroup,
  type ContactStage,
  daysFrom,
  type PipelineAnalytics,
  type StatusSeries,
} from '@dealflow/domain';

/**
 * Report answers shaped by the contracts (packages/domain/src/contracts/reports.ts), for the report
 * page's tests and screenshots. Figures are made up but add up: the stage counts of a group sum
 * to its count.
 */
const asOf = { on: '2026-05-01', time_zone: 'Asia/Taipei', live: true, missing: false };
const zeroStages = () => Object.fromEntries(CASE_STAGES.map((s) => [s, 0])) as CaseGroup['stages'];

export function caseGroup(
  key: string,
  name: string | null,
  counts: Partial<CaseGroup['stages']>,
  raising: Record<string, number> = {},
): CaseGroup {
  const stages = { ...zeroStages(), ...counts };
  const count = Object.values(stages).reduce((a, b) => a + b, 0);
  const in_progress = stages.s0 + stages.s1 + stages.s2 + stages.s3 + stages.s4;
  return { key, name, count, in_progress, stages, fund_raising: raising };
}

export function caseSummary(overrides: Partial<CaseSummaryReport> = {}): CaseSummaryReport {
  const by_stage = {
    ...zeroStages(),
    draft: 3,
    s0: 12,
    s1: 9,
    s2: 7,
    s3: 4,
    s4: 2,
    after_invest: 15,
    finish: 3,
    drop: 6,
  };
  return {
    ...asOf,
    year: 2026,
    total: 61,
    in_progress: 34,
    raising: { NTD: 1_285_000_000, USD: 4_500_000 },
    by_stage,
    funded_this_year: { count: 5, funding: { NTD: 180_000_000 } },
    dropped_this_year: { count: 4 },
    missing_days: [],
    ...overrides,
  };
}

export function caseRounds(result?: CaseGroup[]): CaseBreakdown {
  return {
    ...asOf,
    result: result ?? [
      caseGroup('Seed', null, { s0: 6, s1: 4, s2: 2 }, { NTD: 120_000_000 }),
      caseGroup('Pre-A', null, { s1: 3, s2: 3, s3: 1 }, { NTD: 260_000_000 }),
      caseGroup('Series A', null, { s2: 2, s3: 2, after_invest: 4 }, { NTD: 600_000_000, USD: 4_500_000 }),
      caseGroup('Series B', null, { s4: 2, after_invest: 3 }, { NTD: 305_000_000 }),
      caseGroup('', null, { draft: 3, s0: 6, drop: 6 }),
    ],
  };
}

export function caseDomains(result?: CaseGroup[]): CaseBreakdown {
  return {
    ...asOf,
    result: result ?? [
      caseGroup('ai', null, { s0: 5, s1: 3, s2: 3, after_invest: 4 }, { NTD: 420_000_000 }),
      caseGroup('biotech', null, { s1: 4, s2: 2, s3: 2 }, { NTD: 300_000_000 }),
      caseGroup('fintech', null, { s0: 4, s2: 1, after_invest: 3 }, { NTD: 250_000_000, USD: 1_500_000 }),
      caseGroup('', null, { draft: 3, s0: 3, drop: 6 }),
    ],
  };
}

export function caseAos(result?: CaseGroup[]): CaseBreakdown {
  return {
    ...asOf,
    result: result ?? [
      caseGroup(
        '2',
        '林經理',
        { s0: 4, s1: 3, s2: 4, after_invest: 5 },
        { NTD: 520_000_000, USD: 3_000_000 },
      ),
      caseGroup('3', '黃經理', { s0: 5, s1: 4, s2: 2, s3: 2 }, { NTD: 480_000_000 }),
      caseGroup('4', '張經理', { s0: 3, s1: 2, s2: 1, s3: 2, s4: 2 }, { NTD: 285_000_000, USD: 1_500_000 }),
      caseGroup('', null, { draft: 3, drop: 6 }),
    ],
  };
}

/** A status series over the days from `start` to `end`, every stage changing a little each day. */
export function statusSeries(
  stages: readonly string[],
  start: string,
  end: string,
  options: { missing?: string[]; scale?: number } = {},
): StatusSeries {
  const missing = new Set(options.missing ?? []);
  const scale = options.scale ?? 1;
  const days = daysFrom(start, end);
  return {
    start_at: start,
    end_at: end,
    time_zone: 'Asia/Taipei',
    live_from: end,
    stages: [...stages],
    missing_days: [...missing],
    result: days
      .filter((d) => !missing.has(d))
      .flatMap((date, i) =>
        stages.map((stage, j) => ({
          date,
          stage,
          count: Math.max(0, Math.round(scale * (4 + j * 2 + 3 * Math.sin((i + j * 3) / 5)))),
        })),
      ),
  };
}

export function caseActivity(page = 1): { result: CaseActivityEntry[]; count: number } {
  const base = (
    id: number,
    action: string,
    changes: CaseActivityEntry['changes'],
    caseId: number,
    name: string,
    deleted = false,
  ): CaseActivityEntry => ({
    id,
    action,
    actor: { type: 'employee', id: 2, name: '林經理' },
    changes,
    client_names: {},
    reason: null,
    created_at: `2026-04-${String(30 - id).padStart(2, '0')}T09:${String(10 + id).padStart(2, '0')}:00+08:00`,
    case: { id: caseId, name, status: 's2', is_deleted: deleted },
  });
  const entries = [
    base(1, 'stage', { status: { from: 's1', to: 's2' } }, 11, '晶創科技'),
    base(2, 'update', { fund_raising: { from: 50_000_000, to: 80_000_000 } }, 12, '綠能動力'),
    base(3, 'comment.create', {}, 13, '醫聯生技'),
    base(4, 'create', { name: { from: null, to: '雲端金流' } }, 14, '雲端金流'),
    base(5, 'delete', {}, 15, '舊案件', true),
  ];
  return {
    result: page === 1 ? entries : entries.slice(0, 2).map((e) => ({ ...e, id: e.id + 100 })),
    count: 23,
  };
}

const zeroContact = (stages: readonly ContactStage[]) => Object.fromEntries(stages.map((s) => [s, 0]));

export function clientGroup(
  key: string,
  name: string | null,
  stages: readonly ContactStage[],
  counts: Partial<Record<ContactStage, number>>,
  checkSize: Record<string, number> = {},
): ClientGroup {
  const all = { ...zeroContact(stages), ...counts } as Record<string, number>;
  const count = Object.values(all).reduce((a, b) => a + b, 0);
  return { key, name, count, stages: all, check_size: checkSize };
}

export const SA_STAGES: ContactStage[] = ['p0', 'p1', 'p2', 'p3', 'p4', 'drop'];
export const ALL_CONTACT_STAGES: ContactStage[] = ['p0', 'p1', 'p2', 'p3', 'p4', 'p5', 'p6', 'drop'];

export function clientTiers(
  stages: ContactStage[] = ALL_CONTACT_STAGES,
  result?: ClientGroup[],
): ClientBreakdown {
  return {
    ...asOf,
    stages,
    result: result ?? [
      clientGroup('general', null, stages, { p0: 20, p1: 12, p2: 6, drop: 4 }, { NTD: 90_000_000 }),
      clientGroup('paid', null, stages, { p1: 4, p2: 5, p3: 3, p5: 2 }, { NTD: 60_000_000 }),
      clientGroup('gp', null, stages, { p4: 2, p5: 3, p6: 4 }, { NTD: 150_000_000, USD: 2_000_000 }),
      clientGroup('lp_cvc', null, stages, { p3: 2, p5: 2, p6: 1 }, { NTD: 200_000_000 }),
    ],
  };
}

export function clientDomains(stages: ContactStage[] = ALL_CONTACT_STAGES): ClientBreakdown {
  return {
    ...asOf,
    stages,
    result: [
      clientGroup('ai', null, stages, { p0: 8, p1: 6, p2: 3, p5: 2 }),
      clientGroup('biotech', null, stages, { p0: 5, p2: 4, p6: 2 }),
      clientGroup('fintech', null, stages, { p1: 4, p3: 3, p5: 1 }),
      clientGroup('', null, stages, { p0: 7, p1: 6, drop: 4 }),
    ],
  };
}

export function clientOwners(stages: ContactStage[] = ALL_CONTACT_STAGES): ClientBreakdown {
  return {
    ...asOf,
    stages,
    result: [
      clientGroup('5', '陳業務', stages, { p0: 10, p1: 6, p2: 4, p3: 2 }, { NTD: 80_000_000 }),
      clientGroup('6', '吳投資關係', stages, { p4: 2, p5: 5, p6: 5 }, { NTD: 300_000_000 }),
      clientGroup('7', '李業務', stages, { p0: 6, p1: 8, p2: 5, p3: 3 }, { NTD: 70_000_000 }),
      clientGroup('', null, stages, { p0: 4, drop: 4 }),
    ],
  };
}

export function clientActivity(): { result: ClientActivityEntry[]; count: number } {
  const entry = (
    id: number,
    action: string,
    changes: ClientActivityEntry['changes'],
    clientId: number,
    name: string,
  ): ClientActivityEntry => ({
    id,
    action,
    actor: { type: 'employee', id: 5, name: '陳業務' },
    changes,
    client_names: {},
    employee_names: {},
    reason: null,
    created_at: `2026-04-2${id}T10:00:00+08:00`,
    client: { id: clientId, name, process_status: 'p2', is_deleted: false },
  });
  return {
    result: [
      entry(1, 'client.move', { process_status: { from: 'p1', to: 'p2' } }, 41, '王小明'),
      entry(2, 'client.todo.create', {}, 42, '李大華'),
      entry(3, 'client.update', { check_size: { from: 1_000_000, to: 3_000_000 } }, 43, '張美玲'),
    ],
    count: 3,
  };
}

export function analytics(
  pipeline: 'cases' | 'clients',
  start: string,
  end: string,
  stuckDays = 30,
): PipelineAnalytics {
  const stages =
    pipeline === 'cases'
      ? ['draft', 's0', 's1', 's2', 's3', 's4', 'after_invest', 'finish']
      : ['p0', 'p1', 'p2', 'p3', 'p4', 'p5', 'p6'];
  const entered = [30, 26, 20, 14, 9, 6, 4, 2];
  return {
    pipeline,
    start_at: start,
    end_at: end,
    time_zone: 'Asia/Taipei',
    stuck_days: stuckDays,
    stages,
    conversion: stages.slice(0, -1).map((from, i) => {
      const e = entered[i] ?? 1;
      const advanced = entered[i + 1] ?? 0;
      return {
        from,
        to: stages[i + 1] as string,
        entered: e,
        advanced,
        dropped: 2,
        moved_back: i % 3 === 0 ? 1 : 0,
        rate: advanced / e,
      };
    }),
    time_in_stage: stages.map((stage, i) => ({
      stage,
      samples: 10 + i,
      median_days: 5 + i * 3.5,
      p90_days: 12 + i * 7.25,
      ongoing: 3 + (i % 4),
    })),
    funnel: stages.map((stage, i) => ({ stage, count: entered[i] ?? 0 })),
    stuck: {
      total: 4,
      by_stage: pipeline === 'cases' ? { s1: 2, s2: 1, s3: 1 } : { p1: 3, p2: 1 },
      items: [
        {
          id: 11,
          name: pipeline === 'cases' ? '晶創科技' : '王小明',
          stage: pipeline === 'cases' ? 's2' : 'p2',
          since: '2026-01-12T08:00:00+08:00',
          days: 109,
        },
        {
          id: 12,
          name: pipeline === 'cases' ? '綠能動力' : '李大華',
          stage: pipeline === 'cases' ? 's1' : 'p1',
          since: '2026-02-03T08:00:00+08:00',
          days: 87,
        },
        {
          id: 13,
          name: pipeline === 'cases' ? '醫聯生技' : '張美玲',
          stage: pipeline === 'cases' ? 's1' : 'p1',
          since: '2026-03-01T08:00:00+08:00',
          days: 61,
        },
        {
          id: 14,
          name: pipeline === 'cases' ? '=SUM(A1)' : '陳志明',
          stage: pipeline === 'cases' ? 's3' : 'p1',
          since: '2026-03-20T08:00:00+08:00',
          days: 42,
        },
      ],
    },
  };
}
