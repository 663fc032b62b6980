import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.ts';
import { buildTestApp, expectErrorShape, type TestApp } from './helpers.ts';
import { buildCase } from './factories.ts';
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

export const v1 = '/api/internal/v1/cases';

/** What differs between two sub-resources of a case; the suite checks what they share. */
export interface CaseItemSpec {
  /** Path segment under a case: `todo`, `calendars`… */
  path: string;
  /** Prefix of its history actions: `todo` gives `todo.create`… */
  action: string;
  notFound: string;
  /** A row written straight to the database, for another case or this one. */
  build: (db: Db, caseId: number) => Promise<{ id: number }>;
  create: Record<string, unknown>;
  /** The whole item the create answers, but id, case_id, author and the two timestamps. */
  created: Record<string, unknown>;
  update: Record<string, unknown>;
  updated: Record<string, unknown>;
  /** Bad bodies of a create with the fields the 400 must list, in any order. */
  invalid: Array<[Record<string, unknown>, string[]]>;
  /**
   * Comments and to-dos: any ao who may read the case adds them; the case's editors and the
   * author change or remove them (canChangeContribution).
   */
  contribution?: boolean;
  /**
   * The list path is also the startup's own-information call (`v1/cases/{userId}/info`, issue 14):
   * a startup reaches the list route, and for an id not its own gets 403 FORBIDDEN.
   */
  startupSharesList?: boolean;
}

export interface SuiteContext {
  t: TestApp;
  cast: Cast;
  call: ReturnType<typeof caller>;
}

/**
 * The behaviour every sub-resource of a case shares: CRUD round trip with exact values, history
 * entries, 404 for another case's item and for a missing or deleted case, validation details,
 * and who may call. Returns the context so a file can add its own tests.
 */
export function caseItemSuite(spec: CaseItemSpec): SuiteContext {
  const ctx = {} as SuiteContext;
  beforeAll(async () => {
    ctx.t = await buildTestApp();
    ctx.cast = await buildCast(ctx.t);
    ctx.call = caller(ctx.t);
  });
  const url = (caseId: number, itemId?: number) =>
    `${v1}/${caseId}/${spec.path}${itemId === undefined ? '' : `/${itemId}`}`;

  describe(`${spec.path}: shared behaviour of a case sub-resource`, () => {
    it('round trip on their own case: create, list, edit, delete; each write in the history', async () => {
      const { t, cast, call } = ctx;
      const c = await buildCase(t.database.db, { ao_id: cast.ao.id });
      const created = dataOf<Record<string, unknown> & { id: number }>(
        await call('POST', url(c.id), cast.ao.token, spec.create),
      );
      expect(created).toEqual({
        ...spec.created,
        id: created.id,
        case_id: c.id,
        author: { id: cast.ao.id, name: expect.any(String) },
        created_at: expect.any(String),
        updated_at: expect.any(String),
      });

      const list = dataOf<ListBody>(await call('GET', url(c.id), cast.ao.token));
      expect(list).toEqual({ result: [created], count: 1 });

      const updated = dataOf(await call('PUT', url(c.id, created.id), cast.ao.token, spec.update));
      expect(updated).toEqual({ ...created, ...spec.updated, updated_at: expect.any(String) });
      // The same edit again changes nothing, so it leaves no history entry.
      dataOf(await call('PUT', url(c.id, created.id), cast.ao.token, spec.update));
      expect(dataOf<ListBody>(await call('GET', url(c.id), cast.ao.token)).result).toEqual([updated]);

      expect(dataOf(await call('DELETE', url(c.id, created.id), cast.ao.token))).toEqual({ ok: true });
      expect(dataOf<ListBody>(await call('GET', url(c.id), cast.ao.token))).toEqual({ result: [], count: 0 });
      expectErrorShape(await call('DELETE', url(c.id, created.id), cast.ao.token), 404, spec.notFound);

      const log = await caseLog(t, cast.ao.token, c.id);
      expect(log.map((l) => l.action)).toEqual([
        `${spec.action}.delete`,
        `${spec.action}.update`,
        `${spec.action}.create`,
      ]);
      for (const entry of log) expect(entry.actor).toMatchObject({ type: 'employee', id: cast.ao.id });
      expect(log[2]!.changes.id).toEqual({ from: null, to: created.id });
      expect(log[1]!.changes.id).toEqual({ from: created.id, to: created.id });
      expect(Object.keys(log[1]!.changes).sort()).toEqual(['id', ...Object.keys(spec.update)].sort());
      expect(log[0]!.changes.id).toEqual({ from: created.id, to: null });
    });

    it('refuses an item of another case with its own 404 and leaves it alone', async () => {
      const { t, cast, call } = ctx;
      const mine = await buildCase(t.database.db, { ao_id: cast.ao.id });
      const elsewhere = await buildCase(t.database.db, { ao_id: cast.ao.id });
      const item = await spec.build(t.database.db, elsewhere.id);
      expectErrorShape(
        await call('PUT', url(mine.id, item.id), cast.ao.token, spec.update),
        404,
        spec.notFound,
      );
      expectErrorShape(await call('DELETE', url(mine.id, item.id), cast.ao.token), 404, spec.notFound);
      expectErrorShape(await call('DELETE', url(mine.id, 2147483647), cast.ao.token), 404, spec.notFound);
      const theirs = dataOf<ListBody<{ id: number }>>(await call('GET', url(elsewhere.id), cast.ao.token));
      expect(theirs.result.map((r) => r.id)).toEqual([item.id]);
      expect(await caseLog(t, cast.ao.token, mine.id)).toEqual([]);
    });

    it('answers 404 Case not found for a missing or soft-deleted case', async () => {
      const { t, cast, call } = ctx;
      const gone = await buildCase(t.database.db, { ao_id: cast.ao.id, is_deleted: true });
      const item = await spec.build(t.database.db, gone.id);
      for (const caseId of [gone.id, 99999999]) {
        expectErrorShape(await call('GET', url(caseId), cast.ao.token), 404, 'CASE_NOT_FOUND');
        expectErrorShape(await call('POST', url(caseId), cast.ao.token, spec.create), 404, 'CASE_NOT_FOUND');
      }
      expectErrorShape(
        await call('PUT', url(gone.id, item.id), cast.ao.token, spec.update),
        404,
        'CASE_NOT_FOUND',
      );
      expectErrorShape(await call('DELETE', url(gone.id, item.id), cast.ao.token), 404, 'CASE_NOT_FOUND');
    });

    it('lists the failing fields of a bad body, params or query', async () => {
      const { t, cast, call } = ctx;
      const c = await buildCase(t.database.db, { ao_id: cast.ao.id });
      for (const [body, fields] of spec.invalid) {
        expect(failingFields(await call('POST', url(c.id), cast.ao.token, body)).sort()).toEqual(
          [...fields].sort(),
        );
      }
      expect(
        failingFields(await call('POST', url(c.id), cast.ao.token, { ...spec.create, colour: 'red' })),
      ).toEqual(['body']);
      expect(failingFields(await call('GET', `${v1}/abc/${spec.path}`, cast.ao.token))).toEqual([
        'params.id',
      ]);
      expect(failingFields(await call('GET', `${url(c.id)}?size=100000`, cast.ao.token))).toEqual([
        'querystring.size',
      ]);
      expect(failingFields(await call('DELETE', `${url(c.id)}/0`, cast.ao.token))).toHaveLength(1);
    });

    it('pages when asked and returns every row otherwise', async () => {
      const { t, cast, call } = ctx;
      const c = await buildCase(t.database.db);
      for (let i = 0; i < 3; i++) await spec.build(t.database.db, c.id);
      expect(dataOf<ListBody>(await call('GET', url(c.id), cast.admin.token)).result).toHaveLength(3);
      const page = dataOf<ListBody>(await call('GET', `${url(c.id)}?page=2&size=2`, cast.admin.token));
      expect(page.count).toBe(3);
      expect(page.result).toHaveLength(1);
      expect(
        dataOf<ListBody>(await call('GET', `${url(c.id)}?all=1&size=1`, cast.admin.token)).result,
      ).toHaveLength(3);
    });
  });

  describe(`${spec.path}: who may call`, () => {
    it('refuses anonymous callers (401), investors and startups (403), ir and sa (403)', async () => {
      const { t, cast } = ctx;
      const c = await buildCase(t.database.db);
      const item = await spec.build(t.database.db, c.id);
      const routes = [
        ['GET', url(c.id)],
        ['POST', url(c.id)],
        ['PUT', url(c.id, item.id)],
        ['DELETE', url(c.id, item.id)],
      ] as const;
      if (spec.startupSharesList) {
        const [, ...writes] = routes;
        await expectStrangersRefused(t, cast, writes);
        const call = caller(t);
        expectErrorShape(await call('GET', url(c.id)), 401);
        expectErrorShape(await call('GET', url(c.id), cast.investor), 403, 'WRONG_STRATEGY');
        // An id that is surely not the startup's own user.
        expectErrorShape(await call('GET', url(2_000_000_000), cast.startup), 403, 'FORBIDDEN');
      } else {
        await expectStrangersRefused(t, cast, routes);
      }
      await expectIrAndSaRefused(t, cast, routes);
    });

    it(
      spec.contribution
        ? 'lets every ao read and add; only the author, the AO, an agent or an admin change'
        : 'lets every ao read; only the AO, an agent or an admin write',
      async () => {
        const { t, cast, call } = ctx;
        const theirs = await buildCase(t.database.db, { ao_id: cast.otherAo.id });
        const item = await spec.build(t.database.db, theirs.id);
        expect((await call('GET', url(theirs.id), cast.ao.token)).statusCode).toBe(200);
        if (spec.contribution) {
          // An ao not on the case adds one, changes and removes their own, not another's.
          const mine = dataOf<{ id: number }>(await call('POST', url(theirs.id), cast.ao.token, spec.create));
          expect((await call('PUT', url(theirs.id, mine.id), cast.ao.token, spec.update)).statusCode).toBe(
            200,
          );
          expect((await call('DELETE', url(theirs.id, mine.id), cast.ao.token)).statusCode).toBe(200);
          expect((await caseLog(t, cast.admin.token, theirs.id)).map((e) => e.action)).toEqual([
            `${spec.action}.delete`,
            `${spec.action}.update`,
            `${spec.action}.create`,
          ]);
          // Still no edit of the case itself.
          expectErrorShape(
            await call('PUT', `${v1}/${theirs.id}`, cast.ao.token, { name: '改名' }),
            403,
            'FORBIDDEN',
          );
        } else {
          expectErrorShape(await call('POST', url(theirs.id), cast.ao.token, spec.create), 403, 'FORBIDDEN');
          expect(await caseLog(t, cast.admin.token, theirs.id)).toEqual([]);
        }
        expectErrorShape(
          await call('PUT', url(theirs.id, item.id), cast.ao.token, spec.update),
          403,
          'FORBIDDEN',
        );
        expectErrorShape(await call('DELETE', url(theirs.id, item.id), cast.ao.token), 403, 'FORBIDDEN');

        const shared = await buildCase(t.database.db, { ao_id: cast.otherAo.id, agent_ids: [cast.ao.id] });
        expect((await call('POST', url(shared.id), cast.ao.token, spec.create)).statusCode).toBe(200);
        expect((await call('POST', url(theirs.id), cast.otherAo.token, spec.create)).statusCode).toBe(200);
        expect((await call('PUT', url(theirs.id, item.id), cast.admin.token, spec.update)).statusCode).toBe(
          200,
        );
        expect((await call('DELETE', url(theirs.id, item.id), cast.admin.token)).statusCode).toBe(200);
      },
    );
  });

  return ctx;
}
