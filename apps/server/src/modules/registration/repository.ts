import { and, count, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { cases, clients, employees, startupUsers } from '../../db/schema/index.ts';

/** Whether any account (staff, investor or startup) signs in with this address. */
export async function accountExists(db: DbOrTx, email: string): Promise<boolean> {
  const result = await db.execute(sql`select
      exists(select 1 from ${employees} where lower(${employees.email}) = ${email})
      or exists(select 1 from ${clients} where lower(${clients.email}) = ${email})
      or exists(select 1 from ${startupUsers} where lower(${startupUsers.email}) = ${email}) as found`);
  return (result as unknown as { rows: Array<{ found: boolean }> }).rows[0]?.found === true;
}

export async function insertDraftCase(db: DbOrTx, values: typeof cases.$inferInsert) {
  const [row] = await db.insert(cases).values(values).returning({ id: cases.id });
  return row!;
}

export async function insertStartupUser(db: DbOrTx, values: typeof startupUsers.$inferInsert) {
  const [row] = await db.insert(startupUsers).values(values).returning({ id: startupUsers.id });
  return row!;
}

export async function insertClient(db: DbOrTx, values: typeof clients.$inferInsert) {
  const [row] = await db.insert(clients).values(values).returning({ id: clients.id });
  return row!;
}

export async function lockClient(db: DbOrTx, id: number) {
  const [row] = await db
    .select({
      id: clients.id,
      application_status: clients.application_status,
      is_deleted: clients.is_deleted,
    })
    .from(clients)
    .where(eq(clients.id, id))
    .for('update');
  return row ?? null;
}

export async function approveClient(db: DbOrTx, id: number) {
  await db
    .update(clients)
    .set({ application_status: 'approved', updated_at: sql`now()` })
    .where(eq(clients.id, id));
}

export async function pendingCases(db: DbOrTx): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(cases)
    .where(
      and(eq(cases.application_status, 'pending'), eq(cases.status, 'draft'), eq(cases.is_deleted, false)),
    );
  return row?.n ?? 0;
}

export async function pendingClients(db: DbOrTx): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(clients)
    .where(and(eq(clients.application_status, 'pending'), eq(clients.is_deleted, false)));
  return row?.n ?? 0;
}

/** Locks a case for taking its application on: two staff clicking at once queue, one wins. */
export async function lockCaseApplication(tx: DbOrTx, id: number) {
  const [row] = await tx
    .select({
      id: cases.id,
      status: cases.status,
      ao_id: cases.ao_id,
      application_status: cases.application_status,
      is_deleted: cases.is_deleted,
    })
    .from(cases)
    .where(eq(cases.id, id))
    .for('update')
    .limit(1);
  return row ?? null;
}

export async function takeOnCase(tx: DbOrTx, id: number, aoId: number) {
  await tx
    .update(cases)
    .set({ ao_id: aoId, application_status: 'approved', updated_at: sql`now()` })
    .where(eq(cases.id, id));
}

/** The sign-in emails of a case's startup users (who are told their application has a contact). */
export async function startupEmailsOfCase(db: DbOrTx, caseId: number): Promise<string[]> {
  const rows = await db
    .select({ email: startupUsers.email })
    .from(startupUsers)
    .where(eq(startupUsers.case_id, caseId));
  return rows.map((r) => r.email);
}
