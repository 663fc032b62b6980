import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { clients, clientTodos } from '../src/db/schema/index.ts';
import { buildTestApp, expectErrorShape, type TestApp } from './helpers.ts';
import { buildClient, buildEmployee } from './factories.ts';
import { type ClientRow, expectClientAccess, historyOf } from './clientCast.ts';
import { buildCast, caller, type Cast, dataOf, failingFields, type ListBody } from './staffCast.ts';

let t: TestApp;
let cast: Cast;
let call: ReturnType<typeof caller>;
const v1 = '/api/internal/v1/clients';
const todo = (clientId: number | string, id?: number | string) =>
  `${v1}/${clientId}/todo${id === undefined ? '' : `/${id}`}`;

beforeAll(async () => {
  t = await buildTestApp();
  cast = await buildCast(t);
  call = caller(t);
});

type TodoBody = {
  id: number;
  client_id: number;
  title: string;
  content: string | null;
  due_at: string | null;
  done: boolean;
  assignee_id: number | null;
  assignee: { id: number; name: string } | null;
  author: { id: number; name: string } | null;
};

async function buildClientTodo(client: ClientRow, title = '寄送季報') {
  const [row] = await t.database.db.insert(clientTodos).values({ client_id: client.id, title }).returning();
  return row!;
}

describe('to-dos of a client', () => {
  it('an sa adds, lists, edits and deletes a to-do of their p2 client, each write in the client history', async () => {
    const client = await buildClient(t.database.db, { process_status: 'p2' });
    const created = dataOf<TodoBody>(
      await call('POST', todo(client.id), cast.sa.token, {
        title: '  約訪談時間  ',
        content: '下週三前',
        due_at: '2030-05-01T10:00:00+08:00',
        assignee_id: cast.sa.id,
      }),
    );
    expect(created).toEqual({
      id: created.id,
      client_id: client.id,
      title: '約訪談時間',
      content: '下週三前',
      due_at: '2030-05-01T02:00:00.000Z',
      done: false,
      assignee_id: cast.sa.id,
      assignee: { id: cast.sa.id, name: expect.any(String) },
      author: { id: cast.sa.id, name: expect.any(String) },
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });

    const done = await buildClientTodo(client, '已完成的事');
    dataOf(await call('PUT', todo(client.id, done.id), cast.sa.token, { done: true }));
    const list = dataOf<ListBody<TodoBody>>(await call('GET', todo(client.id), cast.sa.token));
    // Open ones first.
    expect(list.result.map((r) => r.id)).toEqual([created.id, done.id]);
    expect(list.count).toBe(2);

    const edited = dataOf<TodoBody>(
      await call('PUT', todo(client.id, created.id), cast.sa.token, { done: true, due_at: null }),
    );
    expect(edited).toMatchObject({ title: '約訪談時間', done: true, due_at: null });
    // Nothing changes: nothing is written.
    dataOf(await call('PUT', todo(client.id, created.id), cast.sa.token, { done: true }));
    expect(dataOf(await call('DELETE', todo(client.id, created.id), cast.sa.token))).toEqual({ ok: true });
    expectErrorShape(
      await call('PUT', todo(client.id, created.id), cast.sa.token, { done: false }),
      404,
      'TODO_NOT_FOUND',
    );

    const log = await historyOf(t, 'client', client.id);
    expect(log.map((e) => e.action)).toEqual([
      'client.todo.delete',
      'client.todo.update',
      'client.todo.update',
      'client.todo.create',
    ]);
    expect(log[3]).toMatchObject({
      actor_id: cast.sa.id,
      changes: {
        id: { from: null, to: created.id },
        title: { from: null, to: '約訪談時間' },
        assignee_id: { from: null, to: cast.sa.id },
      },
    });
    expect(log[1]!.changes).toEqual({
      id: { from: created.id, to: created.id },
      done: { from: false, to: true },
      due_at: { from: '2030-05-01T02:00:00.000Z', to: null },
    });
    expect(log[0]!.changes.title).toEqual({ from: '約訪談時間', to: null });
  });

  it('answers each route by the client access rule: admin; sa p0–p4 and drop; ir p5–p6 and drop; ao 403', async () => {
    await expectClientAccess(t, cast, async (c) => ({ method: 'GET', url: todo(c.id) }));
    await expectClientAccess(t, cast, async (c) => ({
      method: 'POST',
      url: todo(c.id),
      body: { title: '電話追蹤' },
    }));
    await expectClientAccess(t, cast, async (c) => ({
      method: 'PUT',
      url: todo(c.id, (await buildClientTodo(c)).id),
      body: { done: true },
    }));
    await expectClientAccess(t, cast, async (c) => ({
      method: 'DELETE',
      url: todo(c.id, (await buildClientTodo(c)).id),
    }));
  });

  it('assigns only an active colleague who works this client: the directory offers the same people', async () => {
    const db = t.database.db;
    const p2 = await buildClient(db, { process_status: 'p2' });
    const p5 = await buildClient(db, { process_status: 'p5' });
    const gone = await buildEmployee(db, { role: 'sa', status: 'inactive' });
    for (const [client, assignee] of [
      [p2, cast.ao.id],
      [p2, cast.ir.id],
      [p5, cast.sa.id],
      [p2, gone.id],
      [p2, 2_000_000_000],
    ] as const) {
      const res = await call('POST', todo(client.id), cast.admin.token, {
        title: '指派',
        assignee_id: assignee,
      });
      expect(failingFields(res)).toEqual(['body.assignee_id']);
    }
    for (const [client, assignee] of [
      [p2, cast.sa.id],
      [p5, cast.ir.id],
      [p2, cast.admin.id],
    ] as const) {
      dataOf(await call('POST', todo(client.id), cast.admin.token, { title: '指派', assignee_id: assignee }));
    }

    const directory = dataOf<ListBody<{ id: number; role: string }>>(
      await call('GET', '/api/internal/v1/employees/directory?assignable=client', cast.sa.token),
    );
    const roles = new Set(directory.result.map((e) => e.role));
    expect([...roles].sort()).toEqual(['admin', 'ir', 'sa']);
    expect(directory.result.map((e) => e.id)).not.toContain(gone.id);
  });

  it('keeps an assignee who no longer sees the client until someone picks another', async () => {
    const client = await buildClient(t.database.db, { process_status: 'p4' });
    const created = dataOf<TodoBody>(
      await call('POST', todo(client.id), cast.sa.token, { title: '簽約', assignee_id: cast.sa.id }),
    );
    // Handed over to ir: the to-do still names the sa, and an edit that keeps them is fine.
    await t.database.db.update(clients).set({ process_status: 'p5' }).where(eq(clients.id, client.id));
    dataOf(
      await call('PUT', todo(client.id, created.id), cast.ir.token, { done: true, assignee_id: cast.sa.id }),
    );
    expect(
      failingFields(
        await call('PUT', todo(client.id, created.id), cast.ir.token, { assignee_id: cast.ao.id }),
      ),
    ).toEqual(['body.assignee_id']);
  });

  it('refuses bad input with 400 and the failing fields, and nothing is written', async () => {
    const client = await buildClient(t.database.db, { process_status: 'p1' });
    await buildClientTodo(client);
    for (const [body, fields] of [
      [{}, ['body.title']],
      [{ title: '' }, ['body.title']],
      [{ title: 'a\u0000b' }, ['body.title']],
      [{ title: 'x', content: 'bad \ud800 text' }, ['body.content']],
      [{ title: 'x', due_at: 'tomorrow' }, ['body.due_at']],
      [{ title: 'x', assignee_id: 2 ** 31 }, ['body.assignee_id']],
      [{ title: 'x', extra: 1 }, ['body']],
    ] as const) {
      const res = await call('POST', todo(client.id), cast.admin.token, body);
      expect(failingFields(res), JSON.stringify(body)).toEqual(fields);
    }
    expect(failingFields(await call('GET', todo('abc'), cast.admin.token))).toEqual(['params.id']);
    expect(failingFields(await call('GET', todo(2 ** 31), cast.admin.token))).toEqual(['params.id']);
    expect(
      failingFields(await call('PUT', todo(client.id, 2 ** 31), cast.admin.token, { done: true })),
    ).toEqual(['params.todoId']);
    expect(await historyOf(t, 'client', client.id)).toEqual([]);
    expect(dataOf<ListBody>(await call('GET', todo(client.id), cast.admin.token)).result).toHaveLength(1);
  });

  it('404s a to-do of another client, a missing client and a deleted one', async () => {
    const db = t.database.db;
    const mine = await buildClient(db, { process_status: 'p1' });
    const other = await buildClientTodo(await buildClient(db, { process_status: 'p1' }));
    expectErrorShape(
      await call('PUT', todo(mine.id, other.id), cast.sa.token, { done: true }),
      404,
      'TODO_NOT_FOUND',
    );
    expectErrorShape(await call('DELETE', todo(mine.id, other.id), cast.sa.token), 404, 'TODO_NOT_FOUND');
    expectErrorShape(await call('GET', todo(2_000_000_000), cast.admin.token), 404, 'CLIENT_NOT_FOUND');
    const deleted = await buildClient(db, { process_status: 'p1', is_deleted: true });
    expectErrorShape(await call('GET', todo(deleted.id), cast.admin.token), 404, 'CLIENT_NOT_FOUND');
    expectErrorShape(
      await call('POST', todo(deleted.id), cast.admin.token, { title: 'x' }),
      404,
      'CLIENT_NOT_FOUND',
    );
  });
});
