import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, expectErrorShape, type TestApp } from './helpers.ts';
import type { TodoAcross } from '@dealflow/domain';
import { buildCase, buildClient, buildClientTodo, buildEmployee, buildTodo, signIn } from './factories.ts';
import {
  buildCast,
  caller,
  caseLog,
  dataOf,
  expectIrAndSaRefused,
  expectStrangersRefused,
  failingFields,
  type Cast,
  type ListBody,
} from './staffCast.ts';

let t: TestApp;
let cast: Cast;
let call: ReturnType<typeof caller>;
const v1 = '/api/internal/v1/cases';

beforeAll(async () => {
  t = await buildTestApp();
  cast = await buildCast(t);
  call = caller(t);
});

type TodoBody = {
  id: number;
  case_id: number;
  title: string;
  content: string | null;
  due_at: string | null;
  done: boolean;
  assignee_id: number | null;
  assignee: { id: number; name: string } | null;
  author: { id: number; name: string } | null;
  case?: { id: number; name: string };
};

describe('to-dos of a case', () => {
  it('an ao adds, reads, edits and deletes a to-do on their case, each write in the history', async () => {
    const c = await buildCase(t.database.db, { ao_id: cast.ao.id });
    const created = dataOf<TodoBody>(
      await call('POST', `${v1}/${c.id}/todo`, cast.ao.token, {
        title: '  索取財報  ',
        content: '近三年',
        due_at: '2030-03-01T09:00:00+08:00',
        assignee_id: cast.otherAo.id,
      }),
    );
    expect(created).toMatchObject({
      case_id: c.id,
      title: '索取財報',
      content: '近三年',
      due_at: '2030-03-01T01:00:00.000Z',
      done: false,
      assignee_id: cast.otherAo.id,
      assignee: { id: cast.otherAo.id },
      author: { id: cast.ao.id },
    });

    const list = dataOf<ListBody<TodoBody>>(await call('GET', `${v1}/${c.id}/todo`, cast.ao.token));
    expect(list.count).toBe(1);
    expect(list.result[0]).toEqual(created);

    const edited = dataOf<TodoBody>(
      await call('PUT', `${v1}/${c.id}/todo/${created.id}`, cast.ao.token, {
        done: true,
        due_at: null,
        assignee_id: null,
      }),
    );
    expect(edited).toMatchObject({ title: '索取財報', done: true, due_at: null, assignee: null });

    // A PUT that changes nothing writes nothing.
    dataOf(await call('PUT', `${v1}/${c.id}/todo/${created.id}`, cast.ao.token, { done: true }));

    expect(dataOf(await call('DELETE', `${v1}/${c.id}/todo/${created.id}`, cast.ao.token))).toEqual({
      ok: true,
    });
    expect(dataOf<ListBody>(await call('GET', `${v1}/${c.id}/todo`, cast.ao.token)).count).toBe(0);

    const log = await caseLog(t, cast.ao.token, c.id);
    expect(log.map((l) => l.action)).toEqual(['todo.delete', 'todo.update', 'todo.create']);
    expect(log[2]).toMatchObject({
      actor: { type: 'employee', id: cast.ao.id },
      changes: {
        id: { from: null, to: created.id },
        title: { from: null, to: '索取財報' },
        due_at: { from: null, to: '2030-03-01T01:00:00.000Z' },
      },
    });
    expect(log[1]!.changes).toEqual({
      id: { from: created.id, to: created.id },
      done: { from: false, to: true },
      due_at: { from: '2030-03-01T01:00:00.000Z', to: null },
      assignee_id: { from: cast.otherAo.id, to: null },
    });
    expect(log[0]!.changes).toMatchObject({
      id: { from: created.id, to: null },
      title: { from: '索取財報', to: null },
    });
  });

  it('lists open to-dos first, by due date, undated last; pages when asked', async () => {
    const c = await buildCase(t.database.db);
    const db = t.database.db;
    const late = await buildTodo(db, {
      case_id: c.id,
      title: 'late',
      due_at: new Date('2030-02-01T00:00:00Z'),
    });
    const soon = await buildTodo(db, {
      case_id: c.id,
      title: 'soon',
      due_at: new Date('2030-01-01T00:00:00Z'),
    });
    const undated = await buildTodo(db, { case_id: c.id, title: 'undated' });
    const done = await buildTodo(db, {
      case_id: c.id,
      title: 'done',
      done: true,
      due_at: new Date('2029-01-01'),
    });
    const all = dataOf<ListBody<TodoBody>>(await call('GET', `${v1}/${c.id}/todo`, cast.admin.token));
    expect(all.result.map((r) => r.id)).toEqual([soon.id, late.id, undated.id, done.id]);
    const page2 = dataOf<ListBody<TodoBody>>(
      await call('GET', `${v1}/${c.id}/todo?page=2&size=3`, cast.admin.token),
    );
    expect(page2).toMatchObject({ count: 4, result: [{ id: done.id }] });
    expectErrorShape(await call('GET', `${v1}/${c.id}/todo?size=100000`, cast.admin.token), 400);
  });

  it('refuses a to-do of another case with 404, and touches nothing', async () => {
    const mine = await buildCase(t.database.db, { ao_id: cast.ao.id });
    const other = await buildTodo(t.database.db, { title: '別的案子' });
    for (const [m, body] of [
      ['PUT', { title: 'x' }],
      ['DELETE', undefined],
    ] as const) {
      expectErrorShape(
        await call(m, `${v1}/${mine.id}/todo/${other.id}`, cast.ao.token, body),
        404,
        'TODO_NOT_FOUND',
      );
    }
    expectErrorShape(
      await call('PUT', `${v1}/${mine.id}/todo/2147483647`, cast.ao.token, { title: 'x' }),
      404,
    );
    const still = dataOf<ListBody<TodoBody>>(
      await call('GET', `${v1}/${other.case_id}/todo`, cast.admin.token),
    );
    expect(still.result[0]).toMatchObject({ id: other.id, title: '別的案子' });
  });

  it('answers 404 Case not found for a missing or deleted case', async () => {
    const gone = await buildCase(t.database.db, { ao_id: cast.ao.id, is_deleted: true });
    const todo = await buildTodo(t.database.db, { case_id: gone.id });
    for (const id of [gone.id, 99999999]) {
      expectErrorShape(await call('GET', `${v1}/${id}/todo`, cast.ao.token), 404, 'CASE_NOT_FOUND');
      expectErrorShape(
        await call('POST', `${v1}/${id}/todo`, cast.ao.token, { title: 'x' }),
        404,
        'CASE_NOT_FOUND',
      );
    }
    expectErrorShape(
      await call('PUT', `${v1}/${gone.id}/todo/${todo.id}`, cast.ao.token, { title: 'x' }),
      404,
      'CASE_NOT_FOUND',
    );
  });

  it('lists the failing fields of a bad to-do', async () => {
    const c = await buildCase(t.database.db, { ao_id: cast.ao.id });
    const url = `${v1}/${c.id}/todo`;
    expect(failingFields(await call('POST', url, cast.ao.token, { content: 'x' }))).toEqual(['body.title']);
    expect(
      failingFields(
        await call('POST', url, cast.ao.token, { title: '', due_at: '2030-03-01', done: 'yes' }),
      ).sort(),
    ).toEqual(['body.done', 'body.due_at', 'body.title']);
    expect(failingFields(await call('POST', url, cast.ao.token, { title: 'x', colour: 'red' }))).toEqual([
      'body',
    ]);
    // The assignee must be an active employee who works on cases.
    const inactive = await buildEmployee(t.database.db, { status: 'inactive' });
    for (const assignee_id of [inactive.id, cast.ir.id, 2147483000]) {
      expect(failingFields(await call('POST', url, cast.ao.token, { title: 'x', assignee_id }))).toEqual([
        'body.assignee_id',
      ]);
    }
    const todo = await buildTodo(t.database.db, { case_id: c.id });
    expect(failingFields(await call('PUT', `${url}/${todo.id}`, cast.ao.token, { title: '   ' }))).toEqual([
      'body.title',
    ]);
    expect(failingFields(await call('PUT', `${url}/abc`, cast.ao.token, { title: 'x' }))).toEqual([
      'params.todoId',
    ]);
  });
});

describe('who may use the to-do routes', () => {
  it('refuses strangers, and ir and sa', async () => {
    const todo = await buildTodo(t.database.db);
    const routes = [
      ['GET', `${v1}/${todo.case_id}/todo`],
      ['POST', `${v1}/${todo.case_id}/todo`],
      ['PUT', `${v1}/${todo.case_id}/todo/${todo.id}`],
      ['DELETE', `${v1}/${todo.case_id}/todo/${todo.id}`],
    ] as const;
    const centre = [
      ['GET', '/api/internal/v1/me/todo'],
      ['GET', '/api/internal/v2/todos'],
    ] as const;
    await expectStrangersRefused(t, cast, [...routes, ...centre]);
    await expectIrAndSaRefused(t, cast, routes);
    // The to-do centre is everyone's: ir and sa read their clients' to-dos there.
    for (const member of [cast.admin, cast.ao, cast.ir, cast.sa]) {
      expect((await call('GET', '/api/internal/v1/me/todo', member.token)).statusCode).toBe(200);
      expect((await call('GET', '/api/internal/v2/todos?type=open', member.token)).statusCode).toBe(200);
    }
    expect(failingFields(await call('GET', '/api/internal/v1/me/todo?size=100000', cast.ao.token))).toEqual([
      'querystring.size',
    ]);
  });

  it('lets any ao read and add; only the author, the assignee, the AO, an agent or an admin change', async () => {
    const theirs = await buildCase(t.database.db, { ao_id: cast.otherAo.id });
    const todo = await buildTodo(t.database.db, { case_id: theirs.id, created_by: cast.otherAo.id });
    const url = `${v1}/${theirs.id}/todo`;
    expect((await call('GET', url, cast.ao.token)).statusCode).toBe(200);
    // Any ao adds a to-do on a case they can read, without being able to edit the case.
    const mine = dataOf<TodoBody>(await call('POST', url, cast.ao.token, { title: '追蹤' }));
    expect(mine.author).toMatchObject({ id: cast.ao.id });
    expect((await call('PUT', `${url}/${mine.id}`, cast.ao.token, { done: true })).statusCode).toBe(200);
    expectErrorShape(await call('PUT', `${v1}/${theirs.id}`, cast.ao.token, { name: 'x' }), 403, 'FORBIDDEN');
    // Another's to-do: not theirs to change, until it is assigned to them.
    expectErrorShape(await call('PUT', `${url}/${todo.id}`, cast.ao.token, { title: 'x' }), 403, 'FORBIDDEN');
    expectErrorShape(await call('DELETE', `${url}/${todo.id}`, cast.ao.token), 403, 'FORBIDDEN');
    expect(
      (await call('PUT', `${url}/${todo.id}`, cast.otherAo.token, { assignee_id: cast.ao.id })).statusCode,
    ).toBe(200);
    expect((await call('PUT', `${url}/${todo.id}`, cast.ao.token, { done: true })).statusCode).toBe(200);
    expect((await call('PUT', `${url}/${todo.id}`, cast.admin.token, { title: 'admin' })).statusCode).toBe(
      200,
    );
    expect((await call('DELETE', `${url}/${mine.id}`, cast.ao.token)).statusCode).toBe(200);
    const shared = await buildCase(t.database.db, { ao_id: cast.otherAo.id, agent_ids: [cast.ao.id] });
    expect(
      (await call('POST', `${v1}/${shared.id}/todo`, cast.ao.token, { title: '代理人' })).statusCode,
    ).toBe(200);
  });

  it('assigns only whom the directory offers for case work (one rule, canBeAssigned)', async () => {
    const c = await buildCase(t.database.db, { ao_id: cast.ao.id });
    const sales = await buildEmployee(t.database.db, { role: 'sa' });
    const ir = await buildEmployee(t.database.db, { role: 'ir' });
    const offered = dataOf<ListBody<{ id: number; role: string }>>(
      await call('GET', '/api/internal/v1/employees/directory?assignable=case', cast.ao.token),
    ).result;
    const offeredIds = offered.map((e) => e.id);
    expect(new Set(offered.map((e) => e.role))).toEqual(new Set(['admin', 'ao']));
    expect(offeredIds).not.toContain(sales.id);
    expect(offeredIds).not.toContain(ir.id);
    // Every one offered is accepted, every one left out is refused.
    for (const id of [cast.admin.id, cast.otherAo.id]) {
      expect(offeredIds).toContain(id);
      expect(
        (await call('POST', `${v1}/${c.id}/todo`, cast.ao.token, { title: 'ok', assignee_id: id }))
          .statusCode,
      ).toBe(200);
    }
    for (const id of [sales.id, ir.id]) {
      expect(
        failingFields(
          await call('POST', `${v1}/${c.id}/todo`, cast.ao.token, { title: 'no', assignee_id: id }),
        ),
      ).toEqual(['body.assignee_id']);
    }
    // The whole directory still lists everyone active.
    const all = dataOf<ListBody<{ id: number }>>(
      await call('GET', '/api/internal/v1/employees/directory', cast.ao.token),
    ).result.map((e) => e.id);
    expect(all).toEqual(expect.arrayContaining([sales.id, ir.id]));
    expect(
      failingFields(
        await call('GET', '/api/internal/v1/employees/directory?assignable=nobody', cast.ao.token),
      ),
    ).toEqual(['querystring.assignable']);
  });
});

describe('to-dos across cases and clients (the to-do centre)', () => {
  it('lists a client’s to-dos with the cases’, each reader only what they may read', async () => {
    const db = t.database.db;
    const me = await buildEmployee(db, { role: 'sa' });
    const token = await signIn(t.app, 'dashboard', me.email);
    const prospect = await buildClient(db, { name: '潛在投資人', process_status: 'p2' });
    const handed = await buildClient(db, { process_status: 'p5' });
    const kase = await buildCase(db);
    const mineOnClient = await buildClientTodo(db, {
      client_id: prospect.id,
      assignee_id: me.id,
      due_at: new Date('2001-02-03'),
    });
    // A p5 client is ir's: its to-do leaves an sa's list; a case's to-do too (sa reads no case).
    await buildClientTodo(db, { client_id: handed.id, assignee_id: me.id });
    await buildTodo(db, { case_id: kase.id, assignee_id: me.id });
    const mine = dataOf<ListBody<TodoAcross>>(await call('GET', '/api/internal/v1/me/todo', token));
    expect(mine.result.map((r) => r.id)).toEqual([mineOnClient.id]);
    expect(mine.result[0]).toMatchObject({
      client: { id: prospect.id, name: '潛在投資人' },
      client_id: prospect.id,
      case: null,
      case_id: null,
      overdue: true,
    });
    // An admin sees all three of that sa's, a case's and clients' alike.
    const all = dataOf<ListBody<TodoAcross>>(
      await call('GET', `/api/internal/v2/todos?employee_id=${me.id}`, cast.admin.token),
    );
    expect(all.count).toBe(3);
    expect(new Set(all.result.map((r) => (r.case ? 'case' : 'client')))).toEqual(new Set(['case', 'client']));
    // An ao sees the case's one only; an ir the p5 client's only.
    const seen = async (token_: string) =>
      dataOf<ListBody<TodoAcross>>(await call('GET', `/api/internal/v2/todos?employee_id=${me.id}`, token_))
        .result;
    expect((await seen(cast.ao.token)).map((r) => r.case_id)).toEqual([kase.id]);
    expect((await seen(cast.ir.token)).map((r) => r.client_id)).toEqual([handed.id]);
  });
});

describe('to-dos across cases', () => {
  it('me/todo: assigned to me or written by me, open first, by due date, deleted cases left out', async () => {
    const db = t.database.db;
    const me = await buildEmployee(db, { role: 'ao' });
    const token = await signIn(t.app, 'dashboard', me.email);
    const c = await buildCase(db, { name: '我的案子' });
    const gone = await buildCase(db, { is_deleted: true });
    const assigned = await buildTodo(db, {
      case_id: c.id,
      assignee_id: me.id,
      due_at: new Date('2030-06-01'),
    });
    const written = await buildTodo(db, { case_id: c.id, created_by: me.id, due_at: new Date('2030-05-01') });
    const done = await buildTodo(db, { case_id: c.id, assignee_id: me.id, done: true });
    await buildTodo(db, { case_id: c.id, assignee_id: cast.ao.id });
    await buildTodo(db, { case_id: gone.id, assignee_id: me.id });
    const mine = dataOf<ListBody<TodoBody>>(await call('GET', '/api/internal/v1/me/todo', token));
    expect(mine.result.map((r) => r.id)).toEqual([written.id, assigned.id, done.id]);
    expect(mine.count).toBe(3);
    expect(mine.result[0]!.case).toEqual({ id: c.id, name: '我的案子' });
  });

  it('v2/todos filters open, done, overdue and all, by employee', async () => {
    const db = t.database.db;
    const who = await buildEmployee(db, { role: 'ao' });
    const c = await buildCase(db);
    const open = await buildTodo(db, { case_id: c.id, assignee_id: who.id, due_at: new Date('2099-01-01') });
    const overdue = await buildTodo(db, {
      case_id: c.id,
      assignee_id: who.id,
      due_at: new Date('2001-01-01'),
    });
    const done = await buildTodo(db, {
      case_id: c.id,
      created_by: who.id,
      done: true,
      due_at: new Date('2001-01-01'),
    });
    const ids = async (type: string) =>
      dataOf<ListBody<TodoBody>>(
        await call('GET', `/api/internal/v2/todos?type=${type}&employee_id=${who.id}`, cast.ao.token),
      ).result.map((r) => r.id);
    expect(await ids('open')).toEqual([overdue.id, open.id]);
    expect(await ids('overdue')).toEqual([overdue.id]);
    expect(await ids('done')).toEqual([done.id]);
    expect(await ids('all')).toEqual([overdue.id, open.id, done.id]);
    const paged = dataOf<ListBody<TodoBody>>(
      await call('GET', `/api/internal/v2/todos?employee_id=${who.id}&page=1&size=1`, cast.ao.token),
    );
    expect(paged).toMatchObject({ count: 3, result: [{ id: overdue.id }] });
    expect(failingFields(await call('GET', '/api/internal/v2/todos?type=late', cast.ao.token))).toEqual([
      'querystring.type',
    ]);
  });
});
