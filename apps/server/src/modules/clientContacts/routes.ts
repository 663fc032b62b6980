import {
  ClientContact,
  ClientContactCreateBody,
  ClientContactParams,
  ClientContactUpdateBody,
} from '@dealflow/domain';
import { clientRouteParent } from '../clients/itemParent.ts';
import { defineItemRoutes } from '../items/routes.ts';
import { presentContact } from './presenter.ts';
import { contacts } from './service.ts';

/** `api/internal/v1/clients/{id}/contact[/{contactId}]` (SPEC section 7). */
export const clientContactRoutes = defineItemRoutes(clientRouteParent, {
  tag: 'clients',
  path: 'contact',
  names: { one: 'Contact', many: 'Contacts' },
  summaries: {
    list: 'Contact records of a client, latest first',
    create: 'Record a contact with a client (employee_id defaults to the one recording it)',
    get: 'One contact record of a client',
    update: 'Edit a contact record of a client',
    remove: 'Delete a contact record of a client',
  },
  contracts: {
    item: ClientContact,
    params: ClientContactParams,
    create: ClientContactCreateBody,
    update: ClientContactUpdateBody,
  },
  service: contacts,
  present: presentContact,
  // SPEC section 8: 'Client ID is required', 'Client or Contact ID is required'.
  missingIds: { parent: 'CLIENT_ID_REQUIRED', item: 'CLIENT_OR_CONTACT_ID_REQUIRED' },
});
