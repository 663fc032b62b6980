import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { QaEntry } from '@dealflow/domain';
import { activityLogs } from '../src/db/schema/index.ts';
import { buildClient, signIn } from './factories.ts';
import { buildTestApp, expectErrorShape, type TestApp } from './helpers.ts';
import { buildCast, type Cast, caller, dataOf, failingFields, type ListBody } from './staffCast.ts';

let t: TestApp;
let cast: Cast;
let call: ReturnType<typeof caller>;
const path = '/api/internal/v1/qa';

beforeAll(async () => {
  t = await buildTestApp();
  cast = await buildCast(t);
  call = caller(t);
});

const create = async (body: Record<string, unknown>) =>
  dataOf<QaEntry>(await call('POST', path, cast.admin.token, body));
const list = async (token: string, query = '') =>
  dataOf<ListBody<QaEntry>>(await call('GET', `${path}${query}`, token));
const ids = (l: ListBody<QaEntry>) => l.result.map((e) => e.id);

describe('investor Q&A', () => {
  it('lets admin write, investors read only what is published, in admin’s order', async () => {
    const first = await create({
      question: '如何變更密碼？',
      answer: '點選右上角的鑰匙圖示。',
      category: '帳號',
    });
    expect(first).toMatchObject({ question: '如何變更密碼？', category: '帳號', published: true });
    const draft = await create({ question: '草稿問題', answer: '尚未公開的答案', published: false });
    const third = await create({
      question: 'Who sees a case?',
      answer: 'It depends on the tier.',
      category: ' ',
    });
    expect(third.category).toBeNull();
    expect(third.position).toBeGreaterThan(draft.position);
    expect(draft.position).toBeGreaterThan(first.position);

    const forAdmin = await list(cast.admin.token);
    expect(ids(forAdmin)).toEqual([first.id, draft.id, third.id]);
    const forInvestor = await list(cast.investor);
    expect(ids(forInvestor)).toEqual([first.id, third.id]);
    expect(forInvestor.count).toBe(2);
    expect(JSON.stringify(forInvestor)).not.toContain('草稿');
    // Other staff read it like investors.
    expect(ids(await list(cast.ao.token))).toEqual([first.id, third.id]);

    const updated = dataOf<QaEntry>(
      await call('PUT', `${path}/${draft.id}`, cast.admin.token, { published: true, answer: '現在公開了' }),
    );
    expect(updated).toMatchObject({ published: true, answer: '現在公開了', question: '草稿問題' });
    expect(ids(await list(cast.investor))).toEqual([first.id, draft.id, third.id]);

    expect(
      (await call('PUT', `${path}/order`, cast.admin.token, { ids: [third.id, first.id, draft.id] }))
        .statusCode,
    ).toBe(200);
    expect(ids(await list(cast.investor))).toEqual([third.id, first.id, draft.id]);
    // A list that is not every entry once is refused, and nothing moves.
    expect(
      failingFields(await call('PUT', `${path}/order`, cast.admin.token, { ids: [first.id, third.id] })),
    ).toContain('body.ids');
    expect(
      failingFields(
        await call('PUT', `${path}/order`, cast.admin.token, { ids: [first.id, first.id, third.id] }),
      ),
    ).toContain('body.ids');
    expect(ids(await list(cast.admin.token))).toEqual([third.id, first.id, draft.id]);

    expect((await call('DELETE', `${path}/${draft.id}`, cast.admin.token)).statusCode).toBe(200);
    expectErrorShape(
      await call('DELETE', `${path}/${draft.id}`, cast.admin.token),
      404,
      'QA_ENTRY_NOT_FOUND',
    );
    expectErrorShape(
      await call('PUT', `${path}/${draft.id}`, cast.admin.token, { answer: 'x' }),
      404,
      'QA_ENTRY_NOT_FOUND',
    );
    expect(ids(await list(cast.admin.token))).toEqual([third.id, first.id]);

    // Every write is in the history, by admin.
    const history = await t.database.db
      .select()
      .from(activityLogs)
      .where(and(eq(activityLogs.entity_type, 'qa_entry'), eq(activityLogs.entity_id, draft.id)));
    expect(history.map((h) => h.action).sort()).toEqual(['create', 'delete', 'update']);
    expect(history.every((h) => h.actor_type === 'employee' && h.actor_id === cast.admin.id)).toBe(true);
    const update = history.find((h) => h.action === 'update')!;
    expect(update.changes).toMatchObject({ published: { from: false, to: true } });
  });

  it('searches question and answer by a Chinese substring, any case, % and _ taken literally', async () => {
    const a = await create({ question: '簽署文件的驗證碼多久有效？', answer: '十分鐘內有效。' });
    const b = await create({ question: 'Where are reports?', answer: '季度報告放在投資人專區。' });
    const c = await create({ question: '100% 退款？', answer: 'No_refund here' });
    expect(ids(await list(cast.investor, `?q=${encodeURIComponent('驗證碼')}`))).toEqual([a.id]);
    expect(ids(await list(cast.investor, `?q=${encodeURIComponent('投資人專')}`))).toEqual([b.id]);
    expect(ids(await list(cast.investor, '?q=REPORTS'))).toEqual([b.id]);
    expect(ids(await list(cast.investor, `?q=${encodeURIComponent('%')}`))).toEqual([c.id]);
    expect(ids(await list(cast.investor, `?q=${encodeURIComponent('o_r')}`))).toEqual([c.id]);
    expect((await list(cast.investor, `?q=${encodeURIComponent('沒有這個字串')}`)).count).toBe(0);
  });

  it('refuses non-admin staff, investors and startups the writes; anonymous and startups the reads', async () => {
    const entry = await create({ question: 'Q', answer: 'A' });
    const writes = [
      ['POST', path, { question: 'Q', answer: 'A' }],
      ['PUT', `${path}/${entry.id}`, { answer: 'B' }],
      ['PUT', `${path}/order`, { ids: [entry.id] }],
      ['DELETE', `${path}/${entry.id}`, undefined],
    ] as const;
    for (const [method, url, body] of writes) {
      for (const member of [cast.ao, cast.ir, cast.sa]) {
        expectErrorShape(await call(method, url, member.token, body), 403, 'FORBIDDEN');
      }
      expectErrorShape(await call(method, url, cast.investor, body), 403, 'WRONG_STRATEGY');
      expectErrorShape(await call(method, url, cast.startup, body), 403, 'WRONG_STRATEGY');
      expectErrorShape(await call(method, url, undefined, body), 401);
    }
    expectErrorShape(await call('GET', path), 401);
    expectErrorShape(await call('GET', path, cast.startup), 403, 'WRONG_STRATEGY');
    expect((await list(cast.admin.token)).result.find((e) => e.id === entry.id)?.answer).toBe('A');
  });

  it('refuses bad input with 400, never 500: NUL, blank, too long, unknown fields, bad sizes', async () => {
    expect(
      failingFields(await call('POST', path, cast.admin.token, { question: 'a\u0000b', answer: 'x' })),
    ).toContain('body.question');
    expect(
      failingFields(await call('POST', path, cast.admin.token, { question: 'q', answer: 'x\u0000' })),
    ).toContain('body.answer');
    const entry = await create({ question: 'Q', answer: 'A' });
    expect(
      failingFields(await call('PUT', `${path}/${entry.id}`, cast.admin.token, { answer: '\u0000' })),
    ).toContain('body.answer');
    expect(
      failingFields(await call('GET', `${path}?q=${encodeURIComponent('\u0000')}`, cast.investor)),
    ).toContain('querystring.q');
    expect(
      failingFields(await call('POST', path, cast.admin.token, { question: '  ', answer: 'x' })),
    ).toContain('body.question');
    expect(
      failingFields(await call('POST', path, cast.admin.token, { question: 'q'.repeat(501), answer: 'x' })),
    ).toContain('body.question');
    expect(
      failingFields(await call('POST', path, cast.admin.token, { question: 'q', answer: 'a', x: 1 })),
    ).toContain('body');
    expectErrorShape(await call('GET', `${path}?size=501`, cast.investor), 400, 'VALIDATION_FAILED');
    expectErrorShape(await call('GET', `${path}?sort=id:asc`, cast.investor), 400, 'VALIDATION_FAILED');
    expectErrorShape(
      await call('PUT', `${path}/99999999999`, cast.admin.token, { answer: 'x' }),
      400,
      'VALIDATION_FAILED',
    );
  });
});

describe('the onboarding tour flag', () => {
  const me = async (token: string) =>
    dataOf<{ tutorial_seen_at: string | null }>(await call('GET', '/api/v1/auth/me', token));
  const url = '/api/internal/v1/me/tutorial';

  it('is null for a new investor, set on close (first close kept), cleared on request, on every device', async () => {
    const client = await buildClient(t.database.db);
    const phone = await signIn(t.app, 'investor', client.email);
    const laptop = await signIn(t.app, 'investor', client.email);
    expect((await me(phone)).tutorial_seen_at).toBeNull();
    const seen = dataOf<{ tutorial_seen_at: string }>(await call('PUT', url, phone, { seen: true }));
    expect(Date.parse(seen.tutorial_seen_at)).toBeGreaterThan(Date.now() - 60_000);
    expect((await me(laptop)).tutorial_seen_at).toBe(seen.tutorial_seen_at);
    const again = dataOf<{ tutorial_seen_at: string }>(await call('PUT', url, laptop, { seen: true }));
    expect(again.tutorial_seen_at).toBe(seen.tutorial_seen_at);
    expect(dataOf(await call('PUT', url, phone, { seen: false }))).toEqual({ tutorial_seen_at: null });
    expect((await me(laptop)).tutorial_seen_at).toBeNull();
  });

  it('is the investor’s own: staff, startups and anonymous are refused, bad bodies are 400', async () => {
    expectErrorShape(await call('PUT', url, undefined, { seen: true }), 401);
    expectErrorShape(await call('PUT', url, cast.admin.token, { seen: true }), 403, 'WRONG_STRATEGY');
    expectErrorShape(await call('PUT', url, cast.startup, { seen: true }), 403, 'WRONG_STRATEGY');
    expect(failingFields(await call('PUT', url, cast.investor, { seen: 'yes' }))).toContain('body.seen');
    expect(failingFields(await call('PUT', url, cast.investor, { seen: true, client_id: 1 }))).toContain(
      'body',
    );
  });
});
