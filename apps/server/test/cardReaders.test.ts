import { randomBytes } from 'node:crypto';
import { asc, eq, inArray, like, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { cardGrants, cards, employees } from '../src/db/schema/index.ts';
import { buildTestApp, type TestApp } from './helpers.ts';
import { buildEmployee, staffSession } from './factories.ts';
import { buildCast, caller, type Cast, dataOf, type ListBody } from './staffCast.ts';

/**
 * cards.readers (migration 0036): the owner and every grant holder of a card, kept by triggers,
 * is what a list by someone who is not admin filters on. Here it is compared, after each kind of
 * change, with the set computed from owner_id and card_grants, which is what decided before.
 */

let t: TestApp;
let cast: Cast;
let call: ReturnType<typeof caller>;
const v1 = '/api/internal/v1/cards';

beforeAll(async () => {
  t = await buildTestApp();
  cast = await buildCast(t);
  call = caller(t);
});

type Card = { id: number; name: string; owner: { id: number } | null };
const uniq = (prefix: string) => `${prefix}${randomBytes(4).toString('hex')}`;
const createCard = async (token: string, name = uniq('讀者')) =>
  dataOf<Card>(await call('POST', v1, token, { name }));
const grant = async (cardId: number, employeeId: number, permission: string, token = cast.ao.token) =>
  dataOf(await call('PUT', `${v1}/${cardId}/permissions/${employeeId}`, token, { permission }));
const list = async (token: string, query: string) =>
  dataOf<ListBody<Card>>(await call('GET', `${v1}${query}`, token));

async function readersOf(cardId: number) {
  const [row] = await t.database.db
    .select({ readers: cards.readers })
    .from(cards)
    .where(eq(cards.id, cardId));
  return row?.readers;
}

/** Who may read each of these cards, from owner_id and card_grants: sorted, as readers keeps it. */
async function readableSets(cardIds: readonly number[]) {
  const db = t.database.db;
  const owners = await db
    .select({ id: cards.id, owner_id: cards.owner_id })
    .from(cards)
    .where(inArray(cards.id, [...cardIds]));
  const grants = await db
    .select({ card_id: cardGrants.card_id, employee_id: cardGrants.employee_id })
    .from(cardGrants)
    .where(inArray(cardGrants.card_id, [...cardIds]));
  return new Map(
    owners.map((c) => {
      const set = new Set(grants.filter((g) => g.card_id === c.id).map((g) => g.employee_id));
      if (c.owner_id !== null) set.add(c.owner_id);
      return [c.id, [...set].sort((a, b) => a - b)];
    }),
  );
}

/** Every card of the list holds exactly the readers computed afresh. */
async function expectReadersExact(cardIds: readonly number[]) {
  const expected = await readableSets(cardIds);
  const rows = await t.database.db
    .select({ id: cards.id, readers: cards.readers })
    .from(cards)
    .where(inArray(cards.id, [...cardIds]));
  expect(new Map(rows.map((r) => [r.id, r.readers]))).toEqual(expected);
}

describe('cards.readers', () => {
  it('is the owner and every grant holder through creation, grants, changes and revocation', async () => {
    const card = await createCard(cast.ao.token);
    expect(await readersOf(card.id)).toEqual([cast.ao.id]);

    await grant(card.id, cast.sa.id, 'read');
    await grant(card.id, cast.ir.id, 'edit');
    expect(await readersOf(card.id)).toEqual([cast.ao.id, cast.ir.id, cast.sa.id].sort((a, b) => a - b));
    // read → edit changes what they may do, not who reads.
    await grant(card.id, cast.sa.id, 'edit');
    await expectReadersExact([card.id]);
    await grant(card.id, cast.sa.id, 'none');
    expect(await readersOf(card.id)).toEqual([cast.ao.id, cast.ir.id].sort((a, b) => a - b));

    // Several at once, a revocation among them.
    dataOf(
      await call('PUT', `${v1}/${card.id}/permissions`, cast.ao.token, {
        permissions: [
          { employee_id: cast.otherAo.id, permission: 'read' },
          { employee_id: cast.sa.id, permission: 'edit' },
          { employee_id: cast.ir.id, permission: 'none' },
        ],
      }),
    );
    await expectReadersExact([card.id]);
    expect(await readersOf(card.id)).not.toContain(cast.ir.id);
    // An edit of the card's fields leaves them alone.
    dataOf(await call('PUT', `${v1}/${card.id}`, cast.ao.token, { title: '合夥人' }));
    await expectReadersExact([card.id]);
  });

  it('follows a new owner and an owner whose account is deleted (no route changes the owner)', async () => {
    const db = t.database.db;
    const first = await staffSession(t.app, db, 'ao');
    const card = await createCard(first.token);
    await grant(card.id, cast.ir.id, 'read', first.token);
    await db.update(cards).set({ owner_id: cast.otherAo.id }).where(eq(cards.id, card.id));
    expect(await readersOf(card.id)).toEqual([cast.ir.id, cast.otherAo.id].sort((a, b) => a - b));
    await db.update(cards).set({ owner_id: first.employee.id }).where(eq(cards.id, card.id));
    await expectReadersExact([card.id]);
    // The foreign key sets owner_id to null: only the grant holders remain.
    await db.delete(employees).where(eq(employees.id, first.employee.id));
    expect(await readersOf(card.id)).toEqual([cast.ir.id]);
  });

  it('drops an employee whose account is deleted (the grant cascades), and a deleted card is no trouble', async () => {
    const db = t.database.db;
    const leaving = await buildEmployee(db, { role: 'ir' });
    const cardsOfAo = [await createCard(cast.ao.token), await createCard(cast.ao.token)];
    for (const c of cardsOfAo) await grant(c.id, leaving.id, 'read');
    await grant(cardsOfAo[0]!.id, cast.sa.id, 'edit');
    expect(await readersOf(cardsOfAo[0]!.id)).toContain(leaving.id);
    await db.delete(employees).where(eq(employees.id, leaving.id));
    await expectReadersExact(cardsOfAo.map((c) => c.id));
    expect(await readersOf(cardsOfAo[1]!.id)).toEqual([cast.ao.id]);

    dataOf(await call('DELETE', `${v1}/${cardsOfAo[0]!.id}`, cast.ao.token));
    expect(await readersOf(cardsOfAo[0]!.id)).toBeUndefined();
  });

  it('stays exact through bulk statements, a grant moved to someone else, a direct write and a truncate', async () => {
    const db = t.database.db;
    const made = [];
    for (let i = 0; i < 6; i++) made.push(await createCard(i % 2 ? cast.ao.token : cast.otherAo.token));
    const ids = made.map((c) => c.id);
    // As the load bench does: thousands of grants in one statement, then owners in another.
    await db.execute(sql`insert into card_grants (card_id, employee_id, permission)
      select c.id, e.id, 'read' from cards c, employees e
      where c.id in ${ids} and e.id in ${[cast.ir.id, cast.sa.id]} and e.id <> coalesce(c.owner_id, 0)`);
    await db.execute(sql`update cards set owner_id = ${cast.admin.id} where id in ${ids.slice(0, 3)}`);
    await expectReadersExact(ids);
    expect(await readersOf(ids[0]!)).toEqual([cast.admin.id, cast.ir.id, cast.sa.id].sort((a, b) => a - b));

    await db.execute(
      sql`update card_grants set employee_id = ${cast.otherAo.id} where card_id = ${ids[4]!} and employee_id = ${cast.sa.id}`,
    );
    await expectReadersExact(ids);
    expect(await readersOf(ids[4]!)).toContain(cast.otherAo.id);
    await db.execute(sql`delete from card_grants where card_id in ${ids} and employee_id = ${cast.ir.id}`);
    await expectReadersExact(ids);

    // readers is derived: a value written to it is replaced by the computed one.
    await db.execute(sql`update cards set readers = array[2000000000]::int[] where id = ${ids[5]!}`);
    await expectReadersExact(ids);

    // This file's own database: taking every grant away leaves each card to its owner.
    await db.execute(sql`truncate card_grants`);
    await expectReadersExact(ids);
    expect(await readersOf(ids[0]!)).toEqual([cast.admin.id]);
  });
});

describe('a list by someone who is not admin', () => {
  /** The cards whose name holds `token` that `viewer` may read, from owner_id and card_grants. */
  async function readableMatching(viewer: number, token: string, order: 'name' | 'id desc') {
    const db = t.database.db;
    const matching = await db
      .select({ id: cards.id, name: cards.name, owner_id: cards.owner_id })
      .from(cards)
      .where(like(cards.name, `%${token}%`))
      .orderBy(...(order === 'name' ? [asc(cards.name), asc(cards.id)] : [sql`${cards.id} desc`]));
    const granted = new Set(
      (
        await db
          .select({ card_id: cardGrants.card_id })
          .from(cardGrants)
          .where(eq(cardGrants.employee_id, viewer))
      ).map((g) => g.card_id),
    );
    return matching.filter((c) => c.owner_id === viewer || granted.has(c.id)).map((c) => c.id);
  }

  it('returns exactly the matching cards they may read, in order, with their count', async () => {
    const viewer = await staffSession(t.app, t.database.db, 'ir');
    const token = uniq('名片');
    const name = (i: number) => `${token}-${String(i).padStart(2, '0')}`;
    const made: Card[] = [];
    // Owners and grants in a pattern: own, granted read, granted edit, granted then revoked,
    // granted to someone else, no grant, and cards that do not match the search at all.
    for (let i = 0; i < 14; i++) {
      const own = i % 7 === 0;
      const card = await createCard(own ? viewer.token : cast.ao.token, name(13 - i));
      made.push(card);
      if (own) continue;
      if (i % 7 === 1) await grant(card.id, viewer.employee.id, 'read');
      if (i % 7 === 2) await grant(card.id, viewer.employee.id, 'edit');
      if (i % 7 === 3) {
        await grant(card.id, viewer.employee.id, 'read');
        await grant(card.id, viewer.employee.id, 'none');
      }
      if (i % 7 === 4) await grant(card.id, cast.sa.id, 'edit');
    }
    const elsewhere = await createCard(viewer.token, uniq('別的'));

    const expected = await readableMatching(viewer.employee.id, token, 'name');
    expect(expected.length).toBe(6);
    const q = `?q=${encodeURIComponent(token)}`;
    const found = await list(viewer.token, `${q}&all=1`);
    expect(found.result.map((c) => c.id)).toEqual(expected);
    const page = await list(viewer.token, `${q}&page=2&size=4`);
    expect(page.count).toBe(expected.length);
    expect(page.result.map((c) => c.id)).toEqual(expected.slice(4, 8));
    const byIdDesc = await list(viewer.token, `${q}&all=1&sort=id:desc`);
    expect(byIdDesc.result.map((c) => c.id)).toEqual(
      await readableMatching(viewer.employee.id, token, 'id desc'),
    );
    // A page cut by id, one past the end (no row carries the count: counted apart), admin's pages.
    const idPage = await list(viewer.token, `${q}&page=2&size=2&sort=id:desc`);
    expect(idPage.result.map((c) => c.id)).toEqual(
      (await readableMatching(viewer.employee.id, token, 'id desc')).slice(2, 4),
    );
    expect(idPage.count).toBe(expected.length);
    const past = await list(viewer.token, `${q}&page=9&size=4`);
    expect(past.result).toEqual([]);
    expect(past.count).toBe(expected.length);
    const adminPage = await list(cast.admin.token, `${q}&page=2&size=5&sort=name:asc`);
    expect(adminPage.count).toBe(made.length);
    expect(adminPage.result.map((c) => c.name)).toEqual(
      made
        .map((c) => c.name)
        .sort()
        .slice(5, 10),
    );
    expect(adminPage.result[0]).toMatchObject({ owner: { id: cast.ao.id } });
    // Without a search: every card they may read, the one that does not match included.
    const every = await list(viewer.token, '?page=1&size=3');
    expect(every.count).toBe(expected.length + 1);
    const all = await list(viewer.token, '?all=1');
    expect(all.result.map((c) => c.id).sort((a, b) => a - b)).toEqual(
      [...expected, elsewhere.id].sort((a, b) => a - b),
    );
    // Admin sees every match; readers is no part of an answer.
    expect((await list(cast.admin.token, `${q}&all=1`)).count).toBe(made.length);
    expect(found.result[0]).not.toHaveProperty('readers');
    expect(dataOf(await call('GET', `${v1}/${expected[0]}`, viewer.token))).not.toHaveProperty('readers');
  });
});
