import type { ClientName } from '@dealflow/domain';
import type { ClientNameRow } from './repository.ts';

export function presentClientName(row: ClientNameRow): ClientName {
  return { id: row.id, name: row.name, membership: row.membership };
}
