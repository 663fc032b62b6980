import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { activityLogs, cardGrants } from '../src/db/schema/index.ts';
import { createLocalFileStore } from '../src/lib/storage.ts';
import { parseVCards } from '../src/modules/cards/vcard.ts';
import { bearer, buildTestApp, expectErrorShape, type TestApp } from './helpers.ts';
import { buildEmployee, staffSession } from './factories.ts';
import * as sample from './sampleFiles.ts';
import {
  buildCast,
  caller,
  type Cast,
  dataOf,
  expectStrangersRefused,
  failingFields,
  type ListBody,
  type Member,
  type Method,
} from './staffCast.ts';
import { multipart, upload } from './upload.ts';

let t: TestApp;
let cast: Cast;
let call: ReturnType<typeof caller>;
const v1 = '/api/internal/v1/cards';

type Card = {
  id: number;
  name: string;
  company: string | null;
  title: string | null;
  phones: string[];
  emails: string[];
  address: string | null;
  notes: string | null;
  tags: string[];
  image: { mime: string; size: number; updated_at: string } | null;
  groups: Array<{ id: number; name: string }>;
  owner: { id: number; name: string } | null;
  access: 'manage' | 'edit' | 'read';
};
type Grant = { employee_id: number; employee_name: string | null; permission: string };
type CardGroup = { id: number; name: string; can_manage: boolean; created_by: { id: number } | null };

beforeAll(async () => {
  t = await buildTestApp(
    {},
    { files: createLocalFileStore(mkdtempSync(path.join(tmpdir(), 'dealflow-cards-'))) },
  );
  cast = await buildCast(t);
  call = caller(t);
});

const uniq = (prefix: string) => `${prefix}${randomBytes(4).toString('hex')}`;

async function createCard(token = cast.ao.token, body: Record<string, unknown> = {}) {
  return dataOf<Card>(await call('POST', v1, token, { name: uniq('王小明'), ...body }));
}
const grant = (cardId: number, employeeId: number, permission: string, token = cast.ao.token) =>
  call('PUT', `${v1}/${cardId}/permissions/${employeeId}`, token, { permission });
const list = async (token: string, query = '') =>
  dataOf<ListBody<Card>>(await call('GET', `${v1}${query}`, token));
const ids = (body: ListBody<Card>) => body.result.map((c) => c.id);
const putImage = (cardId: number, token: string, file: { filename: string; data: Buffer }) => {
  const body = multipart([file]);
  return t.app.inject({
    method: 'PUT',
    url: `${v1}/${cardId}/image`,
    headers: { ...body.headers, ...bearer(token) },
    payload: body.payload,
  });
};
async function history(cardId: number) {
  return t.database.db
    .select()
    .from(activityLogs)
    .where(and(eq(activityLogs.entity_type, 'card'), eq(activityLogs.entity_id, cardId)))
    .orderBy(asc(activityLogs.id));
}

describe('who may use the card routes', () => {
  const routes = (id: number): Array<readonly [Method, string]> => [
    ['GET', v1],
    ['POST', v1],
    ['GET', `${v1}/${id}`],
    ['PUT', `${v1}/${id}`],
    ['DELETE', `${v1}/${id}`],
    ['PUT', `${v1}/${id}/groups`],
    ['GET', `${v1}/${id}/permissions`],
    ['PUT', `${v1}/${id}/permissions`],
    ['GET', `${v1}/${id}/permissions/${cast.ir.id}`],
    ['PUT', `${v1}/${id}/permissions/${cast.ir.id}`],
    ['GET', `${v1}/${id}/image`],
    ['GET', `${v1}/${id}/log`],
    ['PUT', `${v1}/${id}/image`],
    ['DELETE', `${v1}/${id}/image`],
    ['GET', `${v1}/groups`],
    ['POST', `${v1}/groups`],
    ['PUT', `${v1}/groups`],
    ['PUT', `${v1}/groups/1`],
    ['DELETE', `${v1}/groups/1`],
    ['GET', `${v1}/export`],
    ['POST', `${v1}/import`],
  ];

  it('refuses anonymous callers (401) and investor and startup sign-ins (403)', async () => {
    const card = await createCard();
    await expectStrangersRefused(t, cast, routes(card.id));
  });

  it('lets every staff role keep cards of their own', async () => {
    for (const member of [cast.admin, cast.ao, cast.ir, cast.sa]) {
      const card = await createCard(member.token, { company: '台積電', phones: ['0912-345-678'] });
      expect(card).toMatchObject({ access: 'manage', owner: { id: member.id }, company: '台積電' });
      expect(dataOf<Card>(await call('GET', `${v1}/${card.id}`, member.token)).id).toBe(card.id);
    }
  });
});

describe('the unfiltered list of someone who is not admin', () => {
  it('counts their own and granted cards once each, and forgets a deleted one', async () => {
    const fresh = await staffSession(t.app, t.database.db, 'sa');
    const own = [
      await createCard(fresh.token, { name: uniq('自己的') }),
      await createCard(fresh.token, { name: uniq('自己的') }),
    ];
    const shared = await createCard(cast.ao.token, { name: uniq('分享的') });
    const gone = await createCard(cast.ao.token, { name: uniq('將刪除') });
    await grant(shared.id, fresh.employee.id, 'read');
    await grant(gone.id, fresh.employee.id, 'edit');
    const first = await list(fresh.token, '?page=1&size=2');
    expect(first.count).toBe(4);
    expect(first.result).toHaveLength(2);
    expect((await call('DELETE', `${v1}/${gone.id}`, cast.ao.token)).statusCode).toBe(200);
    const after = await list(fresh.token, '?page=1&size=2');
    expect(after.count).toBe(3);
    const every = await list(fresh.token, '?all=1');
    expect(ids(every).sort()).toEqual([...own.map((c) => c.id), shared.id].sort());
  });
});

describe('the card-permission matrix (owner, read, edit, none, admin)', () => {
  it('gives each principal exactly its rights, the list and the get agreeing', async () => {
    const card = await createCard(cast.ao.token, { name: uniq('矩陣') });
    expect(dataOf(await grant(card.id, cast.ir.id, 'read'))).toMatchObject({ permission: 'read' });
    expect(dataOf(await grant(card.id, cast.otherAo.id, 'edit'))).toMatchObject({ permission: 'edit' });

    type Expect = { member: Member; access: Card['access'] | null };
    const matrix: Expect[] = [
      { member: cast.ao, access: 'manage' },
      { member: cast.admin, access: 'manage' },
      { member: cast.otherAo, access: 'edit' },
      { member: cast.ir, access: 'read' },
      { member: cast.sa, access: null },
    ];
    for (const { member, access } of matrix) {
      const got = await call('GET', `${v1}/${card.id}`, member.token);
      const listed = await list(member.token, `?q=${encodeURIComponent(card.name)}`);
      if (access === null) {
        expectErrorShape(got, 404, 'CARD_NOT_FOUND');
        expect(ids(listed)).not.toContain(card.id);
        expect(listed.count).toBe(0);
        expectErrorShape(
          await call('PUT', `${v1}/${card.id}`, member.token, { title: 'x' }),
          404,
          'CARD_NOT_FOUND',
        );
        expectErrorShape(
          await call('GET', `${v1}/${card.id}/permissions`, member.token),
          404,
          'CARD_NOT_FOUND',
        );
        continue;
      }
      expect(dataOf<Card>(got).access).toBe(access);
      expect(listed.result.map((c) => [c.id, c.access])).toEqual([[card.id, access]]);

      const edit = await call('PUT', `${v1}/${card.id}`, member.token, { title: `職稱 ${member.id}` });
      const perms = await call('GET', `${v1}/${card.id}/permissions`, member.token);
      const setPerm = await grant(card.id, cast.sa.id, 'none', member.token);
      const groups = await call('PUT', `${v1}/${card.id}/groups`, member.token, { group_ids: [] });
      if (access === 'read') {
        expectErrorShape(edit, 403, 'CARD_READ_ONLY');
        expectErrorShape(groups, 403, 'CARD_READ_ONLY');
        expectErrorShape(perms, 403, 'CARD_OWNER_ONLY');
        expectErrorShape(setPerm, 403, 'CARD_READ_ONLY');
        // Their own permission they may ask about.
        expect(
          dataOf<Grant>(await call('GET', `${v1}/${card.id}/permissions/${member.id}`, member.token)),
        ).toMatchObject({ permission: 'read' });
      } else if (access === 'edit') {
        expect(dataOf<Card>(edit).title).toBe(`職稱 ${member.id}`);
        expect(groups.statusCode).toBe(200);
        expectErrorShape(perms, 403, 'CARD_OWNER_ONLY');
        expectErrorShape(setPerm, 403, 'CARD_OWNER_ONLY');
        expectErrorShape(await call('DELETE', `${v1}/${card.id}`, member.token), 403, 'CARD_OWNER_ONLY');
        expectErrorShape(
          await call('GET', `${v1}/${card.id}/permissions/${cast.ir.id}`, member.token),
          403,
          'CARD_OWNER_ONLY',
        );
      } else {
        expect(dataOf<Card>(edit).title).toBe(`職稱 ${member.id}`);
        const grants = dataOf<ListBody<Grant>>(perms);
        expect(grants.result.map((g) => [g.employee_id, g.permission])).toEqual(
          expect.arrayContaining([
            [cast.ao.id, 'owner'],
            [cast.ir.id, 'read'],
            [cast.otherAo.id, 'edit'],
          ]),
        );
        expect(setPerm.statusCode).toBe(200);
      }
    }
  });

  it('takes a card away with "none" and refuses to change the owner', async () => {
    const card = await createCard();
    await grant(card.id, cast.sa.id, 'edit');
    expect(ids(await list(cast.sa.token, `?q=${encodeURIComponent(card.name)}`))).toEqual([card.id]);
    expect(dataOf<Grant>(await grant(card.id, cast.sa.id, 'none')).permission).toBe('none');
    expectErrorShape(await call('GET', `${v1}/${card.id}`, cast.sa.token), 404, 'CARD_NOT_FOUND');
    const rows = await t.database.db.select().from(cardGrants).where(eq(cardGrants.card_id, card.id));
    expect(rows).toEqual([]);
    expectErrorShape(await grant(card.id, cast.ao.id, 'read'), 409, 'CARD_OWNER_PERMISSION');
    expectErrorShape(await grant(card.id, 2_000_000_000, 'read'), 404, 'EMPLOYEE_NOT_FOUND');
    // Admin manages anyone's card.
    expect((await grant(card.id, cast.ir.id, 'read', cast.admin.token)).statusCode).toBe(200);
  });

  it('sets several permissions at once and records each in the history', async () => {
    const card = await createCard();
    const res = await call('PUT', `${v1}/${card.id}/permissions`, cast.ao.token, {
      permissions: [
        { employee_id: cast.ir.id, permission: 'read' },
        { employee_id: cast.sa.id, permission: 'edit' },
      ],
    });
    expect(dataOf<ListBody<Grant>>(res).count).toBe(3);
    const entries = (await history(card.id)).filter((e) => e.action === 'permission');
    expect(entries.map((e) => (e.changes as Record<string, { to: unknown }>).permission?.to).sort()).toEqual([
      'edit',
      'read',
    ]);
  });

  it('does not let a grant go to an inactive employee', async () => {
    const gone = await buildEmployee(t.database.db, { role: 'ir', status: 'inactive' });
    const card = await createCard();
    expectErrorShape(await grant(card.id, gone.id, 'read'), 404, 'EMPLOYEE_NOT_FOUND');
  });
});

describe('cards: fields, search, filters', () => {
  it('keeps every field, trims and de-duplicates lists, and records create, update and delete', async () => {
    const card = await createCard(cast.ir.token, {
      name: '  陳大文 ',
      company: '大文創投',
      title: '合夥人',
      phones: ['02-2345-6789', '02-2345-6789', '0912 000 111'],
      emails: ['Chen@Example.com', 'chen@example.com'],
      address: '台北市信義區',
      notes: '在年會認識',
      tags: ['律師', '律師', 'VC'],
    });
    expect(card).toMatchObject({
      name: '陳大文',
      phones: ['02-2345-6789', '0912 000 111'],
      emails: ['chen@example.com'],
      tags: ['律師', 'VC'],
      image: null,
      groups: [],
    });
    const updated = dataOf<Card>(
      await call('PUT', `${v1}/${card.id}`, cast.ir.token, { company: '', notes: null }),
    );
    expect(updated).toMatchObject({ company: null, notes: null, title: '合夥人' });
    expect(dataOf(await call('DELETE', `${v1}/${card.id}`, cast.ir.token))).toEqual({ ok: true });
    expectErrorShape(await call('GET', `${v1}/${card.id}`, cast.ir.token), 404, 'CARD_NOT_FOUND');
    expect((await history(card.id)).map((e) => e.action)).toEqual(['create', 'update', 'delete']);
    // Gone, its history is no longer served (it stays in the log).
    expectErrorShape(await call('GET', `${v1}/${card.id}/log`, cast.ir.token), 404, 'CARD_NOT_FOUND');
  });

  it("serves a card's history to those who may read it, newest first, paged", async () => {
    const card = await createCard(cast.ao.token);
    await call('PUT', `${v1}/${card.id}`, cast.ao.token, { title: '合夥人' });
    await grant(card.id, cast.ir.id, 'read');
    const log = dataOf<
      ListBody<{ action: string; actor: { name: string | null }; changes: Record<string, unknown> }>
    >(await call('GET', `${v1}/${card.id}/log`, cast.ir.token));
    expect(log.result.map((e) => e.action)).toEqual(['permission', 'update', 'create']);
    expect(log.result[2]?.changes).toMatchObject({
      id: { from: null, to: card.id },
      name: { from: null, to: card.name },
    });
    expect(log.result[1]?.changes).toEqual({ title: { from: null, to: '合夥人' } });
    expect(
      dataOf<ListBody>(await call('GET', `${v1}/${card.id}/log?page=2&size=2`, cast.ir.token)).result,
    ).toHaveLength(1);
    expectErrorShape(await call('GET', `${v1}/${card.id}/log`, cast.sa.token), 404, 'CARD_NOT_FOUND');
  });

  it('searches name, company, emails and phones (one Chinese character too), by tag and group', async () => {
    const tag = uniq('tag');
    const a = await createCard(cast.sa.token, { name: uniq('林'), company: '鴻海精密', tags: [tag] });
    const b = await createCard(cast.sa.token, {
      name: uniq('Amy '),
      emails: [`${uniq('amy')}@fund.example`],
      phones: ['0987-654-321'],
      tags: [tag],
    });
    const c = await createCard(cast.sa.token, { name: uniq('Bob ') });
    expect(ids(await list(cast.sa.token, `?q=${encodeURIComponent('鴻')}`))).toContain(a.id);
    expect(
      ids(await list(cast.sa.token, `?q=${encodeURIComponent(b.emails[0]?.slice(0, 10) ?? '')}`)),
    ).toEqual([b.id]);
    expect(ids(await list(cast.sa.token, '?q=654-321'))).toContain(b.id);
    expect(ids(await list(cast.sa.token, `?tag=${tag}`)).sort()).toEqual([a.id, b.id].sort());
    const group = dataOf<CardGroup>(
      await call('POST', `${v1}/groups`, cast.sa.token, { name: uniq('共同投資人') }),
    );
    await call('PUT', `${v1}/${c.id}/groups`, cast.sa.token, { group_ids: [group.id] });
    expect(ids(await list(cast.sa.token, `?group_id=${group.id}`))).toEqual([c.id]);
    // A percent sign or an underscore is taken literally.
    expect((await list(cast.sa.token, '?q=%25')).count).toBe(0);
    // Someone else sees none of them.
    expect((await list(cast.ir.token, `?tag=${tag}`)).count).toBe(0);
  });

  it('pages with a count, sorts, and refuses unknown sorts and oversized pages', async () => {
    const tag = uniq('page');
    for (const n of ['C', 'A', 'B']) await createCard(cast.ao.token, { name: `${n}${tag}`, tags: [tag] });
    const page = await list(cast.ao.token, `?tag=${tag}&page=1&size=2&sort=name:asc`);
    expect(page.count).toBe(3);
    expect(page.result.map((c) => c.name)).toEqual([`A${tag}`, `B${tag}`]);
    expect(
      (await list(cast.ao.token, `?tag=${tag}&all=1&sort=name:desc`)).result.map((c) => c.name[0]),
    ).toEqual(['C', 'B', 'A']);
    expect(failingFields(await call('GET', `${v1}?sort=secret:asc`, cast.ao.token))).toContain(
      'querystring.sort',
    );
    expect(failingFields(await call('GET', `${v1}?size=100000`, cast.ao.token))).toContain(
      'querystring.size',
    );
  });

  it('refuses bad input with 400: empty name, NUL, lone surrogates, bad email, unknown fields, too much', async () => {
    const card = await createCard();
    const bad: Array<[Record<string, unknown>, string]> = [
      [{ name: '' }, 'body.name'],
      [{ name: 'a\u0000b' }, 'body.name'],
      [{ name: 'x', company: '\ud800' }, 'body.company'],
      [{ name: 'x', emails: ['not-mail'] }, 'body.emails.0'],
      [{ name: 'x', phones: Array.from({ length: 21 }, (_, i) => String(i)) }, 'body.phones'],
      [{ name: 'x', notes: 'n'.repeat(5001) }, 'body.notes'],
      [{ name: 'x'.repeat(201) }, 'body.name'],
      [{ name: 'x', owner_id: 1 }, 'body'],
      [{ name: 'x', tags: ['t\u0000'] }, 'body.tags.0'],
    ];
    for (const [body, field] of bad) {
      const fields = failingFields(await call('POST', v1, cast.ao.token, body));
      expect(
        fields.some((f) => f.startsWith(field)),
        `${JSON.stringify(body)} → ${fields}`,
      ).toBe(true);
    }
    expect(failingFields(await call('PUT', `${v1}/${card.id}`, cast.ao.token, { name: '\u0000' }))).toContain(
      'body.name',
    );
    expect(
      failingFields(await call('GET', `${v1}?q=${encodeURIComponent('\u0000')}`, cast.ao.token)),
    ).toContain('querystring.q');
    expect(failingFields(await call('GET', `${v1}/abc`, cast.ao.token))).toContain('params.id');
    expect(failingFields(await call('GET', `${v1}/99999999999`, cast.ao.token))).toContain('params.id');
    expectErrorShape(await call('GET', `${v1}/2000000000`, cast.ao.token), 404, 'CARD_NOT_FOUND');
  });
});

describe('card groups', () => {
  it('lets any staff member create one; its creator and admin rename and delete it, nobody else', async () => {
    const name = uniq('律師');
    const group = dataOf<CardGroup>(await call('POST', `${v1}/groups`, cast.ir.token, { name }));
    expect(group).toMatchObject({ name, can_manage: true, created_by: { id: cast.ir.id } });
    const seen = dataOf<ListBody<CardGroup>>(await call('GET', `${v1}/groups`, cast.sa.token));
    expect(seen.result.find((g) => g.id === group.id)).toMatchObject({ can_manage: false });
    expectErrorShape(
      await call('PUT', `${v1}/groups`, cast.sa.token, { id: group.id, name: 'x' }),
      403,
      'CARD_GROUP_NOT_YOURS',
    );
    expectErrorShape(
      await call('DELETE', `${v1}/groups/${group.id}`, cast.ao.token),
      403,
      'CARD_GROUP_NOT_YOURS',
    );
    expectErrorShape(
      await call('POST', `${v1}/groups`, cast.sa.token, { name: ` ${name.toUpperCase()} ` }),
      409,
      'CARD_GROUP_NAME_TAKEN',
    );
    const renamed = dataOf<CardGroup>(
      await call('PUT', `${v1}/groups`, cast.ir.token, { id: group.id, name: `${name}改` }),
    );
    expect(renamed.name).toBe(`${name}改`);
    const again = dataOf<CardGroup>(
      await call('PUT', `${v1}/groups/${group.id}`, cast.admin.token, { name: `${name}二` }),
    );
    expect(again.name).toBe(`${name}二`);

    const card = await createCard(cast.ir.token);
    const inGroup = dataOf<Card>(
      await call('PUT', `${v1}/${card.id}/groups`, cast.ir.token, { group_ids: [group.id] }),
    );
    expect(inGroup.groups).toEqual([{ id: group.id, name: `${name}二` }]);
    expect(dataOf(await call('DELETE', `${v1}/groups/${group.id}`, cast.admin.token))).toEqual({ ok: true });
    expect(dataOf<Card>(await call('GET', `${v1}/${card.id}`, cast.ir.token)).groups).toEqual([]);
    expect((await history(card.id)).map((e) => e.action)).toEqual(['create', 'groups', 'group_deleted']);
    expectErrorShape(
      await call('DELETE', `${v1}/groups/${group.id}`, cast.admin.token),
      404,
      'CARD_GROUP_NOT_FOUND',
    );
  });

  it('puts a card in several groups, refuses unknown groups, and validates names', async () => {
    const g1 = dataOf<CardGroup>(await call('POST', `${v1}/groups`, cast.ao.token, { name: uniq('A') }));
    const g2 = dataOf<CardGroup>(await call('POST', `${v1}/groups`, cast.ao.token, { name: uniq('B') }));
    const card = await createCard(cast.ao.token, { group_ids: [g1.id] });
    expect(card.groups.map((g) => g.id)).toEqual([g1.id]);
    const both = dataOf<Card>(
      await call('PUT', `${v1}/${card.id}/groups`, cast.ao.token, { group_ids: [g2.id, g1.id, g1.id] }),
    );
    expect(both.groups.map((g) => g.id).sort()).toEqual([g1.id, g2.id].sort());
    expectErrorShape(
      await call('PUT', `${v1}/${card.id}/groups`, cast.ao.token, { group_ids: [2_000_000_000] }),
      404,
      'CARD_GROUP_NOT_FOUND',
    );
    expect(failingFields(await call('POST', `${v1}/groups`, cast.ao.token, { name: '' }))).toContain(
      'body.name',
    );
    expect(failingFields(await call('POST', `${v1}/groups`, cast.ao.token, { name: 'a\u0000' }))).toContain(
      'body.name',
    );
    expect(
      failingFields(await call('PUT', `${v1}/${card.id}/groups`, cast.ao.token, { group_ids: 'x' })),
    ).toContain('body.group_ids');
  });

  it('creates one of two same-named groups made at once (409 for the other, never 500)', async () => {
    const name = uniq('race');
    const results = await Promise.all([
      call('POST', `${v1}/groups`, cast.ao.token, { name }),
      call('POST', `${v1}/groups`, cast.ir.token, { name }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });
});

describe('the photo of the card', () => {
  it('stores an image, serves it only to those who may read the card, and replaces and removes it', async () => {
    const card = await createCard();
    await grant(card.id, cast.ir.id, 'read');
    const res = await putImage(card.id, cast.ao.token, { filename: 'card.png', data: sample.png() });
    expect(dataOf<Card>(res).image).toMatchObject({ mime: 'image/png', size: sample.png().length });
    const got = await call('GET', `${v1}/${card.id}/image`, cast.ir.token);
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/png');
    expect(got.rawPayload.equals(sample.png())).toBe(true);
    expectErrorShape(await call('GET', `${v1}/${card.id}/image`, cast.sa.token), 404, 'CARD_NOT_FOUND');
    expectErrorShape(
      await putImage(card.id, cast.ir.token, { filename: 'a.png', data: sample.png() }),
      403,
      'CARD_READ_ONLY',
    );

    const jpeg = await putImage(card.id, cast.ao.token, { filename: 'card.jpg', data: sample.jpeg() });
    expect(dataOf<Card>(jpeg).image?.mime).toBe('image/jpeg');
    expect(dataOf(await call('DELETE', `${v1}/${card.id}/image`, cast.ao.token))).toEqual({ ok: true });
    expectErrorShape(await call('GET', `${v1}/${card.id}/image`, cast.ao.token), 404, 'CARD_IMAGE_NOT_FOUND');
  });

  it('refuses what is not an image (by its bytes), and more than 5 MB', async () => {
    const card = await createCard();
    expectErrorShape(
      await putImage(card.id, cast.ao.token, { filename: 'x.png', data: sample.pdf() }),
      415,
      'CARD_IMAGE_TYPE',
    );
    expectErrorShape(
      await putImage(card.id, cast.ao.token, { filename: 'x.png', data: sample.exe() }),
      415,
      'CARD_IMAGE_TYPE',
    );
    const big = Buffer.concat([sample.png(), Buffer.alloc(5 * 1024 * 1024, 1)]);
    expectErrorShape(
      await putImage(card.id, cast.ao.token, { filename: 'big.png', data: big }),
      413,
      'CARD_IMAGE_TOO_LARGE',
    );
    expect(dataOf<Card>(await call('GET', `${v1}/${card.id}`, cast.ao.token)).image).toBeNull();
  });
});

describe('import and export', () => {
  it('round-trips cards through vCard: export, import, same fields', async () => {
    const tag = uniq('vcf');
    const original = await createCard(cast.ir.token, {
      name: '張三; 李四, 測試',
      company: '三四法律事務所',
      title: '律師',
      phones: ['+886 2 1234 5678', '0912-345-678'],
      emails: ['zhang@law.example'],
      address: '台北市中正區重慶南路一段 122 號',
      notes:
        '第一行\n第二行：含逗號, 分號; 反斜線 \\ 與很長很長很長很長很長很長很長很長很長很長很長很長很長很長的文字',
      tags: [tag, '法務'],
    });
    const exported = await call('GET', `${v1}/export?tag=${tag}`, cast.ir.token);
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toContain('text/vcard');
    const text = exported.body;
    expect(text.split('\r\n').every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
    expect(parseVCards(text, 10)).toHaveLength(1);

    const res = await upload(t, `${v1}/import`, cast.sa.token, [{ filename: 'cards.vcf', data: text }]);
    const report = dataOf<{
      created: number;
      refused: number;
      format: string;
      rows: Array<{ card_id: number }>;
    }>(res);
    expect(report).toMatchObject({ created: 1, refused: 0, format: 'vcard' });
    const copy = dataOf<Card>(await call('GET', `${v1}/${report.rows[0]?.card_id}`, cast.sa.token));
    const fields = (c: Card) => ({
      name: c.name,
      company: c.company,
      title: c.title,
      phones: c.phones,
      emails: c.emails,
      address: c.address,
      notes: c.notes,
      tags: c.tags,
    });
    expect(fields(copy)).toEqual(fields(original));
    expect(copy.owner?.id).toBe(cast.sa.id);
    expect((await history(copy.id)).map((e) => e.action)).toEqual(['create']);
  });

  it('imports a CSV with zh-TW headers, reporting refused rows with reasons; dry_run writes nothing', async () => {
    const tag = uniq('csv');
    const csv = [
      '姓名,公司,電話,電子郵件,標籤,其他',
      `王大明,大明公司,02-1111-2222;0912-000-000,wang@example.com,${tag};VIP,x`,
      `,沒有名字公司,,,${tag},`,
      `李壞信,,,not-an-email,${tag},`,
      '',
    ].join('\n');
    const dry = dataOf<{ created: number; refused: number; dry_run: boolean }>(
      await upload(t, `${v1}/import?dry_run=1`, cast.ao.token, [{ filename: 'c.csv', data: csv }]),
    );
    expect(dry).toMatchObject({ created: 1, refused: 2, dry_run: true });
    expect((await list(cast.ao.token, `?tag=${tag}`)).count).toBe(0);

    const report = dataOf<{
      created: number;
      refused: number;
      ignored_columns: string[];
      rows: Array<{ row: number; outcome: string; issues: Array<{ field: string | null }> }>;
    }>(await upload(t, `${v1}/import`, cast.ao.token, [{ filename: 'c.csv', data: csv }]));
    expect(report).toMatchObject({ created: 1, refused: 2, ignored_columns: ['其他'] });
    expect(report.rows.map((r) => [r.row, r.outcome, r.issues.map((i) => i.field)])).toEqual([
      [2, 'created', []],
      [3, 'refused', ['name']],
      [4, 'refused', ['emails']],
    ]);
    const [made] = (await list(cast.ao.token, `?tag=${tag}`)).result;
    expect(made).toMatchObject({
      name: '王大明',
      phones: ['02-1111-2222', '0912-000-000'],
      tags: [tag, 'VIP'],
    });
  });

  it('refuses files it cannot take: no name column, not UTF-8, too many rows, no file, NUL in a cell', async () => {
    const imp = (data: Buffer | string, filename = 'c.csv') =>
      upload(t, `${v1}/import`, cast.ao.token, [{ filename, data }]);
    expectErrorShape(await imp('company\nx\n'), 400, 'IMPORT_COLUMNS_MISSING');
    expectErrorShape(
      await imp(Buffer.from([0x6e, 0x61, 0x6d, 0x65, 0x0a, 0xa4, 0xa4])),
      400,
      'IMPORT_FILE_TYPE',
    );
    expectErrorShape(await imp(`name\n${'a\n'.repeat(5001)}`), 400, 'IMPORT_TOO_MANY_ROWS');
    expectErrorShape(
      await imp('BEGIN:VCARD\r\nFN:a\r\nEND:VCARD\r\n'.repeat(5001), 'a.vcf'),
      400,
      'IMPORT_TOO_MANY_ROWS',
    );
    expectErrorShape(await call('POST', `${v1}/import`, cast.ao.token, {}), 400, 'IMPORT_FILE_MISSING');
    const withNul = dataOf<{ refused: number; rows: Array<{ issues: Array<{ field: string }> }> }>(
      await imp('name,company\n"a\u0000b",c\n'),
    );
    expect(withNul.refused).toBe(1);
    expect(withNul.rows[0]?.issues[0]?.field).toBe('name');
  });

  it('exports only readable cards, and refuses more than 5,000 at once', async () => {
    const tag = uniq('exp');
    await createCard(cast.ao.token, { name: '甲', tags: [tag] });
    await createCard(cast.ir.token, { name: '乙', tags: [tag] });
    const text = (await call('GET', `${v1}/export?tag=${tag}`, cast.ao.token)).body;
    expect(parseVCards(text, 10).map((e) => e.fields.name)).toEqual(['甲']);
    expect(
      parseVCards((await call('GET', `${v1}/export?tag=${tag}`, cast.admin.token)).body, 10),
    ).toHaveLength(2);
  });
});

describe('vCard reading', () => {
  it('reads 2.1 quoted-printable, 4.0, folded lines, N without FN, and Apple item groups', () => {
    const text = [
      'BEGIN:VCARD',
      'VERSION:2.1',
      'N;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:=E7=8E=8B;=E5=B0=8F=E6=98=8E;;;',
      'item1.TEL;type=CELL:0912345678',
      'item2.EMAIL;type=INTERNET:wang@example.com',
      'END:VCARD',
      'BEGIN:VCARD',
      'VERSION:4.0',
      'FN:Jane',
      '  Doe',
      'ORG:Acme;R&D',
      'TEL;VALUE=uri:tel:+1-555-0100',
      'CATEGORIES:a,b\\,c',
      'END:VCARD',
    ].join('\r\n');
    const [a, b] = parseVCards(text, 10);
    expect(a?.fields).toMatchObject({ name: '王小明', phones: ['0912345678'], emails: ['wang@example.com'] });
    expect(b?.fields).toMatchObject({
      name: 'Jane Doe',
      company: 'Acme R&D',
      phones: ['+1-555-0100'],
      tags: ['a', 'b,c'],
    });
  });
});

describe('concurrent writes', () => {
  it('keeps a card in the groups of one of two simultaneous group changes (no 500, no mix)', async () => {
    const g1 = dataOf<CardGroup>(await call('POST', `${v1}/groups`, cast.ao.token, { name: uniq('r1') }));
    const g2 = dataOf<CardGroup>(await call('POST', `${v1}/groups`, cast.ao.token, { name: uniq('r2') }));
    const card = await createCard();
    const results = await Promise.all([
      call('PUT', `${v1}/${card.id}/groups`, cast.ao.token, { group_ids: [g1.id] }),
      call('PUT', `${v1}/${card.id}/groups`, cast.ao.token, { group_ids: [g2.id] }),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    const groups = dataOf<Card>(await call('GET', `${v1}/${card.id}`, cast.ao.token)).groups.map((g) => g.id);
    expect(groups.length).toBe(1);
  });
});
