import { and, count, eq, gte, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  authFailures,
  cases,
  clients,
  employees,
  revokedTokens,
  startupUsers,
} from '../../db/schema/index.ts';

export async function findEmployeeByEmail(db: DbOrTx, email: string) {
  const [row] = await db.select().from(employees).where(eq(employees.email, email)).limit(1);
  return row ?? null;
}

export async function findEmployeeById(db: DbOrTx, id: number) {
  const [row] = await db.select().from(employees).where(eq(employees.id, id)).limit(1);
  return row ?? null;
}

export async function findClientByEmail(db: DbOrTx, email: string) {
  const [row] = await db
    .select()
    .from(clients)
    .where(and(eq(clients.email, email), eq(clients.is_deleted, false)))
    .limit(1);
  return row ?? null;
}

export async function findClientById(db: DbOrTx, id: number) {
  const [row] = await db
    .select()
    .from(clients)
    .where(and(eq(clients.id, id), eq(clients.is_deleted, false)))
    .limit(1);
  return row ?? null;
}

export async function findStartupUserByEmail(db: DbOrTx, email: string) {
  const [row] = await db.select().from(startupUsers).where(eq(startupUsers.email, email)).limit(1);
  return row ?? null;
}

export async function findStartupUserById(db: DbOrTx, id: number) {
  const [row] = await db.select().from(startupUsers).where(eq(startupUsers.id, id)).limit(1);
  return row ?? null;
}

export async function findCaseName(db: DbOrTx, caseId: number) {
  const [row] = await db.select({ name: cases.name }).from(cases).where(eq(cases.id, caseId)).limit(1);
  return row?.name ?? null;
}

type Account = 'employee' | 'client' | 'startup';
const TABLES = { employee: employees, client: clients, startup: startupUsers } as const;

export async function touchLastLogin(db: DbOrTx, account: Account, id: number) {
  const table = TABLES[account];
  await db.update(table).set({ last_login_at: new Date() }).where(eq(table.id, id));
}

export async function recordFailures(db: DbOrTx, keys: string[]) {
  if (keys.length === 0) return;
  await db.insert(authFailures).values(keys.map((key) => ({ key })));
}

export async function countFailuresSince(db: DbOrTx, key: string, since: Date) {
  const [row] = await db
    .select({ n: count(), oldest: sql<string | null>`min(${authFailures.at})` })
    .from(authFailures)
    .where(and(eq(authFailures.key, key), gte(authFailures.at, since)));
  return { count: Number(row?.n ?? 0), oldest: row?.oldest ? new Date(row.oldest) : null };
}

export async function clearFailures(db: DbOrTx, key: string) {
  await db.delete(authFailures).where(eq(authFailures.key, key));
}

export async function pruneFailures(db: DbOrTx, before: Date) {
  await db.delete(authFailures).where(lt(authFailures.at, before));
}

/** Marks a token id as spent; false when it already was (a replayed single-use token). */
export async function revokeJti(db: DbOrTx, jti: string, expiresAt: Date): Promise<boolean> {
  const rows = await db
    .insert(revokedTokens)
    .values({ jti, expires_at: expiresAt })
    .onConflictDoNothing()
    .returning({ jti: revokedTokens.jti });
  return rows.length === 1;
}

export async function isJtiRevoked(db: DbOrTx, jti: string): Promise<boolean> {
  const [row] = await db
    .select({ jti: revokedTokens.jti })
    .from(revokedTokens)
    .where(eq(revokedTokens.jti, jti))
    .limit(1);
  return Boolean(row);
}

export async function pruneRevoked(db: DbOrTx, now: Date) {
  await db.delete(revokedTokens).where(lt(revokedTokens.expires_at, now));
}
