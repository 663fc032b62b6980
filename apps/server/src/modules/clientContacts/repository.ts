import { desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { clientContacts, employees } from '../../db/schema/index.ts';
import { ownedRows } from '../items/repository.ts';

export type ContactRow = typeof clientContacts.$inferSelect;
export type ContactInsert = typeof clientContacts.$inferInsert;
export type ContactView = { contact: ContactRow; employee_name: string | null; author_name: string | null };

export const contactRows = ownedRows(clientContacts, clientContacts.client_id);

const contactPerson = alias(employees, 'contact_person');
const author = alias(employees, 'author');

function select(db: DbOrTx) {
  return db
    .select({ contact: clientContacts, employee_name: contactPerson.name, author_name: author.name })
    .from(clientContacts)
    .leftJoin(contactPerson, eq(contactPerson.id, clientContacts.employee_id))
    .leftJoin(author, eq(author.id, clientContacts.created_by));
}

/** The latest contact first: the list reads as the client's recent story. */
export const listContacts = contactRows.lister('clientContacts.list', (db, where) =>
  select(db).where(where).orderBy(desc(clientContacts.contact_at), desc(clientContacts.id)),
);

/** A contact record of this client only. */
export const findContact = contactRows.finder<ContactView>(select);
