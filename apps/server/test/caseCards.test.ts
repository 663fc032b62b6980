import { beforeAll, describe, expect, it } from 'vitest';
import { activityLogs } from '../src/db/schema/index.ts';
import { bearer, buildTestApp, type TestApp } from './helpers.ts';
import { buildCase, buildTodo, staffSession } from './factories.ts';

// What board cards and list rows show besides the case row: days in stage and the next to-do.
let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await buildTestApp();
  admin = (await staffSession(t.app, t.database.db, 'admin')).token;
});

type Summary = {
  id: number;
  stage_entered_at: string;
  created_at: string;
  next_todo: { id: number; title: string; due_at: string | null } | null;
};

async function listed(query: string): Promise<Summary[]> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/internal/v2/cases?${query}`,
    headers: bearer(admin),
  });
  expect(res.statusCode).toBe(200);
  return res.json().data.result;
}

describe('case list rows carry the stage entry time and the next open to-do', () => {
  it('a case never moved entered its stage when it was created, and has no to-do', async () => {
    const kase = await buildCase(t.database.db, { name: '卡片甲 新創', status: 's1' });
    const [row] = await listed(`keyword=${encodeURIComponent('卡片甲')}`);
    expect(row).toMatchObject({ id: kase.id, next_todo: null });
    expect(row!.stage_entered_at).toBe(kase.created_at.toISOString());
  });

  it('the last stage move dates the stay; other history does not', async () => {
    const db = t.database.db;
    const kase = await buildCase(db, { name: '卡片乙 新創', status: 's2' });
    const at = (iso: string) => new Date(iso);
    await db.insert(activityLogs).values([
      {
        actor_type: 'employee',
        entity_type: 'case',
        entity_id: kase.id,
        action: 'stage',
        changes: { status: { from: 's0', to: 's1' } },
        created_at: at('2024-01-01T00:00:00Z'),
      },
      {
        actor_type: 'employee',
        entity_type: 'case',
        entity_id: kase.id,
        action: 'stage',
        changes: { status: { from: 's1', to: 's2' } },
        created_at: at('2024-03-05T08:00:00Z'),
      },
      {
        actor_type: 'employee',
        entity_type: 'case',
        entity_id: kase.id,
        action: 'update',
        changes: { round: { from: null, to: 'A' } },
        created_at: at('2024-04-01T00:00:00Z'),
      },
      // Another entity with the same id must not count.
      {
        actor_type: 'employee',
        entity_type: 'client',
        entity_id: kase.id,
        action: 'stage',
        changes: {},
        created_at: at('2024-05-01T00:00:00Z'),
      },
    ]);
    const [row] = await listed(`keyword=${encodeURIComponent('卡片乙')}`);
    expect(row!.stage_entered_at).toBe('2024-03-05T08:00:00.000Z');
  });

  it('a real move through the API restarts the stay', async () => {
    const kase = await buildCase(t.database.db, { name: '卡片丙 新創', status: 'draft' });
    const before = Date.now();
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/internal/v1/cases/${kase.id}`,
      headers: bearer(admin),
      payload: { status: 's0' },
    });
    expect(res.statusCode).toBe(200);
    const [row] = await listed(`keyword=${encodeURIComponent('卡片丙')}`);
    expect(Date.parse(row!.stage_entered_at)).toBeGreaterThanOrEqual(before - 1000);
  });

  it('the next to-do is the open one due first, undated ones last, done ones never', async () => {
    const db = t.database.db;
    const a = await buildCase(db, { name: '卡片丁 新創', status: 's1' });
    const b = await buildCase(db, { name: '卡片丁 二號', status: 's1' });
    await buildTodo(db, { case_id: a.id, title: '沒有期限' });
    await buildTodo(db, {
      case_id: a.id,
      title: '已完成',
      due_at: new Date('2024-01-01T00:00:00Z'),
      done: true,
    });
    const due = await buildTodo(db, {
      case_id: a.id,
      title: '安排盡職調查',
      due_at: new Date('2024-06-30T16:00:00Z'),
    });
    await buildTodo(db, { case_id: a.id, title: '晚一點', due_at: new Date('2024-09-01T00:00:00Z') });
    const undated = await buildTodo(db, { case_id: b.id, title: '只有無期限' });
    const rows = await listed(`keyword=${encodeURIComponent('卡片丁')}&sort=name:asc`);
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(a.id)!.next_todo).toEqual({
      id: due.id,
      title: '安排盡職調查',
      due_at: '2024-06-30T16:00:00.000Z',
    });
    expect(byId.get(b.id)!.next_todo).toEqual({ id: undated.id, title: '只有無期限', due_at: null });
  });

  it('every row of a whole list (v1, all rows) carries them too, and board pages as well', async () => {
    const db = t.database.db;
    const kase = await buildCase(db, { name: '卡片戊 新創', status: 's3' });
    await buildTodo(db, { case_id: kase.id, title: '戊的待辦', due_at: new Date('2025-01-02T03:04:05Z') });
    const res = await t.app.inject({ method: 'GET', url: '/api/internal/v1/cases', headers: bearer(admin) });
    const row = (res.json().data.result as Summary[]).find((r) => r.id === kase.id);
    expect(row?.next_todo?.due_at).toBe('2025-01-02T03:04:05.000Z');
    const board = await listed('status=s3&size=30&sort=updated_at:desc');
    expect(board.find((r) => r.id === kase.id)?.next_todo?.title).toBe('戊的待辦');
  });
});
