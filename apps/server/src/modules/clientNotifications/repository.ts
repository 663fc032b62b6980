import { and, count, desc, eq, isNull } from 'drizzle-orm';
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

/** A client's notifications (or the unread ones), newest first. */
export async function listNotifications(db: DbOrTx, clientId: number, unread: boolean, paging: Paging) {
  const where = and(
    eq(clientNotifications.client_id, clientId),
    unread ? isNull(clientNotifications.read_at) : undefined,
  );
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

/** One notification of this client only: an id of another client's is not found. */
export async function findNotificationOf(db: DbOrTx, clientId: number, id: number) {
  const [row] = await select(db)
    .where(and(eq(clientNotifications.id, id), eq(clientNotifications.client_id, clientId)))
    .limit(1);
  return row ?? null;
}

/** Sets `read_at` (now, or null for unread); one already read keeps the time it was first read. */
export async function markRead(db: DbOrTx, clientId: number, id: number, read: boolean) {
  await db
    .update(clientNotifications)
    .set({ read_at: read ? new Date() : null })
    .where(
      and(
        eq(clientNotifications.id, id),
        eq(clientNotifications.client_id, clientId),
        read ? isNull(clientNotifications.read_at) : undefined,
      ),
    );
}

/** Marks every unread notification of the client read; how many changed. */
export async function markAllRead(db: DbOrTx, clientId: number) {
  const rows = await db
    .update(clientNotifications)
    .set({ read_at: new Date() })
    .where(and(eq(clientNotifications.client_id, clientId), isNull(clientNotifications.read_at)))
    .returning({ id: clientNotifications.id });
  return rows.length;
}
