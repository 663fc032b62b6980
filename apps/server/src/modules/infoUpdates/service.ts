import type { InfoCreateBody, InfoUpdateBody, PageQuery } from '@dealflow/domain';
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
import type { InfoInsert, InfoRow, InfoView } from './repository.ts';

function toColumns(input: InfoUpdateBody): Partial<InfoInsert> {
  const values: Partial<InfoInsert> = {};
  if (input.title !== undefined) values.title = input.title;
  if (input.content !== undefined) values.content = input.content || null;
  return values;
}

function audited(row: InfoRow) {
  return { title: row.title, content: row.content };
}

async function found(db: DbOrTx, caseId: number, id: number): Promise<InfoView> {
  const view = await repo.findInfo(db, caseId, id);
  if (!view) throw new AppError('INFO_NOT_FOUND');
  return view;
}

export async function listInfoUpdates(ctx: ServiceContext, caseId: number, q: z.infer<typeof PageQuery>) {
  await readableCase(ctx, caseId);
  return repo.listInfo(ctx.db, caseId, paging(q, { size: 20, allByDefault: true }));
}

export async function createInfoUpdate(ctx: ServiceContext, caseId: number, input: InfoCreateBody) {
  return writeOnCase(ctx, caseId, async (tx, _kase, actor) => {
    const row = await repo.insertInfo(tx, {
      ...toColumns(input),
      title: input.title,
      case_id: caseId,
      created_by: actor.id,
    });
    await recordCaseActivity(tx, ctx, caseId, 'info.create', createdChanges(row.id, audited(row)));
    return found(tx, caseId, row.id);
  });
}

export async function updateInfoUpdate(
  ctx: ServiceContext,
  caseId: number,
  id: number,
  input: InfoUpdateBody,
) {
  return writeOnCase(ctx, caseId, async (tx) => {
    const before = await found(tx, caseId, id);
    const values = toColumns(input);
    const changes = updatedChanges(id, audited(before.info), values);
    if (!changes) return before;
    await repo.updateInfo(tx, caseId, id, values);
    await recordCaseActivity(tx, ctx, caseId, 'info.update', changes);
    return found(tx, caseId, id);
  });
}

export async function deleteInfoUpdate(ctx: ServiceContext, caseId: number, id: number) {
  return writeOnCase(ctx, caseId, async (tx) => {
    const before = await found(tx, caseId, id);
    await repo.deleteInfo(tx, caseId, id);
    await recordCaseActivity(tx, ctx, caseId, 'info.delete', deletedChanges(id, audited(before.info)));
  });
}
