import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { clients } from '../../db/schema/index.ts';

/** The clients an import's emails name, with the fields a spreadsheet holds (deleted ones too: an email stays taken). */
export async function clientsByEmails(db: DbOrTx, emails: readonly string[]) {
  if (emails.length === 0) return [];
  return db
    .select({
      id: clients.id,
      email: clients.email,
      name: clients.name,
      last_name: clients.last_name,
      first_name: clients.first_name,
      phone: clients.phone,
      type: clients.type,
      membership: clients.membership,
      process_status: clients.process_status,
      check_size: clients.check_size,
      currency: clients.currency,
      domain_keys: clients.domain_keys,
      industry_keys: clients.industry_keys,
      expiry_at: clients.expiry_at,
      next_step: clients.next_step,
      is_deleted: clients.is_deleted,
    })
    .from(clients)
    .where(inArray(clients.email, [...emails]));
}
