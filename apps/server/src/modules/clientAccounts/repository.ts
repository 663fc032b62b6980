import { and, asc, desc, eq, ne } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { clientAccounts, employees } from '../../db/schema/index.ts';
import { ownedRows } from '../items/repository.ts';

export type AccountRow = typeof clientAccounts.$inferSelect;
export type AccountInsert = typeof clientAccounts.$inferInsert;
export type AccountView = { account: AccountRow; author_name: string | null };

export const accountRows = ownedRows(clientAccounts, clientAccounts.client_id);

function select(db: DbOrTx) {
  return db
    .select({ account: clientAccounts, author_name: employees.name })
    .from(clientAccounts)
    .leftJoin(employees, eq(employees.id, clientAccounts.created_by));
}

/** The default account first, then in the order they were added. */
export const listAccounts = accountRows.lister('clientAccounts.list', (db, where) =>
  select(db).where(where).orderBy(desc(clientAccounts.is_default), asc(clientAccounts.id)),
);

/** An account of this client only. */
export const findAccount = accountRows.finder<AccountView>(select);

/** Clears the client's default account (but `keepId`); returns the id it was, if any. */
export async function clearDefault(tx: Tx, clientId: number, keepId: number | null): Promise<number | null> {
  const rows = await tx
    .update(clientAccounts)
    .set({ is_default: false, updated_at: new Date() })
    .where(
      and(
        eq(clientAccounts.client_id, clientId),
        eq(clientAccounts.is_default, true),
        keepId === null ? undefined : ne(clientAccounts.id, keepId),
      ),
    )
    .returning({ id: clientAccounts.id });
  return rows[0]?.id ?? null;
}
