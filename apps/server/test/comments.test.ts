import { describe, expect, it } from 'vitest';
import { DEFAULT_COMMENT_TYPE } from '@dealflow/domain';
import { buildCase, buildComment } from './factories.ts';
import { caseItemSuite, v1 } from './caseItemSuite.ts';
import { caseLog, dataOf, failingFields, type ListBody } from './staffCast.ts';

const s = caseItemSuite({
  path: 'comments',
  contribution: true,
  action: 'comment',
  notFound: 'COMMENT_NOT_FOUND',
  build: (db, caseId) => buildComment(db, { case_id: caseId }),
  create: {
    type: 'risk_note',
    title: '風險',
    comment: '客戶集中度高',
    publish_at: '2030-02-01T09:00:00+08:00',
  },
  created: {
    type: 'risk_note',
    title: '風險',
    comment: '客戶集中度高',
    publish_at: '2030-02-01T01:00:00.000Z',
    asked_by: null,
    reply_to: null,
  },
  update: { title: '主要風險', comment: '前三大客戶佔營收八成' },
  updated: { title: '主要風險', comment: '前三大客戶佔營收八成' },
  invalid: [
    [{ title: '沒有內容' }, ['body.comment']],
    [{ comment: '   ' }, ['body.comment']],
    [{ comment: 'x', type: 'Not A Key', publish_at: '2030-02-01' }, ['body.type', 'body.publish_at']],
  ],
});

describe('comments', () => {
  it('defaults the type to invest_comment and the publish time to now', async () => {
    const { t, cast, call } = s;
    const c = await buildCase(t.database.db, { ao_id: cast.ao.id });
    const before = Date.now();
    const created = dataOf<{ type: string; title: string | null; publish_at: string; author: unknown }>(
      await call('POST', `${v1}/${c.id}/comments`, cast.ao.token, { comment: '值得投資' }),
    );
    expect(created.type).toBe(DEFAULT_COMMENT_TYPE);
    expect(created.title).toBeNull();
    expect(Date.parse(created.publish_at)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(created.publish_at)).toBeLessThanOrEqual(Date.now() + 1000);
    expect(created.author).toEqual({ id: cast.ao.id, name: expect.any(String) });
  });

  it('filters by type, newest publication first', async () => {
    const { t, cast, call } = s;
    const db = t.database.db;
    const c = await buildCase(db);
    const old = await buildComment(db, { case_id: c.id, publish_at: new Date('2030-01-01T00:00:00Z') });
    const recent = await buildComment(db, { case_id: c.id, publish_at: new Date('2030-03-01T00:00:00Z') });
    const dd = await buildComment(db, { case_id: c.id, type: 'dd_note' });
    const ids = async (query: string) =>
      dataOf<ListBody<{ id: number }>>(
        await call('GET', `${v1}/${c.id}/comments${query}`, cast.ao.token),
      ).result.map((r) => r.id);
    expect(await ids('?type=invest_comment')).toEqual([recent.id, old.id]);
    expect(await ids('?type=dd_note')).toEqual([dd.id]);
    expect((await ids('')).sort()).toEqual([old.id, recent.id, dd.id].sort());
    expect(
      failingFields(await call('GET', `${v1}/${c.id}/comments?type=DROP%20TABLE`, cast.ao.token)),
    ).toEqual(['querystring.type']);
  });

  it('keeps the type of a comment: PUT edits title, text and publish time only', async () => {
    const { t, cast, call } = s;
    const c = await buildCase(t.database.db, { ao_id: cast.ao.id });
    const comment = await buildComment(t.database.db, { case_id: c.id });
    const url = `${v1}/${c.id}/comments/${comment.id}`;
    expect(failingFields(await call('PUT', url, cast.ao.token, { type: 'other' }))).toEqual(['body']);
    const edited = dataOf(await call('PUT', url, cast.ao.token, { publish_at: '2030-05-05T00:00:00Z' }));
    expect(edited).toMatchObject({ type: DEFAULT_COMMENT_TYPE, publish_at: '2030-05-05T00:00:00.000Z' });
    const [entry] = await caseLog(t, cast.ao.token, c.id);
    expect(entry).toMatchObject({
      action: 'comment.update',
      changes: { publish_at: { to: '2030-05-05T00:00:00.000Z' } },
    });
  });
});
