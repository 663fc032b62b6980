import {
  LIST_DEFAULTS,
  type ClientNotificationCreateBody,
  type ClientNotificationListQuery,
} from '@dealflow/domain';
import type { ServiceContext } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { readOfClientOrSelf, writeOnClient } from '../clients/access.ts';
import { recordClientActivity } from '../clients/history.ts';
import { createdChanges, paging } from '../items/service.ts';
import * as repo from './repository.ts';

/**
 * Notifications of a client (issue 9): staff send one and read the list on the client's page;
 * the client reads them (and marks them read) in the investor area.
 */

/** Paged like the other activity lists: page 1, size 10 unless asked (or all=1). */
export async function listNotifications(
  ctx: ServiceContext,
  clientId: number,
  q: ClientNotificationListQuery,
) {
  return readOfClientOrSelf(ctx, clientId, () =>
    repo.listNotifications(
      ctx.db,
      clientId,
      q.unread ?? false,
      paging(q, { size: LIST_DEFAULTS.activity.size, allByDefault: false }),
    ),
  );
}

export async function sendNotification(
  ctx: ServiceContext,
  clientId: number,
  input: ClientNotificationCreateBody,
) {
  return writeOnClient(ctx, clientId, async (tx, _client, actor) => {
    const values = { title: input.title, body: input.body || null, link: input.link || null };
    const id = await repo.insertNotification(tx, { ...values, client_id: clientId, created_by: actor.id });
    await recordClientActivity(tx, ctx, clientId, 'notification.create', createdChanges(id, values));
    const view = await repo.findNotification(tx, id);
    if (!view) throw new Error(`notification ${id} was not written`);
    return view;
  });
}

/** The investor themself, acting on their own notifications (staff do not mark them read). */
function ownClient(ctx: ServiceContext, clientId: number) {
  if (ctx.actor?.kind !== 'client' || ctx.actor.id !== clientId) throw new AppError('FORBIDDEN');
}

/** Marks one of the investor's notifications read (or unread again); another's is not found. */
export async function markNotificationRead(
  ctx: ServiceContext,
  clientId: number,
  notificationId: number,
  read: boolean,
) {
  ownClient(ctx, clientId);
  if (!(await repo.findNotificationOf(ctx.db, clientId, notificationId))) {
    throw new AppError('NOTIFICATION_NOT_FOUND');
  }
  await repo.markRead(ctx.db, clientId, notificationId, read);
  const view = await repo.findNotificationOf(ctx.db, clientId, notificationId);
  if (!view) throw new AppError('NOTIFICATION_NOT_FOUND');
  return view;
}

export async function markAllNotificationsRead(ctx: ServiceContext, clientId: number) {
  ownClient(ctx, clientId);
  return repo.markAllRead(ctx.db, clientId);
}
