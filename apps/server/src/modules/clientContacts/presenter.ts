import type { ClientContact, ContactChannel } from '@dealflow/domain';
import { iso, presentPerson } from '../items/presenter.ts';
import type { ContactView } from './repository.ts';

export function presentContact({ contact, employee_name, author_name }: ContactView): ClientContact {
  return {
    id: contact.id,
    client_id: contact.client_id,
    contact_at: iso(contact.contact_at),
    // The column's check constraint holds it to CONTACT_CHANNELS.
    channel: contact.channel as ContactChannel,
    summary: contact.summary,
    employee_id: contact.employee_id,
    employee: presentPerson(contact.employee_id, employee_name),
    author: presentPerson(contact.created_by, author_name),
    created_at: iso(contact.created_at),
    updated_at: iso(contact.updated_at),
  };
}
