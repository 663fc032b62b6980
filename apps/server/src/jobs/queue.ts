import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { Config } from '../config.ts';
import type { Database, Db } from '../db/client.ts';
import type { FileStore } from '../lib/storage.ts';

/**
 * The one job queue (ARCHITECTURE "Cross-cutting services → Jobs", decision 0018): pg-boss on the
 * app's own database, PostgreSQL or the embedded PGlite alike, for anything slow or scheduled.
 * Modules define their jobs (`JobDefinition`), jobs/index.ts lists them, the app starts and stops
 * the queue with itself. A job may run more than once (a retry, a crash, a second instance): every
 * job is written to be idempotent.
 */

/** What a job runs with: the database, the configuration, a logger, the app's one file store, and the queue itself. */
export interface JobContext {
  db: Db;
  config: Config;
  log: FastifyBaseLogger;
  files: FileStore;
  jobs: JobQueue;
}

export interface JobDefinition<T extends object = object> {
  /** The queue's name, `module.what` (`reports.snapshots`). */
  name: string;
  /** Runs one job. Idempotent: running it twice leaves what running it once does. */
  run(data: T, ctx: JobContext): Promise<void>;
  /** Sent on this cron schedule (in this IANA time zone): once per tick across every instance. */
  schedule?: { cron: string; timeZone: string; data: T };
  /** Sent when the queue starts (to catch up on what a downtime missed). */
  onStart?: T;
  /** Failed runs are retried this many times, after 1, 2, 4… minutes (default 3). */
  retryLimit?: number;
  /** A run still going after this long is failed, then retried (default 30 minutes). */
  expireInSeconds?: number;
}

export interface JobQueue {
  /** Whether jobs are queued and run by this instance (JOBS_ENABLED). */
  readonly enabled: boolean;
  /**
   * Queues a job. A queue holds at most one waiting and one running job of a definition (pg-boss
   * policy `stately`): sending one while another waits is a no-op (null), and a job never runs
   * twice at once across instances. Null too when the queue is disabled.
   */
  send<T extends object>(name: string, data: T): Promise<string | null>;
  /** Stops taking jobs, lets the running ones finish (up to 10 s), clears every timer. */
  stop(): Promise<void>;
}

/** The queue of an instance that runs no jobs (JOBS_ENABLED=false: tests, one-off scripts). */
export function disabledJobQueue(): JobQueue {
  return {
    enabled: false,
    send: async () => null,
    stop: async () => undefined,
  };
}

/** pg-boss keeps its tables in a schema of its own, beside the app's, in the same database. */
const SCHEMA = 'pgboss';

/**
 * Installs or upgrades pg-boss's tables (under its own advisory lock), creates each job's queue,
 * starts one worker per job and registers the schedules.
 */
export async function startJobQueue(
  deps: { database: Database; config: Config; log: FastifyBaseLogger; files: FileStore },
  definitions: readonly JobDefinition[],
): Promise<JobQueue> {
  const { database, config, log, files } = deps;
  const boss = new PgBoss({
    db: { executeSql: (text: string, values: unknown[]) => database.executeSql(text, values) },
    schema: SCHEMA,
    migrate: true,
    supervise: true,
    schedule: true,
  });
  // An unheard 'error' event would end the process: the queue's own failures (a lost connection
  // while polling) are logged, and pg-boss tries again on its next round.
  boss.on('error', (err) => log.error({ err }, 'job queue error'));
  await boss.start();

  const byName = new Map(definitions.map((d) => [d.name, d]));
  const queue: JobQueue = {
    enabled: true,
    send: async (name, data) => {
      if (!byName.has(name)) throw new Error(`Unknown job ${name}`);
      // One key per job: with the stately policy, one waiting and one running job at most.
      return boss.send(name, data, { singletonKey: name });
    },
    stop: async () => {
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    },
  };
  const ctx: JobContext = { db: database.db, config, log, files, jobs: queue };

  try {
    for (const def of definitions) {
      const options: PgBoss.Queue = {
        name: def.name,
        policy: 'stately',
        retryLimit: def.retryLimit ?? 3,
        retryDelay: 60,
        retryBackoff: true,
        expireInSeconds: def.expireInSeconds ?? 30 * 60,
      };
      await boss.createQueue(def.name, options);
      // A queue made by an earlier version keeps its row: bring its options up to date.
      await boss.updateQueue(def.name, options);
      await boss.work<object>(def.name, { batchSize: 1 }, async (jobs) => {
        for (const job of jobs) {
          const started = performance.now();
          try {
            await def.run(job.data ?? {}, ctx);
            log.info({ job: def.name, id: job.id, ms: Math.round(performance.now() - started) }, 'job done');
          } catch (err) {
            log.error({ err, job: def.name, id: job.id }, 'job failed');
            throw err;
          }
        }
      });
      if (def.schedule) {
        await boss.schedule(def.name, def.schedule.cron, def.schedule.data, {
          tz: def.schedule.timeZone,
          singletonKey: def.name,
        });
      } else {
        await boss.unschedule(def.name);
      }
      if (def.onStart) await queue.send(def.name, def.onStart);
    }
  } catch (err) {
    await boss.stop({ graceful: false, wait: true }).catch(() => undefined);
    throw err;
  }
  return queue;
}
