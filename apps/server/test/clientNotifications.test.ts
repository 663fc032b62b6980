import { beforeAll, describe, expect, it } from 'vitest';
import { expectStageRefused } from './clientCast.ts';
import { historyOf } from './clientHistory.ts';
import { buildTestApp, expectErrorShape, type TestApp } from './helpers.ts';
import { buildClient } from './factories.ts';
import {
  buildCast,
  caller,
  dataOf,
  expectOtherInvestorsRefused,
  expectStrangersRefused,
  failingFields,
  type Cast,
  type ListBody,
} from './staffCast.ts';

let t: TestApp;
let cast: Cast;
let call: ReturnType<typeof caller>;

beforeAll(async () => {
  t = await buildTestApp();
  cast = await buildCast(t);
  call = caller(t);
});

const url = (clientId: number) => `/api/internal/v1/clients/${clientId}/notifications`;
type Notice = {
  id: number;
  client_id: number;
  title: string;
  body: string | null;
  link: string | null;
  read_at: string | null;
  sender: { id: number; name: string } | null;
  created_at: string;
};

describe('client notifications for staff', () => {
  it('refuses strangers and ao; follows the client access rule for sa and ir', async () => {
    const db = t.database.db;
    const client = await buildClient(db, { process_status: 'p3' });
    await expectStrangersRefused(t, cast, [['POST', url(client.id)]]);
    await expectOtherInvestorsRefused(t, cast, [['GET', url(client.id)]]);
    expectErrorShape(await call('GET', url(client.id), cast.ao.token), 403, 'FORBIDDEN');
    expectErrorShape(await call('POST', url(client.id), cast.ao.token, { title: 'x' }), 403, 'FORBIDDEN');
    for (const [stage, allowed] of [
      ['p3', { sa: true, ir: false }],
      ['p6', { sa: false, ir: true }],
      ['drop', { sa: true, ir: true }],
    ] as const) {
      const c = await buildClient(db, { process_status: stage });
      for (const who of ['sa', 'ir'] as const) {
        for (const res of [
          await call('GET', url(c.id), cast[who].token),
          await call('POST', url(c.id), cast[who].token, { title: '會議提醒' }),
        ]) {
          if (allowed[who]) expect(res.statusCode, res.body).toBe(200);
          else expectStageRefused(res, stage);
        }
      }
      expect((await call('GET', url(c.id), cast.admin.token)).statusCode).toBe(200);
    }
  });

  it('sends one with a title, a text and a link inside Dealflow, recorded in the client history', async () => {
    const client = await buildClient(t.database.db, { process_status: 'p5' });
    const sent = dataOf<Notice>(
      await call('POST', url(client.id), cast.ir.token, {
        title: '  新案件開放認購  ',
        body: '綠能電池案開放認購至月底。',
        link: '/investor/cases/12?tab=overview',
      }),
    );
    expect(sent).toMatchObject({
      client_id: client.id,
      title: '新案件開放認購',
      body: '綠能電池案開放認購至月底。',
      link: '/investor/cases/12?tab=overview',
      read_at: null,
      sender: { id: cast.ir.id },
    });
    expect((await historyOf(t, 'client', client.id))[0]).toMatchObject({
      action: 'notification.create',
      actor_id: cast.ir.id,
      changes: {
        id: { from: null, to: sent.id },
        title: { from: null, to: '新案件開放認購' },
        link: { from: null, to: '/investor/cases/12?tab=overview' },
      },
    });
    const bare = dataOf<Notice>(
      await call('POST', url(client.id), cast.ir.token, { title: '提醒', body: '', link: '' }),
    );
    expect(bare).toMatchObject({ body: null, link: null });
  });

  it('refuses links that leave Dealflow, and bad titles', async () => {
    const client = await buildClient(t.database.db);
    for (const link of [
      'https://evil.example.com/',
      '//evil.example.com',
      '/\\evil.example.com',
      'javascript:alert(1)',
      'investor/cases',
      '/%2e%2e/admin',
      '/a\nb',
    ]) {
      const res = await call('POST', url(client.id), cast.sa.token, { title: '連結', link });
      expect(failingFields(res), link).toEqual(['body.link']);
    }
    expect(failingFields(await call('POST', url(client.id), cast.sa.token, { title: '  ' }))).toEqual([
      'body.title',
    ]);
    expect(
      failingFields(await call('POST', url(client.id), cast.sa.token, { title: 'x'.repeat(201) })),
    ).toEqual(['body.title']);
    expect(failingFields(await call('POST', url(client.id), cast.sa.token, { title: 'a\u0000' }))).toEqual([
      'body.title',
    ]);
    expect(
      failingFields(await call('POST', url(client.id), cast.sa.token, { title: 'x', read_at: null })),
    ).toEqual(['body']);
  });

  it('lists them newest first, 10 a page by default, with the total', async () => {
    const client = await buildClient(t.database.db);
    const ids: number[] = [];
    for (let i = 0; i < 12; i++) {
      ids.push(
        dataOf<Notice>(await call('POST', url(client.id), cast.admin.token, { title: `通知 ${i}` })).id,
      );
    }
    await call('POST', url((await buildClient(t.database.db)).id), cast.admin.token, { title: '別人的' });
    const first = dataOf<ListBody<Notice>>(await call('GET', url(client.id), cast.admin.token));
    expect(first.count).toBe(12);
    expect(first.result.map((n) => n.id)).toEqual([...ids].reverse().slice(0, 10));
    const second = dataOf<ListBody<Notice>>(await call('GET', `${url(client.id)}?page=2`, cast.admin.token));
    expect(second.result.map((n) => n.id)).toEqual([ids[1], ids[0]]);
    expect(
      dataOf<ListBody<Notice>>(await call('GET', `${url(client.id)}?all=1`, cast.admin.token)).result,
    ).toHaveLength(12);
  });

  it('gives staff no way to mark one read (that is the client’s, in the investor area)', async () => {
    const client = await buildClient(t.database.db);
    const sent = dataOf<Notice>(await call('POST', url(client.id), cast.admin.token, { title: '提醒' }));
    // The investor's route (investorSelf.test.ts) refuses a staff token.
    const res = await call('PUT', `${url(client.id)}/${sent.id}`, cast.admin.token, { read: true });
    expectErrorShape(res, 403, 'WRONG_STRATEGY');
    expectErrorShape(
      await call('PUT', url(client.id), cast.admin.token, { read: true }),
      403,
      'WRONG_STRATEGY',
    );
  });
});
