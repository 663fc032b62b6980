import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ClientAccount,
  ClientAccountCreateBody,
  ClientAccountParams,
  ClientAccountUpdateBody,
  dataOf,
} from '@dealflow/domain';
import { requireStaff, serviceContext } from '../../plugins/auth.ts';
import { clientRouteParent } from '../clients/itemParent.ts';
import { defineItemRoutes, itemErrors } from '../items/routes.ts';
import { presentAccount } from './presenter.ts';
import { accounts, revealAccount } from './service.ts';

const accountItemRoutes = defineItemRoutes(clientRouteParent, {
  tag: 'clients',
  path: 'accounts',
  names: { one: 'Account', many: 'Accounts' },
  summaries: {
    list: 'Accounts of a client, the default first; tax_id and bank_account masked but their last 4 characters',
    create: 'Add an account to a client (is_default clears the other default)',
    update: 'Edit an account of a client (is_default clears the other default)',
  },
  contracts: {
    item: ClientAccount,
    params: ClientAccountParams,
    create: ClientAccountCreateBody,
    update: ClientAccountUpdateBody,
  },
  service: accounts,
  present: (view) => presentAccount(view),
});

/** `v1/clients/{id}/accounts` (SPEC section 7) and the full read of one account. */
export const clientAccountRoutes: FastifyPluginAsyncZod = async (app, options) => {
  await accountItemRoutes(app, options);

  app.get(
    `${clientRouteParent.base}/:id/accounts/:accountId/full`,
    {
      onRequest: requireStaff('clients.read'),
      schema: {
        tags: ['clients'],
        operationId: 'getClientAccountFull',
        summary:
          "One account with its whole tax_id and bank_account: admin and the client's owner only; each read is recorded in the client's history",
        params: ClientAccountParams,
        response: { 200: dataOf(ClientAccount), ...itemErrors },
      },
    },
    async (request) => {
      const { id, accountId } = request.params;
      const view = await revealAccount(serviceContext(request), id, accountId);
      return { data: presentAccount(view, { full: true }) };
    },
  );
};
