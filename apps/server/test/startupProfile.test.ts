import { beforeAll, describe, expect, it } from 'vitest';
import { buildCalendarEvent, buildCase, buildStartupUser, signIn } from './factories.ts';
import { buildTestApp, expectErrorShape, type TestApp } from './helpers.ts';
import * as sample from './sampleFiles.ts';
import { buildCast, caller, caseLog, dataOf, failingFields, type Cast } from './staffCast.ts';
import { upload } from './upload.ts';

/** Issue 14: the startup's company profile goes through its review; its own information only. */

let t: TestApp;
let cast: Cast;
let call: ReturnType<typeof caller>;
const v1 = '/api/internal/v1/cases';
const review = (userId: number, tail = '') => `${v1}/${userId}/review${tail}`;

type Comment = {
  id: number;
  content: string;
  field: string | null;
  reply: string | null;
  replied_at: string | null;
};
type Review = { id: number; status: 0 | 1; update_content: Record<string, unknown>; comment: Comment[] };

beforeAll(async () => {
  t = await buildTestApp();
  cast = await buildCast(t);
  call = caller(t);
});

async function startupOnCase(overrides: Parameters<typeof buildCase>[1] = {}) {
  const db = t.database.db;
  const kase = await buildCase(db, { ao_id: cast.ao.id, ...overrides });
  const user = await buildStartupUser(db, { case_id: kase.id });
  return { kase, user, token: await signIn(t.app, 'local', user.email) };
}

async function uploadDoc(token: string, filename = 'cap-table.pdf', data: Buffer = sample.pdf()) {
  return upload(t, '/api/v1/docs?type=cap_table', token, [{ filename, type: 'application/pdf', data }]);
}

describe('the company profile through the review cycle', () => {
  it('draft → submit → field comment → reply → resubmit → apply: the case shows the new value and the history', async () => {
    const { kase, user, token } = await startupOnCase({ name: '舊名稱股份有限公司' });
    const url = review(user.id);
    const doc = dataOf<{ id: number; name: string }>(await uploadDoc(token));

    const company = {
      company_status: 'operating',
      sn: '22099131',
      address: '台北市信義區市府路 1 號',
      employees: 12,
      capital: 5_000_000,
      patent: true,
      patent_data: '發明專利 I123456',
      cap_table: { file_id: doc.id, name: 'cap-table.pdf' },
      team_list: [{ name: '王小明', title: 'CEO', bio: '連續創業者' }],
    };
    const draft = dataOf<Review>(
      await call('POST', url, token, { update_content: { name: '新名稱股份有限公司', company }, status: 0 }),
    );
    expect(draft.status).toBe(0);
    // Later saves PUT the same draft; submitting sets 1.
    const submitted = dataOf<Review>(
      await call('PUT', url, token, { update_content: { name: '新名稱股份有限公司', company }, status: 1 }),
    );
    expect(submitted).toMatchObject({ id: draft.id, status: 1 });

    // The ao comments on one field.
    const commented = dataOf<Review>(
      await call('PUT', url, cast.ao.token, {
        comment: [{ field: 'company.sn', content: '請確認統一編號' }],
      }),
    );
    expect(commented.comment).toEqual([
      expect.objectContaining({ field: 'company.sn', content: '請確認統一編號', reply: null }),
    ]);
    const commentId = commented.comment[0]!.id;

    // The startup sees it beside the field and answers.
    const seen = dataOf<Review>(await call('GET', url, token));
    expect(seen.comment[0]).toMatchObject({ field: 'company.sn' });
    const replied = dataOf<Review>(
      await call('PUT', review(user.id, `/comments/${commentId}/reply`), token, { reply: '已確認無誤' }),
    );
    expect(replied.comment[0]).toMatchObject({ reply: '已確認無誤', replied_at: expect.any(String) });
    // The startup cannot rewrite staff's comment text.
    expectErrorShape(
      await call('PUT', url, token, { comment: [{ id: commentId, content: '改掉', field: 'company.sn' }] }),
      403,
    );

    // Resubmit with a change; the comment and its reply stay.
    const resubmitted = dataOf<Review>(
      await call('PUT', url, token, {
        update_content: { name: '新名稱股份有限公司', company: { ...company, employees: 15 } },
        status: 1,
      }),
    );
    expect(resubmitted.comment[0]).toMatchObject({ reply: '已確認無誤' });

    // Staff see the diff key by key, and apply.
    const diff = dataOf<{ result: Array<{ field: string; proposed: unknown }> }>(
      await call('GET', review(user.id, '/diff'), cast.ao.token),
    ).result;
    expect(diff).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'name', proposed: '新名稱股份有限公司' }),
        expect.objectContaining({ field: 'company.sn', proposed: '22099131' }),
        expect.objectContaining({ field: 'company.employees', proposed: 15 }),
      ]),
    );
    const applied = dataOf<{ case: { name: string; company: Record<string, unknown> } }>(
      await call('POST', review(user.id, '/apply'), cast.ao.token),
    );
    expect(applied.case.name).toBe('新名稱股份有限公司');
    expect(applied.case.company).toMatchObject({ sn: '22099131', employees: 15, patent: true });

    const shown = dataOf<{ company: Record<string, unknown> }>(
      await call('GET', `${v1}/${kase.id}`, cast.ao.token),
    );
    expect(shown.company).toMatchObject({ sn: '22099131', cap_table: { file_id: doc.id } });
    const log = await caseLog(t, cast.ao.token, kase.id);
    const apply = log.find((e) => e.action === 'review.apply');
    expect(apply?.changes.name).toEqual({ from: '舊名稱股份有限公司', to: '新名稱股份有限公司' });
    expect(apply?.changes.company).toBeDefined();
    expect(log.some((e) => e.action === 'review.reply')).toBe(true);
  });

  it('refuses an invalid unified business number and a flag switched on without its details', async () => {
    const { user, token } = await startupOnCase();
    const res = await call('POST', review(user.id), token, {
      update_content: { company: { sn: '12345678', award: true, award_data: '  ' } },
    });
    expectErrorShape(res, 400);
    expect(failingFields(res)).toEqual(
      expect.arrayContaining([
        expect.stringContaining('company.sn'),
        expect.stringContaining('company.award_data'),
      ]),
    );
    // The same data with a valid number and details is taken.
    const ok = await call('POST', review(user.id), token, {
      update_content: { company: { sn: '04595257', award: true, award_data: '2025 新創獎' } },
    });
    expect(ok.statusCode).toBe(200);
  });

  it('refuses NUL characters and malformed Unicode with 400', async () => {
    const { user, token } = await startupOnCase();
    for (const address of ['台北\u0000市', 'bad \uD800 text']) {
      const res = await call('POST', review(user.id), token, { update_content: { company: { address } } });
      expectErrorShape(res, 400);
    }
    expectErrorShape(
      await call('POST', review(user.id), token, { update_content: { company: { employees: 'many' } } }),
      400,
    );
    expectErrorShape(
      await call('POST', review(user.id), token, { update_content: { company: { unknown_field: 1 } } }),
      400,
    );
  });
});

describe('a startup reaches only its own review, information and documents', () => {
  it('another startup gets 403 on the review, the reply, the info and 400 for a file that is not its own', async () => {
    const a = await startupOnCase();
    const b = await startupOnCase();
    await call('POST', review(a.user.id), a.token, { update_content: { company: { sn: '22099131' } } });
    const withComment = dataOf<Review>(
      await call('PUT', review(a.user.id), cast.ao.token, {
        comment: [{ field: 'company.sn', content: '?' }],
      }),
    );

    expectErrorShape(await call('GET', review(a.user.id), b.token), 403);
    expectErrorShape(await call('PUT', review(a.user.id), b.token, { status: 1 }), 403);
    expectErrorShape(
      await call('PUT', review(a.user.id, `/comments/${withComment.comment[0]!.id}/reply`), b.token, {
        reply: 'x',
      }),
      403,
    );
    expectErrorShape(await call('GET', `${v1}/${a.user.id}/info`, b.token), 403);

    // A's document cannot be read by B, nor put into B's profile.
    const doc = dataOf<{ id: number }>(await uploadDoc(a.token));
    expectErrorShape(await call('GET', `/api/v1/files/${doc.id}`, b.token), 404);
    const res = await call('POST', review(b.user.id), b.token, {
      update_content: { company: { cap_table: { file_id: doc.id, name: 'x.pdf' } } },
    });
    expectErrorShape(res, 400);
    expect(failingFields(res)).toEqual([expect.stringContaining('cap_table')]);
    // A reply to a comment that is not on one's own review is 404.
    await call('POST', review(b.user.id), b.token, { update_content: { company: { sn: '04595257' } } });
    expectErrorShape(
      await call('PUT', review(b.user.id, `/comments/${withComment.comment[0]!.id}/reply`), b.token, {
        reply: 'x',
      }),
      404,
      'REVIEW_COMMENT_NOT_FOUND',
    );
  });

  it('GET cases/{userId}/info: a startup its own user, stages and coming meetings; staff the info-updates list', async () => {
    const { kase, user, token } = await startupOnCase({
      status: 's1',
      overview: '內部備註不應外流',
      business_plan: { market: '台灣中小企業' },
      company: { sn: '04595257' },
    });
    await buildCalendarEvent(t.database.db, {
      case_id: kase.id,
      title: '第一次會議',
      start_at: new Date(Date.now() + 86_400_000),
      end_at: new Date(Date.now() + 90_000_000),
    });
    await buildCalendarEvent(t.database.db, {
      case_id: kase.id,
      title: '過去的會議',
      start_at: new Date(Date.now() - 90_000_000),
      end_at: new Date(Date.now() - 86_400_000),
    });
    const res = await call('GET', `${v1}/${user.id}/info`, token);
    const info = dataOf<{
      user: { id: number; email: string };
      case: {
        id: number;
        status: string;
        stages: unknown[];
        meetings: Array<{ title: string }>;
        profile: unknown;
      };
    }>(res);
    // The profile as the case holds it: where the form starts when no proposal is open.
    expect(info.case.profile).toEqual({
      name: kase.name,
      business_plan: { market: '台灣中小企業' },
      company: { sn: '04595257' },
    });
    expect(info.user).toMatchObject({ id: user.id, email: user.email });
    expect(info.case).toMatchObject({ id: kase.id, status: 's1' });
    expect(info.case.meetings.map((m) => m.title)).toEqual(['第一次會議']);
    expect(res.body).not.toContain('內部備註');
    expect(res.body).not.toContain('rating');

    // Staff on the same path get the case's info updates list.
    const staff = dataOf<{ result: unknown[]; count: number }>(
      await call('GET', `${v1}/${kase.id}/info`, cast.ao.token),
    );
    expect(staff).toMatchObject({ result: [], count: 0 });
  });
});

describe('uploads of company documents are refused by type and size', () => {
  it('refuses an executable behind a .pdf name and an image over the limit', async () => {
    const { token } = await startupOnCase();
    const exe = await uploadDoc(token, 'statement.pdf', sample.exe());
    expectErrorShape(exe, 415, 'DOC_TYPE_NOT_ALLOWED');
    const big = await upload(t, '/api/v1/images', token, [
      {
        field: 'image',
        filename: 'big.png',
        type: 'image/png',
        data: Buffer.concat([sample.png(), Buffer.alloc(10 * 1024 * 1024 + 10)]),
      },
    ]);
    expectErrorShape(big, 413);
  });
});
