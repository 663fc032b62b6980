import { type ClientContactCreateBody, type ClientContactUpdateBody, canBeAssigned } from '@dealflow/domain';
import type { DbOrTx } from '../../db/client.ts';
import { clientParent } from '../clients/itemParent.ts';
import { findActiveEmployee } from '../items/repository.ts';
import { columnsOf, invalidField, itemService } from '../items/service.ts';
import * as repo from './repository.ts';
import type { ContactInsert, ContactRow } from './repository.ts';

/**
 * The colleague who was in contact works clients. Their stage is not checked: a contact an sa
 * made before the hand-over to ir is still recorded under the sa.
 */
async function checkEmployee(db: DbOrTx, id: number) {
  const employee = await findActiveEmployee(db, id);
  if (!employee || !canBeAssigned(employee.role, 'client')) {
    throw invalidField(
      'body.employee_id',
      'No active employee with this id who works with clients',
      'unknown_reference',
    );
  }
}

const toColumns = (input: ClientContactUpdateBody) =>
  columnsOf<ClientContactUpdateBody, ContactInsert>(input, { contact_at: (at) => new Date(at) });

/** Contact records of a client (issue 9): when, how, what was said, and who spoke with the client. */
export const contacts = itemService(clientParent, {
  notFound: 'CONTACT_NOT_FOUND',
  action: 'client.contact',
  list: repo.listContacts,
  find: repo.findContact,
  // insert, update and remove, each addressed with the client.
  ...repo.contactRows,
  row: (view) => view.contact,
  toColumns,
  // The one recording the contact made it, unless they name a colleague.
  toNewRow: (input: ClientContactCreateBody, owner) => ({
    contact_at: new Date(input.contact_at),
    channel: input.channel,
    summary: input.summary,
    employee_id: input.employee_id ?? owner.created_by,
    ...owner,
  }),
  checkCreate: async (tx, input) => {
    if (input.employee_id != null) await checkEmployee(tx, input.employee_id);
  },
  checkUpdate: async (tx, before, input) => {
    if (input.employee_id !== undefined && input.employee_id !== before.contact.employee_id)
      await checkEmployee(tx, input.employee_id);
  },
  audited: (row: ContactRow) => ({
    contact_at: row.contact_at,
    channel: row.channel,
    summary: row.summary,
    employee_id: row.employee_id,
  }),
});
