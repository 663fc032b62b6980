import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { clients } from '../../db/schema/index.ts';

/** Sets or clears when the client closed the tour (`updated_at` stays: it is not a change of the client record). */
export async function setTutorialSeen(db: DbOrTx, clientId: number, seen: boolean): Promise<Date | null> {
  const [row] = await db
    .update(clients)
    .set({ tutorial_seen_at: seen ? sql`coalesce(${clients.tutorial_seen_at}, now())` : null })
    .where(eq(clients.id, clientId))
    .returning({ at: clients.tutorial_seen_at });
  return row?.at ?? null;
}
