import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { type CaseContractConfig, type ContractConfigView, DEFAULT_CONTRACT_CONFIG } from '@dealflow/domain';
import { extractText } from '../src/lib/pdf/text.ts';
import { buildCase } from './factories.ts';
import { buildTestApp, expectErrorShape, type TestApp } from './helpers.ts';
import {
  buildCast,
  type Cast,
  caller,
  caseLog,
  dataOf,
  expectStrangersRefused,
  failingFields,
} from './staffCast.ts';

let t: TestApp;
let cast: Cast;
let call: ReturnType<typeof caller>;
const config = '/api/internal/v1/config/contact';
const caseConfig = (id: number) => `/api/internal/v1/cases/${id}/contract-config`;

beforeAll(async () => {
  t = await buildTestApp();
  cast = await buildCast(t);
  call = caller(t);
});

const withFigures = (figures: Partial<typeof DEFAULT_CONTRACT_CONFIG.figures>) => ({
  ...DEFAULT_CONTRACT_CONFIG,
  figures: { ...DEFAULT_CONTRACT_CONFIG.figures, ...figures },
});

describe('contract configuration', () => {
  it('serves the default to anyone signed in until an admin saves one', async () => {
    for (const token of [cast.admin.token, cast.ao.token, cast.sa.token, cast.investor, cast.startup]) {
      const view = dataOf<ContractConfigView>(await call('GET', config, token));
      expect(view).toEqual({ key: 'contact', value: DEFAULT_CONTRACT_CONFIG, updated_at: null });
    }
    expectErrorShape(await call('GET', config), 401);
    expectErrorShape(
      await call('GET', '/api/internal/v1/config/secrets', cast.admin.token),
      404,
      'CONFIG_NOT_FOUND',
    );
  });

  it('lets only admin change it, per case too', async () => {
    const kase = await buildCase(t.database.db, { name: '設定案' });
    await expectStrangersRefused(t, cast, [
      ['PUT', config],
      ['GET', caseConfig(kase.id)],
      ['PUT', caseConfig(kase.id)],
    ]);
    for (const member of [cast.ao, cast.ir, cast.sa]) {
      expectErrorShape(await call('PUT', config, member.token, DEFAULT_CONTRACT_CONFIG), 403, 'FORBIDDEN');
      expectErrorShape(await call('GET', caseConfig(kase.id), member.token), 403, 'FORBIDDEN');
      expectErrorShape(await call('PUT', caseConfig(kase.id), member.token, {}), 403, 'FORBIDDEN');
    }
  });

  it('saves the figures and texts, records who changed what, and refuses a stale save', async () => {
    const first = dataOf<ContractConfigView>(
      await call('PUT', config, cast.admin.token, {
        ...withFigures({ management_fee_percent: 3 }),
        updated_at: null,
      }),
    );
    expect(first.value.figures.management_fee_percent).toBe(3);
    expect(first.updated_at).not.toBeNull();
    const read = dataOf<ContractConfigView>(await call('GET', config, cast.investor));
    expect(read).toEqual(first);

    // Someone who read the unsaved default (updated_at null) is now behind.
    expectErrorShape(
      await call('PUT', config, cast.admin.token, { ...withFigures({ term_years: 9 }), updated_at: null }),
      409,
      'CONFIG_CHANGED',
    );
    const second = dataOf<ContractConfigView>(
      await call('PUT', config, cast.admin.token, {
        ...withFigures({ management_fee_percent: 2 }),
        texts: { 'nda.return': { 'zh-TW': '乙方應於 {{date}} 前返還。' } },
        updated_at: first.updated_at,
      }),
    );
    expect(second.value.texts).toEqual({ 'nda.return': { 'zh-TW': '乙方應於 {{date}} 前返還。' } });
    expectErrorShape(
      await call('PUT', config, cast.admin.token, {
        ...DEFAULT_CONTRACT_CONFIG,
        updated_at: first.updated_at,
      }),
      409,
      'CONFIG_CHANGED',
    );
    // Nothing of the refused writes was kept.
    expect(dataOf<ContractConfigView>(await call('GET', config, cast.admin.token))).toEqual(second);

    const { activityLogs } = await import('../src/db/schema/index.ts');
    const { eq } = await import('drizzle-orm');
    const entries = await t.database.db
      .select()
      .from(activityLogs)
      .where(eq(activityLogs.entity_type, 'contract_config'));
    expect(entries.map((e) => e.changes)).toEqual([
      { 'figures.management_fee_percent': { from: 2.5, to: 3 } },
      {
        'figures.management_fee_percent': { from: 3, to: 2 },
        'texts.nda.return.zh-TW': { from: null, to: '乙方應於 {{date}} 前返還。' },
      },
    ]);
    expect(entries.every((e) => e.actor_id === cast.admin.id)).toBe(true);
  });

  it('refuses texts with unknown placeholders or clauses and figures out of range, naming the fields', async () => {
    const bad = async (body: unknown) => failingFields(await call('PUT', config, cast.admin.token, body));
    expect(
      await bad({ ...DEFAULT_CONTRACT_CONFIG, texts: { 'nda.return': { en: 'Pay {{password}}' } } }),
    ).toEqual(['body.texts.nda.return.en']);
    expect(await bad({ ...DEFAULT_CONTRACT_CONFIG, texts: { 'x.y': { en: 'a' } } })).toEqual([
      'body.texts.x.y',
    ]);
    expect(await bad(withFigures({ management_fee_percent: 101, term_years: 0 }))).toEqual([
      'body.figures.management_fee_percent',
      'body.figures.term_years',
    ]);
    expect(
      await bad({ ...DEFAULT_CONTRACT_CONFIG, party: { name: '', representative: 'a', address: 'b' } }),
    ).toEqual(['body.party.name']);
    const nul = await call('PUT', config, cast.admin.token, {
      ...DEFAULT_CONTRACT_CONFIG,
      party: { ...DEFAULT_CONTRACT_CONFIG.party, name: 'a\u0000b' },
    });
    expectErrorShape(nul, 400);
  });

  it('keeps what a case changes apart from the default, and returns it to the default when emptied', async () => {
    const kase = await buildCase(t.database.db, { name: '個案設定' });
    const fresh = dataOf<CaseContractConfig>(await call('GET', caseConfig(kase.id), cast.admin.token));
    const base = dataOf<ContractConfigView>(await call('GET', config, cast.admin.token)).value;
    expect(fresh).toEqual({ case_id: kase.id, override: {}, effective: base, updated_at: null });

    const saved = dataOf<CaseContractConfig>(
      await call('PUT', caseConfig(kase.id), cast.admin.token, {
        figures: { performance_bonus_percent: 15 },
        updated_at: null,
      }),
    );
    expect(saved.override).toEqual({ figures: { performance_bonus_percent: 15 } });
    expect(saved.effective.figures).toEqual({ ...base.figures, performance_bonus_percent: 15 });
    expectErrorShape(
      await call('PUT', caseConfig(kase.id), cast.admin.token, { figures: {}, updated_at: null }),
      409,
      'CONFIG_CHANGED',
    );
    const log = await caseLog(t, cast.admin.token, kase.id);
    expect(log[0]).toMatchObject({
      action: 'contract_config',
      changes: { 'contract.figures.performance_bonus_percent': { from: null, to: 15 } },
    });

    const reset = dataOf<CaseContractConfig>(
      await call('PUT', caseConfig(kase.id), cast.admin.token, { figures: {}, updated_at: saved.updated_at }),
    );
    expect(reset).toEqual({ case_id: kase.id, override: {}, effective: base, updated_at: null });

    expectErrorShape(await call('GET', caseConfig(2_000_000_000), cast.admin.token), 404, 'CASE_NOT_FOUND');
    expectErrorShape(
      await call('PUT', caseConfig(2_000_000_000), cast.admin.token, {}),
      404,
      'CASE_NOT_FOUND',
    );
  });

  it('lets one of two concurrent saves of the same version win', async () => {
    const current = dataOf<ContractConfigView>(await call('GET', config, cast.admin.token));
    const answers = await Promise.all(
      [3, 4].map((fee) =>
        call('PUT', config, cast.admin.token, {
          ...withFigures({ management_fee_percent: fee }),
          updated_at: current.updated_at,
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
  });
});

describe('contract configuration PDF preview', () => {
  const preview = `${config}/preview`;
  const flat = (pages: string[]) => pages.join('').replace(/\s+/g, '');
  const filesCount = async () =>
    (
      (await t.database.db.execute(sql`select count(*)::int as n from files`)) as unknown as {
        rows: Array<{ n: number }>;
      }
    ).rows[0]?.n;

  async function pdfText(body: unknown) {
    const res = await call('POST', preview, cast.admin.token, body);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/^inline/);
    expect(res.headers['cache-control']).toContain('no-store');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain('sandbox');
    return flat(await extractText(new Uint8Array(res.rawPayload)));
  }

  it('renders the unsaved form as the generated document would be, for a sample signer, and keeps nothing', async () => {
    const files = await filesCount();
    const saved = dataOf<ContractConfigView>(await call('GET', config, cast.admin.token));
    const text = await pdfText({
      config: withFigures({ management_fee_percent: 2, performance_bonus_percent: 12.5 }),
      kind: 'subscription',
      lang: 'zh-TW',
    });
    expect(text).toContain('按認購總額之2%計算');
    expect(text).toContain('超額收益之12.5%作為績效獎金');
    expect(text).toContain('範例投資人');
    expect(text).toContain('「範例公司」');
    expect(text).toContain('PREVIEW');
    // No commitment: the line is left to fill in by hand.
    expect(text).toContain('＿＿＿＿＿＿');

    const kase = await buildCase(t.database.db, { name: '晨曦能源' });
    const english = await pdfText({
      config: {
        ...DEFAULT_CONTRACT_CONFIG,
        texts: { 'nda.return': { en: 'Return everything by {{date}} to {{signer_email}}.' } },
      },
      kind: 'nda',
      lang: 'en',
      case_id: kase.id,
    });
    expect(english).toContain('SampleInvestor');
    expect(english).toContain('"晨曦能源"');
    expect(english).toContain('tosample@example.com.');
    expect(english).toContain('PREVIEW');

    // Nothing stored: no file, and the saved configuration is as it was.
    expect(await filesCount()).toBe(files);
    expect(dataOf<ContractConfigView>(await call('GET', config, cast.admin.token))).toEqual(saved);
  });

  it('lets only admin preview', async () => {
    const body = { config: DEFAULT_CONTRACT_CONFIG, kind: 'nda', lang: 'zh-TW' };
    await expectStrangersRefused(t, cast, [['POST', preview]]);
    expectErrorShape(await call('POST', preview, undefined, body), 401);
    expectErrorShape(await call('POST', preview, cast.investor, body), 403);
    for (const member of [cast.ao, cast.ir, cast.sa]) {
      expectErrorShape(await call('POST', preview, member.token, body), 403, 'FORBIDDEN');
    }
  });

  it('refuses a bad body naming the fields, and an unknown case', async () => {
    const files = await filesCount();
    const bad = async (body: unknown) => failingFields(await call('POST', preview, cast.admin.token, body));
    expect(
      await bad({ config: withFigures({ management_fee_percent: 101 }), kind: 'nda', lang: 'zh-TW' }),
    ).toEqual(['body.config.figures.management_fee_percent']);
    expect(await bad({ config: DEFAULT_CONTRACT_CONFIG, kind: 'spa', lang: 'fr' })).toEqual([
      'body.kind',
      'body.lang',
    ]);
    expect(
      await bad({
        config: { ...DEFAULT_CONTRACT_CONFIG, texts: { 'nda.return': { en: 'By {{deadline}}' } } },
        kind: 'nda',
        lang: 'en',
      }),
    ).toEqual(['body.config.texts.nda.return.en']);
    expect(await bad({ config: DEFAULT_CONTRACT_CONFIG, kind: 'nda', lang: 'en', extra: 1 })).toEqual([
      'body',
    ]);
    expect(await bad({ kind: 'nda', lang: 'en' })).toEqual(['body.config']);
    expectErrorShape(
      await call('POST', preview, cast.admin.token, {
        config: DEFAULT_CONTRACT_CONFIG,
        kind: 'nda',
        lang: 'zh-TW',
        case_id: 2_000_000_000,
      }),
      404,
      'CASE_NOT_FOUND',
    );
    expect(await filesCount()).toBe(files);
  });
});
