import { and, eq, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  cases,
  clients,
  employees,
  knownSignInAddresses,
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

/**
 * The client of a sign-in email, deleted ones too: the address stays theirs, and the right
 * password is told the account is closed (ACCOUNT_DEACTIVATED) rather than that it is wrong.
 */
export async function findClientByEmail(db: DbOrTx, email: string) {
  const [row] = await db.select().from(clients).where(eq(clients.email, email)).limit(1);
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

/** Whether the account signed in successfully from this address within the last `days`. */
export async function isKnownAddress(db: DbOrTx, account: string, address: string, days: number) {
  const [row] = await db
    .select({ account: knownSignInAddresses.account })
    .from(knownSignInAddresses)
    .where(
      and(
        eq(knownSignInAddresses.account, account),
        eq(knownSignInAddresses.address, address),
        sql`${knownSignInAddresses.last_success_at} > now() - make_interval(days => ${days})`,
      ),
    )
    .limit(1);
  return Boolean(row);
}

export async function rememberAddress(db: DbOrTx, account: string, address: string) {
  await db
    .insert(knownSignInAddresses)
    .values({ account, address })
    .onConflictDoUpdate({
      target: [knownSignInAddresses.account, knownSignInAddresses.address],
      set: { last_success_at: sql`now()` },
    });
}

export async function pruneKnownAddresses(db: DbOrTx, days: number) {
  await db
    .delete(knownSignInAddresses)
    .where(sql`${knownSignInAddresses.last_success_at} <= now() - make_interval(days => ${days})`);
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

/** Revoked ids of tokens that have not expired yet: what every instance keeps in memory. */
export async function listRevokedUnexpired(db: DbOrTx): Promise<Array<{ jti: string; expires_at: Date }>> {
  return db
    .select({ jti: revokedTokens.jti, expires_at: revokedTokens.expires_at })
    .from(revokedTokens)
    .where(sql`${revokedTokens.expires_at} > now()`);
}
