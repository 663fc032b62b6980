import { addDays } from '@dealflow/domain';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { reportSnapshotDays } from '../src/db/schema/index.ts';
import { reportToday, SNAPSHOT_JOB } from '../src/modules/reports/snapshots.ts';
import { buildCase } from './factories.ts';
import { buildTestApp, freshDatabase, type TestApp } from './helpers.ts';

/** Waits until `check` holds (polling), or fails after `ms`. */
async function until(check: () => Promise<boolean>, ms = 20_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 100));
  }
}

const rows = async <T>(t: TestApp, query: ReturnType<typeof sql>) =>
  ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;

const timers = () => process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;

describe('the job queue (pg-boss on the app’s own database)', () => {
  it('is off unless asked for in tests: nothing is queued, no pg-boss tables', async () => {
    const t = await buildTestApp();
    expect(t.app.deps.jobs.enabled).toBe(false);
    expect(await t.app.deps.jobs.send(SNAPSHOT_JOB, {})).toBeNull();
    const [schema] = await rows<{ n: number }>(
      t,
      sql`select count(*)::int as n from information_schema.schemata where schema_name = 'pgboss'`,
    );
    expect(schema?.n).toBe(0);
  });

  it('installs itself, schedules the daily snapshot, catches up at start, and closes leaving no timer', async () => {
    const baseline = timers();
    // A database of the test's own, closed at its end: its pool's idle timers are not the queue's.
    const { database, drop } = await freshDatabase(5);
    const t = await buildTestApp({ JOBS_ENABLED: 'true' }, { database });
    await buildCase(t.database.db, { status: 's1', created_at: new Date(Date.now() - 3 * 86_400_000) });
    expect(t.app.deps.jobs.enabled).toBe(true);
    const [schedule] = await rows<{ name: string; cron: string; timezone: string }>(
      t,
      sql`select name, cron, timezone from pgboss.schedule`,
    );
    expect(schedule).toEqual({ name: SNAPSHOT_JOB, cron: '10 0 * * *', timezone: 'Asia/Taipei' });

    // The start-up catch-up runs through the queue: yesterday gets stored.
    const yesterday = addDays(reportToday(t.config), -1);
    const stored = async () =>
      (await t.database.db.select().from(reportSnapshotDays).where(eq(reportSnapshotDays.day, yesterday)))
        .length > 0;
    await until(stored);

    // A job sent is run (a second one sent while it waits is dropped: one waits at most).
    await t.database.db.delete(reportSnapshotDays).where(eq(reportSnapshotDays.day, yesterday));
    const id = await t.app.deps.jobs.send(SNAPSHOT_JOB, {});
    expect(typeof id).toBe('string');
    await until(stored);
    const [job] = await rows<{ state: string }>(t, sql`select state::text from pgboss.job where id = ${id}`);
    await until(async () => {
      const [j] = await rows<{ state: string }>(t, sql`select state::text from pgboss.job where id = ${id}`);
      return j?.state === 'completed';
    });
    expect(job).toBeDefined();

    const started = Date.now();
    await t.app.close();
    expect(Date.now() - started).toBeLessThan(10_000);
    await drop();
    expect(timers()).toBeLessThanOrEqual(baseline);
  });

  it('runs on two instances of one database: one schedule, never two snapshot jobs at once', async () => {
    const a = await buildTestApp({ JOBS_ENABLED: 'true' });
    const b = await buildTestApp({ JOBS_ENABLED: 'true' }, { database: a.database });
    const [count] = await rows<{ n: number }>(a, sql`select count(*)::int as n from pgboss.schedule`);
    expect(count?.n).toBe(1);
    const pending = async () => {
      const [w] = await rows<{ n: number }>(
        a,
        sql`select count(*)::int as n from pgboss.job where name = ${SNAPSHOT_JOB} and state < 'completed'`,
      );
      return w?.n ?? 0;
    };
    await until(async () => (await pending()) === 0);
    // A burst from both instances: one job waits at most (and one may run), the rest are dropped.
    const sent = await Promise.all([a, b, a, b, a, b].map((x) => x.app.deps.jobs.send(SNAPSHOT_JOB, {})));
    expect(sent.filter((id) => id !== null).length).toBeLessThanOrEqual(2);
    await until(async () => (await pending()) === 0);
    const runs = await rows<{ started: Date; completed: Date }>(
      a,
      sql`select started_on as started, completed_on as completed from pgboss.job
           where name = ${SNAPSHOT_JOB} and state = 'completed' order by started_on`,
    );
    expect(runs.length).toBeGreaterThanOrEqual(2);
    for (let i = 1; i < runs.length; i++) {
      expect(new Date(runs[i]!.started).getTime()).toBeGreaterThanOrEqual(
        new Date(runs[i - 1]!.completed).getTime(),
      );
    }
    await b.app.close();
    await a.app.close();
  });
});
