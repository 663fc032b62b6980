import { beforeAll, describe, expect, it } from 'vitest';
import { clientContacts } from '../src/db/schema/index.ts';
import { buildTestApp, expectErrorShape, type TestApp } from './helpers.ts';
import { buildClient } from './factories.ts';
import { type ClientRow, expectClientAccess, historyOf } from './clientCast.ts';
import { buildCast, caller, type Cast, dataOf, failingFields, type ListBody } from './staffCast.ts';

let t: TestApp;
let cast: Cast;
let call: ReturnType<typeof caller>;
const v1 = '/api/internal/v1/clients';
const contact = (clientId: number | string, id?: number | string) =>
  `${v1}/${clientId}/contact${id === undefined ? '' : `/${id}`}`;

beforeAll(async () => {
  t = await buildTestApp();
  cast = await buildCast(t);
  call = caller(t);
});

type ContactBody = {
  id: number;
  client_id: number;
  contact_at: string;
  channel: string;
  summary: string;
  employee_id: number | null;
  employee: { id: number; name: string } | null;
  author: { id: number; name: string } | null;
};

async function buildContact(client: ClientRow, contactAt = '2030-01-01T00:00:00Z') {
  const [row] = await t.database.db
    .insert(clientContacts)
    .values({ client_id: client.id, contact_at: new Date(contactAt), channel: 'phone', summary: '初次電話' })
    .returning();
  return row!;
}

describe('contact records of a client', () => {
  it('an ir records a contact (made by themselves unless they name a colleague), reads, edits and deletes it', async () => {
    const client = await buildClient(t.database.db, { process_status: 'p6' });
    const created = dataOf<ContactBody>(
      await call('POST', contact(client.id), cast.ir.token, {
        contact_at: '2030-02-03T15:30:00+08:00',
        channel: 'meeting',
        summary: '  討論下一輪投資  ',
      }),
    );
    expect(created).toEqual({
      id: created.id,
      client_id: client.id,
      contact_at: '2030-02-03T07:30:00.000Z',
      channel: 'meeting',
      summary: '討論下一輪投資',
      employee_id: cast.ir.id,
      employee: { id: cast.ir.id, name: expect.any(String) },
      author: { id: cast.ir.id, name: expect.any(String) },
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    const byColleague = dataOf<ContactBody>(
      await call('POST', contact(client.id), cast.ir.token, {
        contact_at: '2030-01-01T09:00:00+08:00',
        channel: 'mail',
        summary: '寄送資料',
        employee_id: cast.sa.id,
      }),
    );
    expect(byColleague).toMatchObject({ employee_id: cast.sa.id, author: { id: cast.ir.id } });

    // The latest contact first.
    const list = dataOf<ListBody<ContactBody>>(await call('GET', contact(client.id), cast.ir.token));
    expect(list).toEqual({ result: [created, byColleague], count: 2 });
    expect(dataOf(await call('GET', contact(client.id, created.id), cast.ir.token))).toEqual(created);

    const edited = dataOf<ContactBody>(
      await call('PUT', contact(client.id, created.id), cast.ir.token, {
        channel: 'event',
        summary: '展會巧遇',
      }),
    );
    expect(edited).toMatchObject({ channel: 'event', summary: '展會巧遇', contact_at: created.contact_at });
    dataOf(await call('DELETE', contact(client.id, byColleague.id), cast.ir.token));
    expectErrorShape(
      await call('GET', contact(client.id, byColleague.id), cast.ir.token),
      404,
      'CONTACT_NOT_FOUND',
    );

    const log = await historyOf(t, 'client', client.id);
    expect(log.map((e) => e.action)).toEqual([
      'client.contact.delete',
      'client.contact.update',
      'client.contact.create',
      'client.contact.create',
    ]);
    expect(log[1]!.changes).toEqual({
      id: { from: created.id, to: created.id },
      channel: { from: 'meeting', to: 'event' },
      summary: { from: '討論下一輪投資', to: '展會巧遇' },
    });
    expect(log[0]!.changes.employee_id).toEqual({ from: cast.sa.id, to: null });
  });

  it('answers each route by the client access rule', async () => {
    const body = { contact_at: '2030-01-01T00:00:00Z', channel: 'phone', summary: '電話' };
    await expectClientAccess(t, cast, async (c) => ({ method: 'GET', url: contact(c.id) }));
    await expectClientAccess(t, cast, async (c) => ({ method: 'POST', url: contact(c.id), body }));
    await expectClientAccess(t, cast, async (c) => ({
      method: 'GET',
      url: contact(c.id, (await buildContact(c)).id),
    }));
    await expectClientAccess(t, cast, async (c) => ({
      method: 'PUT',
      url: contact(c.id, (await buildContact(c)).id),
      body: { summary: '改過' },
    }));
    await expectClientAccess(t, cast, async (c) => ({
      method: 'DELETE',
      url: contact(c.id, (await buildContact(c)).id),
    }));
  });

  it('answers a missing id in the path with the SPEC messages, after authentication', async () => {
    const client = await buildClient(t.database.db, { process_status: 'p1' });
    const body = { contact_at: '2030-01-01T00:00:00Z', channel: 'phone', summary: '電話' };
    for (const [method, url, code, message] of [
      ['GET', contact(''), 'CLIENT_ID_REQUIRED', 'Client ID is required'],
      ['POST', contact(''), 'CLIENT_ID_REQUIRED', 'Client ID is required'],
      ['GET', contact(client.id, ''), 'CLIENT_OR_CONTACT_ID_REQUIRED', 'Client or Contact ID is required'],
      ['PUT', contact(client.id, ''), 'CLIENT_OR_CONTACT_ID_REQUIRED', 'Client or Contact ID is required'],
      ['DELETE', contact(client.id, ''), 'CLIENT_OR_CONTACT_ID_REQUIRED', 'Client or Contact ID is required'],
      ['PUT', contact('', 5), 'CLIENT_OR_CONTACT_ID_REQUIRED', 'Client or Contact ID is required'],
    ] as const) {
      const payload = method === 'POST' || method === 'PUT' ? body : undefined;
      const error = expectErrorShape(await call(method, url, cast.sa.token, payload), 400, code);
      expect(error.message).toBe(message);
      expectErrorShape(await call(method, url, undefined, payload), 401);
    }
  });

  it('refuses bad input with 400 and the failing fields, and nothing is written', async () => {
    const client = await buildClient(t.database.db, { process_status: 'p3' });
    const ok = { contact_at: '2030-01-01T00:00:00Z', channel: 'phone', summary: '電話' };
    for (const [body, fields] of [
      [{}, ['body.contact_at', 'body.channel', 'body.summary']],
      [{ ...ok, channel: 'telepathy' }, ['body.channel']],
      [{ ...ok, contact_at: '2030-01-01' }, ['body.contact_at']],
      [{ ...ok, summary: '' }, ['body.summary']],
      [{ ...ok, summary: 'x\u0000y' }, ['body.summary']],
      [{ ...ok, summary: 'x'.repeat(5001) }, ['body.summary']],
      [{ ...ok, employee_id: cast.ao.id }, ['body.employee_id']],
      [{ ...ok, employee_id: 2 ** 31 }, ['body.employee_id']],
    ] as const) {
      const res = await call('POST', contact(client.id), cast.sa.token, body);
      expect(failingFields(res).sort(), JSON.stringify(body).slice(0, 80)).toEqual([...fields].sort());
    }
    expect(failingFields(await call('GET', contact(client.id, 'x'), cast.sa.token))).toEqual([
      'params.contactId',
    ]);
    expect(await historyOf(t, 'client', client.id)).toEqual([]);
  });

  it('404s a contact of another client', async () => {
    const mine = await buildClient(t.database.db, { process_status: 'p1' });
    const other = await buildContact(await buildClient(t.database.db, { process_status: 'p1' }));
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const body = method === 'PUT' ? { summary: 'x' } : undefined;
      expectErrorShape(
        await call(method, contact(mine.id, other.id), cast.sa.token, body),
        404,
        'CONTACT_NOT_FOUND',
      );
    }
  });
});
