import { describe, expect, it } from 'vitest';
import { buildCase, buildMaintenance } from './factories.ts';
import { caseItemSuite, v1 } from './caseItemSuite.ts';
import { dataOf, type ListBody } from './staffCast.ts';

const s = caseItemSuite({
  path: 'maintenances',
  action: 'maintenance',
  notFound: 'MAINTENANCE_NOT_FOUND',
  build: (db, caseId) => buildMaintenance(db, { case_id: caseId }),
  create: { title: '董事會觀察', content: '營運正常', date: '2030-06-30' },
  created: { title: '董事會觀察', content: '營運正常', date: '2030-06-30' },
  update: { date: '2030-07-01', content: null },
  updated: { date: '2030-07-01', content: null },
  invalid: [
    [{ date: '2030-06-30' }, ['body.title']],
    [{ title: 'x' }, ['body.date']],
    [{ title: 'x', date: '2030-02-30' }, ['body.date']],
    [{ title: 'x', date: '2030-06-30T00:00:00Z' }, ['body.date']],
  ],
});

describe('maintenance records', () => {
  it('lists the latest date first', async () => {
    const { t, cast, call } = s;
    const c = await buildCase(t.database.db);
    const older = await buildMaintenance(t.database.db, { case_id: c.id, date: '2029-12-31' });
    const newer = await buildMaintenance(t.database.db, { case_id: c.id, date: '2030-03-01' });
    const list = dataOf<ListBody<{ id: number }>>(
      await call('GET', `${v1}/${c.id}/maintenances`, cast.ao.token),
    );
    expect(list.result.map((r) => r.id)).toEqual([newer.id, older.id]);
  });
});
