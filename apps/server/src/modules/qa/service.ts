import {
  type QaCreateBody,
  type QaListQuery,
  type QaOrderBody,
  QA_PAGE_MAX,
  type QaUpdateBody,
  staffCan,
  validationIssue,
} from '@dealflow/domain';
import type { ServiceContext } from '../../lib/context.ts';
import { staffActor } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { diff, recordActivity } from '../activity/repository.ts';
import * as repo from './repository.ts';

const ENTITY = 'qa_entry';
/** Without `size`, one page holds every entry an investor page shows. */
const DEFAULT_SIZE = 200;

/** Drafts are admin's (the writers'); investors and other staff read what is published. */
function readsDrafts(ctx: ServiceContext): boolean {
  const a = ctx.actor;
  return a?.kind === 'employee' && staffCan(a.role, 'platform.config');
}

export async function listQa(ctx: ServiceContext, query: QaListQuery) {
  const size = query.all ? QA_PAGE_MAX : (query.size ?? DEFAULT_SIZE);
  const page = query.all ? 1 : (query.page ?? 1);
  return repo.listEntries(
    ctx.db,
    { publishedOnly: !readsDrafts(ctx), q: query.q || undefined },
    { limit: size, offset: (page - 1) * size },
  );
}

export async function createQa(ctx: ServiceContext, body: QaCreateBody) {
  const actor = staffActor(ctx);
  return ctx.db.transaction(async (tx) => {
    const row = await repo.insertEntry(tx, { ...body, created_by: actor.id, updated_by: actor.id });
    await recordActivity(tx, ctx.actor, {
      entity_type: ENTITY,
      entity_id: row.id,
      action: 'create',
      changes: diff(
        {},
        { question: row.question, answer: row.answer, category: row.category, published: row.published },
      ),
    });
    return row;
  });
}

export async function updateQa(ctx: ServiceContext, id: number, body: QaUpdateBody) {
  const actor = staffActor(ctx);
  return ctx.db.transaction(async (tx) => {
    const before = await repo.findEntry(tx, id, true);
    if (!before) throw new AppError('QA_ENTRY_NOT_FOUND');
    const changes = diff(before, body);
    if (Object.keys(changes).length === 0) return before;
    const row = await repo.updateEntry(tx, id, { ...body, updated_by: actor.id });
    if (!row) throw new AppError('QA_ENTRY_NOT_FOUND');
    await recordActivity(tx, ctx.actor, { entity_type: ENTITY, entity_id: id, action: 'update', changes });
    return row;
  });
}

export async function deleteQa(ctx: ServiceContext, id: number) {
  staffActor(ctx);
  await ctx.db.transaction(async (tx) => {
    const row = await repo.deleteEntry(tx, id);
    if (!row) throw new AppError('QA_ENTRY_NOT_FOUND');
    await recordActivity(tx, ctx.actor, {
      entity_type: ENTITY,
      entity_id: id,
      action: 'delete',
      changes: { question: { from: row.question, to: null }, answer: { from: row.answer, to: null } },
    });
  });
}

/**
 * Puts the entries in the given order. The list must name every entry once, so an editor working
 * from an old list (an entry added or removed since) is told rather than leaving positions mixed.
 */
export async function reorderQa(ctx: ServiceContext, body: QaOrderBody) {
  staffActor(ctx);
  await ctx.db.transaction(async (tx) => {
    const current = await repo.lockPositions(tx);
    const known = new Set(current.map((r) => r.id));
    const stale = body.ids.length !== known.size || body.ids.some((id) => !known.has(id));
    if (stale) {
      throw new AppError('VALIDATION_FAILED', {
        details: [validationIssue('body.ids', 'invalid', 'List every Q&A entry once, as they are now')],
      });
    }
    await repo.setPositions(tx, body.ids);
    const before = current.map((r) => r.id);
    if (JSON.stringify(before) !== JSON.stringify(body.ids)) {
      await recordActivity(tx, ctx.actor, {
        entity_type: ENTITY,
        entity_id: 0,
        action: 'reorder',
        changes: { order: { from: before, to: body.ids } },
      });
    }
  });
}
