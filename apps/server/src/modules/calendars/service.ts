import {
  CALENDAR_END_MESSAGE,
  type CalendarCreateBody,
  type CalendarUpdateBody,
  type PageQuery,
} from '@dealflow/domain';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import {
  createdChanges,
  deletedChanges,
  invalidField,
  paging,
  readableCase,
  recordCaseActivity,
  updatedChanges,
  writeOnCase,
} from '../caseItems/service.ts';
import * as repo from './repository.ts';
import type { CalendarInsert, CalendarRow, CalendarView } from './repository.ts';

function toColumns(input: CalendarUpdateBody): Partial<CalendarInsert> {
  const values: Partial<CalendarInsert> = {};
  if (input.title !== undefined) values.title = input.title;
  if (input.start_at !== undefined) values.start_at = new Date(input.start_at);
  if (input.end_at !== undefined) values.end_at = new Date(input.end_at);
  if (input.location !== undefined) values.location = input.location || null;
  return values;
}

function audited(row: CalendarRow) {
  return { title: row.title, start_at: row.start_at, end_at: row.end_at, location: row.location };
}

async function found(db: DbOrTx, caseId: number, id: number): Promise<CalendarView> {
  const view = await repo.findEvent(db, caseId, id);
  if (!view) throw new AppError('CALENDAR_NOT_FOUND');
  return view;
}

export async function listEvents(ctx: ServiceContext, caseId: number, q: z.infer<typeof PageQuery>) {
  await readableCase(ctx, caseId);
  return repo.listEvents(ctx.db, caseId, paging(q, { size: 20, allByDefault: true }));
}

export async function createEvent(ctx: ServiceContext, caseId: number, input: CalendarCreateBody) {
  return writeOnCase(ctx, caseId, async (tx, _kase, actor) => {
    const row = await repo.insertEvent(tx, {
      ...toColumns(input),
      title: input.title,
      start_at: new Date(input.start_at),
      end_at: new Date(input.end_at),
      case_id: caseId,
      created_by: actor.id,
    });
    await recordCaseActivity(tx, ctx, caseId, 'calendar.create', createdChanges(row.id, audited(row)));
    return found(tx, caseId, row.id);
  });
}

export async function updateEvent(
  ctx: ServiceContext,
  caseId: number,
  id: number,
  input: CalendarUpdateBody,
) {
  return writeOnCase(ctx, caseId, async (tx) => {
    const before = await found(tx, caseId, id);
    const values = toColumns(input);
    // The body alone cannot tell when only one end moves: check it against the stored other end.
    const start = values.start_at ?? before.event.start_at;
    const end = values.end_at ?? before.event.end_at;
    if (end.getTime() < start.getTime()) throw invalidField('body.end_at', CALENDAR_END_MESSAGE);
    const changes = updatedChanges(id, audited(before.event), values);
    if (!changes) return before;
    await repo.updateEvent(tx, caseId, id, values);
    await recordCaseActivity(tx, ctx, caseId, 'calendar.update', changes);
    return found(tx, caseId, id);
  });
}

export async function deleteEvent(ctx: ServiceContext, caseId: number, id: number) {
  return writeOnCase(ctx, caseId, async (tx) => {
    const before = await found(tx, caseId, id);
    await repo.deleteEvent(tx, caseId, id);
    await recordCaseActivity(tx, ctx, caseId, 'calendar.delete', deletedChanges(id, audited(before.event)));
  });
}
