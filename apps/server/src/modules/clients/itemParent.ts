import type { ItemRouteParent } from '../items/routes.ts';
import type { ItemParent } from '../items/service.ts';
import { type ClientAccessRow, readOfClient, writeOnClient } from './access.ts';
import { recordClientActivity } from './history.ts';

/**
 * Clients as the parent of items (to-dos, contact records, accounts, due-diligence comments): the
 * one client access check decides (a client outside the actor's stages is 403), and whoever may
 * work the client may change any of its items, so there is no separate contribution rule.
 */
export const clientParent: ItemParent<ClientAccessRow, 'client_id'> = {
  record: recordClientActivity,
  owner: 'client_id',
  read: (ctx, clientId, read) => readOfClient(ctx, clientId, read),
  write: (ctx, clientId, work) => writeOnClient(ctx, clientId, work),
};

/** Items of a client live at `/api/internal/v1/clients/:id/<items>`, for admin, ir and sa. */
export const clientRouteParent: ItemRouteParent = {
  base: '/api/internal/v1/clients',
  param: 'id',
  name: 'Client',
  policies: { read: 'clients.read', write: 'clients.write' },
};
