import type { StaffRole } from '@dealflow/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { JobQueue } from '../jobs/queue.ts';
import type { Mailer } from './mailer.ts';
import type { FileStore } from './storage.ts';
import type { Principal } from '../modules/auth/principal.ts';
import type { PrincipalCache } from '../modules/auth/principalCache.ts';
import type { RevokedTokens } from '../modules/auth/revokedTokens.ts';
import type { ReportCache } from '../modules/reports/cache.ts';
import { AppError } from './errors.ts';

/** What a service needs: the database, the configuration, a logger, who is acting, the account cache, revoked tokens, the mailer, the file store and the job queue. */
export interface ServiceContext {
  db: Db;
  config: Config;
  log: FastifyBaseLogger;
  actor: Principal | null;
  ip: string;
  /** Accounts read for authentication; a service that changes an account drops it here. */
  principals: PrincipalCache;
  /** Revoked token ids of unexpired tokens; a service that revokes one adds it here. */
  revocations: RevokedTokens;
  /** The one mailer (SMTP, or files in DATA_DIR/outbox). */
  mailer: Mailer;
  /** The one file store (uploaded documents). */
  files: FileStore;
  /** Report answers kept until what they count changes (modules/reports/cache.ts). */
  reportAnswers: ReportCache;
  /** The one job queue (jobs/queue.ts): a service queues slow or later work here. */
  jobs: JobQueue;
  /** The app's clock (`buildApp({ clock })`); absent, the system clock. */
  clock?: () => Date;
}

/** Now, by the app's clock: tests of time limits move it instead of sleeping. */
export function nowOf(ctx: Pick<ServiceContext, 'clock'>): Date {
  return ctx.clock ? ctx.clock() : new Date();
}

/**
 * What work done for a staff member outside a request needs (a job acting for whoever queued it):
 * the database, the configuration, a logger, the actor and the file store.
 */
export type WorkContext = Pick<ServiceContext, 'db' | 'config' | 'log' | 'actor' | 'files'>;

export type StaffActor = { id: number; role: StaffRole };

/** The acting staff member of a staff-only service; routes already refused everyone else. */
export function staffActor(ctx: Pick<ServiceContext, 'actor'>): StaffActor {
  const a = ctx.actor;
  if (a?.kind !== 'employee') throw new AppError('FORBIDDEN');
  return { id: a.id, role: a.role };
}
