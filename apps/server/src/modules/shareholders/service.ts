import type { PageQuery, ShareholderHistoryCreateBody, ShareholderHistoryUpdateBody } from '@dealflow/domain';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import {
  createdChanges,
  deletedChanges,
  paging,
  readableCase,
  recordCaseActivity,
  updatedChanges,
  writeOnCase,
} from '../caseItems/service.ts';
import * as repo from './repository.ts';
import type { HistoryInsert, HistoryRow, HistoryView } from './repository.ts';

function toColumns(input: ShareholderHistoryUpdateBody): Partial<HistoryInsert> {
  const values: Partial<HistoryInsert> = {};
  if (input.title !== undefined) values.title = input.title;
  if (input.shareholders !== undefined)
    values.shareholders = input.shareholders.map((s) => ({ name: s.name, shares: s.shares }));
  return values;
}

function audited(row: HistoryRow) {
  return { title: row.title, shareholders: row.shareholders };
}

async function found(db: DbOrTx, caseId: number, id: number): Promise<HistoryView> {
  const view = await repo.findHistory(db, caseId, id);
  if (!view) throw new AppError('SHAREHOLDER_HISTORY_NOT_FOUND');
  return view;
}

export async function listShareholderHistories(
  ctx: ServiceContext,
  caseId: number,
  q: z.infer<typeof PageQuery>,
) {
  await readableCase(ctx, caseId);
  return repo.listHistories(ctx.db, caseId, paging(q, { size: 20, allByDefault: true }));
}

export async function createShareholderHistory(
  ctx: ServiceContext,
  caseId: number,
  input: ShareholderHistoryCreateBody,
) {
  return writeOnCase(ctx, caseId, async (tx, _kase, actor) => {
    const row = await repo.insertHistory(tx, {
      ...toColumns(input),
      title: input.title,
      case_id: caseId,
      created_by: actor.id,
    });
    await recordCaseActivity(tx, ctx, caseId, 'shareholders.create', createdChanges(row.id, audited(row)));
    return found(tx, caseId, row.id);
  });
}

export async function updateShareholderHistory(
  ctx: ServiceContext,
  caseId: number,
  id: number,
  input: ShareholderHistoryUpdateBody,
) {
  return writeOnCase(ctx, caseId, async (tx) => {
    const before = await found(tx, caseId, id);
    const values = toColumns(input);
    const changes = updatedChanges(id, audited(before.history), values);
    if (!changes) return before;
    await repo.updateHistory(tx, caseId, id, values);
    await recordCaseActivity(tx, ctx, caseId, 'shareholders.update', changes);
    return found(tx, caseId, id);
  });
}

export async function deleteShareholderHistory(ctx: ServiceContext, caseId: number, id: number) {
  return writeOnCase(ctx, caseId, async (tx) => {
    const before = await found(tx, caseId, id);
    await repo.deleteHistory(tx, caseId, id);
    await recordCaseActivity(
      tx,
      ctx,
      caseId,
      'shareholders.delete',
      deletedChanges(id, audited(before.history)),
    );
  });
}
