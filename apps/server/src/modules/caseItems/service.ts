import { canChangeContribution, canContributeToCase, canEditCase } from '@dealflow/domain';
import type { Tx } from '../../db/client.ts';
import { type ServiceContext, staffActor, type StaffActor } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { type Changes, recordActivity } from '../activity/repository.ts';
import { type CaseRow, caseExists, findCase, findCaseForUpdate } from '../cases/repository.ts';
import type { ItemAccess, ItemParent } from '../items/service.ts';

/**
 * What every sub-resource of a case shares: the parent case must exist and not be deleted, a
 * write is made by someone who may edit that case, inside one transaction with the case row
 * locked, and it leaves an entry in the case history.
 */

export { type StaffActor, staffActor } from '../../lib/context.ts';

/** The parent case of a read: a missing or soft-deleted case is 404 Case not found. */
export async function readableCase(ctx: ServiceContext, caseId: number): Promise<CaseRow> {
  const row = await findCase(ctx.db, caseId);
  if (!row) throw new AppError('CASE_NOT_FOUND');
  return row;
}

/**
 * A read of a case's items, run alongside the check that the case is there (one round trip
 * instead of two in a row). A missing case answers 404 whatever the read did.
 */
export async function readOfCase<T>(
  ctx: ServiceContext,
  caseId: number,
  read: () => Promise<T>,
  options: { includeDeleted?: boolean } = {},
): Promise<T> {
  const [exists, result] = await Promise.allSettled([caseExists(ctx.db, caseId, options), read()]);
  if (exists.status === 'rejected') throw exists.reason;
  if (!exists.value) throw new AppError('CASE_NOT_FOUND');
  if (result.status === 'rejected') throw result.reason;
  return result.value;
}

/**
 * Runs a write on one case's sub-resources: one transaction, the case row locked (so concurrent
 * role edits cannot interleave and the case cannot be deleted meanwhile), 404 before 403.
 */
export async function writeOnCase<T>(
  ctx: ServiceContext,
  caseId: number,
  work: (tx: Tx, kase: CaseRow, actor: StaffActor) => Promise<T>,
  /** `contribute`: anyone who may read the case (comments, to-dos); the work checks the item itself. */
  access: ItemAccess = 'edit',
): Promise<T> {
  const actor = staffActor(ctx);
  return ctx.db.transaction(async (tx) => {
    const kase = await findCaseForUpdate(tx, caseId);
    if (!kase || kase.is_deleted) throw new AppError('CASE_NOT_FOUND');
    const allowed =
      access === 'contribute'
        ? canContributeToCase(actor)
        : canEditCase(actor, { aoId: kase.ao_id, agentIds: kase.agent_ids });
    if (!allowed) throw new AppError('FORBIDDEN');
    return work(tx, kase, actor);
  });
}

export {
  type Paging,
  createdChanges,
  deletedChanges,
  invalidField,
  paging,
  updatedChanges,
} from '../items/service.ts';

/** Writes one entry in the case history, inside the write's transaction. */
export async function recordCaseActivity(
  tx: Tx,
  ctx: ServiceContext,
  caseId: number,
  action: string,
  changes: Changes,
) {
  await recordActivity(tx, ctx.actor, { entity_type: 'case', entity_id: caseId, action, changes });
}

/**
 * Cases as the parent of items: a missing or deleted case is 404; a write needs someone who may
 * edit the case, or for contributions (comments, to-dos) anyone who reads cases, and then the
 * case's editors, the item's author or its assignee to change one.
 */
export const caseParent: ItemParent<CaseRow, 'case_id'> = {
  record: recordCaseActivity,
  owner: 'case_id',
  read: (ctx, caseId, read) => readOfCase(ctx, caseId, read),
  write: (ctx, caseId, work, access) => writeOnCase(ctx, caseId, work, access),
  mayChange: (kase, actor, facts) =>
    canChangeContribution(actor, { aoId: kase.ao_id, agentIds: kase.agent_ids, ...facts }),
};
