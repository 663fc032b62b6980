import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { existsSync, mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
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
  /**
   * Calls `onMessage` with each payload notified on `channel`, until `close`. `onReset` runs
   * whenever notifications may have been missed (the listening connection was lost and is back).
   */
  listen(
    channel: string,
    onMessage: (payload: string | undefined) => void,
    onReset: () => void,
  ): Promise<void>;
  close(): Promise<void>;
}

export type DatabaseOptions =
  | { kind: 'pglite'; dir: string | null }
  | { kind: 'postgres'; url: string; poolSize: number };

/** Migrations sit beside this file in the source tree and are copied next to the bundle. */
export function migrationsFolder(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [path.join(here, 'migrations'), path.join(here, 'db', 'migrations')];
  const found = candidates.find((p) => existsSync(path.join(p, 'meta', '_journal.json')));
  if (!found) throw new Error(`Database migrations not found (looked in ${candidates.join(', ')})`);
  return found;
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
    return {
      kind: 'pglite',
      db: db as unknown as Db,
      ping: () => timed(() => client.query('select 1')),
      listen: async (channel, onMessage) => {
        await client.listen(channel, onMessage);
      },
      close: () => client.close(),
    };
  }
  const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize });
  // An idle connection the database ended (a restart, a terminated backend) is dropped by the pool
  // and replaced on next use; without a listener its 'error' would end the whole process.
  pool.on('error', () => undefined);
  // Several instances may start at once: one migrates while the others wait on the lock.
  const lockClient = await pool.connect();
  try {
    await lockClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    await migratePg(drizzlePg({ client: lockClient, schema }), { migrationsFolder: folder });
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
    listen: async (channel, onMessage, onReset) => {
      const l = await listenPg(options.url, channel, onMessage, onReset);
      listeners.push(l);
    },
    close: async () => {
      await Promise.all(listeners.map((l) => l.close()));
      await pool.end();
    },
  };
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
