import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { platformSettings } from '../src/db/schema/index.ts';
import { buildTestApp, expectErrorShape, type TestApp } from './helpers.ts';
import { buildCast, caller, dataOf, failingFields, type Cast, type ListBody } from './staffCast.ts';

let t: TestApp;
let cast: Cast;
let call: ReturnType<typeof caller>;

beforeAll(async () => {
  t = await buildTestApp();
  cast = await buildCast(t);
  call = caller(t);
});

type Item = { key: string; label_zh: string; label_en: string; sub_items?: Item[] };
type Group = { option_type: string; option: Array<{ value: string; label_zh: string; label_en: string }> };

const setting = async (key: string) =>
  (await t.database.db.select().from(platformSettings).where(eq(platformSettings.key, key)))[0]?.value;

describe('currencies', () => {
  it('lists every currency with its symbol and names, without signing in', async () => {
    const list = dataOf<ListBody>(await call('GET', '/static_api/v1/currencies'));
    expect(list.count).toBe(7);
    expect(list.result[0]).toEqual({
      code: 'NTD',
      symbol: 'NT$',
      name_zh: '新臺幣',
      name_en: 'New Taiwan dollar',
    });
    expect(list.result.map((c) => [c.code, c.symbol])).toEqual([
      ['NTD', 'NT$'],
      ['USD', 'US$'],
      ['CNY', '$'],
      ['JPY', '$'],
      ['HKD', '$'],
      ['SGD', '$'],
      ['EUR', '$'],
    ]);
  });
});

describe('static keys', () => {
  it('serves the default domains and industries to anyone signed in, storing them on first read', async () => {
    expect(await setting('static_keys.domain')).toBeUndefined();
    for (const token of [cast.admin.token, cast.ir.token, cast.investor, cast.startup]) {
      const domains = dataOf<ListBody<Item>>(await call('GET', '/static_api/v1/staticKey/domain', token));
      expect(domains.count).toBe(domains.result.length);
      expect(domains.result.map((d) => d.key)).toEqual(
        expect.arrayContaining(['ai', 'biotech', 'fintech', 'greentech', 'semiconductor', 'maritime']),
      );
      expect(domains.result.find((d) => d.key === 'ai')).toMatchObject({
        label_zh: '人工智慧',
        label_en: 'Artificial intelligence',
        sub_items: expect.arrayContaining([
          { key: 'genai', label_zh: '生成式 AI', label_en: 'Generative AI' },
        ]),
      });
    }
    expect(await setting('static_keys.domain')).toEqual(
      dataOf<ListBody>(await call('GET', '/static_api/v1/staticKey/domain', cast.sa.token)).result,
    );
    const industries = dataOf<ListBody<Item>>(
      await call('GET', '/static_api/v1/staticKey/industry', cast.ao.token),
    );
    expect(industries.result.find((i) => i.key === 'manufacturing')?.label_zh).toBe('製造業');
  });

  it('serves what an administrator stored, and the default when the stored value is broken', async () => {
    const db = t.database.db;
    const custom = [{ key: 'quantum', label_zh: '量子科技', label_en: 'Quantum technology' }];
    await db
      .insert(platformSettings)
      .values({ key: 'static_keys.industry', value: custom })
      .onConflictDoUpdate({ target: platformSettings.key, set: { value: custom } });
    expect(
      dataOf<ListBody>(await call('GET', '/static_api/v1/staticKey/industry', cast.ao.token)).result,
    ).toEqual(custom);
    await db
      .update(platformSettings)
      .set({ value: { not: 'a list' } })
      .where(eq(platformSettings.key, 'static_keys.industry'));
    const served = dataOf<ListBody<Item>>(
      await call('GET', '/static_api/v1/staticKey/industry', cast.ao.token),
    );
    expect(served.result.map((i) => i.key)).toContain('manufacturing');
  });

  it('refuses another type with the SPEC message, and anonymous callers first', async () => {
    for (const type of ['foo', 'Domain', '']) {
      const error = expectErrorShape(
        await call('GET', `/static_api/v1/staticKey/${type}`, cast.admin.token),
        400,
        'STATIC_KEY_TYPE',
      );
      expect(error.message).toBe('type must be domain or industry');
    }
    expectErrorShape(await call('GET', '/static_api/v1/staticKey/domain'), 401, 'UNAUTHENTICATED');
    expectErrorShape(await call('GET', '/static_api/v1/staticKey/foo'), 401);
    expectErrorShape(
      await call('GET', '/static_api/v1/staticKey/domain', 'not-a-token'),
      401,
      'INVALID_TOKEN',
    );
  });
});

describe('options', () => {
  it('serves the options of one type as result[0].option to anyone signed in', async () => {
    for (const token of [cast.admin.token, cast.sa.token, cast.investor, cast.startup]) {
      const body = dataOf<ListBody<Group>>(await call('GET', '/api/v1/options?option_type=round', token));
      expect(body.count).toBe(1);
      expect(body.result[0]!.option_type).toBe('round');
      expect(body.result[0]!.option.map((o) => o.value)).toEqual(['Angel', 'Seed', 'Pre-A', 'A', 'B', 'C+']);
    }
    expect(await setting('options.round')).toHaveLength(6);
    for (const type of ['source', 'opportunity_record_type']) {
      const body = dataOf<ListBody<Group>>(
        await call('GET', `/api/v1/options?option_type=${type}`, cast.ao.token),
      );
      expect(body.result[0]!.option.length).toBeGreaterThan(0);
    }
  });

  it('serves stored types, nothing for an unknown type, and every type when none is named', async () => {
    const stages = [{ value: 'p0', label_zh: '開發計畫', label_en: 'Development plan' }];
    await t.database.db.insert(platformSettings).values({ key: 'options.contact_stage', value: stages });
    expect(
      dataOf<ListBody<Group>>(await call('GET', '/api/v1/options?option_type=contact_stage', cast.ir.token)),
    ).toEqual({ result: [{ option_type: 'contact_stage', option: stages }], count: 1 });
    expect(dataOf<ListBody>(await call('GET', '/api/v1/options?option_type=colour', cast.ir.token))).toEqual({
      result: [],
      count: 0,
    });
    const all = dataOf<ListBody<Group>>(await call('GET', '/api/v1/options', cast.ir.token));
    expect(all.result.map((g) => g.option_type)).toEqual([
      'contact_stage',
      'opportunity_record_type',
      'round',
      'source',
    ]);
    expect(failingFields(await call('GET', '/api/v1/options?option_type=Bad%20Type', cast.ir.token))).toEqual(
      ['querystring.option_type'],
    );
    expectErrorShape(await call('GET', '/api/v1/options?option_type=round'), 401);
  });
});
