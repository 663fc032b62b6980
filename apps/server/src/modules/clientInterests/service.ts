import {
  clientStagesVisibleTo,
  INTEREST_LIST_DEFAULTS,
  type InterestCreateBody,
  type InterestListQuery,
  type InterestUpdateBody,
} from '@dealflow/domain';
import type { ServiceContext } from '../../lib/context.ts';
import { staffActor } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { caseExists } from '../cases/repository.ts';
import { readOfClient } from '../clients/access.ts';
import { clientParent } from '../clients/itemParent.ts';
import { columnsOf, emptyToNull, invalidField, itemService, paging } from '../items/service.ts';
import * as repo from './repository.ts';
import type { InterestInsert, InterestRow } from './repository.ts';

const toColumns = (input: InterestUpdateBody) =>
  columnsOf<InterestUpdateBody, InterestInsert>(input, { note: emptyToNull });

const listDefaults = { size: INTEREST_LIST_DEFAULTS.size, allByDefault: false };

/**
 * A client's interest in a case (SPEC section 3): one per client and case. The client is the
 * parent (its access rule decides, its row is locked, its history records), the case must be
 * there and not deleted.
 */
const interests = itemService(clientParent, {
  notFound: 'INTEREST_NOT_FOUND',
  action: 'client.interest',
  listDefaults,
  // The parent's read check already holds the client to the reader's stages.
  list: (db, clientId, p) => repo.listInterests(db, { clientId }, p),
  find: repo.findInterest,
  // insert, update and remove, each addressed with the client.
  ...repo.interestRows,
  row: (view) => view.interest,
  toColumns,
  toNewRow: (input: InterestCreateBody, owner) => ({
    ...toColumns({ level: input.level, amount: input.amount, note: input.note }),
    case_id: input.case_id,
    ...owner,
  }),
  // The client row is locked: two creates of the same pair run one after the other, so the
  // second sees the first and gets a 409 rather than a unique-index error.
  checkCreate: async (tx, input, client) => {
    if (!(await caseExists(tx, input.case_id)))
      throw invalidField('body.case_id', 'No case with this id', 'unknown_reference');
    if (await repo.interestExists(tx, client.id, input.case_id)) throw new AppError('INTEREST_EXISTS');
  },
  audited: (row: InterestRow) => ({
    case_id: row.case_id,
    level: row.level,
    amount: row.amount,
    note: row.note,
  }),
});

/**
 * `client/interests`: of one client (checked by the client access rule), or in one
 * case (the interests of the clients the reader works), or both. SPEC section 5: no query at all
 * is 'Params is required', a query without either id 'Case ID or Client ID is required'.
 */
export async function listInterests(ctx: ServiceContext, q: InterestListQuery) {
  if (Object.values(q).every((v) => v === undefined)) throw new AppError('PARAMS_REQUIRED');
  if (q.client_id === undefined && q.case_id === undefined) throw new AppError('CASE_OR_CLIENT_ID_REQUIRED');
  const filter = {
    clientId: q.client_id,
    caseId: q.case_id,
    stages: clientStagesVisibleTo(staffActor(ctx).role),
  };
  const read = () => repo.listInterests(ctx.db, filter, paging(q, listDefaults));
  return q.client_id === undefined ? read() : readOfClient(ctx, q.client_id, read);
}

/** The client of an interest named by its id alone; 404 when there is none. */
async function clientOf(ctx: ServiceContext, id: number): Promise<number> {
  const clientId = await repo.clientOfInterest(ctx.db, id);
  if (clientId === null) throw new AppError('INTEREST_NOT_FOUND');
  return clientId;
}

export async function getInterest(ctx: ServiceContext, id: number) {
  return interests.get(ctx, await clientOf(ctx, id), id);
}

export async function createInterest(ctx: ServiceContext, input: InterestCreateBody) {
  return interests.create(ctx, input.client_id, input);
}

export async function updateInterest(ctx: ServiceContext, id: number, input: InterestUpdateBody) {
  return interests.update(ctx, await clientOf(ctx, id), id, input);
}

export async function deleteInterest(ctx: ServiceContext, id: number) {
  await interests.remove(ctx, await clientOf(ctx, id), id);
}
