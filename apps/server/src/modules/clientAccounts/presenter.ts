import { type ClientAccount, type ClientAccountKind, maskTail } from '@dealflow/domain';
import { iso, presentPerson } from '../items/presenter.ts';
import type { AccountView } from './repository.ts';

/** Lists mask the tax id and the account number but their last 4 characters (issue 9). */
export function presentAccount({ account, author_name }: AccountView, { full = false } = {}): ClientAccount {
  const shown = full ? (v: string | null) => v : maskTail;
  return {
    id: account.id,
    client_id: account.client_id,
    holder_name: account.holder_name,
    // The column's check constraint holds it to CLIENT_ACCOUNT_KINDS.
    kind: account.kind as ClientAccountKind,
    tax_id: shown(account.tax_id),
    bank_name: account.bank_name,
    bank_account: shown(account.bank_account),
    is_default: account.is_default,
    masked: !full,
    author: presentPerson(account.created_by, author_name),
    created_at: iso(account.created_at),
    updated_at: iso(account.updated_at),
  };
}
