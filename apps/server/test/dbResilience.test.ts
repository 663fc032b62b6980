import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { bearer, buildTestApp } from './helpers.ts';
import { staffSession } from './factories.ts';

// PostgreSQL only: the database ends the server's idle connections (a restart, a terminated
// backend). The server must neither crash nor fail the next request.
describe.runIf(process.env.TEST_DB_KIND === 'postgres')('database connections ended by the server', () => {
  it('are replaced, and requests keep working', async () => {
    const t = await buildTestApp();
    const admin = await staffSession(t.app, t.database.db, 'admin');
    const list = () =>
      t.app.inject({ method: 'GET', url: '/api/internal/v2/cases', headers: bearer(admin.token) });
    expect((await list()).statusCode).toBe(200);
    const name = (
      (await t.database.db.execute(sql`select current_database() as name`)) as unknown as {
        rows: Array<{ name: string }>;
      }
    ).rows[0]!.name;
    const c = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await c.connect();
    await c.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [name],
    );
    await c.end();
    await new Promise((r) => setTimeout(r, 200));
    expect((await list()).statusCode).toBe(200);
  });
});
