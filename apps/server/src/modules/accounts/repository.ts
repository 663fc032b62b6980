import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { accountTokens, clients, employees, startupUsers } from '../../db/schema/index.ts';

export type AccountKind = 'employee' | 'client' | 'startup';
export type LinkPurpose = 'password_reset' | 'invitation';

const TABLES = { employee: employees, client: clients, startup: startupUsers } as const;

/** Stores a link's hash, valid for `ttlSeconds` by the database's clock; returns its expiry. */
export async function insertToken(
  db: DbOrTx,
  values: { purpose: LinkPurpose; kind: AccountKind; accountId: number; hash: string; ttlSeconds: number },
): Promise<Date> {
  const [row] = await db
    .insert(accountTokens)
    .values({
      purpose: values.purpose,
      account_kind: values.kind,
      account_id: values.accountId,
      token_hash: values.hash,
      expires_at: sql`now() + make_interval(secs => ${values.ttlSeconds})`,
    })
    .returning({ expires_at: accountTokens.expires_at });
  if (!row) throw new Error('insert returned no row');
  return row.expires_at;
}

/** Ends every open link of an account (of one purpose, or all): a newer link or a new password replaces them. */
export async function invalidateOpenTokens(
  db: DbOrTx,
  kind: AccountKind,
  accountId: number,
  purpose?: LinkPurpose,
): Promise<void> {
  await db
    .update(accountTokens)
    .set({ used_at: sql`now()` })
    .where(
      and(
        eq(accountTokens.account_kind, kind),
        eq(accountTokens.account_id, accountId),
        isNull(accountTokens.used_at),
        purpose ? eq(accountTokens.purpose, purpose) : undefined,
      ),
    );
}

/** A purpose a link may be spent for, optionally only for some kinds of account. */
export interface LinkUse {
  purpose: LinkPurpose;
  kinds?: readonly AccountKind[];
}

const usable = (uses: readonly LinkUse[]) =>
  or(
    ...uses.map((u) =>
      and(
        eq(accountTokens.purpose, u.purpose),
        u.kinds ? inArray(accountTokens.account_kind, [...u.kinds]) : undefined,
      ),
    ),
  );

/**
 * Spends a link: one conditional update, so of concurrent uses of one token exactly one gets the
 * row back. Null when the token is unknown, already used, expired or of another use.
 */
export async function consumeToken(db: DbOrTx, hash: string, uses: readonly LinkUse[]) {
  const [row] = await db
    .update(accountTokens)
    .set({ used_at: sql`now()` })
    .where(
      and(
        eq(accountTokens.token_hash, hash),
        usable(uses),
        isNull(accountTokens.used_at),
        sql`${accountTokens.expires_at} > now()`,
      ),
    )
    .returning({ kind: accountTokens.account_kind, accountId: accountTokens.account_id });
  return row ?? null;
}

/** An unspent, unexpired link, without spending it (to greet the invited person before they choose a password). */
export async function findOpenToken(db: DbOrTx, hash: string, uses: readonly LinkUse[]) {
  const [row] = await db
    .select({
      kind: accountTokens.account_kind,
      accountId: accountTokens.account_id,
      expiresAt: accountTokens.expires_at,
    })
    .from(accountTokens)
    .where(
      and(
        eq(accountTokens.token_hash, hash),
        usable(uses),
        isNull(accountTokens.used_at),
        sql`${accountTokens.expires_at} > now()`,
      ),
    )
    .limit(1);
  return row ?? null;
}

/** Unaccepted invitations of these employees: the newest open one each, and whether it is still valid. */
export async function openInvitations(
  db: DbOrTx,
  employeeIds: number[],
): Promise<Map<number, { expiresAt: Date; valid: boolean }>> {
  if (employeeIds.length === 0) return new Map();
  const rows = await db
    .select({
      id: accountTokens.account_id,
      expiresAt: sql<Date>`max(${accountTokens.expires_at})`.mapWith(accountTokens.expires_at),
      valid: sql<boolean>`bool_or(${accountTokens.expires_at} > now())`,
    })
    .from(accountTokens)
    .where(
      and(
        eq(accountTokens.purpose, 'invitation'),
        eq(accountTokens.account_kind, 'employee'),
        inArray(accountTokens.account_id, employeeIds),
        isNull(accountTokens.used_at),
      ),
    )
    .groupBy(accountTokens.account_id);
  return new Map(rows.map((r) => [r.id, { expiresAt: r.expiresAt, valid: Boolean(r.valid) }]));
}

/**
 * Sets an account's password and bumps its token version, so every session it had ends (the
 * accounts trigger of migration 0006 tells the other instances of staff and investor changes).
 * A client's password is theirs once set (`must_change_password` cleared); a deleted client gets none.
 */
export async function setPassword(db: DbOrTx, kind: AccountKind, id: number, passwordHash: string) {
  if (kind === 'client') {
    const [row] = await db
      .update(clients)
      .set({
        password_hash: passwordHash,
        must_change_password: false,
        token_version: sql`${clients.token_version} + 1`,
        updated_at: new Date(),
      })
      .where(and(eq(clients.id, id), eq(clients.is_deleted, false)))
      .returning({ id: clients.id, status: clients.status, tokenVersion: clients.token_version });
    return row ?? null;
  }
  const table = TABLES[kind];
  const [row] = await db
    .update(table)
    .set({
      password_hash: passwordHash,
      token_version: sql`${table.token_version} + 1`,
      updated_at: new Date(),
    })
    .where(eq(table.id, id))
    .returning({ id: table.id, status: table.status, tokenVersion: table.token_version });
  return row ?? null;
}
