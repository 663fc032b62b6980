import { STAFF_ROLES } from '@dealflow/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, expectErrorShape, type TestApp } from './helpers.ts';
import {
  TEST_PASSWORD,
  buildClient,
  buildEmployee,
  buildStartupUser,
  signIn,
  staffSession,
  uniqueEmail,
} from './factories.ts';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await buildTestApp();
  admin = (await staffSession(t.app, t.database.db, 'admin')).token;
});

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  token?: string,
  payload?: Record<string, unknown>,
) => t.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });

const newEmployee = () => ({
  email: uniqueEmail('new'),
  name: '黃建宏',
  role: 'ao',
  password: 'a-strong-password',
});

describe('staff accounts', () => {
  it('admin creates, reads, edits and deactivates an employee', async () => {
    const body = newEmployee();
    const created = await call('POST', '/api/internal/v1/employees', admin, body);
    expect(created.statusCode).toBe(200);
    const employee = created.json().data;
    expect(employee).toMatchObject({ email: body.email, name: '黃建宏', role: 'ao', status: 'active' });
    expect(employee).not.toHaveProperty('password');
    expect(employee).not.toHaveProperty('password_hash');

    // The new account can sign in with the password it was given.
    const token = await signIn(t.app, 'dashboard', body.email, body.password);

    const fetched = await call('GET', `/api/internal/v1/employees/${employee.id}`, admin);
    expect(fetched.json().data.email).toBe(body.email);

    const edited = await call('PUT', `/api/internal/v1/employees/${employee.id}`, admin, {
      name: '黃建宏（資深）',
      role: 'ir',
    });
    expect(edited.json().data).toMatchObject({ name: '黃建宏（資深）', role: 'ir', status: 'active' });
    // The role change is effective on the employee's existing session at once.
    expect((await call('GET', '/api/v1/auth/me', token)).json().data.role).toBe('ir');

    const removed = await call('DELETE', `/api/internal/v1/employees/${employee.id}`, admin);
    expect(removed.json().data.status).toBe('inactive');
    expectErrorShape(await call('GET', '/api/v1/auth/me', token), 401, 'INVALID_TOKEN');

    const reactivated = await call('PUT', `/api/internal/v1/employees/${employee.id}`, admin, {
      status: 'active',
    });
    expect(reactivated.json().data.status).toBe('active');
    // Reactivation does not revive the old session.
    expectErrorShape(await call('GET', '/api/v1/auth/me', token), 401);
  });

  it('an edit that does not mention status keeps the account inactive', async () => {
    const e = await buildEmployee(t.database.db, { status: 'inactive' });
    const res = await call('PUT', `/api/internal/v1/employees/${e.id}`, admin, { name: '改名' });
    expect(res.json().data).toMatchObject({ name: '改名', status: 'inactive' });
  });

  it('a password change ends the old sessions and the new password works', async () => {
    const { employee, token } = await staffSession(t.app, t.database.db, 'sa');
    await call('PUT', `/api/internal/v1/employees/${employee.id}`, admin, { password: 'brand-new-password' });
    expectErrorShape(await call('GET', '/api/v1/auth/me', token), 401, 'INVALID_TOKEN');
    await signIn(t.app, 'dashboard', employee.email, 'brand-new-password');
    expectErrorShape(
      await call('POST', '/api/internal/v1/auth/employees', undefined, {
        email: employee.email,
        password: TEST_PASSWORD,
      }),
      401,
    );
  });

  it('lists with status filter, paging and all=1', async () => {
    await buildEmployee(t.database.db, { status: 'inactive', role: 'sa' });
    const all = await call('GET', '/api/internal/v1/employees?all=1', admin);
    const { result, count } = all.json().data;
    expect(result.length).toBe(count);
    const inactive = await call('GET', '/api/internal/v1/employees?status=inactive&all=1', admin);
    expect(inactive.json().data.result.every((e: { status: string }) => e.status === 'inactive')).toBe(true);
    const page = await call('GET', '/api/internal/v1/employees?page=1&size=2', admin);
    expect(page.json().data.result).toHaveLength(2);
    expect(page.json().data.count).toBe(count);
    const page2 = await call('GET', '/api/internal/v1/employees?page=2&size=2', admin);
    expect(page2.json().data.result[0].id).not.toBe(page.json().data.result[0].id);
    expectErrorShape(
      await call('GET', '/api/internal/v1/employees?size=5000', admin),
      400,
      'VALIDATION_FAILED',
    );
    expectErrorShape(
      await call('GET', '/api/internal/v1/employees?status=sleeping', admin),
      400,
      'VALIDATION_FAILED',
    );
  });

  it('sorts by a column either way, ties and never-signed-in accounts last', async () => {
    const tag = uniqueEmail('sort').split('@')[0]!;
    const a = await buildEmployee(t.database.db, {
      name: `${tag} Amy`,
      email: `b-${tag}@example.com`,
      last_login_at: new Date('2026-01-02T00:00:00Z'),
    });
    const b = await buildEmployee(t.database.db, {
      name: `${tag} Bob`,
      email: `a-${tag}@example.com`,
      last_login_at: null,
    });
    const c = await buildEmployee(t.database.db, {
      name: `${tag} Cat`,
      email: `c-${tag}@example.com`,
      last_login_at: new Date('2026-03-04T00:00:00Z'),
    });
    const ids = async (query: string) =>
      (await call('GET', `/api/internal/v1/employees?all=1&q=${encodeURIComponent(tag)}&${query}`, admin))
        .json()
        .data.result.map((e: { id: number }) => e.id);
    expect(await ids('sort=name:asc')).toEqual([a.id, b.id, c.id]);
    expect(await ids('sort=name:desc')).toEqual([c.id, b.id, a.id]);
    expect(await ids('sort=email:asc')).toEqual([b.id, a.id, c.id]);
    expect(await ids('sort=last_login_at:asc')).toEqual([a.id, c.id, b.id]);
    expect(await ids('sort=last_login_at:desc')).toEqual([c.id, a.id, b.id]);
    // Without a sort the list keeps its id order.
    expect(await ids('')).toEqual([a.id, b.id, c.id]);

    // Paging follows the sort.
    const page = await call(
      'GET',
      `/api/internal/v1/employees?page=2&size=1&q=${encodeURIComponent(tag)}&sort=name:desc`,
      admin,
    );
    expect(page.json().data).toMatchObject({ count: 3, result: [{ id: b.id }] });
  });

  it('searches name and email in any case, taking % and _ literally', async () => {
    const tag = uniqueEmail('q').split('@')[0]!;
    const named = await buildEmployee(t.database.db, { name: `${tag.toUpperCase()} 王小明` });
    const mailed = await buildEmployee(t.database.db, { email: `${tag}@corp.test` });
    const percent = await buildEmployee(t.database.db, { name: `${tag} 100%_done` });
    const search = async (q: string) =>
      (await call('GET', `/api/internal/v1/employees?all=1&q=${encodeURIComponent(q)}`, admin))
        .json()
        .data.result.map((e: { id: number }) => e.id)
        .sort((x: number, y: number) => x - y);
    expect(await search(tag)).toEqual([named.id, mailed.id, percent.id]);
    expect(await search(`${tag}@CORP`)).toEqual([mailed.id]);
    expect(await search('王小明')).toContain(named.id);
    expect(await search(`${tag} 100%_`)).toEqual([percent.id]);
    // `%` and `_` are not wildcards: neither matches the other accounts.
    expect(await search(`${tag}%`)).toEqual([]);
    expect(await search(`${tag.slice(0, -1)}_`)).toEqual([]);
    const counted = await call('GET', `/api/internal/v1/employees?page=1&size=1&q=${tag}`, admin);
    expect(counted.json().data.count).toBe(3);
  });

  it('refuses an unknown sort field or direction with 400', async () => {
    for (const sort of ['password_hash:asc', 'name', 'name:up', 'title:desc']) {
      expectErrorShape(
        await call('GET', `/api/internal/v1/employees?sort=${encodeURIComponent(sort)}`, admin),
        400,
        'VALIDATION_FAILED',
      );
    }
    expectErrorShape(
      await call('GET', `/api/internal/v1/employees?q=${'x'.repeat(201)}`, admin),
      400,
      'VALIDATION_FAILED',
    );
  });

  it('answers 404 Employee Not Found for a missing employee', async () => {
    const res = await call('GET', '/api/internal/v1/employees/987654', admin);
    expect(expectErrorShape(res, 404, 'EMPLOYEE_NOT_FOUND').message).toBe('Employee Not Found');
    expectErrorShape(
      await call('PUT', '/api/internal/v1/employees/987654', admin, { name: 'x' }),
      404,
      'EMPLOYEE_NOT_FOUND',
    );
    expectErrorShape(
      await call('DELETE', '/api/internal/v1/employees/987654', admin),
      404,
      'EMPLOYEE_NOT_FOUND',
    );
  });

  it('refuses a taken email with 409 and invalid input with field details', async () => {
    const e = await buildEmployee(t.database.db);
    expectErrorShape(
      await call('POST', '/api/internal/v1/employees', admin, { ...newEmployee(), email: e.email }),
      409,
      'EMAIL_TAKEN',
    );
    const bad = await call('POST', '/api/internal/v1/employees', admin, {
      email: 'nope',
      name: '',
      role: 'boss',
      password: 'short',
    });
    const error = expectErrorShape(bad, 400, 'VALIDATION_FAILED') as { details: Array<{ field: string }> };
    expect(error.details.map((d) => d.field).sort()).toEqual([
      'body.email',
      'body.name',
      'body.password',
      'body.role',
    ]);
  });

  it('keeps the last active admin', async () => {
    const solo = await buildTestApp();
    const { employee, token } = await staffSession(solo.app, solo.database.db, 'admin');
    const res = await solo.app.inject({
      method: 'DELETE',
      url: `/api/internal/v1/employees/${employee.id}`,
      headers: bearer(token),
    });
    expectErrorShape(res, 409, 'CONFLICT');
    const demote = await solo.app.inject({
      method: 'PUT',
      url: `/api/internal/v1/employees/${employee.id}`,
      headers: bearer(token),
      payload: { role: 'ao' },
    });
    expectErrorShape(demote, 409, 'CONFLICT');
  });

  it('records who changed what', async () => {
    const e = await buildEmployee(t.database.db, { name: '舊名字' });
    await call('PUT', `/api/internal/v1/employees/${e.id}`, admin, {
      name: '新名字',
      password: 'another-password',
    });
    const logs = await t.database.db.query.activityLogs.findMany({
      where: (l, { and, eq }) => and(eq(l.entity_type, 'employee'), eq(l.entity_id, e.id)),
    });
    expect(logs).toHaveLength(1);
    expect(logs[0]!.changes).toEqual({
      name: { from: '舊名字', to: '新名字' },
      password_hash: { from: '***', to: '***' },
    });
    expect(logs[0]!.actor_type).toBe('employee');
  });

  describe('authorization', () => {
    const routes = [
      ['GET', '/api/internal/v1/employees'],
      ['POST', '/api/internal/v1/employees'],
      ['GET', '/api/internal/v1/employees/1'],
      ['PUT', '/api/internal/v1/employees/1'],
      ['DELETE', '/api/internal/v1/employees/1'],
    ] as const;

    it('answers 401 to anonymous callers on every route', async () => {
      for (const [method, url] of routes)
        expectErrorShape(
          await call(method, url, undefined, method === 'GET' ? undefined : newEmployee()),
          401,
        );
    });

    it('answers 403 to every staff role but admin, and to investors and startups', async () => {
      const tokens: string[] = [];
      for (const role of STAFF_ROLES.filter((r) => r !== 'admin'))
        tokens.push((await staffSession(t.app, t.database.db, role)).token);
      tokens.push(await signIn(t.app, 'investor', (await buildClient(t.database.db)).email));
      tokens.push(await signIn(t.app, 'local', (await buildStartupUser(t.database.db)).email));
      for (const token of tokens) {
        for (const [method, url] of routes) {
          expectErrorShape(await call(method, url, token, method === 'GET' ? undefined : { name: 'x' }), 403);
        }
      }
    });
  });

  describe('directory', () => {
    it('gives every staff role the active colleagues without contact details, and nobody else', async () => {
      const gone = await buildEmployee(t.database.db, { status: 'inactive', name: '已離職' });
      for (const role of STAFF_ROLES) {
        const { token } = await staffSession(t.app, t.database.db, role);
        const res = await call('GET', '/api/internal/v1/employees/directory', token);
        expect(res.statusCode).toBe(200);
        const rows = res.json().data.result as Array<Record<string, unknown>>;
        expect(rows.some((r) => r.id === gone.id)).toBe(false);
        expect(Object.keys(rows[0]!).sort()).toEqual(['id', 'name', 'role']);
      }
      const aos = (await call('GET', '/api/internal/v1/employees/directory?role=ao', admin)).json().data
        .result;
      expect(aos.every((r: { role: string }) => r.role === 'ao')).toBe(true);
      expectErrorShape(await call('GET', '/api/internal/v1/employees/directory'), 401);
      const investor = await signIn(t.app, 'investor', (await buildClient(t.database.db)).email);
      expectErrorShape(
        await call('GET', '/api/internal/v1/employees/directory', investor),
        403,
        'WRONG_STRATEGY',
      );
    });
  });
});
