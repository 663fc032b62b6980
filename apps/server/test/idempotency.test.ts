import { randomUUID } from 'node:crypto';
import { count, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { caseDdComments, caseTodos, idempotencyKeys } from '../src/db/schema/index.ts';
import { bearer, buildTestApp, expectErrorShape, type TestApp } from './helpers.ts';
import { TEST_PASSWORD, buildCase, buildEmployee } from './factories.ts';
import { buildCast, type Cast } from './staffCast.ts';
import { multipart } from './upload.ts';

let t: TestApp;
let cast: Cast;

beforeAll(async () => {
  t = await buildTestApp();
  cast = await buildCast(t);
});

const todoUrl = (caseId: number) => `/api/internal/v1/cases/${caseId}/todo`;
const REPLAYED = 'idempotent-replayed';

function post(url: string, token: string | undefined, payload: unknown, key?: string) {
  return t.app.inject({
    method: 'POST',
    url,
    headers: { ...(token ? bearer(token) : {}), ...(key === undefined ? {} : { 'idempotency-key': key }) },
    payload: payload as Record<string, unknown>,
  });
}

async function todoCount(caseId: number) {
  const [row] = await t.database.db
    .select({ n: count() })
    .from(caseTodos)
    .where(eq(caseTodos.case_id, caseId));
  return Number(row?.n ?? 0);
}

const newCase = () => buildCase(t.database.db, { ao_id: cast.ao.id });

function expectReplayOf(replay: LightMyRequestResponse, first: LightMyRequestResponse) {
  expect(replay.statusCode).toBe(first.statusCode);
  expect(replay.body).toBe(first.body);
  expect(replay.headers['content-type']).toBe(first.headers['content-type']);
  expect(replay.headers[REPLAYED]).toBe('true');
  expect(first.headers[REPLAYED]).toBeUndefined();
}

describe('Idempotency-Key on creates', () => {
  it('replays the first reply to a retry, without running the create again', async () => {
    const c = await newCase();
    const key = randomUUID();
    const first = await post(todoUrl(c.id), cast.ao.token, { title: '準備投資備忘錄' }, key);
    expect(first.statusCode).toBe(200);
    const retry = await post(todoUrl(c.id), cast.ao.token, { title: '準備投資備忘錄' }, key);
    expectReplayOf(retry, first);
    expect(await todoCount(c.id)).toBe(1);
    // The same body with its keys in another order is the same request.
    const body = { title: '盡職調查', content: '財報', done: false };
    const a = await post(todoUrl(c.id), cast.ao.token, body, 'order-key');
    const b = await post(
      todoUrl(c.id),
      cast.ao.token,
      { done: false, content: '財報', title: '盡職調查' },
      'order-key',
    );
    expectReplayOf(b, a);
    // Without a key, every request runs.
    await post(todoUrl(c.id), cast.ao.token, { title: '準備投資備忘錄' });
    expect(await todoCount(c.id)).toBe(3);
  });

  it('refuses the key with a different body, or on another case, with 422', async () => {
    const c = await newCase();
    const other = await newCase();
    const key = randomUUID();
    expect((await post(todoUrl(c.id), cast.ao.token, { title: '甲' }, key)).statusCode).toBe(200);
    expectErrorShape(
      await post(todoUrl(c.id), cast.ao.token, { title: '乙' }, key),
      422,
      'IDEMPOTENCY_KEY_REUSED',
    );
    expectErrorShape(
      await post(todoUrl(other.id), cast.ao.token, { title: '甲' }, key),
      422,
      'IDEMPOTENCY_KEY_REUSED',
    );
    expect(await todoCount(c.id)).toBe(1);
    expect(await todoCount(other.id)).toBe(0);
    // The first reply is still there for a true retry.
    expect((await post(todoUrl(c.id), cast.ao.token, { title: '甲' }, key)).headers[REPLAYED]).toBe('true');
  });

  it('lets one of ten concurrent requests with a key run; the others get 409 or its reply', async () => {
    const c = await newCase();
    const key = randomUUID();
    const replies = await Promise.all(
      Array.from({ length: 10 }, () => post(todoUrl(c.id), cast.ao.token, { title: '同時送出' }, key)),
    );
    expect(await todoCount(c.id)).toBe(1);
    const ran = replies.filter((r) => r.statusCode === 200 && r.headers[REPLAYED] === undefined);
    expect(ran).toHaveLength(1);
    for (const r of replies) {
      if (r === ran[0]) continue;
      if (r.statusCode === 409) {
        expectErrorShape(r, 409, 'IDEMPOTENCY_IN_PROGRESS');
        expect(r.headers['retry-after']).toBe('1');
      } else {
        expectReplayOf(r, ran[0]!);
      }
    }
    expectReplayOf(await post(todoUrl(c.id), cast.ao.token, { title: '同時送出' }, key), ran[0]!);
  });

  it('answers 409 with Retry-After while the first request runs, and takes over a claim left stale', async () => {
    const c = await newCase();
    const send = (key: string) => post(todoUrl(c.id), cast.ao.token, { title: '處理中' }, key);
    // A stored key put back to its claimed state, as while its first request still runs.
    const claimed = (key: string, createdAt: Date) =>
      t.database.db
        .update(idempotencyKeys)
        .set({ status: null, content_type: null, body: null, created_at: createdAt })
        .where(eq(idempotencyKeys.key, key));
    expect((await send('running')).statusCode).toBe(200);
    await claimed('running', new Date());
    const busy = await send('running');
    expectErrorShape(busy, 409, 'IDEMPOTENCY_IN_PROGRESS');
    expect(busy.headers['retry-after']).toBe('1');
    expect(await todoCount(c.id)).toBe(1);
    // A claim that never answered (its instance died) is taken over after two minutes.
    await claimed('running', new Date(Date.now() - 3 * 60_000));
    const taken = await send('running');
    expect(taken.statusCode).toBe(200);
    expect(taken.headers[REPLAYED]).toBeUndefined();
    expect(await todoCount(c.id)).toBe(2);
    expect((await send('running')).headers[REPLAYED]).toBe('true');
  });

  it("keeps each principal's keys apart", async () => {
    const c = await newCase();
    const key = randomUUID();
    const byAo = await post(todoUrl(c.id), cast.ao.token, { title: '各自的' }, key);
    const byAdmin = await post(todoUrl(c.id), cast.admin.token, { title: '各自的' }, key);
    expect(byAo.statusCode).toBe(200);
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.headers[REPLAYED]).toBeUndefined();
    expect(await todoCount(c.id)).toBe(2);
    expectReplayOf(await post(todoUrl(c.id), cast.admin.token, { title: '各自的' }, key), byAdmin);
  });

  it('replays a 4xx reply too, even once the request would succeed', async () => {
    const c = await buildCase(t.database.db, { ao_id: cast.ao.id, is_deleted: true });
    const key = randomUUID();
    const first = await post(todoUrl(c.id), cast.ao.token, { title: '已刪除的案件' }, key);
    expectErrorShape(first, 404, 'CASE_NOT_FOUND');
    await t.database.db.execute(sql`update cases set is_deleted = false where id = ${c.id}`);
    expectReplayOf(await post(todoUrl(c.id), cast.ao.token, { title: '已刪除的案件' }, key), first);
    expect(await todoCount(c.id)).toBe(0);
    expect(
      (await post(todoUrl(c.id), cast.ao.token, { title: '已刪除的案件' }, randomUUID())).statusCode,
    ).toBe(200);
  });

  it('does not keep a 5xx: the retry with the key runs again', async () => {
    const c = await newCase();
    const key = randomUUID();
    const db = t.database.db;
    await db.execute(
      sql.raw(`create function idempotency_test_fail() returns trigger language plpgsql as $$
        begin raise exception 'failing on purpose'; end $$`),
    );
    await db.execute(
      sql.raw(`create trigger idempotency_test_fail before insert on case_todos
        for each row execute function idempotency_test_fail()`),
    );
    let failed: LightMyRequestResponse;
    try {
      failed = await post(todoUrl(c.id), cast.ao.token, { title: '失敗後重試' }, key);
    } finally {
      await db.execute(sql.raw('drop trigger idempotency_test_fail on case_todos'));
      await db.execute(sql.raw('drop function idempotency_test_fail()'));
    }
    expect(failed.statusCode).toBeGreaterThanOrEqual(500);
    const retry = await post(todoUrl(c.id), cast.ao.token, { title: '失敗後重試' }, key);
    expect(retry.statusCode).toBe(200);
    expect(retry.headers[REPLAYED]).toBeUndefined();
    expect(await todoCount(c.id)).toBe(1);
  });

  it('does not replay a key older than 24 hours', async () => {
    const c = await newCase();
    const key = randomUUID();
    expect((await post(todoUrl(c.id), cast.ao.token, { title: '昨天的' }, key)).statusCode).toBe(200);
    await t.database.db
      .update(idempotencyKeys)
      .set({ created_at: new Date(Date.now() - 25 * 60 * 60_000) })
      .where(eq(idempotencyKeys.key, key));
    const again = await post(todoUrl(c.id), cast.ao.token, { title: '昨天的' }, key);
    expect(again.statusCode).toBe(200);
    expect(again.headers[REPLAYED]).toBeUndefined();
    expect(await todoCount(c.id)).toBe(2);
    // An expired key may even come back with another body.
    await t.database.db
      .update(idempotencyKeys)
      .set({ created_at: new Date(Date.now() - 25 * 60 * 60_000) })
      .where(eq(idempotencyKeys.key, key));
    expect((await post(todoUrl(c.id), cast.ao.token, { title: '今天的' }, key)).statusCode).toBe(200);
  });

  it('prunes expired keys now and then, as a key is claimed', async () => {
    const c = await newCase();
    const old = randomUUID();
    expect((await post(todoUrl(c.id), cast.ao.token, { title: '舊的' }, old)).statusCode).toBe(200);
    await t.database.db
      .update(idempotencyKeys)
      .set({ created_at: new Date(Date.now() - 25 * 60 * 60_000) })
      .where(eq(idempotencyKeys.key, old));
    const kept = randomUUID();
    expect((await post(todoUrl(c.id), cast.ao.token, { title: '新的' }, kept)).statusCode).toBe(200);
    const random = vi.spyOn(Math, 'random').mockReturnValue(0);
    try {
      expect((await post(todoUrl(c.id), cast.ao.token, { title: '觸發清理' }, randomUUID())).statusCode).toBe(
        200,
      );
    } finally {
      random.mockRestore();
    }
    const keys = await t.database.db
      .select({ key: idempotencyKeys.key })
      .from(idempotencyKeys)
      .where(sql`${idempotencyKeys.key} in (${old}, ${kept})`);
    expect(keys).toEqual([{ key: kept }]);
  });

  it('takes 1 to 255 visible ASCII characters as a key, and nothing else', async () => {
    const c = await newCase();
    for (const bad of ['has space', 'x'.repeat(256), '']) {
      const res = await post(todoUrl(c.id), cast.ao.token, { title: '鍵' }, bad);
      const error = expectErrorShape(res, 400, 'VALIDATION_FAILED');
      expect(error).toMatchObject({
        details: [expect.objectContaining({ field: 'headers.idempotency-key' })],
      });
    }
    expect(await todoCount(c.id)).toBe(0);
    const longest = `${'~'.repeat(200)}${'A'.repeat(55)}`;
    expect((await post(todoUrl(c.id), cast.ao.token, { title: '鍵' }, longest)).statusCode).toBe(200);
    expect((await post(todoUrl(c.id), cast.ao.token, { title: '鍵' }, longest)).headers[REPLAYED]).toBe(
      'true',
    );
    expect(await todoCount(c.id)).toBe(1);
  });

  it('covers a multipart import, by its key and path (the file is not fingerprinted)', async () => {
    const c = await newCase();
    const key = randomUUID();
    const upload = () => {
      const body = multipart([{ filename: 'dd.csv', data: 'content\n第一則\n第二則\n' }]);
      return t.app.inject({
        method: 'POST',
        url: `/api/internal/v2/cases/${c.id}/dd/import`,
        headers: { ...body.headers, ...bearer(cast.ao.token), 'idempotency-key': key },
        payload: body.payload,
      });
    };
    const first = await upload();
    expect(first.statusCode).toBe(200);
    expectReplayOf(await upload(), first);
    const [row] = await t.database.db
      .select({ n: count() })
      .from(caseDdComments)
      .where(eq(caseDdComments.case_id, c.id));
    expect(Number(row?.n)).toBe(2);
  });

  it('leaves sign-in and other open POSTs alone, and is documented on every covered route', async () => {
    const staff = await buildEmployee(t.database.db, { role: 'ao' });
    const signIn = () =>
      post(
        '/api/internal/v1/auth/employees',
        undefined,
        { email: staff.email, password: TEST_PASSWORD },
        'k',
      );
    for (const res of [await signIn(), await signIn()]) {
      expect(res.statusCode).toBe(200);
      expect(res.headers[REPLAYED]).toBeUndefined();
    }
    expectErrorShape(await post(todoUrl(1), undefined, { title: '無權限' }, 'k'), 401);
    expect(
      await t.database.db.select({ n: count() }).from(idempotencyKeys).where(eq(idempotencyKeys.key, 'k')),
    ).toEqual([{ n: 0 }]);

    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, Operation>>;
    };
    type Operation = {
      parameters?: Array<{ in: string; name: string }>;
      responses: Record<string, unknown>;
      security?: Array<Record<string, unknown>>;
    };
    const posts = Object.entries(doc.paths).flatMap(([path, ops]) =>
      ops.post ? [[path, ops.post] as const] : [],
    );
    const hasKey = (op: Operation) =>
      (op.parameters ?? []).some((p) => p.in === 'header' && p.name === 'idempotency-key');
    // A token that is required, not optional (`{}` among the requirements, as on sign-out).
    const signedIn = (op: Operation) =>
      Boolean(op.security?.length) && (op.security ?? []).every((r) => Object.keys(r).length > 0);
    // Every signed-in POST takes the key (and may answer 409 and 422); no open one does.
    for (const [path, op] of posts) {
      expect(hasKey(op), path).toBe(signedIn(op));
      if (hasKey(op)) expect(Object.keys(op.responses), path).toEqual(expect.arrayContaining(['409', '422']));
    }
    expect(posts.filter(([, op]) => hasKey(op)).length).toBeGreaterThan(10);
    expect(hasKey(doc.paths['/api/internal/v2/cases/{caseId}/dd/import']!.post!)).toBe(true);
    expect(hasKey(doc.paths['/api/internal/v1/auth/employees']!.post!)).toBe(false);
  });
});
