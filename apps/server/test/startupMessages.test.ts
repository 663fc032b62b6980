import type { AddressInfo } from 'node:net';
import { count, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { SERVICE_MESSAGE_MAX } from '@dealflow/domain';
import { serviceMessages } from '../src/db/schema/index.ts';
import { buildCase, buildClient, buildStartupUser, signIn } from './factories.ts';
import { buildTestApp, capturingMailer, expectErrorShape, type TestApp } from './helpers.ts';
import { buildCast, caller, dataOf, type Cast, type ListBody } from './staffCast.ts';

/**
 * Issue 14, "the firm's messages to them" (decision 0038): a startup writes to the firm and reads
 * its replies through the same service threads as investors; staff of the inbox (admin, ir) see
 * them beside the investors' threads, and staff who read the case (admin, ao) answer them from
 * the case (`cases/{id}/services`).
 */
type Thread = {
  id: number;
  party: 'investor' | 'startup';
  client_id: number | null;
  client: { id: number; name: string } | null;
  case_id: number | null;
  case: { id: number; name: string } | null;
  subject: string;
  messages: Array<{ id: number; content: string; from: 'employee' | 'client'; employee_id: number | null }>;
  count: number;
  last_from: 'employee' | 'client';
  replied: boolean;
  unread: boolean;
};

const base = '/api/internal/v1/services';
const caseServices = (caseId: number) => `/api/internal/v1/cases/${caseId}/services`;

let t: TestApp;
let cast: Cast;
let call: ReturnType<typeof caller>;
const mailer = capturingMailer();

beforeAll(async () => {
  t = await buildTestApp({ PUBLIC_URL: 'https://dealflow.example' }, { mailer });
  cast = await buildCast(t);
  call = caller(t);
});

/** A startup of its own case, signed in. */
async function startup(name = '星河科技') {
  const kase = await buildCase(t.database.db, { name });
  const user = await buildStartupUser(t.database.db, { case_id: kase.id });
  return { caseId: kase.id, caseName: name, user, token: await signIn(t.app, 'local', user.email) };
}

async function startThread(token: string, body: Record<string, unknown> = {}) {
  return dataOf<Thread>(
    await call('POST', base, token, { subject: '關於簡報', content: '您好，想請教審查進度。', ...body }),
  );
}

async function until(check: () => boolean, ms = 2000) {
  const deadline = Date.now() + ms;
  while (!check() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
}

describe('a startup’s conversation with the firm', () => {
  it('starts a thread, staff of the inbox and of the case read and answer it, the startup sees the reply', async () => {
    const s = await startup('星河科技');
    const created = await startThread(s.token);
    expect(created).toMatchObject({
      party: 'startup',
      client_id: null,
      client: null,
      case_id: s.caseId,
      case: { id: s.caseId, name: '星河科技' },
      count: 1,
      last_from: 'client',
      replied: false,
      unread: false,
    });

    // The inbox (admin, ir) lists it beside the investors' threads, unreplied and unread for staff.
    const investor = await buildClient(t.database.db, { name: '投資人甲' });
    const investorToken = await signIn(t.app, 'investor', investor.email);
    const investorThread = await startThread(investorToken, { subject: '投資人的問題' });
    for (const staff of [cast.admin, cast.ir]) {
      const list = dataOf<ListBody<Thread>>(await call('GET', `${base}?type=unreplied&all=1`, staff.token));
      const ids = list.result.map((th) => th.id);
      expect(ids).toContain(created.id);
      expect(ids).toContain(investorThread.id);
      // Newest last message first, whatever the party.
      expect(ids.indexOf(investorThread.id)).toBeLessThan(ids.indexOf(created.id));
      const row = list.result.find((th) => th.id === created.id)!;
      expect(row).toMatchObject({ party: 'startup', unread: true, case: { name: '星河科技' } });
    }

    // The case's ao reads it from the case (ao is kept off the inbox) and answers.
    expectErrorShape(await call('GET', base, cast.ao.token), 403, 'FORBIDDEN');
    const onCase = dataOf<ListBody<Thread>>(await call('GET', caseServices(s.caseId), cast.ao.token));
    expect(onCase.result.map((th) => th.id)).toEqual([created.id]);
    expect(onCase.result[0]!.unread).toBe(true);
    const sentBefore = mailer.sent.length;
    const replied = dataOf<Thread>(
      await call('POST', `${caseServices(s.caseId)}/${created.id}`, cast.ao.token, {
        content: '收到，本週回覆您。',
      }),
    );
    expect(replied).toMatchObject({ count: 2, last_from: 'employee', replied: true });
    expect(replied.messages.at(-1)).toMatchObject({ from: 'employee', employee_id: cast.ao.id });

    // The startup is mailed a link to its messages, never the text.
    await until(() => mailer.sent.length > sentBefore);
    const mail = mailer.sent.slice(sentBefore).find((m) => m.to === s.user.email);
    expect(mail).toBeDefined();
    expect(mail!.text).toContain('https://dealflow.example/startup?tab=messages');
    expect(mail!.text).not.toContain('本週回覆');
    expect(mail!.subject).not.toContain('本週回覆');

    // The startup sees the reply, unread for it until opened.
    const mine = dataOf<ListBody<Thread>>(await call('GET', base, s.token));
    expect(mine.result.map((th) => th.id)).toEqual([created.id]);
    expect(mine.result[0]).toMatchObject({ unread: true, replied: true });
    const full = dataOf<Thread>(await call('GET', `${base}/${created.id}`, s.token));
    expect(full.messages.map((m) => m.content)).toEqual(['您好，想請教審查進度。', '收到，本週回覆您。']);
    const read = dataOf<Thread>(await call('PUT', `${base}/${created.id}`, s.token, { read: true }));
    expect(read.unread).toBe(false);

    // Its answer flips the thread back to unreplied and unread for staff; the inbox replies too.
    await call('POST', `${base}/${created.id}`, s.token, { content: '謝謝！' });
    const forAdmin = dataOf<Thread>(await call('GET', `${base}/${created.id}`, cast.admin.token));
    expect(forAdmin).toMatchObject({ unread: true, replied: false, count: 3 });
    const adminReply = dataOf<Thread>(
      await call('POST', `${base}/${created.id}`, cast.admin.token, { content: '不客氣' }),
    );
    expect(adminReply).toMatchObject({ replied: true, count: 4 });
    const staffRead = dataOf<Thread>(
      await call('PUT', `${caseServices(s.caseId)}/${created.id}`, cast.ao.token, { read: true }),
    );
    expect(staffRead.unread).toBe(false);
  });

  it('lets staff who read the case start a thread with the startup from the case, mailed as a link', async () => {
    const s = await startup('月光生技');
    const sentBefore = mailer.sent.length;
    const created = dataOf<Thread>(
      await call('POST', caseServices(s.caseId), cast.admin.token, {
        subject: '補件通知',
        content: '請補上最新財報。',
      }),
    );
    expect(created).toMatchObject({
      party: 'startup',
      case_id: s.caseId,
      last_from: 'employee',
      replied: true,
    });
    await until(() => mailer.sent.some((m, i) => i >= sentBefore && m.to === s.user.email));
    const mail = mailer.sent.slice(sentBefore).find((m) => m.to === s.user.email)!;
    expect(mail.text).not.toContain('財報');
    const mine = dataOf<ListBody<Thread>>(await call('GET', base, s.token));
    expect(mine.result[0]).toMatchObject({ id: created.id, unread: true });
    // A client id has no place on the case route.
    expectErrorShape(
      await call('POST', caseServices(s.caseId), cast.admin.token, {
        subject: 'x',
        content: 'y',
        client_id: 1,
      }),
      400,
    );
    expectErrorShape(
      await call('POST', caseServices(2_000_000_000), cast.admin.token, { subject: 'x', content: 'y' }),
      404,
      'CASE_NOT_FOUND',
    );
  });
});

describe('who reaches a startup’s thread', () => {
  it('keeps a startup to its own case’s threads; investors never see them; sa is refused', async () => {
    const a = await startup('甲公司');
    const b = await startup('乙公司');
    const theirs = await startThread(b.token, { subject: '乙的問題' });
    for (const [method, body] of [
      ['GET', undefined],
      ['POST', { content: '偷看' }],
      ['PUT', { read: true }],
    ] as const) {
      expectErrorShape(await call(method, `${base}/${theirs.id}`, a.token, body), 404, 'THREAD_NOT_FOUND');
      expectErrorShape(
        await call(method, `${base}/${theirs.id}`, cast.investor, body),
        404,
        'THREAD_NOT_FOUND',
      );
    }
    const aList = dataOf<ListBody<Thread>>(await call('GET', `${base}?all=1`, a.token));
    expect(aList.result.map((th) => th.id)).not.toContain(theirs.id);
    expect(dataOf<ListBody<Thread>>(await call('GET', `${base}?client_id=1`, a.token)).count).toBe(0);
    const investorList = dataOf<ListBody<Thread>>(await call('GET', `${base}?all=1`, cast.investor));
    expect(investorList.result.every((th) => th.party === 'investor')).toBe(true);
    // A startup writes as itself: naming a client is refused.
    expectErrorShape(
      await call('POST', base, a.token, { subject: 'x', content: 'y', client_id: 1 }),
      403,
      'FORBIDDEN',
    );

    // The case routes: staff who read the case only; a thread of another case is 404 there.
    const url = `${caseServices(b.caseId)}/${theirs.id}`;
    for (const token of [cast.sa.token, cast.ir.token]) {
      expectErrorShape(await call('GET', caseServices(b.caseId), token), 403, 'FORBIDDEN');
      expectErrorShape(await call('GET', url, token), 403, 'FORBIDDEN');
    }
    expectErrorShape(await call('GET', base, cast.sa.token), 403, 'FORBIDDEN');
    for (const token of [a.token, cast.investor]) {
      expectErrorShape(await call('GET', url, token), 403, 'WRONG_STRATEGY');
      expectErrorShape(await call('GET', caseServices(b.caseId), token), 403, 'WRONG_STRATEGY');
    }
    expectErrorShape(await call('GET', url), 401);
    expectErrorShape(
      await call('GET', `${caseServices(a.caseId)}/${theirs.id}`, cast.ao.token),
      404,
      'THREAD_NOT_FOUND',
    );
    expectErrorShape(
      await call('POST', `${caseServices(a.caseId)}/${theirs.id}`, cast.ao.token, { content: 'x' }),
      404,
      'THREAD_NOT_FOUND',
    );
    // An investor's thread is not a case's either.
    const investorThread = await startThread(cast.investor, { subject: '投資人' });
    expectErrorShape(
      await call('GET', `${caseServices(a.caseId)}/${investorThread.id}`, cast.admin.token),
      404,
      'THREAD_NOT_FOUND',
    );
    expect(dataOf<Thread>(await call('GET', url, cast.otherAo.token)).id).toBe(theirs.id);
  });

  it('gives a startup without a case no threads and lets it start none', async () => {
    const user = await buildStartupUser(t.database.db, { case_id: null });
    const token = await signIn(t.app, 'local', user.email);
    expect(dataOf<ListBody<Thread>>(await call('GET', base, token)).count).toBe(0);
    expectErrorShape(await call('POST', base, token, { subject: 'x', content: 'y' }), 403, 'FORBIDDEN');
  });
});

describe('what a startup may write', () => {
  it('refuses NUL characters, malformed Unicode and oversized text with 400, as for investors', async () => {
    const s = await startup();
    const thread = await startThread(s.token);
    for (const content of ['a\u0000b', 'bad \ud800 half', 'x'.repeat(SERVICE_MESSAGE_MAX + 1), '   ']) {
      expectErrorShape(await call('POST', `${base}/${thread.id}`, s.token, { content }), 400);
      expectErrorShape(
        await call('POST', `${caseServices(s.caseId)}/${thread.id}`, cast.admin.token, { content }),
        400,
      );
    }
    expectErrorShape(await call('POST', base, s.token, { subject: 'x'.repeat(201), content: 'y' }), 400);
    expect(dataOf<Thread>(await call('GET', `${base}/${thread.id}`, s.token)).count).toBe(1);
  });

  it('keeps message_count right when the startup and staff write at once', async () => {
    const s = await startup();
    const thread = await startThread(s.token);
    const writes = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        i % 2 === 0
          ? call('POST', `${base}/${thread.id}`, s.token, { content: `新創 ${i}` })
          : call('POST', `${caseServices(s.caseId)}/${thread.id}`, cast.ao.token, { content: `同仁 ${i}` }),
      ),
    );
    for (const res of writes) expect(res.statusCode).toBe(200);
    const full = dataOf<Thread>(await call('GET', `${base}/${thread.id}`, s.token));
    expect(full.count).toBe(9);
    expect(full.messages).toHaveLength(9);
    const [row] = await t.database.db
      .select({ n: count() })
      .from(serviceMessages)
      .where(eq(serviceMessages.thread_id, thread.id));
    expect(row?.n).toBe(9);
  });

  it('refuses a thread row with both or neither party (the party check)', async () => {
    const s = await startup();
    const investor = await buildClient(t.database.db);
    await expect(
      t.database.db.execute(
        sql`insert into service_threads (client_id, case_id, subject, last_from) values (${investor.id}, ${s.caseId}, 'x', 'client')`,
      ),
    ).rejects.toThrow();
    await expect(
      t.database.db.execute(sql`insert into service_threads (subject, last_from) values ('x', 'client')`),
    ).rejects.toThrow();
  });
});

async function readStream(res: Response, want: (text: string) => boolean, ms: number) {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  const deadline = Date.now() + ms;
  try {
    while (!want(text)) {
      const left = deadline - Date.now();
      if (left <= 0) return { done: false, text };
      const chunk = await Promise.race([
        reader.read(),
        new Promise<null>((r) => setTimeout(() => r(null), left)),
      ]);
      if (!chunk || chunk.done) return { done: want(text), text };
      text += decoder.decode(chunk.value, { stream: true });
    }
    return { done: true, text };
  } finally {
    reader.releaseLock();
  }
}

describe('live channel', () => {
  it('tells the startup of a staff reply, and not another startup or an investor', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const s = await startup();
    const other = await startup();
    const thread = await startThread(s.token);
    const abort = new AbortController();
    const open = (token: string) =>
      fetch(`${origin}/api/internal/v2/live`, {
        headers: { authorization: `Bearer ${token}` },
        signal: abort.signal,
      });
    try {
      const streams = await Promise.all([s.token, other.token, cast.investor, cast.ao.token].map(open));
      for (const res of streams) {
        expect(res.status).toBe(200);
        expect((await readStream(res, (x) => x.includes('event: ready'), 2000)).done).toBe(true);
      }
      const posted = dataOf<Thread>(
        await call('POST', `${caseServices(s.caseId)}/${thread.id}`, cast.admin.token, {
          content: '秘密 回覆',
        }),
      );
      const want = (x: string) => x.includes(`"message_id":${posted.messages.at(-1)!.id}`);
      const [mine, theirs, investor, ao] = await Promise.all([
        readStream(streams[0]!, want, 2000),
        readStream(streams[1]!, want, 500),
        readStream(streams[2]!, want, 500),
        readStream(streams[3]!, want, 2000),
      ]);
      expect(mine.done).toBe(true);
      expect(mine.text).toContain(`"case_id":${s.caseId}`);
      expect(mine.text).not.toContain('秘密');
      expect(ao.done).toBe(true);
      expect(theirs.done).toBe(false);
      expect(investor.done).toBe(false);
    } finally {
      abort.abort();
    }
  });
});
