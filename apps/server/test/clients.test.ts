import { beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_NAME_LIMIT } from '@dealflow/domain';
import { buildTestApp, expectErrorShape, type TestApp } from './helpers.ts';
import { buildClient } from './factories.ts';
import {
  buildCast,
  caller,
  dataOf,
  expectStrangersRefused,
  failingFields,
  type Cast,
  type ListBody,
} from './staffCast.ts';

let t: TestApp;
let cast: Cast;
let call: ReturnType<typeof caller>;
const names = '/api/internal/v1/clients/name';

type ClientName = { id: number; name: string; membership: string };
const list = async (query: string, token = cast.ao.token) =>
  dataOf<ListBody<ClientName>>(await call('GET', `${names}${query}`, token));

beforeAll(async () => {
  // A database of its own: the search spans every client, so other files' rows must not show up.
  t = await buildTestApp();
  cast = await buildCast(t);
  call = caller(t);
});

describe('v1/clients/name (client pickers)', () => {
  it('is for every staff role, and nobody else', async () => {
    await expectStrangersRefused(t, cast, [['GET', names]]);
    for (const member of [cast.admin, cast.ao, cast.ir, cast.sa]) {
      expect((await call('GET', names, member.token)).statusCode).toBe(200);
    }
  });

  it('finds active clients by a part of the name or email, any case, by name, without contact data', async () => {
    const db = t.database.db;
    const wang = await buildClient(db, { name: '王大明 Zeta', membership: 'gp' });
    const alpha = await buildClient(db, { name: 'Alpha zeta Fund', membership: 'paid' });
    const byMail = await buildClient(db, { name: '陳小華', email: 'zeta-chen@test.example' });
    await buildClient(db, { name: 'Zeta Inactive', status: 'inactive' });
    await buildClient(db, { name: 'Zeta Deleted', is_deleted: true });

    const found = await list('?q=ZETA');
    expect(found.result).toEqual([
      { id: alpha.id, name: 'Alpha zeta Fund', membership: 'paid' },
      { id: wang.id, name: '王大明 Zeta', membership: 'gp' },
      { id: byMail.id, name: '陳小華', membership: 'general' },
    ]);
    expect(found.count).toBe(3);
    expect((await list('?q=%E7%8E%8B%E5%A4%A7')).result.map((c) => c.id)).toEqual([wang.id]);
    expect((await list('?q=nobody-has-this')).result).toEqual([]);
  });

  it('takes % and _ in q literally', async () => {
    const db = t.database.db;
    const percent = await buildClient(db, { name: '百分之百 100% Capital' });
    await buildClient(db, { name: '100X Capital' });
    const underscore = await buildClient(db, { name: 'under_score Ventures' });
    await buildClient(db, { name: 'underXscore Ventures' });

    expect((await list(`?q=${encodeURIComponent('100%')}`)).result.map((c) => c.id)).toEqual([percent.id]);
    expect((await list('?q=under_score')).result.map((c) => c.id)).toEqual([underscore.id]);
  });

  it('gives the first 20 by name with the count of all matches', async () => {
    const db = t.database.db;
    for (let i = 0; i < CLIENT_NAME_LIMIT + 3; i++) {
      await buildClient(db, { name: `Many ${String(i).padStart(2, '0')}` });
    }
    const page = await list('?q=many');
    expect(page.count).toBe(CLIENT_NAME_LIMIT + 3);
    expect(page.result).toHaveLength(CLIENT_NAME_LIMIT);
    expect(page.result[0]?.name).toBe('Many 00');
    expect(page.result.at(-1)?.name).toBe(`Many ${CLIENT_NAME_LIMIT - 1}`);
    // No q: every active client, still 20 at most.
    expect((await list('')).result).toHaveLength(CLIENT_NAME_LIMIT);
  });

  it('resolves ids to names, inactive clients included, deleted and unknown ones left out', async () => {
    const db = t.database.db;
    const b = await buildClient(db, { name: 'Ids B', membership: 'ic' });
    const a = await buildClient(db, { name: 'Ids A' });
    const inactive = await buildClient(db, { name: 'Ids Inactive', status: 'inactive' });
    const deleted = await buildClient(db, { name: 'Ids Deleted', is_deleted: true });

    const resolved = await list(`?ids=${b.id},${a.id},${inactive.id},${deleted.id},${b.id},999999`);
    expect(resolved).toEqual({
      result: [
        { id: a.id, name: 'Ids A', membership: 'general' },
        { id: b.id, name: 'Ids B', membership: 'ic' },
        { id: inactive.id, name: 'Ids Inactive', membership: 'general' },
      ],
      count: 3,
    });
    // ids wins over q: the values a form holds are resolved whatever is typed.
    expect((await list(`?ids=${a.id}&q=nothing-like-it`)).result.map((c) => c.id)).toEqual([a.id]);
  });

  it('refuses malformed ids and overlong q with 400', async () => {
    for (const query of [
      '?ids=abc',
      '?ids=1,,2',
      '?ids=0',
      '?ids=-1',
      '?ids=99999999999',
      `?q=${'x'.repeat(201)}`,
    ]) {
      const res = await call('GET', `${names}${query}`, cast.ao.token);
      expect(failingFields(res).length, query).toBeGreaterThan(0);
    }
    const tooMany = Array.from({ length: 101 }, (_, i) => i + 1).join(',');
    expectErrorShape(await call('GET', `${names}?ids=${tooMany}`, cast.ao.token), 400);
  });
});
