import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { clients, employees } from '../../db/schema/index.ts';

/** An employee who can be given work on a case, or null. */
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
