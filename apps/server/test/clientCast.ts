import { and, desc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { ContactStage } from '@dealflow/domain';
import { activityLogs, type clients } from '../src/db/schema/index.ts';
import { expectErrorShape, type TestApp } from './helpers.ts';
import { buildClient } from './factories.ts';
import { type Cast, caller, type Method } from './staffCast.ts';

export type ClientRow = typeof clients.$inferSelect;
export interface ClientRequest {
  method: Method;
  url: string;
  body?: unknown;
}

/**
 * Who may call a route on a client's items (SPEC section 6, issue 9): admin any client; sa the
 * clients in p0–p4 and dropped ones, ir those in p5–p6 and dropped ones; a client outside the
 * caller's stages answers 403 CLIENT_STAGE_NOT_ALLOWED with its stage (so the page guard can say
 * why); ao are refused the client book (403 FORBIDDEN).
 */
const ACCESS: ReadonlyArray<
  readonly [role: 'admin' | 'sa' | 'ir' | 'ao', stage: ContactStage, status: number, code?: string]
> = [
  ['admin', 'p2', 200],
  ['admin', 'p5', 200],
  ['sa', 'p2', 200],
  ['sa', 'drop', 200],
  ['sa', 'p5', 403, 'CLIENT_STAGE_NOT_ALLOWED'],
  ['ir', 'p5', 200],
  ['ir', 'drop', 200],
  ['ir', 'p2', 403, 'CLIENT_STAGE_NOT_ALLOWED'],
  ['ao', 'p2', 403, 'FORBIDDEN'],
];

/**
 * A client that exists but is outside the caller's contact stages: 403 CLIENT_STAGE_NOT_ALLOWED,
 * naming the stage (`details.process_status`) for the web's page guard.
 */
export function expectStageRefused(res: LightMyRequestResponse, stage: ContactStage) {
  const error = expectErrorShape(res, 403, 'CLIENT_STAGE_NOT_ALLOWED') as { details?: unknown };
  expect(error.details).toEqual({ process_status: stage });
}

/**
 * Checks the access rule on one route: for each role and stage a fresh client (and whatever
 * `prepare` makes for it: an item to edit, say), then the request `prepare` gives. Anonymous is
 * 401; investor and startup tokens 403.
 */
export async function expectClientAccess(
  t: TestApp,
  cast: Cast,
  prepare: (client: ClientRow) => Promise<ClientRequest>,
) {
  const call = caller(t);
  const db = t.database.db;
  for (const [role, stage, status, code] of ACCESS) {
    const r = await prepare(await buildClient(db, { process_status: stage }));
    const res = await call(r.method, r.url, cast[role].token, r.body);
    if (status === 200) expect(res.statusCode, `${role} on ${stage}: ${r.method} ${res.body}`).toBe(200);
    else if (code === 'CLIENT_STAGE_NOT_ALLOWED') expectStageRefused(res, stage);
    else expectErrorShape(res, status, code);
  }
  const r = await prepare(await buildClient(db, { process_status: 'p2' }));
  expectErrorShape(await call(r.method, r.url, undefined, r.body), 401);
  for (const token of [cast.investor, cast.startup]) {
    expectErrorShape(await call(r.method, r.url, token, r.body), 403, 'WRONG_STRATEGY');
  }
}

export type LogEntry = {
  action: string;
  actor_id: number | null;
  changes: Record<string, { from: unknown; to: unknown }>;
};

/** History entries of a record, newest first (read from the table: the timeline route is another issue's). */
export async function historyOf(t: TestApp, entity: 'client' | 'case', id: number): Promise<LogEntry[]> {
  return t.database.db
    .select({ action: activityLogs.action, actor_id: activityLogs.actor_id, changes: activityLogs.changes })
    .from(activityLogs)
    .where(and(eq(activityLogs.entity_type, entity), eq(activityLogs.entity_id, id)))
    .orderBy(desc(activityLogs.id)) as Promise<LogEntry[]>;
}
