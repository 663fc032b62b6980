import { LIST_DEFAULTS, type ClientNotificationCreateBody, type PageQuery } from '@dealflow/domain';
import type { z } from 'zod';
import type { ServiceContext } from '../../lib/context.ts';
import { readOfClient, writeOnClient } from '../clients/access.ts';
import { recordClientActivity } from '../clients/history.ts';
import { createdChanges, paging } from '../items/service.ts';
import * as repo from './repository.ts';

/**
 * Notifications of a client (issue 9): staff send one and read the list on the client's page;
 * the client reads them (and marks them read) in the investor area.
 */

/** Paged like the other activity lists: page 1, size 10 unless asked (or all=1). */
export async function listNotifications(ctx: ServiceContext, clientId: number, q: z.infer<typeof PageQuery>) {
  return readOfClient(ctx, clientId, () =>
    repo.listNotifications(
      ctx.db,
      clientId,
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
