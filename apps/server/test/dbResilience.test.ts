import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import net from 'node:net';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.ts';
import { isConnectionError } from '../src/db/errors.ts';
import { bearer, buildTestApp, type TestApp } from './helpers.ts';
import { buildCase, staffSession } from './factories.ts';

const isPg = process.env.TEST_DB_KIND === 'postgres';
const sleep = (ms: number) => new Promise<undefined>((r) => setTimeout(() => r(undefined), ms));

async function databaseName(t: TestApp): Promise<string> {
  const res = (await t.database.db.execute(sql`select current_database() as name`)) as unknown as {
    rows: Array<{ name: string }>;
  };
  return res.rows[0]!.name;
}

async function adminClient(): Promise<pg.Client> {
  const c = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await c.connect();
  return c;
}

/** Ends every connection to the app's database but the given ones (a restart or failover does this). */
async function terminateBackends(name: string, keepPids: number[] = []): Promise<number> {
  const c = await adminClient();
  try {
    const r = await c.query(
      `select count(pg_terminate_backend(pid))::int as n from pg_stat_activity
        where datname = $1 and pid <> pg_backend_pid() and not (pid = any($2::int[]))`,
      [name, keepPids],
    );
    return r.rows[0].n as number;
  } finally {
    await c.end();
  }
}

async function waitFor(check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await sleep(25);
  }
}

// PostgreSQL only: the database ends the server's connections (a restart, a failover, a terminated
// backend). The server must not crash, must answer 503 with Retry-After for the requests whose
// connection died, and must heal.
describe.runIf(isPg)('database connections ended by the server', () => {
  it('idle connections are replaced, and requests keep working', async () => {
    const t = await buildTestApp();
    const admin = await staffSession(t.app, t.database.db, 'admin');
    const list = () =>
      t.app.inject({ method: 'GET', url: '/api/internal/v2/cases', headers: bearer(admin.token) });
    expect((await list()).statusCode).toBe(200);
    await terminateBackends(await databaseName(t));
    await sleep(200);
    expect((await list()).statusCode).toBe(200);
  });

  it('a connection that dies inside a transaction, between two queries, fails that transaction and nothing else', async () => {
    const t = await buildTestApp();
    const pidOf = async (q: { execute: typeof t.database.db.execute }) =>
      ((await q.execute(sql`select pg_backend_pid() as pid`)) as unknown as { rows: Array<{ pid: number }> })
        .rows[0]!.pid;
    const failed = await t.database.db
      .transaction(async (tx) => {
        const pid = await pidOf(tx);
        const c = await adminClient();
        await c.query('select pg_terminate_backend($1)', [pid]);
        await c.end();
        // The connection is checked out and idle while it ends: its 'error' has no query to go to.
        await sleep(300);
        await tx.execute(sql`select 1`);
      })
      .then(
        () => null,
        (err: unknown) => err,
      );
    expect(failed).toBeInstanceOf(Error);
    expect(isConnectionError(failed)).toBe(true);
    expect(await pidOf(t.database.db)).toBeGreaterThan(0);
  });

  it('20 requests in flight when their connections die: 503 with Retry-After, then 200, and the health check says degraded meanwhile', async () => {
    const t = await buildTestApp({ DATABASE_POOL_SIZE: '10' });
    const name = await databaseName(t);
    const admin = await staffSession(t.app, t.database.db, 'admin');
    const kase = await buildCase(t.database.db);
    const read = () =>
      t.app.inject({ method: 'GET', url: '/api/internal/v2/cases', headers: bearer(admin.token) });
    const write = (i: number) =>
      t.app.inject({
        method: 'POST',
        url: `/api/internal/v1/cases/${kase.id}/todo`,
        headers: bearer(admin.token),
        payload: { title: `待辦 ${i}` },
      });
    // Warm the account cache and the pool.
    expect((await read()).statusCode).toBe(200);
    expect((await write(0)).statusCode).toBe(200);

    // Hold the case table so every request is parked inside the database, then end the
    // connections they are parked on: reads mid-query, writes mid-transaction.
    const watcher = await adminClient();
    const onAppDb = new URL(process.env.TEST_DATABASE_URL ?? '');
    onAppDb.pathname = `/${name}`;
    const locker = new pg.Client({ connectionString: onAppDb.toString() });
    await locker.connect();
    const lockerPid = (await locker.query('select pg_backend_pid() as pid')).rows[0].pid as number;
    await locker.query('begin');
    await locker.query('lock table cases in access exclusive mode');

    const inFlight: Array<Promise<LightMyRequestResponse>> = [];
    let degraded: LightMyRequestResponse | undefined;
    try {
      for (let i = 0; i < 20; i++) inFlight.push(i % 2 === 0 ? read() : write(i + 1));
      await waitFor(async () => {
        const r = await watcher.query(
          `select count(*)::int as n from pg_stat_activity where datname = $1 and wait_event_type = 'Lock'`,
          [name],
        );
        return (r.rows[0].n as number) >= 10;
      });
      expect(await terminateBackends(name, [lockerPid])).toBeGreaterThanOrEqual(10);
      // Let the first dead connection's reply arrive before asking for the health check.
      await Promise.race(inFlight);
      degraded = await t.app.inject({ method: 'GET', url: '/api/health' });
    } finally {
      await locker.query('commit');
      await locker.end();
      await watcher.end();
    }
    expect(degraded?.json().status).toBe('degraded');

    const replies = await Promise.all(inFlight);
    const statuses = replies.map((r) => r.statusCode);
    expect(statuses.filter((s) => s !== 200 && s !== 503)).toEqual([]);
    const unavailable = replies.filter((r) => r.statusCode === 503);
    expect(unavailable.length).toBeGreaterThanOrEqual(10);
    for (const r of unavailable) {
      expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
      expect(r.json().error.code).toBe('DATABASE_UNAVAILABLE');
    }

    // The pool heals: the next requests succeed, and the health check says so.
    expect((await read()).statusCode).toBe(200);
    expect((await write(99)).statusCode).toBe(200);
    await waitFor(async () => {
      const h = await t.app.inject({ method: 'GET', url: '/api/health' });
      return h.statusCode === 200 && h.json().status === 'ok';
    }, 15_000);
  });
});

/**
 * A TCP forwarder to PostgreSQL that drops every connection until `open()` is called: the database
 * as seen by a server starting before it (or across a failover).
 */
async function flakyProxy(): Promise<{ url: string; open(): void; blip(): void; close(): Promise<void> }> {
  // A database of its own: start-up migrates whatever it connects to.
  const name = `dealflow_test_startup_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const admin = await adminClient();
  await admin.query(`create database ${name}`);
  await admin.end();
  const target = new URL(process.env.TEST_DATABASE_URL ?? '');
  target.pathname = `/${name}`;
  let accepting = false;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    if (!accepting) {
      socket.destroy();
      return;
    }
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    sockets.add(upstream);
    upstream.on('close', () => sockets.delete(upstream));
    socket.pipe(upstream).pipe(socket);
    socket.on('error', () => upstream.destroy());
    upstream.on('error', () => socket.destroy());
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as net.AddressInfo).port;
  const url = new URL(target.toString());
  url.hostname = '127.0.0.1';
  url.port = String(port);
  return {
    url: url.toString(),
    open: () => {
      accepting = true;
    },
    /** A network blip: every open connection is cut; new ones are accepted. */
    blip: () => {
      for (const s of sockets) s.destroy();
    },
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise((r) => server.close(r));
      const c = await adminClient();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

describe.runIf(isPg)('start-up while the database is not yet accepting connections', () => {
  it('waits and retries until it is, then migrates and serves', async () => {
    const proxy = await flakyProxy();
    const waits: number[] = [];
    const opening = openDatabase({
      kind: 'postgres',
      url: proxy.url,
      poolSize: 2,
      startupTimeoutMs: 20_000,
      onWait: (attempt, err) => {
        expect(isConnectionError(err)).toBe(true);
        waits.push(attempt);
        if (attempt === 3) proxy.open();
      },
    });
    const database = await opening;
    try {
      expect(waits).toEqual([1, 2, 3]);
      expect(await database.ping()).toBeGreaterThanOrEqual(0);
    } finally {
      await database.close();
      await proxy.close();
    }
  });

  it('a network blip cuts every connection: requests on them get 503, the next ones 200, and notifications resume', async () => {
    const proxy = await flakyProxy();
    proxy.open();
    const database = await openDatabase({ kind: 'postgres', url: proxy.url, poolSize: 4 });
    const notified: string[] = [];
    let resets = 0;
    await database.listen(
      'dealflow_blip_test',
      (payload) => notified.push(payload ?? ''),
      () => resets++,
    );
    const t = await buildTestApp({}, { database });
    try {
      const admin = await staffSession(t.app, database.db, 'admin');
      const list = () =>
        t.app.inject({ method: 'GET', url: '/api/internal/v2/cases', headers: bearer(admin.token) });
      expect((await list()).statusCode).toBe(200);
      const inFlight = Array.from({ length: 4 }, () =>
        database.db.execute(sql`select pg_sleep(2)`).then(
          () => 'done',
          (err: unknown) => (isConnectionError(err) ? 'connection error' : String(err)),
        ),
      );
      await sleep(300);
      proxy.blip();
      expect(await Promise.all(inFlight)).toEqual(Array(4).fill('connection error'));
      expect((await list()).statusCode).toBe(200);
      // The LISTEN connection came back on its own and hears notifications again.
      // Resets: the first LISTEN, the lost connection, the LISTEN again.
      await waitFor(async () => resets >= 3);
      await database.db.execute(sql`select pg_notify('dealflow_blip_test', 'after')`);
      await waitFor(async () => notified.includes('after'));
    } finally {
      await t.app.close();
      await database.close();
      await proxy.close();
    }
  });

  it('gives up with the connection error when the database stays away past the timeout', async () => {
    const proxy = await flakyProxy();
    const started = Date.now();
    const failure = await openDatabase({
      kind: 'postgres',
      url: proxy.url,
      poolSize: 1,
      startupTimeoutMs: 1_500,
    })
      .then(() => null)
      .catch((err: unknown) => err);
    await proxy.close();
    expect(isConnectionError(failure)).toBe(true);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_400);
    expect(Date.now() - started).toBeLessThan(8_000);
  });
});
