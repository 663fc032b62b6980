import { and, count, eq, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgInsertValue, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { type PageableQuery, type Paging, preparedList } from '../../db/paging.ts';
import { clients, employees } from '../../db/schema/index.ts';

/** An active employee (one who can be given work), or null. */
export async function findActiveEmployee(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ id: employees.id, name: employees.name, role: employees.role })
    .from(employees)
    .where(and(eq(employees.id, id), eq(employees.status, 'active')))
    .limit(1);
  return row ?? null;
}

/** A client that can take a role on a case: it exists and is not deleted. */
export async function findLiveClient(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ id: clients.id, name: clients.name })
    .from(clients)
    .where(and(eq(clients.id, id), eq(clients.is_deleted, false)))
    .limit(1);
  return row ?? null;
}

type ItemTable = PgTable & { id: PgColumn; updated_at: PgColumn };

/**
 * The reads and row writes every kind of item makes, over its table: an item is always addressed
 * with its parent (`owner` column), so an id of another parent's item reads and touches nothing.
 */
export function ownedRows<T extends ItemTable>(table: T, owner: PgColumn) {
  const mine = (parentId: number, id: number) => and(eq(owner, parentId), eq(table.id, id));
  return {
    /** The condition naming one item of one parent. */
    mine,
    /**
     * A parent's items as prepared statements (every row, or a page with the count): `rows`
     * orders the select it is given the parent's condition for.
     */
    lister<R>(name: string, rows: (db: DbOrTx, where: SQL | undefined) => PageableQuery<R>) {
      const list = preparedList(name, {
        where: () => eq(owner, sql.placeholder('parentId')),
        rows,
        count: (db, where) =>
          db
            .select({ n: count() })
            .from(table as PgTable)
            .where(where),
      });
      return (db: DbOrTx, parentId: number, paging: Paging) => list(db, paging, { parentId });
    },
    /** One item of one parent from the given select (with its joins), or null. */
    finder<R>(select: (db: DbOrTx) => { where(c: SQL | undefined): { limit(n: number): PromiseLike<R[]> } }) {
      return async (db: DbOrTx, parentId: number, id: number): Promise<R | null> => {
        const [row] = await select(db).where(mine(parentId, id)).limit(1);
        return row ?? null;
      };
    },
    async insert(db: DbOrTx, values: T['$inferInsert']): Promise<T['$inferSelect']> {
      const [row] = await db
        .insert(table)
        .values(values as PgInsertValue<T>)
        .returning();
      if (!row) throw new Error('insert returned no row');
      return row as T['$inferSelect'];
    },
    async update(db: DbOrTx, parentId: number, id: number, values: Partial<T['$inferInsert']>) {
      await db
        .update(table)
        .set({ ...values, updated_at: new Date() } as PgUpdateSetSource<T>)
        .where(mine(parentId, id));
    },
    async remove(db: DbOrTx, parentId: number, id: number) {
      await db.delete(table).where(mine(parentId, id));
    },
  };
}
