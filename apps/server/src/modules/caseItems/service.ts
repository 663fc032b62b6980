import {
  canChangeContribution,
  canContributeToCase,
  canEditCase,
  type ErrorCode,
  type PageQuery,
  type ValidationKind,
  validationIssue,
} from '@dealflow/domain';
import type { z } from 'zod';
import type { DbOrTx, Tx } from '../../db/client.ts';
import type { Paging } from '../../db/paging.ts';
import { type ServiceContext, staffActor, type StaffActor } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { type Changes, diff, recordActivity } from '../activity/repository.ts';
import { type CaseRow, caseExists, findCase, findCaseForUpdate } from '../cases/repository.ts';

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
  access: 'edit' | 'contribute' = 'edit',
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

export type { Paging } from '../../db/paging.ts';

/**
 * `all=1` returns every row; otherwise `page`/`size`. When the caller sends neither, lists
 * default to every row (SPEC section 7: "A missing query in list calls is replaced by all=1")
 * unless the route pages by default.
 */
export function paging(
  q: { page?: number | undefined; size?: number | undefined; all?: boolean | undefined },
  defaults: { size: number; allByDefault: boolean },
): Paging {
  const size = q.size ?? defaults.size;
  const page = q.page ?? 1;
  const all = q.all ?? (defaults.allByDefault && q.page === undefined && q.size === undefined);
  return { limit: all ? null : size, offset: all ? 0 : (page - 1) * size };
}

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

/** History of a new item: every field from nothing, and its id so the entry points at it. */
export function createdChanges(id: number, fields: Record<string, unknown>): Changes {
  const changes: Changes = { id: { from: null, to: id } };
  for (const [key, to] of Object.entries(fields)) changes[key] = { from: null, to };
  return changes;
}

/** History of a removed item: every field it had, to nothing. */
export function deletedChanges(id: number, fields: Record<string, unknown>): Changes {
  const changes: Changes = { id: { from: id, to: null } };
  for (const [key, from] of Object.entries(fields)) changes[key] = { from, to: null };
  return changes;
}

/** The fields that really change, with the item's id; null when nothing changes. */
export function updatedChanges(
  id: number,
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): Changes | null {
  const changes = diff(before, after);
  if (Object.keys(changes).length === 0) return null;
  return { id: { from: id, to: id }, ...changes };
}

/** 400 with one failing field, the shape schema validation gives. */
export function invalidField(field: string, message: string, kind: ValidationKind = 'invalid'): AppError {
  return new AppError('VALIDATION_FAILED', { details: [validationIssue(field, kind, message)] });
}

type PageInput = z.infer<typeof PageQuery>;

/**
 * What one kind of case item brings to `caseItemService`: its repository functions, how a body
 * becomes columns, which fields its history shows, and the names its errors and history use.
 */
export interface CaseItemSpec<
  Row extends { id: number },
  Insert,
  View,
  Create,
  Update,
  Listed,
  Query extends PageInput,
> {
  /** The error of an id that is not an item of this case. */
  notFound: ErrorCode;
  /** History actions are `<action>.create`, `<action>.update` and `<action>.delete`. */
  action: string;
  list: (db: DbOrTx, caseId: number, paging: Paging, q: Query) => Promise<Listed>;
  find: (db: DbOrTx, caseId: number, id: number) => Promise<View | null>;
  insert: (tx: Tx, values: Insert) => Promise<Row>;
  update: (tx: Tx, caseId: number, id: number, values: Partial<Insert>) => Promise<void>;
  remove: (tx: Tx, caseId: number, id: number) => Promise<void>;
  /** The item's own row inside the joined view the repository finds. */
  row: (view: View) => Row;
  /** The columns an update body sets; only what it names, so a diff shows what really changes. */
  toColumns: (input: Update) => Partial<Insert>;
  /** The full row of a create: the body with its defaults, plus the owner columns given. */
  toNewRow: (input: Create, owner: { case_id: number; created_by: number }) => Insert;
  /** The fields a history entry shows. */
  audited: (row: Row) => Record<string, unknown>;
  /** Checks a create needs beyond the body's schema (a referenced row exists, say); throws to refuse. */
  checkCreate?: (tx: Tx, input: Create) => Promise<void>;
  /**
   * Set for the items through which a case is worked on together (comments, to-dos): anyone who
   * may read the case adds them; the case's editors, the author and these people change them.
   */
  contribution?: { authorId: (view: View) => number | null; assigneeId?: (view: View) => number | null };
  /** Checks an update needs against the stored item; throws to refuse. */
  checkUpdate?: (tx: Tx, before: View, input: Update, values: Partial<Insert>) => Promise<void> | void;
}

/**
 * The list/get/create/update/delete use cases every simple case item shares, so each item's
 * service states only what differs. Reads need a live parent case; writes go through
 * `writeOnCase` and leave one history entry, none when an update changes nothing.
 */
export function caseItemService<
  Row extends { id: number },
  Insert,
  View,
  Create,
  Update,
  Listed,
  Query extends PageInput = PageInput,
>(spec: CaseItemSpec<Row, Insert, View, Create, Update, Listed, Query>) {
  async function found(db: DbOrTx, caseId: number, id: number): Promise<View> {
    const view = await spec.find(db, caseId, id);
    if (!view) throw new AppError(spec.notFound);
    return view;
  }
  const access = spec.contribution ? 'contribute' : 'edit';
  /** A contribution is changed by the case's editors, its author or its assignee only. */
  function checkChange(kase: CaseRow, actor: StaffActor, view: View) {
    const c = spec.contribution;
    if (!c) return;
    const facts = {
      aoId: kase.ao_id,
      agentIds: kase.agent_ids,
      authorId: c.authorId(view),
      assigneeId: c.assigneeId?.(view) ?? null,
    };
    if (!canChangeContribution(actor, facts)) throw new AppError('FORBIDDEN');
  }

  return {
    async list(ctx: ServiceContext, caseId: number, q: Query): Promise<Listed> {
      return readOfCase(ctx, caseId, () =>
        spec.list(ctx.db, caseId, paging(q, { size: 20, allByDefault: true }), q),
      );
    },

    async get(ctx: ServiceContext, caseId: number, id: number): Promise<View> {
      return readOfCase(ctx, caseId, () => found(ctx.db, caseId, id));
    },

    async create(ctx: ServiceContext, caseId: number, input: Create): Promise<View> {
      return writeOnCase(
        ctx,
        caseId,
        async (tx, _kase, actor) => {
          await spec.checkCreate?.(tx, input);
          const row = await spec.insert(tx, spec.toNewRow(input, { case_id: caseId, created_by: actor.id }));
          await recordCaseActivity(
            tx,
            ctx,
            caseId,
            `${spec.action}.create`,
            createdChanges(row.id, spec.audited(row)),
          );
          return found(tx, caseId, row.id);
        },
        access,
      );
    },

    async update(ctx: ServiceContext, caseId: number, id: number, input: Update): Promise<View> {
      return writeOnCase(
        ctx,
        caseId,
        async (tx, kase, actor) => {
          const before = await found(tx, caseId, id);
          checkChange(kase, actor, before);
          const values = spec.toColumns(input);
          await spec.checkUpdate?.(tx, before, input, values);
          const changes = updatedChanges(id, spec.audited(spec.row(before)), values);
          if (!changes) return before;
          await spec.update(tx, caseId, id, values);
          await recordCaseActivity(tx, ctx, caseId, `${spec.action}.update`, changes);
          return found(tx, caseId, id);
        },
        access,
      );
    },

    async remove(ctx: ServiceContext, caseId: number, id: number): Promise<void> {
      await writeOnCase(
        ctx,
        caseId,
        async (tx, kase, actor) => {
          const before = await found(tx, caseId, id);
          checkChange(kase, actor, before);
          await spec.remove(tx, caseId, id);
          await recordCaseActivity(
            tx,
            ctx,
            caseId,
            `${spec.action}.delete`,
            deletedChanges(id, spec.audited(spec.row(before))),
          );
        },
        access,
      );
    },
  };
}
