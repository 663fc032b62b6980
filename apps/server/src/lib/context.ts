import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { Principal } from '../modules/auth/principal.ts';

/** What a service needs: the database, the configuration, a logger and who is acting. */
export interface ServiceContext {
  db: Db;
  config: Config;
  log: FastifyBaseLogger;
  actor: Principal | null;
  ip: string;
}
