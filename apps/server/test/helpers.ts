import { randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config.ts';
import { openDatabase, type Database } from '../src/db/client.ts';
import type { Mailer, MailMessage } from '../src/lib/mailer.ts';
import type { FileStore } from '../src/lib/storage.ts';
import type { ReadableFileResolver } from '../src/modules/pdfs/readableFile.ts';

/**
 * A new, empty database on the TEST_DATABASE_URL server (not migrated): its URL, and `drop` to
 * remove it (closing any connection still on it).
 */
export async function emptyPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DB_KIND=postgres needs TEST_DATABASE_URL');
  const name = `dealflow_test_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/**
 * A fresh, migrated database for one test file: in-memory PGlite, or (TEST_DB_KIND=postgres) a new
 * database on the TEST_DATABASE_URL server, dropped afterwards.
 */
export async function freshDatabase(
  poolSize: number,
): Promise<{ database: Database; drop: () => Promise<void> }> {
  if (process.env.TEST_DB_KIND !== 'postgres') {
    const database = await openDatabase({ kind: 'pglite', dir: null });
    return { database, drop: () => database.close() };
  }
  const empty = await emptyPostgresDatabase();
  const database = await openDatabase({ kind: 'postgres', url: empty.url, poolSize });
  return {
    database,
    drop: async () => {
      await database.close();
      await empty.drop();
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  database: Database;
}

// Apps and databases to close when the file's tests end. Registered here, at collection time: an
// `afterAll` called from inside a `beforeAll` (where files build their app) is never run, which left
// every PostgreSQL test database behind.
const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Builds the real app on a fresh database; closed and dropped when the file's tests end. */
export async function buildTestApp(
  env: Record<string, string> = {},
  options: {
    logStream?: NodeJS.WritableStream;
    /** A database the caller opened (and closes): the app is built on it instead of a fresh one. */
    database?: Database;
    /** Where mail goes instead of the outbox (for example `capturingMailer()`). */
    mailer?: Mailer;
    /** The file store instead of the one under DATA_DIR/files. */
    files?: FileStore;
    /**
     * Where the app keeps files, configured as in production (`testStorage('disk' | 's3')` of
     * s3.ts: a DATA_DIR of its own, or S3_* settings naming a fresh bucket on the test S3 server).
     */
    storage?: { env: Record<string, string> };
    /** How stored files are opened by id (the PDF routes read through it). */
    readableFiles?: ReadableFileResolver;
    /** The app's clock (mailed codes' lifetime and limits): tests move it instead of sleeping. */
    clock?: () => Date;
  } = {},
): Promise<TestApp> {
  const given = options.database;
  const { database, drop } = given
    ? { database: given, drop: async () => undefined }
    : await freshDatabase(Number(env.DATABASE_POOL_SIZE ?? 5));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: '/tmp/dealflow-test',
    // Every injected request comes from one address; tests of that limit lower it themselves.
    LOGIN_MAX_FAILURES_PER_ADDRESS: '100000',
    ...options.storage?.env,
    ...env,
  });
  const app = await buildApp(config, {
    database,
    ...(options.mailer ? { mailer: options.mailer } : {}),
    ...(options.files ? { files: options.files } : {}),
    ...(options.readableFiles ? { readableFiles: options.readableFiles } : {}),
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.logStream ? { logStream: options.logStream } : { logger: false }),
  });
  await app.ready();
  cleanups.push(async () => {
    await app.close();
    await drop();
  });
  return { app, config, database };
}

export function bearer(token: string) {
  return { authorization: `Bearer ${token}` };
}

export function json<T = Record<string, unknown>>(res: LightMyRequestResponse): T {
  return res.json() as T;
}

/** The error body every failure must have. */
export function expectErrorShape(res: LightMyRequestResponse, status: number, code?: string) {
  const body = res.json() as { error?: { status?: number; code?: string; message?: string } };
  if (
    res.statusCode !== status ||
    !body.error ||
    body.error.status !== status ||
    typeof body.error.message !== 'string'
  ) {
    throw new Error(`expected error ${status}${code ? ` ${code}` : ''}, got ${res.statusCode}: ${res.body}`);
  }
  if (code && body.error.code !== code)
    throw new Error(`expected code ${code}, got ${body.error.code}: ${res.body}`);
  return body.error;
}

/** A mailer that keeps every message sent, in order, for tests to read. */
export function capturingMailer(): Mailer & { sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  return {
    sent,
    async send(message) {
      sent.push(message);
      return { id: `test-${sent.length}` };
    },
  };
}

/** The last mail a capturing mailer sent to `email`. */
export function lastMailTo(mailer: { sent: MailMessage[] }, email: string): MailMessage {
  const mail = [...mailer.sent].reverse().find((m) => m.to === email);
  if (!mail) throw new Error(`no mail to ${email}`);
  return mail;
}

/** The six-digit code in the last mail to `email` (the code mails set it on a line of its own). */
export function codeMailedTo(mailer: { sent: MailMessage[] }, email: string): string {
  const code = lastMailTo(mailer, email).text.match(/^\s{4}(\d{6})$/m)?.[1];
  if (!code) throw new Error(`no code mailed to ${email}`);
  return code;
}

/** A six-digit code that is surely not `code`. */
export const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
