import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { bearer, expectErrorShape, type TestApp } from './helpers.ts';
import { buildClient, buildStartupUser, signIn, staffSession } from './factories.ts';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
export interface Member {
  id: number;
  token: string;
}

/** Everyone a case route must answer: each staff role, a second ao, an investor and a startup. */
export interface Cast {
  admin: Member;
  ao: Member;
  otherAo: Member;
  ir: Member;
  sa: Member;
  investor: string;
  startup: string;
}

export async function buildCast(t: TestApp): Promise<Cast> {
  const db = t.database.db;
  const member = async (role: 'admin' | 'ao' | 'ir' | 'sa') => {
    const s = await staffSession(t.app, db, role, {
      name: `${role} ${Math.random().toString(36).slice(2, 7)}`,
    });
    return { id: s.employee.id, token: s.token };
  };
  return {
    admin: await member('admin'),
    ao: await member('ao'),
    otherAo: await member('ao'),
    ir: await member('ir'),
    sa: await member('sa'),
    investor: await signIn(t.app, 'investor', (await buildClient(db)).email),
    startup: await signIn(t.app, 'local', (await buildStartupUser(db)).email),
  };
}

export function caller(t: TestApp) {
  return (method: Method, url: string, token?: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: token ? bearer(token) : {},
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
}

/** `{ data }` of a 200 answer, or a readable failure. */
export function dataOf<T = Record<string, unknown>>(res: LightMyRequestResponse): T {
  if (res.statusCode !== 200) throw new Error(`expected 200, got ${res.statusCode}: ${res.body}`);
  return (res.json() as { data: T }).data;
}

export interface ListBody<T = Record<string, unknown>> {
  result: T[];
  count: number;
}

/** The failing fields of a 400 answer. */
export function failingFields(res: LightMyRequestResponse): string[] {
  const err = expectErrorShape(res, 400, 'VALIDATION_FAILED') as { details?: Array<{ field: string }> };
  expect(Array.isArray(err.details)).toBe(true);
  return (err.details ?? []).map((d) => d.field);
}

/** Anonymous 401; investor and startup 403 WRONG_STRATEGY, before any body is read. */
export async function expectStrangersRefused(
  t: TestApp,
  cast: Cast,
  routes: ReadonlyArray<readonly [Method, string]>,
) {
  const call = caller(t);
  for (const [method, url] of routes) {
    const body = method === 'GET' || method === 'DELETE' ? undefined : {};
    expectErrorShape(await call(method, url, undefined, body), 401);
    expectErrorShape(await call(method, url, cast.investor, body), 403, 'WRONG_STRATEGY');
    expectErrorShape(await call(method, url, cast.startup, body), 403, 'WRONG_STRATEGY');
  }
}

/**
 * Routes an investor also reads for themself (`clients/{id}/…`): anonymous 401, an investor who is
 * not this client 403 FORBIDDEN, a startup 403 WRONG_STRATEGY, before any body is read.
 */
export async function expectOtherInvestorsRefused(
  t: TestApp,
  cast: Cast,
  routes: ReadonlyArray<readonly [Method, string]>,
) {
  const call = caller(t);
  for (const [method, url] of routes) {
    const body = method === 'GET' || method === 'DELETE' ? undefined : {};
    expectErrorShape(await call(method, url, undefined, body), 401);
    expectErrorShape(await call(method, url, cast.investor, body), 403, 'FORBIDDEN');
    expectErrorShape(await call(method, url, cast.startup, body), 403, 'WRONG_STRATEGY');
  }
}

/** ir and sa are refused (403 FORBIDDEN) on routes of case work. */
export async function expectIrAndSaRefused(
  t: TestApp,
  cast: Cast,
  routes: ReadonlyArray<readonly [Method, string]>,
) {
  const call = caller(t);
  for (const [method, url] of routes) {
    const body = method === 'GET' || method === 'DELETE' ? undefined : {};
    for (const member of [cast.ir, cast.sa]) {
      expectErrorShape(await call(method, url, member.token, body), 403, 'FORBIDDEN');
    }
  }
}

/** History entries of a case, newest first. */
export async function caseLog(t: TestApp, token: string, caseId: number) {
  const res = await caller(t)('GET', `/api/internal/v1/cases/${caseId}/log?size=200`, token);
  return dataOf<
    ListBody<{
      action: string;
      actor: { type: string; id: number | null };
      changes: Record<string, { from: unknown; to: unknown }>;
    }>
  >(res).result;
}
