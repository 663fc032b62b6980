import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, expectErrorShape, type TestApp } from './helpers.ts';
import { buildCase, buildComment, buildInfoUpdate } from './factories.ts';
import {
  buildCast,
  caller,
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
const news = '/api/internal/v1/news';

beforeAll(async () => {
  // A database of its own: the feed spans every case, so other files' rows must not show up.
  t = await buildTestApp();
  cast = await buildCast(t);
  call = caller(t);
});

type News = {
  id: string;
  kind: string;
  item_id: number;
  case: { id: number; name: string };
  type: string | null;
  title: string | null;
  content: string | null;
  author: { id: number; name: string } | null;
  published_at: string;
};

describe('v1/news', () => {
  it('merges published comments and info updates of live cases, newest first, with their case', async () => {
    const db = t.database.db;
    const c = await buildCase(db, { name: '新聞公司' });
    const gone = await buildCase(db, { is_deleted: true });
    const comment = await buildComment(db, {
      case_id: c.id,
      title: '投資意見',
      comment: '建議進入 S2',
      created_by: cast.ao.id,
      publish_at: new Date('2020-03-01T00:00:00Z'),
    });
    const info = await buildInfoUpdate(db, {
      case_id: c.id,
      title: '完成 A 輪',
      content: '一億元',
      created_at: new Date('2020-04-01T00:00:00Z'),
    });
    const older = await buildInfoUpdate(db, { case_id: c.id, created_at: new Date('2020-01-01T00:00:00Z') });
    await buildComment(db, { case_id: c.id, publish_at: new Date('2999-01-01T00:00:00Z') });
    await buildComment(db, { case_id: gone.id, publish_at: new Date('2020-05-01T00:00:00Z') });
    await buildInfoUpdate(db, { case_id: gone.id });

    const feed = dataOf<ListBody<News>>(await call('GET', news, cast.ao.token));
    expect(feed.count).toBe(3);
    expect(feed.result).toEqual([
      {
        id: `info:${info.id}`,
        kind: 'info',
        item_id: info.id,
        case: { id: c.id, name: '新聞公司' },
        type: null,
        title: '完成 A 輪',
        content: '一億元',
        author: null,
        published_at: '2020-04-01T00:00:00.000Z',
      },
      {
        id: `comment:${comment.id}`,
        kind: 'comment',
        item_id: comment.id,
        case: { id: c.id, name: '新聞公司' },
        type: 'invest_comment',
        title: '投資意見',
        content: '建議進入 S2',
        author: { id: cast.ao.id, name: expect.any(String) },
        published_at: '2020-03-01T00:00:00.000Z',
      },
      expect.objectContaining({ id: `info:${older.id}`, published_at: '2020-01-01T00:00:00.000Z' }),
    ]);

    const page2 = dataOf<ListBody<News>>(await call('GET', `${news}?page=2&size=2`, cast.admin.token));
    expect(page2).toMatchObject({ count: 3, result: [{ id: `info:${older.id}` }] });
    expect(dataOf<ListBody<News>>(await call('GET', `${news}?all=1`, cast.admin.token)).result).toHaveLength(
      3,
    );
    expectErrorShape(await call('GET', `${news}?size=100000`, cast.admin.token), 400);
  });

  it('pages 20 at a time by default', async () => {
    const db = t.database.db;
    const c = await buildCase(db);
    for (let i = 0; i < 21; i++) await buildInfoUpdate(db, { case_id: c.id });
    const feed = dataOf<ListBody<News>>(await call('GET', news, cast.ao.token));
    expect(feed.result).toHaveLength(20);
    expect(feed.count).toBeGreaterThanOrEqual(21);
  });

  it('keeps one case with case_id, paging and counting within it', async () => {
    const db = t.database.db;
    const mine = await buildCase(db, { name: '本案' });
    const other = await buildCase(db);
    const comment = await buildComment(db, {
      case_id: mine.id,
      publish_at: new Date('2021-02-01T00:00:00Z'),
    });
    await buildComment(db, { case_id: mine.id, publish_at: new Date('2999-01-01T00:00:00Z') });
    const info = await buildInfoUpdate(db, {
      case_id: mine.id,
      created_at: new Date('2021-03-01T00:00:00Z'),
    });
    await buildComment(db, { case_id: other.id, publish_at: new Date('2021-02-02T00:00:00Z') });
    await buildInfoUpdate(db, { case_id: other.id });

    const feed = dataOf<ListBody<News>>(await call('GET', `${news}?case_id=${mine.id}`, cast.ao.token));
    expect(feed.count).toBe(2);
    expect(feed.result.map((n) => n.id)).toEqual([`info:${info.id}`, `comment:${comment.id}`]);
    expect(feed.result.every((n) => n.case.id === mine.id)).toBe(true);
    const page2 = dataOf<ListBody<News>>(
      await call('GET', `${news}?case_id=${mine.id}&page=2&size=1`, cast.admin.token),
    );
    expect(page2).toEqual({ count: 2, result: [expect.objectContaining({ id: `comment:${comment.id}` })] });

    const gone = await buildCase(db, { is_deleted: true });
    await buildInfoUpdate(db, { case_id: gone.id });
    expect(dataOf<ListBody<News>>(await call('GET', `${news}?case_id=${gone.id}`, cast.ao.token))).toEqual({
      result: [],
      count: 0,
    });
    expect(dataOf<ListBody<News>>(await call('GET', `${news}?case_id=2147483647`, cast.ao.token)).count).toBe(
      0,
    );
    for (const bad of ['0', '-3', 'abc', '1.5', '2147483648']) {
      expect(failingFields(await call('GET', `${news}?case_id=${bad}`, cast.ao.token)), bad).toContain(
        'querystring.case_id',
      );
    }
  });

  it('is for admin and ao only', async () => {
    await expectStrangersRefused(t, cast, [['GET', news]]);
    await expectIrAndSaRefused(t, cast, [['GET', news]]);
  });
});
