import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { cases } from '../src/db/schema/index.ts';
import { buildTestApp, expectErrorShape, type TestApp } from './helpers.ts';
import { buildCase, buildReview, buildReviewComment, buildStartupUser, signIn } from './factories.ts';
import {
  buildCast,
  caller,
  caseLog,
  dataOf,
  failingFields,
  type Cast,
  type ListBody,
  type Method,
} from './staffCast.ts';

let t: TestApp;
let cast: Cast;
let call: ReturnType<typeof caller>;
const v1 = '/api/internal/v1/cases';
const review = (userId: number | string, tail = '') => `${v1}/${userId}/review${tail}`;

beforeAll(async () => {
  t = await buildTestApp();
  cast = await buildCast(t);
  call = caller(t);
});

type Comment = { id: number; employee_id: number | null; name: string; content: string };
type Review = {
  id: number;
  user_id: number;
  case_id: number;
  status: 0 | 1;
  update_content: Record<string, unknown>;
  comment: Comment[];
  applied_at: string | null;
  applied_by: { id: number; name: string } | null;
};

/** A case run by cast.ao, with a signed-in startup user on it. */
async function startupOnCase(overrides: Parameters<typeof buildCase>[1] = {}) {
  const db = t.database.db;
  const kase = await buildCase(db, { ao_id: cast.ao.id, ...overrides });
  const user = await buildStartupUser(db, { case_id: kase.id });
  return { kase, user, token: await signIn(t.app, 'local', user.email) };
}

describe('the review cycle of a startup', () => {
  it('draft, submit, comment, delete the comment, init, submit again, diff and apply', async () => {
    const { kase, user, token } = await startupOnCase({
      name: '晶片新創股份有限公司',
      overview: '舊的公司概述',
      fund_raising: 10_000_000,
      website: 'https://old.example.com',
      term_sheet: { total_amount: 5_000_000, type_of_security: '普通股' },
      business_plan: { market: '台灣市場' },
    });
    const url = review(user.id);
    expectErrorShape(await call('GET', url, token), 404, 'REVIEW_NOT_FOUND');

    // First save: a draft, created by POST.
    const draft = dataOf<Review>(
      await call('POST', url, token, {
        update_content: { overview: '  量產中的 AI 晶片  ', detail: { address: '新竹市' } },
        status: 0,
      }),
    );
    expect(draft).toEqual({
      id: expect.any(Number),
      user_id: user.id,
      case_id: kase.id,
      status: 0,
      update_content: { overview: '量產中的 AI 晶片', detail: { address: '新竹市' } },
      comment: [],
      applied_at: null,
      applied_by: null,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });

    // Later saves PUT; a draft save keeps status 0, submitting sets 1.
    const saved = dataOf<Review>(
      await call('PUT', url, token, {
        update_content: { overview: '量產中的 AI 晶片', fund_raising: 30_000_000 },
        status: 0,
      }),
    );
    expect(saved).toMatchObject({
      status: 0,
      update_content: { overview: '量產中的 AI 晶片', fund_raising: 30_000_000 },
    });
    const submitted = dataOf<Review>(await call('PUT', url, token, { status: 1 }));
    expect(submitted).toMatchObject({ status: 1, update_content: saved.update_content });

    // Staff read it and comment, sending content and status as loaded.
    const seen = dataOf<Review>(await call('GET', url, cast.ao.token));
    expect(seen).toEqual(submitted);
    const commented = dataOf<Review>(
      await call('PUT', url, cast.ao.token, {
        update_content: seen.update_content,
        status: seen.status,
        comment: [{ content: '請補充近一年營收。' }],
      }),
    );
    expect(commented.comment).toEqual([
      {
        id: expect.any(Number),
        employee_id: cast.ao.id,
        name: expect.any(String),
        content: '請補充近一年營收。',
        field: null,
        reply: null,
        replied_at: null,
        created_at: expect.any(String),
        updated_at: expect.any(String),
      },
    ]);
    expect(commented).toMatchObject({ status: 1, update_content: seen.update_content });

    // The startup sees the comment, may send it back untouched, and may not change it.
    const mine = dataOf<Review>(await call('GET', url, token));
    expect(mine.comment).toEqual(commented.comment);
    expect((await call('PUT', url, token, { status: 1, comment: mine.comment })).statusCode).toBe(200);
    for (const comment of [
      [],
      [{ ...mine.comment[0]!, content: '改掉' }],
      [...mine.comment, { content: '新增' }],
    ]) {
      expect(expectErrorShape(await call('PUT', url, token, { comment }), 403, 'FORBIDDEN').message).toBe(
        'Comments on a review are written by staff, not by the startup',
      );
    }

    // Deleting the comment: same content and status, an empty list.
    const uncommented = dataOf<Review>(
      await call('PUT', url, cast.ao.token, {
        update_content: commented.update_content,
        status: commented.status,
        comment: [],
      }),
    );
    expect(uncommented).toMatchObject({ status: 1, update_content: commented.update_content, comment: [] });

    // Init starts over: status 0, empty content, by POST.
    const init = dataOf<Review>(await call('POST', url, token, { update_content: {}, status: 0 }));
    expect(init).toMatchObject({ id: draft.id, status: 0, update_content: {}, comment: [] });

    // Submitted again: now a real proposal.
    const proposal = {
      name: '晶片新創股份有限公司',
      overview: '量產中的 AI 晶片',
      website: '',
      fund_raising: 30_000_000,
      domain_keys: ['ai', 'semiconductor'],
      term_sheet: { total_amount: 8_000_000, type_of_security: '普通股' },
      business_plan: { market: '台灣市場', product: '邊緣運算晶片' },
      detail: { address: '新竹市' },
    };
    dataOf(await call('PUT', url, token, { update_content: proposal, status: 1 }));

    const diff = dataOf<ListBody>(await call('GET', review(user.id, '/diff'), cast.ao.token));
    expect(diff).toEqual({
      count: 6,
      result: [
        { field: 'website', current: 'https://old.example.com', proposed: null },
        { field: 'fund_raising', current: 10_000_000, proposed: 30_000_000 },
        { field: 'overview', current: '舊的公司概述', proposed: '量產中的 AI 晶片' },
        { field: 'domain_keys', current: [], proposed: ['ai', 'semiconductor'] },
        { field: 'business_plan.product', current: null, proposed: '邊緣運算晶片' },
        { field: 'term_sheet.total_amount', current: 5_000_000, proposed: 8_000_000 },
      ],
    });

    const applied = dataOf<{ review: Review; case: Record<string, unknown> }>(
      await call('POST', review(user.id, '/apply'), cast.ao.token),
    );
    expect(applied.review).toMatchObject({
      status: 1,
      applied_by: { id: cast.ao.id },
      applied_at: expect.any(String),
    });
    expect(applied.case).toMatchObject({
      id: kase.id,
      status: 'draft',
      name: '晶片新創股份有限公司',
      overview: '量產中的 AI 晶片',
      website: null,
      fund_raising: 30_000_000,
      domain_keys: ['ai', 'semiconductor'],
      term_sheet: { total_amount: 8_000_000, type_of_security: '普通股' },
      business_plan: { market: '台灣市場', product: '邊緣運算晶片' },
    });
    expect(dataOf(await call('GET', `${v1}/${kase.id}`, cast.admin.token))).toEqual(applied.case);
    expect(dataOf<ListBody>(await call('GET', review(user.id, '/diff'), cast.ao.token)).count).toBe(0);
    expectErrorShape(
      await call('POST', review(user.id, '/apply'), cast.ao.token),
      409,
      'REVIEW_ALREADY_APPLIED',
    );

    // A new save by the startup is a new proposal, not yet applied.
    const resaved = dataOf<Review>(
      await call('PUT', url, token, { update_content: { ...proposal, overview: '再更新' }, status: 1 }),
    );
    expect(resaved).toMatchObject({ applied_at: null, applied_by: null });

    const log = await caseLog(t, cast.admin.token, kase.id);
    expect(log.map((l) => [l.action, l.actor.type])).toEqual([
      ['review.update', 'startup'],
      ['review.apply', 'employee'],
      ['review.update', 'startup'],
      ['review.update', 'startup'],
      ['review.comment', 'employee'],
      ['review.comment', 'employee'],
      ['review.update', 'startup'],
      ['review.update', 'startup'],
      ['review.create', 'startup'],
    ]);
    expect(log[1]!.changes).toEqual({
      id: { from: draft.id, to: draft.id },
      website: { from: 'https://old.example.com', to: null },
      fund_raising: { from: 10_000_000, to: 30_000_000 },
      overview: { from: '舊的公司概述', to: '量產中的 AI 晶片' },
      domain_keys: { from: [], to: ['ai', 'semiconductor'] },
      business_plan: { from: { market: '台灣市場' }, to: { market: '台灣市場', product: '邊緣運算晶片' } },
      term_sheet: {
        from: { total_amount: 5_000_000, type_of_security: '普通股' },
        to: { total_amount: 8_000_000, type_of_security: '普通股' },
      },
    });
    expect(log[3]!.changes).toEqual({
      id: { from: draft.id, to: draft.id },
      status: { from: 1, to: 0 },
      'update_content.fund_raising': { from: 30_000_000, to: null },
      'update_content.overview': { from: '量產中的 AI 晶片', to: null },
    });
    expect(log[4]!.changes.comment).toEqual({
      from: [
        { id: commented.comment[0]!.id, employee_id: cast.ao.id, field: null, content: '請補充近一年營收。' },
      ],
      to: [],
    });
    expect(log[7]!.changes).toEqual({
      id: { from: draft.id, to: draft.id },
      'update_content.detail': { from: { address: '新竹市' }, to: null },
      'update_content.fund_raising': { from: null, to: 30_000_000 },
    });
  });

  it('refuses a stage change, people and ratings in a proposal, listing the fields', async () => {
    const { user, token } = await startupOnCase();
    const res = await call('POST', review(user.id), token, {
      update_content: { status: 's1', ao_id: cast.ao.id, rating_ao_score: 5, colour: 'red', website: 'nope' },
      status: 1,
    });
    const error = expectErrorShape(res, 400, 'VALIDATION_FAILED') as {
      details: Array<{ field: string; message: string }>;
    };
    expect(error.details).toEqual(
      expect.arrayContaining([
        {
          field: 'body.update_content.status',
          message: 'The stage of a case cannot change through a review',
          kind: 'invalid_type',
        },
        {
          field: 'body.update_content.ao_id',
          message: 'Only staff assign people to a case',
          kind: 'invalid_type',
        },
        {
          field: 'body.update_content.rating_ao_score',
          message: 'Only staff rate a case',
          kind: 'invalid_type',
        },
        expect.objectContaining({ field: 'body.update_content.website' }),
        expect.objectContaining({ field: 'body.update_content' }),
      ]),
    );
    expect(failingFields(await call('POST', review(user.id), token, { status: 2 }))).toEqual(['body.status']);
    expect(failingFields(await call('PUT', review(user.id), token, { colour: 1 }))).toEqual(['body']);
    expect(failingFields(await call('GET', review('abc'), token))).toEqual(['params.userId']);
  });

  it('refuses to apply a stored review that would move the stage, and changes nothing', async () => {
    const db = t.database.db;
    const { kase, user } = await startupOnCase({ status: 's0', overview: '原概述' });
    await buildReview(db, {
      startup_user_id: user.id,
      status: 1,
      update_content: { status: 's2', overview: '新概述', website: 'not a url' },
    });
    const error = expectErrorShape(
      await call('POST', review(user.id, '/apply'), cast.admin.token),
      409,
      'REVIEW_NOT_APPLICABLE',
    ) as { details: Array<{ field: string; message: string }> };
    expect(error.details).toEqual([
      {
        field: 'update_content.status',
        message: 'The stage of a case cannot change through a review',
        kind: 'not_allowed',
      },
      { field: 'update_content.website', message: expect.any(String), kind: 'invalid_format', format: 'url' },
    ]);
    expect(dataOf(await call('GET', `${v1}/${kase.id}`, cast.admin.token))).toMatchObject({
      status: 's0',
      overview: '原概述',
    });
    expect(dataOf<Review>(await call('GET', review(user.id), cast.admin.token)).applied_at).toBeNull();
    expect(await caseLog(t, cast.admin.token, kase.id)).toEqual([]);
  });

  it('applies only a submitted review', async () => {
    const { user } = await startupOnCase();
    await buildReview(t.database.db, { startup_user_id: user.id, status: 0 });
    expectErrorShape(
      await call('POST', review(user.id, '/apply'), cast.ao.token),
      409,
      'REVIEW_NOT_SUBMITTED',
    );
    expectErrorShape(await call('POST', review(999999, '/apply'), cast.ao.token), 404, 'REVIEW_NOT_FOUND');
  });

  it('keeps content and status for the startup: staff sending other values get 409', async () => {
    const { user } = await startupOnCase();
    const r = await buildReview(t.database.db, {
      startup_user_id: user.id,
      update_content: { overview: '甲' },
    });
    for (const body of [{ update_content: { overview: '乙' } }, { status: 0 }]) {
      expectErrorShape(await call('PUT', review(user.id), cast.ao.token, body), 409, 'REVIEW_CHANGED');
    }
    const kept = dataOf<Review>(
      await call('PUT', review(user.id), cast.ao.token, { update_content: { overview: '甲' } }),
    );
    expect(kept).toMatchObject({ id: r.id, status: 1, update_content: { overview: '甲' } });
  });

  it('lets staff delete any comment but edit only their own; unknown ids are a 400', async () => {
    const db = t.database.db;
    const { kase, user } = await startupOnCase();
    const r = await buildReview(db, { startup_user_id: user.id });
    const theirs = await buildReviewComment(db, {
      review_id: r.id,
      employee_id: cast.admin.id,
      content: '管理員意見',
    });
    expect(
      expectErrorShape(
        await call('PUT', review(user.id), cast.ao.token, { comment: [{ id: theirs.id, content: '改寫' }] }),
        403,
        'FORBIDDEN',
      ).message,
    ).toBe('Only its author can edit a comment');
    expect(
      failingFields(
        await call('PUT', review(user.id), cast.ao.token, { comment: [{ id: 2147483000, content: 'x' }] }),
      ),
    ).toEqual(['body.comment.0.id']);
    const mine = dataOf<Review>(
      await call('PUT', review(user.id), cast.ao.token, {
        comment: [{ id: theirs.id, content: '管理員意見' }, { content: '我的意見' }],
      }),
    );
    expect(mine.comment.map((c) => [c.employee_id, c.content])).toEqual([
      [cast.admin.id, '管理員意見'],
      [cast.ao.id, '我的意見'],
    ]);
    const mineId = mine.comment[1]!.id;
    const edited = dataOf<Review>(
      await call('PUT', review(user.id), cast.ao.token, {
        comment: [{ id: mineId, content: '我的意見（修訂）' }],
      }),
    );
    expect(edited.comment).toMatchObject([{ id: mineId, content: '我的意見（修訂）' }]);
    // The same list again changes nothing and is not recorded.
    dataOf(await call('PUT', review(user.id), cast.ao.token, { comment: edited.comment }));
    expect((await caseLog(t, cast.admin.token, kase.id)).map((l) => l.action)).toEqual([
      'review.comment',
      'review.comment',
    ]);
  });

  it('lets staff delete a review; the list of a case shows each review with its startup user', async () => {
    const db = t.database.db;
    const { kase, user } = await startupOnCase();
    const second = await buildStartupUser(db, { case_id: kase.id, name: '共同創辦人' });
    const first = await buildReview(db, { startup_user_id: user.id, updated_at: new Date('2025-01-01') });
    const other = await buildReview(db, { startup_user_id: second.id, updated_at: new Date('2025-02-01') });
    await buildReviewComment(db, { review_id: first.id, employee_id: cast.ao.id });
    await buildReview(db); // another case's review

    const list = dataOf<ListBody<Review & { user: { id: number; name: string; email: string } }>>(
      await call('GET', `${v1}/${kase.id}/review/list`, cast.ao.token),
    );
    expect(list.count).toBe(2);
    expect(list.result.map((r) => [r.id, r.user.id, r.user.name, r.comment.length])).toEqual([
      [other.id, second.id, '共同創辦人', 0],
      [first.id, user.id, user.name, 1],
    ]);
    expect(list.result[1]!.user.email).toBe(user.email);

    expect(dataOf(await call('DELETE', review(user.id), cast.admin.token))).toEqual({ ok: true });
    expectErrorShape(await call('GET', review(user.id), cast.admin.token), 404, 'REVIEW_NOT_FOUND');
    expectErrorShape(await call('DELETE', review(user.id), cast.admin.token), 404, 'REVIEW_NOT_FOUND');
    expect(dataOf<ListBody>(await call('GET', `${v1}/${kase.id}/review/list`, cast.ao.token)).count).toBe(1);
    expect(await caseLog(t, cast.admin.token, kase.id)).toMatchObject([
      {
        action: 'review.delete',
        changes: { id: { from: first.id, to: null }, status: { from: 1, to: null } },
      },
    ]);
    expectErrorShape(await call('GET', `${v1}/99999999/review/list`, cast.ao.token), 404, 'CASE_NOT_FOUND');
  });

  it('answers 404 Case not found when the case of the review is missing or deleted', async () => {
    const db = t.database.db;
    const { kase, user, token } = await startupOnCase({ is_deleted: true });
    expectErrorShape(await call('POST', review(user.id), token, {}), 404, 'CASE_NOT_FOUND');
    await buildReview(db, { startup_user_id: user.id });
    expectErrorShape(await call('GET', review(user.id), cast.admin.token), 404, 'CASE_NOT_FOUND');
    expectErrorShape(await call('PUT', review(user.id), token, { status: 0 }), 404, 'CASE_NOT_FOUND');
    expectErrorShape(await call('POST', review(user.id, '/apply'), cast.admin.token), 404, 'CASE_NOT_FOUND');
    expectErrorShape(await call('GET', review(user.id, '/diff'), cast.admin.token), 404, 'CASE_NOT_FOUND');
    expectErrorShape(
      await call('GET', `${v1}/${kase.id}/review/list`, cast.admin.token),
      404,
      'CASE_NOT_FOUND',
    );
    const homeless = await buildStartupUser(db, { case_id: null });
    const homelessToken = await signIn(t.app, 'local', homeless.email);
    expectErrorShape(await call('POST', review(homeless.id), homelessToken, {}), 404, 'CASE_NOT_FOUND');
  });
});

describe('reviews: who may call', () => {
  it('refuses anonymous callers (401) and investors (403) everywhere', async () => {
    const { kase, user } = await startupOnCase();
    await buildReview(t.database.db, { startup_user_id: user.id });
    const routes: Array<[Method, string]> = [
      ['GET', review(user.id)],
      ['POST', review(user.id)],
      ['PUT', review(user.id)],
      ['DELETE', review(user.id)],
      ['GET', review(user.id, '/diff')],
      ['POST', review(user.id, '/apply')],
      ['GET', `${v1}/${kase.id}/review/list`],
    ];
    for (const [method, url] of routes) {
      const body = method === 'POST' || method === 'PUT' ? {} : undefined;
      expectErrorShape(await call(method, url, undefined, body), 401);
      expectErrorShape(await call(method, url, cast.investor, body), 403, 'WRONG_STRATEGY');
    }
  });

  it('lets a startup read and write its own review only, and nothing of staff', async () => {
    const { kase, user, token } = await startupOnCase();
    const other = await startupOnCase();
    await buildReview(t.database.db, { startup_user_id: other.user.id });
    for (const [method, body] of [
      ['GET', undefined],
      ['POST', {}],
      ['PUT', { status: 1 }],
    ] as const) {
      expect(
        expectErrorShape(await call(method, review(other.user.id), token, body), 403, 'FORBIDDEN').message,
      ).toBe('A startup may only open its own review');
    }
    for (const [method, url] of [
      ['DELETE', review(user.id)],
      ['GET', review(user.id, '/diff')],
      ['POST', review(user.id, '/apply')],
      ['GET', `${v1}/${kase.id}/review/list`],
    ] as const) {
      expectErrorShape(await call(method, url, token), 403, 'WRONG_STRATEGY');
    }
    expect((await call('POST', review(user.id), token, {})).statusCode).toBe(200);
    expect((await call('GET', review(user.id), token)).statusCode).toBe(200);
  });

  it('lets a dropped startup read its review but not change it', async () => {
    const db = t.database.db;
    const kase = await buildCase(db);
    const user = await buildStartupUser(db, { case_id: kase.id, status: 'drop' });
    const token = await signIn(t.app, 'local', user.email);
    await buildReview(db, { startup_user_id: user.id });
    expect((await call('GET', review(user.id), token)).statusCode).toBe(200);
    expectErrorShape(await call('PUT', review(user.id), token, { status: 0 }), 403, 'FORBIDDEN');
    expectErrorShape(await call('POST', review(user.id), token, {}), 403, 'FORBIDDEN');
  });

  it('refuses ir and sa; staff may not create a review for a startup', async () => {
    const { kase, user } = await startupOnCase();
    await buildReview(t.database.db, { startup_user_id: user.id });
    for (const member of [cast.ir, cast.sa]) {
      for (const [method, url] of [
        ['GET', review(user.id)],
        ['PUT', review(user.id)],
        ['DELETE', review(user.id)],
        ['GET', review(user.id, '/diff')],
        ['POST', review(user.id, '/apply')],
        ['GET', `${v1}/${kase.id}/review/list`],
      ] as const) {
        expectErrorShape(
          await call(method, url, member.token, method === 'PUT' ? {} : undefined),
          403,
          'FORBIDDEN',
        );
      }
    }
    for (const member of [cast.admin, cast.ao, cast.ir]) {
      expectErrorShape(await call('POST', review(user.id), member.token, {}), 403, 'WRONG_STRATEGY');
    }
  });

  it('lets every ao read; only the AO, an agent or an admin comment, delete or apply', async () => {
    const db = t.database.db;
    const kase = await buildCase(db, { ao_id: cast.otherAo.id });
    const user = await buildStartupUser(db, { case_id: kase.id });
    await buildReview(db, { startup_user_id: user.id, update_content: { overview: '新概述' } });
    expect((await call('GET', review(user.id), cast.ao.token)).statusCode).toBe(200);
    expect((await call('GET', review(user.id, '/diff'), cast.ao.token)).statusCode).toBe(200);
    expect((await call('GET', `${v1}/${kase.id}/review/list`, cast.ao.token)).statusCode).toBe(200);
    expectErrorShape(
      await call('PUT', review(user.id), cast.ao.token, { comment: [{ content: 'x' }] }),
      403,
      'FORBIDDEN',
    );
    expectErrorShape(await call('POST', review(user.id, '/apply'), cast.ao.token), 403, 'FORBIDDEN');
    expectErrorShape(await call('DELETE', review(user.id), cast.ao.token), 403, 'FORBIDDEN');
    expect(await caseLog(t, cast.admin.token, kase.id)).toEqual([]);

    await db
      .update(cases)
      .set({ agent_ids: [cast.ao.id] })
      .where(eq(cases.id, kase.id));
    expect(
      (await call('PUT', review(user.id), cast.ao.token, { comment: [{ content: '代理人意見' }] }))
        .statusCode,
    ).toBe(200);
    expect((await call('POST', review(user.id, '/apply'), cast.admin.token)).statusCode).toBe(200);
    expect((await call('DELETE', review(user.id), cast.otherAo.token)).statusCode).toBe(200);
  });
});
