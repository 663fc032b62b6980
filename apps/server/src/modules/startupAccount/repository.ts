import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { startupUsers } from '../../db/schema/index.ts';

/**
 * Sets a startup user's sign-in email and bumps its token version, so every session it had ends
 * (startups are read on each request). The unique index `startup_users_email_key` decides a race.
 */
export async function setEmail(db: DbOrTx, id: number, email: string) {
  const [row] = await db
    .update(startupUsers)
    .set({ email, token_version: sql`${startupUsers.token_version} + 1`, updated_at: new Date() })
    .where(eq(startupUsers.id, id))
    .returning({ id: startupUsers.id, tokenVersion: startupUsers.token_version });
  return row ?? null;
}

/** The row locked for the change, with the email it has now. */
export async function lockUser(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ id: startupUsers.id, email: startupUsers.email, caseId: startupUsers.case_id })
    .from(startupUsers)
    .where(eq(startupUsers.id, id))
    .for('update');
  return row ?? null;
}
