import { describe, expect, it } from 'vitest';
import {
  type ExistingClientForImport,
  parseClientRow,
  planClientImport,
  sheetColumnOf,
} from './clientSheet.ts';

const existing = (
  id: number,
  email: string,
  over: Partial<ExistingClientForImport['values']> = {},
  visible = true,
) =>
  [
    email,
    {
      id,
      visible,
      values: {
        email,
        name: '王小明',
        lastName: '王',
        firstName: '小明',
        phone: '0912345678',
        type: null,
        membership: 'general',
        process_status: 'p2',
        check_size: 1_000_000,
        currency: 'NTD',
        domain_keys: ['ai'],
        industry_keys: [],
        expiry_at: '2027-01-31',
        next_step: null,
        ...over,
      },
    } satisfies ExistingClientForImport,
  ] as const;

describe('sheetColumnOf', () => {
  it('reads headers in either language, as keys, and ignores width and case', () => {
    expect(sheetColumnOf('電子郵件')).toBe('email');
    expect(sheetColumnOf(' EMAIL ')).toBe('email');
    expect(sheetColumnOf('會員等級')).toBe('membership');
    expect(sheetColumnOf('Contact stage')).toBe('process_status');
    expect(sheetColumnOf('check_size')).toBe('check_size');
    expect(sheetColumnOf('備註')).toBeNull();
  });

  it('still reads the headers earlier exports wrote', () => {
    expect(sheetColumnOf('聯絡階段')).toBe('process_status');
    expect(sheetColumnOf('聯繫階段')).toBe('process_status');
    expect(sheetColumnOf('已投資金額')).toBe('invest_money');
  });
});

describe('parseClientRow', () => {
  it('turns labels, amounts, dates and key lists into values', () => {
    const { values, issues } = parseClientRow({
      email: ' Amy@Example.com ',
      membership: '一般會員',
      process_status: 'P3 提案',
      check_size: 'NT$1,500,000',
      currency: '美元',
      domain_keys: 'ai、fintech, ai',
      expiry_at: '2027/2/28',
      phone: '',
    });
    expect(issues).toEqual([]);
    expect(values).toEqual({
      email: 'amy@example.com',
      membership: 'general',
      process_status: 'p3',
      check_size: 1_500_000,
      currency: 'USD',
      domain_keys: ['ai', 'fintech'],
      expiry_at: '2027-02-28',
      phone: null,
    });
  });

  it('names each bad cell and never keeps it', () => {
    const { values, issues } = parseClientRow({
      email: 'not-an-email',
      membership: '白金會員',
      check_size: '十萬',
      expiry_at: '2027-02-30',
      name: 'a\u0000b',
      next_step: 'x'.repeat(2001),
    });
    expect(values).toEqual({});
    expect(issues).toEqual([
      { column: 'email', problem: 'invalid_email' },
      { column: 'name', problem: 'invalid_characters' },
      { column: 'membership', problem: 'unknown_value' },
      { column: 'check_size', problem: 'invalid_number' },
      { column: 'expiry_at', problem: 'invalid_date' },
      { column: 'next_step', problem: 'too_long' },
    ]);
  });

  it('refuses a lone surrogate', () => {
    expect(parseClientRow({ name: 'a\uD800b' }).issues).toEqual([
      { column: 'name', problem: 'invalid_characters' },
    ]);
  });
});

describe('planClientImport', () => {
  const all = ['p0', 'p1', 'p2', 'p3', 'p4', 'p5', 'p6', 'drop'] as const;

  it('matches on email: creates, updates only what changed, leaves the same alone', () => {
    const byEmail = new Map([existing(1, 'a@example.com'), existing(2, 'b@example.com')]);
    const plan = planClientImport(
      [
        { email: 'a@example.com', name: '王小明', check_size: '2,000,000' },
        { email: 'B@example.com', name: '王小明', membership: '一般會員' },
        { email: 'new@example.com', name: '陳大文' },
      ],
      byEmail,
      all,
    );
    expect(plan.map((p) => [p.row, p.outcome, p.clientId])).toEqual([
      [2, 'updated', 1],
      [3, 'unchanged', 2],
      [4, 'created', null],
    ]);
    expect(plan[0]?.changes).toEqual({ check_size: 2_000_000 });
    expect(plan[2]?.changes).toEqual({ email: 'new@example.com', name: '陳大文', process_status: 'p0' });
  });

  it('refuses a whole row for any bad cell, a repeated email, a missing name or email', () => {
    const plan = planClientImport(
      [
        { email: 'x@example.com', name: '甲', membership: '白金' },
        { email: 'y@example.com', name: '乙' },
        { email: 'Y@example.com', name: '丙' },
        { email: 'z@example.com' },
        { name: '丁' },
      ],
      new Map(),
      all,
    );
    expect(plan.map((p) => p.outcome)).toEqual(['refused', 'created', 'refused', 'refused', 'refused']);
    expect(plan[0]?.issues).toEqual([{ column: 'membership', problem: 'unknown_value' }]);
    expect(plan[2]?.issues).toEqual([{ column: 'email', problem: 'duplicate_in_file' }]);
    expect(plan[3]?.issues).toEqual([{ column: 'name', problem: 'required' }]);
    expect(plan[4]?.issues).toEqual([{ column: 'email', problem: 'required' }]);
  });

  it("keeps to the importer's stages: a client they cannot see or a stage they cannot use is refused", () => {
    const saStages = ['p0', 'p1', 'p2', 'p3', 'p4', 'drop'] as const;
    const byEmail = new Map([existing(5, 'vip@example.com', { process_status: 'p5' }, false)]);
    const plan = planClientImport(
      [
        { email: 'vip@example.com', name: '王小明', next_step: '改約' },
        { email: 'n@example.com', name: '新', process_status: 'P6 維繫' },
      ],
      byEmail,
      saStages,
    );
    expect(plan.map((p) => p.issues)).toEqual([
      [{ column: 'email', problem: 'not_visible' }],
      [{ column: 'process_status', problem: 'stage_not_allowed' }],
    ]);
  });
});
