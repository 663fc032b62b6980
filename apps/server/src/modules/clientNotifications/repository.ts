import { count, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { withCount, type Paging } from '../../db/paging.ts';
import { clientNotifications, employees } from '../../db/schema/index.ts';

export type NotificationRow = typeof clientNotifications.$inferSelect;
export type NotificationView = { notification: NotificationRow; sender_name: string | null };

function select(db: DbOrTx) {
  return db
    .select({ notification: clientNotifications, sender_name: employees.name })
    .from(clientNotifications)
    .leftJoin(employees, eq(employees.id, clientNotifications.created_by));
}

/** A client's notifications, newest first. */
export async function listNotifications(db: DbOrTx, clientId: number, paging: Paging) {
  const where = eq(clientNotifications.client_id, clientId);
  const rows = select(db)
    .where(where)
    .orderBy(desc(clientNotifications.created_at), desc(clientNotifications.id));
  return withCount(
    paging.limit === null ? rows : rows.limit(paging.limit).offset(paging.offset),
    () => db.select({ n: count() }).from(clientNotifications).where(where),
    paging,
  );
}

export async function findNotification(db: DbOrTx, id: number): Promise<NotificationView | null> {
  const [row] = await select(db).where(eq(clientNotifications.id, id)).limit(1);
  return row ?? null;
}

export async function insertNotification(db: DbOrTx, values: typeof clientNotifications.$inferInsert) {
  const [row] = await db.insert(clientNotifications).values(values).returning({ id: clientNotifications.id });
  return row!.id;
}
