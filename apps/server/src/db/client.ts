import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { isConnectionError } from './errors.ts';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
/** The one database type services and repositories see, whichever driver is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle has the same query API. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  ping(): Promise<number>;
  /** Connection failures seen lately, for the health check (see `DatabaseHealth`). */
  health: DatabaseHealth;
  /** Connections in the pool (PostgreSQL only). */
  poolStats(): { total: number; idle: number; waiting: number } | null;
  /**
   * Calls `onMessage` with each payload notified on `channel`, until `close`. `onReset` runs
   * whenever notifications may have been missed (the listening connection was lost and is back).
   */
  listen(
    channel: string,
    onMessage: (payload: string | undefined) => void,
    onReset: () => void,
  ): Promise<void>;
  /**
   * Raw SQL for a library that brings its own (the job queue, jobs/queue.ts), on the app's own
   * connections: the rows of the (last) statement. Services use `db`, never this.
   */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  close(): Promise<void>;
}

/** Several statements in one text (a `;` with more after it), as schema scripts send. */
function isScript(text: string): boolean {
  return /;\s*\S/.test(text.trim().replace(/;\s*$/, ''));
}

export type DatabaseOptions =
  | { kind: 'pglite'; dir: string | null }
  | {
      kind: 'postgres';
      url: string;
      poolSize: number;
      /** How long start-up waits for the database to accept connections (default 60 s). */
      startupTimeoutMs?: number;
      /** Told of each failed attempt while start-up waits. */
      onWait?: (attempt: number, err: unknown) => void;
    };

/**
 * Connection failures, as the pool and the requests meet them. The pool replaces a dead connection
 * on next use, so the database may answer a ping while requests are still failing on connections
 * that died: the health check reports it degraded until `RECOVERY_MS` after the last failure.
 */
export class DatabaseHealth {
  static readonly RECOVERY_MS = 5_000;
  private lastFailure = 0;
  private failures = 0;

  recordFailure(): void {
    this.lastFailure = Date.now();
    this.failures++;
  }

  /** Failures in all since start, and when the last one was. */
  snapshot(): { recovering: boolean; failures: number; lastFailureAt: Date | null } {
    return {
      recovering: this.lastFailure > 0 && Date.now() - this.lastFailure < DatabaseHealth.RECOVERY_MS,
      failures: this.failures,
      lastFailureAt: this.lastFailure > 0 ? new Date(this.lastFailure) : null,
    };
  }
}

/** Migrations sit beside this file in the source tree and are copied next to the bundle. */
export function migrationsFolder(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [path.join(here, 'migrations'), path.join(here, 'db', 'migrations')];
  const found = candidates.find((p) => existsSync(path.join(p, 'meta', '_journal.json')));
  if (!found) throw new Error(`Database migrations not found (looked in ${candidates.join(', ')})`);
  return found;
}

const APPLIED_SQL = 'select created_at::text as at from drizzle.__drizzle_migrations';

/**
 * Drizzle runs only the migrations whose journal time (`when`) is later than the last one applied:
 * a migration merged with an earlier time than one a database already ran is skipped there for
 * good, and the server would run without its tables. Start-up refuses that database instead and
 * names the migration (test/migrationJournal.test.ts keeps the journal's times in order).
 */
export function assertAllApplied(folder: string, applied: Array<{ at: string }>): void {
  const at = new Set(applied.map((r) => String(r.at)));
  const missing = readMigrationFiles({ migrationsFolder: folder }).filter(
    (m) => !at.has(String(m.folderMillis)),
  );
  if (missing.length === 0) return;
  const journal = JSON.parse(readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as {
    entries: Array<{ when: number; tag: string }>;
  };
  const tags = missing.map(
    (m) => journal.entries.find((e) => e.when === m.folderMillis)?.tag ?? m.folderMillis,
  );
  throw new Error(
    `The database skipped migration ${tags.join(', ')}: its journal time is earlier than a migration applied before it. Apply its SQL by hand (apps/server/src/db/migrations) or give it a later time.`,
  );
}

// Any fixed number works; it only has to be the same for every instance of the app.
const MIGRATION_LOCK_ID = 727_146_001;

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const folder = migrationsFolder();
  if (options.kind === 'pglite') {
    if (options.dir) mkdirSync(options.dir, { recursive: true });
    const client = options.dir ? await PGlite.create(options.dir) : await PGlite.create();
    const db = drizzlePglite({ client, schema });
    await migratePglite(db, { migrationsFolder: folder });
    assertAllApplied(folder, (await client.query<{ at: string }>(APPLIED_SQL)).rows);
    return {
      kind: 'pglite',
      db: db as unknown as Db,
      ping: () => timed(() => client.query('select 1')),
      health: new DatabaseHealth(),
      poolStats: () => null,
      listen: async (channel, onMessage) => {
        await client.listen(channel, onMessage);
      },
      // PGlite is one connection: a script (only the simple protocol runs several statements) goes
      // through `exec` inside PGlite's own transaction, so a script that fails half-way is rolled
      // back there and then, never leaving the app's one connection in an aborted transaction.
      executeSql: async (text, values) => {
        if ((!values || values.length === 0) && isScript(text)) {
          const results = await client.transaction((tx) => tx.exec(text));
          return { rows: results[results.length - 1]?.rows ?? [] };
        }
        return client.query(text, values ?? []);
      },
      close: () => client.close(),
    };
  }
  const health = new DatabaseHealth();
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.poolSize,
    // A request waits this long for a connection, then fails with 503 rather than hanging.
    connectionTimeoutMillis: 5_000,
    keepAlive: true,
    // No JIT compilation (docs/decisions/0040): our queries are short, and on a large table the
    // planner's cost estimate passed jit_above_cost, so a 50 ms count spent 300 ms compiling first.
    options: '-c jit=off',
  });
  // A connection the database ends (a restart, a failover, a terminated backend) emits 'error'.
  // The pool listens only while the connection is idle in it; a connection checked out by a request
  // or a transaction has no listener, and an unheard 'error' ends the whole process. So every
  // connection gets a lasting listener when it is made: the query that was running fails (503) and
  // the pool drops the connection when it is released.
  pool.on('connect', (client) => {
    client.on('error', () => health.recordFailure());
  });
  pool.on('error', () => health.recordFailure());
  await waitForDatabase(pool, options.startupTimeoutMs ?? 60_000, options.onWait);
  // Several instances may start at once: one migrates while the others wait on the lock.
  const lockClient = await pool.connect();
  try {
    await lockClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    await migratePg(drizzlePg({ client: lockClient, schema }), { migrationsFolder: folder });
    assertAllApplied(folder, (await lockClient.query<{ at: string }>(APPLIED_SQL)).rows);
  } finally {
    await lockClient.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => undefined);
    lockClient.release();
  }
  const db = drizzlePg({ client: pool, schema });
  const listeners: Array<{ close(): Promise<void> }> = [];
  return {
    kind: 'postgres',
    db: db as unknown as Db,
    ping: () => timed(() => db.execute(sql`select 1`)),
    health,
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    listen: async (channel, onMessage, onReset) => {
      const l = await listenPg(options.url, channel, onMessage, onReset);
      listeners.push(l);
    },
    executeSql: (text, values) => pool.query(text, values),
    close: async () => {
      await Promise.all(listeners.map((l) => l.close()));
      await pool.end();
    },
  };
}

/**
 * Start-up waits for the database (it may be starting beside us, or failing over): one attempt,
 * then more with a growing pause, until `timeoutMs`; the last error is thrown when it runs out.
 */
async function waitForDatabase(
  pool: pg.Pool,
  timeoutMs: number,
  onWait?: (attempt: number, err: unknown) => void,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (let attempt = 1; ; attempt++) {
    try {
      await pool.query('select 1');
      return;
    } catch (err) {
      if (!isConnectionError(err) || Date.now() >= deadline) throw err;
      onWait?.(attempt, err);
      const pause = Math.min(5_000, 250 * 2 ** Math.min(attempt, 5), Math.max(0, deadline - Date.now()));
      await new Promise((r) => setTimeout(r, pause));
    }
  }
}

/**
 * LISTEN on a connection of its own (a pooled one would be handed to queries). A lost connection
 * is reopened after a second; `onReset` then tells the caller it may have missed notifications.
 */
async function listenPg(
  url: string,
  channel: string,
  onMessage: (payload: string | undefined) => void,
  onReset: () => void,
): Promise<{ close(): Promise<void> }> {
  let closed = false;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | null = null;
  const reconnectLater = () => {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = null;
      connect().catch(reconnectLater);
    }, 1000);
    retry.unref();
  };
  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString: url });
    c.on('notification', (n) => {
      if (n.channel === channel) onMessage(n.payload);
    });
    c.on('error', () => undefined);
    c.on('end', () => {
      if (closed) return;
      client = null;
      onReset();
      reconnectLater();
    });
    await c.connect();
    await c.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    client = c;
    onReset();
  };
  await connect();
  return {
    close: async () => {
      closed = true;
      if (retry) clearTimeout(retry);
      await client?.end().catch(() => undefined);
    },
  };
}

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await fn();
  return Math.round((performance.now() - start) * 100) / 100;
}
