import {
  type ClientAccountCreateBody,
  type ClientAccountUpdateBody,
  canRevealClientAccounts,
  maskTail,
} from '@dealflow/domain';
import type { ServiceContext } from '../../lib/context.ts';
import { staffActor } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { readableClient } from '../clients/access.ts';
import { recordClientActivity } from '../clients/history.ts';
import { clientParent } from '../clients/itemParent.ts';
import { columnsOf, emptyToNull, itemService } from '../items/service.ts';
import * as repo from './repository.ts';
import type { AccountInsert, AccountRow } from './repository.ts';

/** Values the history keeps masked like the lists: whoever reads the history may not read them whole. */
const SECRET_FIELDS = new Set(['tax_id', 'bank_account']);

const toColumns = (input: ClientAccountUpdateBody) =>
  columnsOf<ClientAccountUpdateBody, AccountInsert>(input, { bank_name: emptyToNull });

/**
 * Accounts of a client (issue 9): the legal persons they invest through. One default per client:
 * making an account the default clears the other one in the same transaction (the client row is
 * locked, so two writes at once cannot both keep theirs). Accounts are not deleted: the spec gives
 * no such call, and past investments name them.
 */
export const accounts = itemService(clientParent, {
  notFound: 'CLIENT_ACCOUNT_NOT_FOUND',
  action: 'client.account',
  list: repo.listAccounts,
  find: repo.findAccount,
  insert: repo.accountRows.insert,
  update: repo.accountRows.update,
  row: (view) => view.account,
  toColumns,
  toNewRow: (input: ClientAccountCreateBody, owner) => ({
    ...toColumns(input),
    holder_name: input.holder_name,
    ...owner,
  }),
  beforeWrite: async (tx, target, values) => {
    if (values.is_default !== true) return undefined;
    const previous = await repo.clearDefault(tx, target.parentId, target.id);
    return previous === null ? undefined : { previous_default_id: { from: previous, to: null } };
  },
  audited: (row: AccountRow) => ({
    holder_name: row.holder_name,
    kind: row.kind,
    tax_id: row.tax_id,
    bank_name: row.bank_name,
    bank_account: row.bank_account,
    is_default: row.is_default,
  }),
  historyValue: (field, value) =>
    SECRET_FIELDS.has(field) && typeof value === 'string' ? maskTail(value) : value,
});

/**
 * One account with its whole tax id and account number, for admin and the client's owner only
 * (403 for others). Every such read goes into the client's history, without the values.
 */
export async function revealAccount(ctx: ServiceContext, clientId: number, id: number) {
  const actor = staffActor(ctx);
  const client = await readableClient(ctx, clientId);
  if (!canRevealClientAccounts(actor, client)) throw new AppError('FORBIDDEN');
  const view = await repo.findAccount(ctx.db, clientId, id);
  if (!view) throw new AppError('CLIENT_ACCOUNT_NOT_FOUND');
  await recordClientActivity(ctx.db, ctx, clientId, 'client.account.reveal', {
    account_id: { from: null, to: id },
  });
  return view;
}
