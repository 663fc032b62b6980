import {
  staffCan,
  validationIssue,
  WORK_LOG_PAGE_SIZE,
  type WorkLogCreateBody,
  type WorkLogQuery,
  type WorkLogUpdateBody,
} from '@dealflow/domain';
import type { DbOrTx } from '../../db/client.ts';
import { type ServiceContext, type StaffActor, staffActor } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import * as repo from './repository.ts';

/** What the actor may read: admin everything; others their own and, if they read cases, the logs on cases. */
function readerOf(actor: StaffActor): repo.LogReader {
  return { id: actor.id, all: actor.role === 'admin', cases: staffCan(actor.role, 'cases.read') };
}

/** A log may name only a live case its author may read (an ir or sa reads no case). */
async function checkCase(db: DbOrTx, actor: StaffActor, caseId: number | null | undefined) {
  if (caseId === null || caseId === undefined) return;
  if (staffCan(actor.role, 'cases.read') && (await repo.liveCaseExists(db, caseId))) return;
  throw new AppError('VALIDATION_FAILED', {
    details: [validationIssue('body.case_id', 'unknown_reference', `No case with id ${caseId} you may read`)],
  });
}

/** A page of the logs the actor may read, newest first (20 a page unless asked otherwise). */
export async function listWorkLogs(ctx: ServiceContext, q: WorkLogQuery) {
  const actor = staffActor(ctx);
  const size = q.size ?? WORK_LOG_PAGE_SIZE;
  const page = q.page ?? 1;
  return repo.listLogs(
    ctx.db,
    readerOf(actor),
    { caseId: q.case_id, employeeId: q.employee_id },
    { limit: size, offset: (page - 1) * size },
  );
}

/** One log the actor may read; one they may not is not found. */
export async function getWorkLog(ctx: ServiceContext, id: number) {
  const found = await repo.findLog(ctx.db, readerOf(staffActor(ctx)), id);
  if (!found) throw new AppError('WORK_LOG_NOT_FOUND');
  return found;
}

export async function createWorkLog(ctx: ServiceContext, body: WorkLogCreateBody) {
  const actor = staffActor(ctx);
  await checkCase(ctx.db, actor, body.case_id);
  const row = await repo.insertLog(ctx.db, {
    employee_id: actor.id,
    case_id: body.case_id ?? null,
    kind: body.kind,
    content: body.content,
    happened_at: body.happened_at ? new Date(body.happened_at) : new Date(),
  });
  return getWorkLog(ctx, row.id);
}

/** The author or an admin changes a log; anyone else who reads it is refused, anyone who does not gets 404. */
async function ownLog(ctx: ServiceContext, id: number) {
  const actor = staffActor(ctx);
  const found = await getWorkLog(ctx, id);
  if (actor.role !== 'admin' && found.log.employee_id !== actor.id) throw new AppError('FORBIDDEN');
  return { actor, found };
}

export async function updateWorkLog(ctx: ServiceContext, id: number, body: WorkLogUpdateBody) {
  const { actor, found } = await ownLog(ctx, id);
  if (body.case_id !== undefined && body.case_id !== found.log.case_id)
    await checkCase(ctx.db, actor, body.case_id);
  await repo.updateLog(ctx.db, id, {
    ...(body.content !== undefined ? { content: body.content } : {}),
    ...(body.kind !== undefined ? { kind: body.kind } : {}),
    ...(body.happened_at !== undefined ? { happened_at: new Date(body.happened_at) } : {}),
    ...(body.case_id !== undefined ? { case_id: body.case_id } : {}),
  });
  return getWorkLog(ctx, id);
}

export async function deleteWorkLog(ctx: ServiceContext, id: number) {
  await ownLog(ctx, id);
  await repo.deleteLog(ctx.db, id);
}
