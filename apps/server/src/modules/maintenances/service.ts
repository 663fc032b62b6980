import type { MaintenanceCreateBody, MaintenanceUpdateBody, PageQuery } from '@dealflow/domain';
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
import type { MaintenanceInsert, MaintenanceRow, MaintenanceView } from './repository.ts';

function toColumns(input: MaintenanceUpdateBody): Partial<MaintenanceInsert> {
  const values: Partial<MaintenanceInsert> = {};
  if (input.title !== undefined) values.title = input.title;
  if (input.content !== undefined) values.content = input.content || null;
  if (input.date !== undefined) values.date = input.date;
  return values;
}

function audited(row: MaintenanceRow) {
  return { title: row.title, content: row.content, date: row.date };
}

async function found(db: DbOrTx, caseId: number, id: number): Promise<MaintenanceView> {
  const view = await repo.findRecord(db, caseId, id);
  if (!view) throw new AppError('MAINTENANCE_NOT_FOUND');
  return view;
}

export async function listMaintenances(ctx: ServiceContext, caseId: number, q: z.infer<typeof PageQuery>) {
  await readableCase(ctx, caseId);
  return repo.listRecords(ctx.db, caseId, paging(q, { size: 20, allByDefault: true }));
}

export async function createMaintenance(ctx: ServiceContext, caseId: number, input: MaintenanceCreateBody) {
  return writeOnCase(ctx, caseId, async (tx, _kase, actor) => {
    const row = await repo.insertRecord(tx, {
      ...toColumns(input),
      title: input.title,
      date: input.date,
      case_id: caseId,
      created_by: actor.id,
    });
    await recordCaseActivity(tx, ctx, caseId, 'maintenance.create', createdChanges(row.id, audited(row)));
    return found(tx, caseId, row.id);
  });
}

export async function updateMaintenance(
  ctx: ServiceContext,
  caseId: number,
  id: number,
  input: MaintenanceUpdateBody,
) {
  return writeOnCase(ctx, caseId, async (tx) => {
    const before = await found(tx, caseId, id);
    const values = toColumns(input);
    const changes = updatedChanges(id, audited(before.record), values);
    if (!changes) return before;
    await repo.updateRecord(tx, caseId, id, values);
    await recordCaseActivity(tx, ctx, caseId, 'maintenance.update', changes);
    return found(tx, caseId, id);
  });
}

export async function deleteMaintenance(ctx: ServiceContext, caseId: number, id: number) {
  return writeOnCase(ctx, caseId, async (tx) => {
    const before = await found(tx, caseId, id);
    await repo.deleteRecord(tx, caseId, id);
    await recordCaseActivity(
      tx,
      ctx,
      caseId,
      'maintenance.delete',
      deletedChanges(id, audited(before.record)),
    );
  });
}
