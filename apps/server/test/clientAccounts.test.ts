import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { activityLogs, clientAccounts, clients } from '../src/db/schema/index.ts';
import { buildTestApp, expectErrorShape, type TestApp } from './helpers.ts';
import { buildClient } from './factories.ts';
import { type ClientRow, expectClientAccess, expectStageRefused, historyOf } from './clientCast.ts';
import { buildCast, caller, type Cast, dataOf, failingFields, type ListBody } from './staffCast.ts';

let t: TestApp;
let cast: Cast;
let call: ReturnType<typeof caller>;
const v1 = '/api/internal/v1/clients';
const accounts = (clientId: number | string, id?: number | string) =>
  `${v1}/${clientId}/accounts${id === undefined ? '' : `/${id}`}`;
const full = (clientId: number, id: number) => `${accounts(clientId, id)}/full`;

beforeAll(async () => {
  t = await buildTestApp();
  cast = await buildCast(t);
  call = caller(t);
});

type AccountBody = {
  id: number;
  client_id: number;
  holder_name: string;
  kind: string;
  tax_id: string | null;
  bank_name: string | null;
  bank_account: string | null;
  is_default: boolean;
  masked: boolean;
};

const TAX_ID = '53212539';
const BANK_ACCOUNT = '0123-4567-8901';

async function buildAccount(client: ClientRow, overrides: Partial<typeof clientAccounts.$inferInsert> = {}) {
  const [row] = await t.database.db
    .insert(clientAccounts)
    .values({
      client_id: client.id,
      holder_name: '王大明',
      tax_id: TAX_ID,
      bank_account: BANK_ACCOUNT,
      ...overrides,
    })
    .returning();
  return row!;
}

async function defaults(clientId: number) {
  const rows = await t.database.db
    .select({ id: clientAccounts.id, is_default: clientAccounts.is_default })
    .from(clientAccounts)
    .where(eq(clientAccounts.client_id, clientId));
  return rows.filter((r) => r.is_default).map((r) => r.id);
}

describe('accounts of a client', () => {
  it('lists tax id and account number masked but their last 4 characters; the history masks them too', async () => {
    const client = await buildClient(t.database.db, { process_status: 'p3' });
    const created = dataOf<AccountBody>(
      await call('POST', accounts(client.id), cast.sa.token, {
        holder_name: '大明投資股份有限公司',
        kind: 'company',
        tax_id: TAX_ID,
        bank_name: '臺灣銀行',
        bank_account: BANK_ACCOUNT,
      }),
    );
    expect(created).toEqual({
      id: created.id,
      client_id: client.id,
      holder_name: '大明投資股份有限公司',
      kind: 'company',
      tax_id: '••••2539',
      bank_name: '臺灣銀行',
      bank_account: '••••••••••8901',
      is_default: false,
      masked: true,
      author: { id: cast.sa.id, name: expect.any(String) },
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    const list = dataOf<ListBody<AccountBody>>(
      await call('GET', `${accounts(client.id)}?all=1`, cast.sa.token),
    );
    expect(list).toEqual({ result: [created], count: 1 });

    const edited = dataOf<AccountBody>(
      await call('PUT', accounts(client.id, created.id), cast.sa.token, {
        bank_account: '9999888877776666',
        tax_id: '',
      }),
    );
    expect(edited).toMatchObject({ bank_account: '••••••••••••6666', tax_id: null });

    const log = await historyOf(t, 'client', client.id);
    expect(log.map((e) => e.action)).toEqual(['client.account.update', 'client.account.create']);
    expect(log[0]!.changes).toEqual({
      id: { from: created.id, to: created.id },
      tax_id: { from: '••••2539', to: null },
      bank_account: { from: '••••••••••8901', to: '••••••••••••6666' },
    });
    expect(log[1]!.changes.tax_id).toEqual({ from: null, to: '••••2539' });
    // No whole value anywhere in the history.
    const stored = JSON.stringify(
      await t.database.db.select().from(activityLogs).where(eq(activityLogs.entity_id, client.id)),
    );
    for (const secret of [TAX_ID, BANK_ACCOUNT, '9999888877776666']) expect(stored).not.toContain(secret);
  });

  it('gives the whole values to admin and the owner only, and records each such read without the values', async () => {
    const db = t.database.db;
    const client = await buildClient(db, { process_status: 'p2', employee_id: cast.sa.id });
    const account = await buildAccount(client);
    for (const member of [cast.admin, cast.sa]) {
      const shown = dataOf<AccountBody>(await call('GET', full(client.id, account.id), member.token));
      expect(shown).toMatchObject({ tax_id: TAX_ID, bank_account: BANK_ACCOUNT, masked: false });
    }
    const log = await historyOf(t, 'client', client.id);
    expect(log).toEqual([
      {
        action: 'client.account.reveal',
        actor_id: cast.sa.id,
        changes: { account_id: { from: null, to: account.id } },
      },
      {
        action: 'client.account.reveal',
        actor_id: cast.admin.id,
        changes: { account_id: { from: null, to: account.id } },
      },
    ]);

    // Another sa who works the same stages is no owner: 403, and nothing is recorded.
    const notOwner = await buildClient(db, { process_status: 'p2', employee_id: cast.admin.id });
    const other = await buildAccount(notOwner);
    expectErrorShape(await call('GET', full(notOwner.id, other.id), cast.sa.token), 403, 'FORBIDDEN');
    expect(await historyOf(t, 'client', notOwner.id)).toEqual([]);
    // An ir does not work a p2 client at all; ao are refused the client book.
    expectStageRefused(await call('GET', full(client.id, account.id), cast.ir.token), 'p2');
    expectErrorShape(await call('GET', full(client.id, account.id), cast.ao.token), 403, 'FORBIDDEN');
    // The owner loses the full read with the client when it is handed over to ir.
    await db.update(clients).set({ process_status: 'p5' }).where(eq(clients.id, client.id));
    expectStageRefused(await call('GET', full(client.id, account.id), cast.sa.token), 'p5');
    // An account of another client is not found, for the admin as well.
    expectErrorShape(
      await call('GET', full(client.id, other.id), cast.admin.token),
      404,
      'CLIENT_ACCOUNT_NOT_FOUND',
    );
    expectErrorShape(await call('GET', full(client.id, account.id)), 401);
    expectErrorShape(await call('GET', full(client.id, account.id), cast.investor), 403, 'WRONG_STRATEGY');
  });

  it('keeps one default per client: making one the default clears the other in the same write', async () => {
    const client = await buildClient(t.database.db, { process_status: 'p1' });
    const a = dataOf<AccountBody>(
      await call('POST', accounts(client.id), cast.sa.token, { holder_name: '甲', is_default: true }),
    );
    const b = dataOf<AccountBody>(
      await call('POST', accounts(client.id), cast.sa.token, { holder_name: '乙', is_default: true }),
    );
    expect(await defaults(client.id)).toEqual([b.id]);
    const list = dataOf<ListBody<AccountBody>>(await call('GET', accounts(client.id), cast.sa.token));
    expect(list.result.map((r) => [r.id, r.is_default])).toEqual([
      [b.id, true],
      [a.id, false],
    ]);

    dataOf(await call('PUT', accounts(client.id, a.id), cast.sa.token, { is_default: true }));
    expect(await defaults(client.id)).toEqual([a.id]);
    const log = await historyOf(t, 'client', client.id);
    expect(log[0]!.changes).toEqual({
      id: { from: a.id, to: a.id },
      is_default: { from: false, to: true },
      previous_default_id: { from: b.id, to: null },
    });
    // Un-setting leaves the client without a default.
    dataOf(await call('PUT', accounts(client.id, a.id), cast.sa.token, { is_default: false }));
    expect(await defaults(client.id)).toEqual([]);
  });

  it('keeps one default when two creates ask for it at the same time', async () => {
    const client = await buildClient(t.database.db, { process_status: 'p1' });
    const results = await Promise.all(
      ['甲', '乙', '丙'].map((holder_name) =>
        call('POST', accounts(client.id), cast.sa.token, { holder_name, is_default: true }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(await defaults(client.id)).toHaveLength(1);
  });

  it('answers each route by the client access rule', async () => {
    await expectClientAccess(t, cast, async (c) => ({ method: 'GET', url: accounts(c.id) }));
    await expectClientAccess(t, cast, async (c) => ({
      method: 'POST',
      url: accounts(c.id),
      body: { holder_name: '陳小華' },
    }));
    await expectClientAccess(t, cast, async (c) => ({
      method: 'PUT',
      url: accounts(c.id, (await buildAccount(c)).id),
      body: { bank_name: '第一銀行' },
    }));
  });

  it('refuses bad input with 400 and the failing fields, and nothing is written', async () => {
    const client = await buildClient(t.database.db, { process_status: 'p3' });
    for (const [body, fields] of [
      [{}, ['body.holder_name']],
      [{ holder_name: '' }, ['body.holder_name']],
      [{ holder_name: 'a\u0000b' }, ['body.holder_name']],
      [{ holder_name: 'x', kind: 'trust' }, ['body.kind']],
      [{ holder_name: 'x', tax_id: '12 34' }, ['body.tax_id']],
      [{ holder_name: 'x', bank_account: '12/34' }, ['body.bank_account']],
      [{ holder_name: 'x', bank_account: '1'.repeat(41) }, ['body.bank_account']],
      [{ holder_name: 'x', is_default: 'yes' }, ['body.is_default']],
    ] as const) {
      const res = await call('POST', accounts(client.id), cast.sa.token, body);
      expect(failingFields(res), JSON.stringify(body)).toEqual(fields);
    }
    expect(failingFields(await call('PUT', accounts(client.id, 'x'), cast.sa.token, {}))).toEqual([
      'params.accountId',
    ]);
    expect(await historyOf(t, 'client', client.id)).toEqual([]);
    const other = await buildAccount(await buildClient(t.database.db, { process_status: 'p3' }));
    expectErrorShape(
      await call('PUT', accounts(client.id, other.id), cast.sa.token, { holder_name: 'x' }),
      404,
      'CLIENT_ACCOUNT_NOT_FOUND',
    );
  });
});
