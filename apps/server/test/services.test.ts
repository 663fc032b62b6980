import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { buildClient, signIn, staffSession } from './factories.ts';
import { buildTestApp, capturingMailer, expectErrorShape, type TestApp } from './helpers.ts';
import { buildCast, caller, dataOf, failingFields, type Cast, type ListBody } from './staffCast.ts';

type Message = {
  id: number;
  content: string;
  from: 'employee' | 'client';
  employee_id: number | null;
  employee: { id: number; name: string } | null;
  date_time: string;
};
type Thread = {
  id: number;
  client_id: number;
  client: { id: number; name: string };
  subject: string;
  messages: Message[];
  count: number;
  last_message_at: string;
  last_from: 'employee' | 'client';
  replied: boolean;
  unread: boolean;
};
type Counts = { all: number; unreplied: number; replied: number; unread: number };

const base = '/api/internal/v1/services';
const countsUrl = '/api/internal/v2/services/counts';

let t: TestApp;
let cast: Cast;
let call: ReturnType<typeof caller>;
const mailer = capturingMailer();
/** An investor of our own, and another one. */
let me: { id: number; token: string; email: string };
let other: { id: number; token: string };

beforeAll(async () => {
  t = await buildTestApp({ PUBLIC_URL: 'https://dealflow.example', LIVE_MAX_STREAMS: '2' }, { mailer });
  cast = await buildCast(t);
  call = caller(t);
  const db = t.database.db;
  const a = await buildClient(db, { name: '王小明', process_status: 'p5' });
  const b = await buildClient(db, { name: '李大華', process_status: 'p2' });
  me = { id: a.id, email: a.email, token: await signIn(t.app, 'investor', a.email) };
  other = { id: b.id, token: await signIn(t.app, 'investor', b.email) };
});

async function until(check: () => boolean, ms = 2000) {
  const deadline = Date.now() + ms;
  while (!check() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
}

async function startThread(token: string, body: Record<string, unknown> = {}) {
  return dataOf<Thread>(
    await call('POST', base, token, { subject: '請問投資進度', content: '您好，想了解案件進度。', ...body }),
  );
}

describe('who may use the inbox', () => {
  it('refuses anonymous callers, ao and sa on every route; counts are staff only', async () => {
    const thread = await startThread(me.token);
    const routes = [
      ['GET', base],
      ['POST', base],
      ['GET', `${base}/${thread.id}`],
      ['POST', `${base}/${thread.id}`],
      ['PUT', `${base}/${thread.id}`],
      ['GET', countsUrl],
    ] as const;
    for (const [method, url] of routes) {
      const body = method === 'GET' ? undefined : { content: 'x', subject: 'x', read: true };
      expectErrorShape(await call(method, url, undefined, body), 401);
      // A startup has threads of its own since issue 14 (startupMessages.test.ts): an investor's is 404.
      if (url === countsUrl)
        expectErrorShape(await call(method, url, cast.startup, body), 403, 'WRONG_STRATEGY');
      else if (method === 'GET' && url !== base)
        expectErrorShape(await call(method, url, cast.startup), 404, 'THREAD_NOT_FOUND');
      // SPEC section 6 keeps ao and sa off dashboard-contact-type; its API follows the guard.
      expectErrorShape(await call(method, url, cast.ao.token, body), 403, 'FORBIDDEN');
      expectErrorShape(await call(method, url, cast.sa.token, body), 403, 'FORBIDDEN');
    }
    expectErrorShape(await call('GET', countsUrl, me.token), 403, 'WRONG_STRATEGY');
    for (const staff of [cast.admin, cast.ir]) {
      expect((await call('GET', base, staff.token)).statusCode).toBe(200);
      expect((await call('GET', `${base}/${thread.id}`, staff.token)).statusCode).toBe(200);
      expect((await call('GET', countsUrl, staff.token)).statusCode).toBe(200);
    }
  });

  it('keeps an investor to their own threads: someone else’s is 404 on every route', async () => {
    const mine = await startThread(me.token, { subject: '我的問題' });
    const theirs = await startThread(other.token, { subject: '別人的問題' });
    for (const [method, body] of [
      ['GET', undefined],
      ['POST', { content: '偷看' }],
      ['PUT', { read: true }],
    ] as const) {
      expectErrorShape(await call(method, `${base}/${theirs.id}`, me.token, body), 404, 'THREAD_NOT_FOUND');
    }
    const list = dataOf<ListBody<Thread>>(await call('GET', `${base}?all=1`, me.token));
    expect(list.result.every((th) => th.client_id === me.id)).toBe(true);
    expect(list.result.map((th) => th.id)).toContain(mine.id);
    expect(list.count).toBe(list.result.length);
    const asked = dataOf<ListBody<Thread>>(await call('GET', `${base}?client_id=${other.id}`, me.token));
    expect(asked).toEqual({ result: [], count: 0 });
    // Writing as another client is refused; staff see both.
    expectErrorShape(
      await call('POST', base, me.token, { client_id: other.id, subject: 's', content: 'c' }),
      403,
      'FORBIDDEN',
    );
    const staffList = dataOf<ListBody<Thread>>(await call('GET', `${base}?all=1`, cast.ir.token));
    expect(staffList.result.map((th) => th.id)).toEqual(expect.arrayContaining([mine.id, theirs.id]));
    expectErrorShape(await call('GET', `${base}/999999`, cast.admin.token), 404, 'THREAD_NOT_FOUND');
  });
});

describe('reviewer sessions', () => {
  it('read the inbox but neither reply nor mark read', async () => {
    const thread = await startThread(me.token);
    const link = dataOf<{ token: string }>(
      await call('POST', '/api/internal/v1/auth/reviewer-tokens', cast.admin.token, {
        employee_id: cast.ir.id,
      }),
    );
    const session = dataOf<{ token: string }>(
      await call('POST', '/api/internal/v1/auth/reviewer', undefined, { token: link.token }),
    ).token;
    expect((await call('GET', `${base}/${thread.id}`, session)).statusCode).toBe(200);
    expect((await call('GET', countsUrl, session)).statusCode).toBe(200);
    expectErrorShape(await call('POST', `${base}/${thread.id}`, session, { content: 'x' }), 403, 'FORBIDDEN');
    expectErrorShape(await call('PUT', `${base}/${thread.id}`, session, { read: true }), 403, 'FORBIDDEN');
    expectErrorShape(
      await call('POST', base, session, { client_id: me.id, subject: 's', content: 'c' }),
      403,
    );
  });
});

describe('a conversation', () => {
  it('an investor writes (unreplied, unread), an ir replies (replied, investor mailed a link only)', async () => {
    const before = dataOf<Counts>(await call('GET', countsUrl, cast.ir.token));
    const thread = await startThread(me.token, {
      subject: '增資問題',
      content: '請問這次增資何時截止？機密內容 XYZ',
    });
    expect(thread).toMatchObject({
      client_id: me.id,
      count: 1,
      last_from: 'client',
      replied: false,
      unread: false,
    });
    expect(thread.messages).toHaveLength(1);
    expect(thread.messages[0]).toMatchObject({ from: 'client', employee_id: null, employee: null });

    const unreplied = dataOf<ListBody<Thread>>(
      await call('GET', `${base}?type=unreplied&size=5`, cast.ir.token),
    );
    expect(unreplied.result[0]).toMatchObject({ id: thread.id, replied: false, unread: true, count: 1 });
    expect(unreplied.result[0]!.client).toEqual({ id: me.id, name: '王小明' });
    const counts = dataOf<Counts>(await call('GET', countsUrl, cast.ir.token));
    expect(counts).toEqual({
      all: before.all + 1,
      unreplied: before.unreplied + 1,
      replied: before.replied,
      unread: before.unread + 1,
    });

    const sentBefore = mailer.sent.length;
    const replied = dataOf<Thread>(
      await call('POST', `${base}/${thread.id}`, cast.ir.token, { content: '  下週五截止。 ' }),
    );
    expect(replied).toMatchObject({ count: 2, last_from: 'employee', replied: true, unread: false });
    expect(replied.messages.map((m) => m.from)).toEqual(['client', 'employee']);
    expect(replied.messages[1]).toMatchObject({ content: '下週五截止。', employee_id: cast.ir.id });
    expect(replied.messages[1]!.employee?.id).toBe(cast.ir.id);
    expect(new Date(replied.messages[1]!.date_time).getTime()).toBeGreaterThanOrEqual(
      new Date(replied.messages[0]!.date_time).getTime(),
    );

    // The mail says there is a message and links to the investor contact page, never the text.
    // It goes out after the reply (not awaited by it).
    await until(() => mailer.sent.length > sentBefore);
    expect(mailer.sent.length).toBe(sentBefore + 1);
    const mail = mailer.sent.at(-1)!;
    expect(mail.to).toBe(me.email);
    expect(mail.text).toContain('https://dealflow.example/investor/redirect?to=/investor/contact');
    expect(mail.text).not.toContain('下週五');
    expect(mail.text).not.toContain('XYZ');

    const repliedTab = dataOf<ListBody<Thread>>(
      await call('GET', `${base}?type=replied&size=200`, cast.admin.token),
    );
    expect(repliedTab.result.map((th) => th.id)).toContain(thread.id);
    const unrepliedTab = dataOf<ListBody<Thread>>(
      await call('GET', `${base}?type=unreplied&all=1`, cast.admin.token),
    );
    expect(unrepliedTab.result.map((th) => th.id)).not.toContain(thread.id);
    // The investor sees the reply as unread until they open it (PUT read).
    const mine = dataOf<Thread>(await call('GET', `${base}/${thread.id}`, me.token));
    expect(mine.unread).toBe(true);
    expect(dataOf<Thread>(await call('PUT', `${base}/${thread.id}`, me.token, { read: true })).unread).toBe(
      false,
    );
    // An investor's message does not mail anyone.
    await call('POST', `${base}/${thread.id}`, me.token, { content: '謝謝' });
    await new Promise((r) => setTimeout(r, 100));
    expect(mailer.sent.length).toBe(sentBefore + 1);
  });

  it('staff start a thread with a client; unknown client 404, no client 400', async () => {
    const thread = dataOf<Thread>(
      await call('POST', base, cast.admin.token, {
        client_id: me.id,
        subject: '年度報告',
        content: '已上傳。',
      }),
    );
    expect(thread).toMatchObject({ client_id: me.id, last_from: 'employee', replied: true });
    expectErrorShape(
      await call('POST', base, cast.admin.token, { subject: 's', content: 'c' }),
      400,
      'CLIENT_ID_REQUIRED',
    );
    expectErrorShape(
      await call('POST', base, cast.admin.token, { client_id: 99999999, subject: 's', content: 'c' }),
      404,
      'CLIENT_NOT_FOUND',
    );
  });

  it('marks read and unread for staff, and the unread count follows', async () => {
    const thread = await startThread(me.token);
    const before = dataOf<Counts>(await call('GET', countsUrl, cast.ir.token));
    expect(
      dataOf<Thread>(await call('PUT', `${base}/${thread.id}`, cast.ir.token, { read: true })).unread,
    ).toBe(false);
    expect(dataOf<Counts>(await call('GET', countsUrl, cast.ir.token)).unread).toBe(before.unread - 1);
    expect(
      dataOf<Thread>(await call('PUT', `${base}/${thread.id}`, cast.ir.token, { read: false })).unread,
    ).toBe(true);
    // PUT with content appends (SPEC section 4), and a reply is read by its writer's side.
    const put = dataOf<Thread>(
      await call('PUT', `${base}/${thread.id}`, cast.ir.token, { content: '已收到' }),
    );
    expect(put).toMatchObject({ count: 2, replied: true, unread: false });
    expectErrorShape(await call('PUT', `${base}/${thread.id}`, cast.ir.token, {}), 400);
  });

  it('lists newest last message first: an old thread with a new message moves to the top', async () => {
    const first = await startThread(me.token, { subject: 'first' });
    const second = await startThread(me.token, { subject: 'second' });
    let list = dataOf<ListBody<Thread>>(await call('GET', `${base}?size=2`, me.token));
    expect(list.result.map((th) => th.id)).toEqual([second.id, first.id]);
    await call('POST', `${base}/${first.id}`, me.token, { content: '補充' });
    list = dataOf<ListBody<Thread>>(await call('GET', `${base}?size=2`, me.token));
    expect(list.result.map((th) => th.id)).toEqual([first.id, second.id]);
    // The list carries the last message alone, as a preview.
    expect(list.result[0]!.messages).toHaveLength(1);
    expect(list.result[0]!.messages[0]).toMatchObject({ content: '補充', from: 'client' });
    expect(list.count).toBeGreaterThan(2);
    const page2 = dataOf<ListBody<Thread>>(await call('GET', `${base}?size=1&page=2`, me.token));
    expect(page2.result.map((th) => th.id)).toEqual([second.id]);
    const all = dataOf<ListBody<Thread>>(await call('GET', `${base}?all=1`, cast.admin.token)).result;
    const times = all.map((th) => new Date(th.last_message_at).getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('keeps count and last message right under simultaneous replies', async () => {
    const thread = await startThread(me.token);
    const replies = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        call('POST', `${base}/${thread.id}`, i % 2 ? cast.ir.token : me.token, { content: `r${i}` }),
      ),
    );
    expect(replies.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
    const full = dataOf<Thread>(await call('GET', `${base}/${thread.id}`, cast.admin.token));
    expect(full.count).toBe(9);
    expect(full.messages).toHaveLength(9);
    const last = full.messages.at(-1)!;
    expect(full.last_from).toBe(last.from);
    const listed = dataOf<ListBody<Thread>>(
      await call('GET', `${base}?client_id=${me.id}&all=1`, cast.admin.token),
    );
    expect(listed.result.find((th) => th.id === thread.id)!.messages[0]!.id).toBe(last.id);
  });
});

describe('input', () => {
  it('refuses empty, too long, NUL, lone surrogates and unknown fields with 400, never 500', async () => {
    const thread = await startThread(me.token);
    const url = `${base}/${thread.id}`;
    expect(failingFields(await call('POST', url, me.token, { content: '   ' }))).toContain('body.content');
    expect(failingFields(await call('POST', url, me.token, { content: 'x'.repeat(5001) }))).toContain(
      'body.content',
    );
    expect(failingFields(await call('POST', url, me.token, { content: 'a\u0000b' }))).toContain(
      'body.content',
    );
    expect(failingFields(await call('POST', url, me.token, { content: 'a\ud800b' }))).toContain(
      'body.content',
    );
    expect(
      failingFields(await call('POST', base, me.token, { subject: 'x'.repeat(201), content: 'c' })),
    ).toContain('body.subject');
    expectErrorShape(await call('POST', url, me.token, { content: 'ok', extra: 1 }), 400);
    expectErrorShape(await call('GET', `${base}?type=all`, cast.ir.token), 400);
    expectErrorShape(await call('GET', `${base}?size=100000`, cast.ir.token), 400);
    expectErrorShape(await call('GET', `${base}/abc`, cast.ir.token), 400);
    expectErrorShape(await call('GET', `${base}/99999999999`, cast.ir.token), 400);
    // The longest message there may be is taken, and comes back whole.
    const long = '長'.repeat(5000);
    const res = dataOf<Thread>(await call('POST', url, me.token, { content: long }));
    expect(res.messages.at(-1)!.content).toBe(long);
    const listed = dataOf<ListBody<Thread>>(await call('GET', `${base}?size=1`, me.token)).result[0]!;
    expect(Array.from(listed.messages[0]!.content).length).toBeLessThanOrEqual(140);
  });
});

/** Reads a server-sent event stream until `until` says it has what it wants, or the time runs out. */
async function readStream(
  res: Response,
  until: (text: string) => boolean,
  ms: number,
): Promise<{ text: string; done: boolean }> {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  const deadline = Date.now() + ms;
  try {
    while (!until(text)) {
      const left = deadline - Date.now();
      if (left <= 0) return { text, done: false };
      const chunk = await Promise.race([
        reader.read(),
        new Promise<null>((r) => setTimeout(() => r(null), left)),
      ]);
      if (!chunk || chunk.done) return { text, done: until(text) };
      text += decoder.decode(chunk.value, { stream: true });
    }
    return { text, done: true };
  } finally {
    reader.releaseLock();
  }
}

/** Whether the server ends the stream within `ms`. */
async function ends(res: Response, ms: number): Promise<boolean> {
  const reader = res.body!.getReader();
  const deadline = Date.now() + ms;
  try {
    for (;;) {
      const left = deadline - Date.now();
      if (left <= 0) return false;
      const chunk = await Promise.race([
        reader.read(),
        new Promise<null>((r) => setTimeout(() => r(null), left)),
      ]);
      if (!chunk) return false;
      if (chunk.done) return true;
    }
  } catch {
    return true;
  } finally {
    reader.releaseLock();
  }
}

describe('live channel', () => {
  let origin: string;
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  const open = (token?: string, signal?: AbortSignal) =>
    fetch(`${origin}/api/internal/v2/live`, {
      headers: token ? { authorization: `Bearer ${token}` } : {},
      ...(signal ? { signal } : {}),
    });

  it('tells open streams of a new message within 2 s, with ids only, and only those who may see it', async () => {
    const thread = await startThread(me.token, { subject: 'live' });
    const abort = new AbortController();
    const [staff, mine, theirs] = await Promise.all([
      open(cast.ir.token, abort.signal),
      open(me.token, abort.signal),
      open(other.token, abort.signal),
    ]);
    try {
      for (const res of [staff, mine, theirs]) {
        expect(res.status).toBe(200);
        expect(res.headers.get('content-type')).toContain('text/event-stream');
        expect((await readStream(res, (s) => s.includes('event: ready'), 2000)).done).toBe(true);
      }
      const started = Date.now();
      const posted = dataOf<Thread>(
        await call('POST', `${base}/${thread.id}`, me.token, { content: '秘密內容 live' }),
      );
      const messageId = posted.messages.at(-1)!.id;
      const want = (s: string) => s.includes(`"message_id":${messageId}`);
      const [s1, s2, s3] = await Promise.all([
        readStream(staff, want, 2000),
        readStream(mine, want, 2000),
        readStream(theirs, want, 500),
      ]);
      expect(s1.done).toBe(true);
      expect(s2.done).toBe(true);
      expect(Date.now() - started).toBeLessThan(2000);
      expect(s1.text).toContain('event: service.message');
      expect(s1.text).toContain(`"thread_id":${thread.id}`);
      expect(s1.text).not.toContain('秘密');
      expect(s3.done).toBe(false);
      expect(s3.text).not.toContain(`"thread_id":${thread.id}`);
    } finally {
      abort.abort();
    }
  });

  it('reaches a stream open on another instance of the app (its own LISTEN)', async () => {
    // A second instance on the same database, as behind a load balancer.
    const other = await buildApp(t.config, { database: t.database, logger: false });
    await other.listen({ port: 0, host: '127.0.0.1' });
    const otherOrigin = `http://127.0.0.1:${(other.server.address() as AddressInfo).port}`;
    const abort = new AbortController();
    try {
      const thread = await startThread(me.token, { subject: 'across instances' });
      const res = await fetch(`${otherOrigin}/api/internal/v2/live`, {
        headers: { authorization: `Bearer ${cast.ir.token}` },
        signal: abort.signal,
      });
      expect((await readStream(res, (s) => s.includes('event: ready'), 2000)).done).toBe(true);
      const started = Date.now();
      const posted = dataOf<Thread>(
        await call('POST', `${base}/${thread.id}`, me.token, { content: '另一台' }),
      );
      const id = posted.messages.at(-1)!.id;
      expect((await readStream(res, (s) => s.includes(`"message_id":${id}`), 2000)).done).toBe(true);
      expect(Date.now() - started).toBeLessThan(2000);
    } finally {
      abort.abort();
      await other.close();
    }
  });

  it('ends a stream when its token is signed out or its account deactivated', async () => {
    const db = t.database.db;
    const signedOut = await buildClient(db);
    const token = await signIn(t.app, 'investor', signedOut.email);
    const res = await open(token);
    expect((await readStream(res, (s) => s.includes('event: ready'), 2000)).done).toBe(true);
    expect((await call('POST', '/api/auth/logout', token, {})).statusCode).toBeLessThan(300);
    expect(await ends(res, 2000)).toBe(true);

    const staff = await staffSession(t.app, db, 'ir');
    const stream = await open(staff.token);
    expect((await readStream(stream, (s) => s.includes('event: ready'), 2000)).done).toBe(true);
    const abort = new AbortController();
    const unrelated = await open(cast.ir.token, abort.signal);
    expect((await readStream(unrelated, (s) => s.includes('event: ready'), 2000)).done).toBe(true);
    expect(
      (
        await call('PUT', `/api/internal/v1/employees/${staff.employee.id}`, cast.admin.token, {
          status: 'inactive',
        })
      ).statusCode,
    ).toBe(200);
    expect(await ends(stream, 2000)).toBe(true);
    // Another account's stream stays open.
    expect(await ends(unrelated, 300)).toBe(false);
    abort.abort();
  });

  it('refuses anonymous streams, caps the streams of one account, and frees a closed one', async () => {
    expect((await open()).status).toBe(401);
    const abort = new AbortController();
    const a = await open(cast.admin.token, abort.signal);
    const b = await open(cast.admin.token, abort.signal);
    expect([a.status, b.status]).toEqual([200, 200]);
    const third = await open(cast.admin.token);
    expect(third.status).toBe(429);
    expect(((await third.json()) as { error: { code: string } }).error.code).toBe('TOO_MANY_LIVE_STREAMS');
    abort.abort();
    // The server notices the closed connections and lets the account open a stream again.
    let again = 0;
    for (let i = 0; i < 40 && again !== 200; i++) {
      await new Promise((r) => setTimeout(r, 50));
      const res = await open(cast.admin.token);
      again = res.status;
      await res.body?.cancel();
    }
    expect(again).toBe(200);
  });
});
