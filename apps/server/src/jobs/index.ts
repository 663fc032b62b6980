import type { Config } from '../config.ts';
import { batchJob } from '../modules/legalDocs/batch.ts';
import { snapshotJob } from '../modules/reports/snapshots.ts';
import type { JobDefinition } from './queue.ts';

/** Every job of the app, as app.ts lists every module's routes: a module defines its jobs, they are listed here. */
export function jobDefinitions(config: Config): JobDefinition[] {
  return [snapshotJob(config) as JobDefinition, batchJob];
}
