import { type ErrorCode, type PageQuery, type ValidationKind, validationIssue } from '@dealflow/domain';
import type { z } from 'zod';
import type { DbOrTx, Tx } from '../../db/client.ts';
import type { Paging } from '../../db/paging.ts';
import type { ServiceContext, StaffActor } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { type Changes, diff } from '../activity/repository.ts';

/**
 * The sub-resources of a record (a case's to-dos, a client's accounts…) share their use cases: the
 * parent must be there for the actor, a write runs in one transaction with the parent row locked,
 * and it leaves one entry in the parent's history. What a parent is comes in as an `ItemParent`;
 * what an item is comes in as an `ItemSpec`.
 */

export type { Paging } from '../../db/paging.ts';

/**
 * `edit`: the parent's editors only. `contribute`: anyone who may read the parent (a case's
 * comments and to-dos); the item's author and assignee may then change it (`mayChange`).
 */
export type ItemAccess = 'edit' | 'contribute';

/** Writes one entry in a record's history: its kind's one writer (recordCaseActivity, recordClientActivity). */
export type HistoryWriter = (
  tx: Tx,
  ctx: ServiceContext,
  id: number,
  action: string,
  changes: Changes,
) => Promise<void>;

/** A kind of record that has items: a case, a client. `P` is the row its checks hand on. */
export interface ItemParent<P, Owner extends string> {
  /** How the items' writes go into the parent's history. */
  record: HistoryWriter;
  /** The items' column naming their parent. */
  owner: Owner;
  /** Runs a read of the parent's items alongside the check that the actor may see the parent. */
  read: <T>(ctx: ServiceContext, parentId: number, read: () => Promise<T>) => Promise<T>;
  /** Runs a write in one transaction, the parent locked and checked for the actor (404 before 403). */
  write: <T>(
    ctx: ServiceContext,
    parentId: number,
    work: (tx: Tx, parent: P, actor: StaffActor) => Promise<T>,
    access: ItemAccess,
  ) => Promise<T>;
  /** Whether the actor may change a contributed item; everyone who may write when not given. */
  mayChange?: (
    parent: P,
    actor: StaffActor,
    facts: { authorId: number | null; assigneeId: number | null },
  ) => boolean;
}

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

/**
 * The columns an update body sets: each field it sends (undefined: not sent), as it is or through
 * its conversion, so a diff shows only what the body names. The body's fields are the columns'
 * names (the contracts are strict objects named after the table).
 */
export function columnsOf<Input extends object, Columns>(
  input: Input,
  convert: { [K in keyof Input]?: (value: Exclude<Input[K], undefined>) => unknown } = {},
): Partial<Columns> {
  const conversions = convert as Record<string, ((value: unknown) => unknown) | undefined>;
  const values: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) {
    if (value === undefined) continue;
    const conversion = conversions[key];
    values[key] = conversion ? conversion(value) : value;
  }
  return values as Partial<Columns>;
}

/** An empty text clears its column. */
export const emptyToNull = (value: string | null) => value || null;

/** 400 with one failing field, the shape schema validation gives. */
export function invalidField(field: string, message: string, kind: ValidationKind = 'invalid'): AppError {
  return new AppError('VALIDATION_FAILED', { details: [validationIssue(field, kind, message)] });
}

type PageInput = z.infer<typeof PageQuery>;

/**
 * What one kind of item brings to `itemService`: its repository functions, how a body becomes
 * columns, which fields its history shows, and the names its errors and history use.
 */
export interface ItemSpec<
  P,
  Owner extends string,
  Row extends { id: number },
  Insert,
  View,
  Create,
  Update,
  Listed,
  Query extends PageInput,
> {
  /** The error of an id that is not an item of this parent. */
  notFound: ErrorCode;
  /** History actions are `<action>.create`, `<action>.update` and `<action>.delete`. */
  action: string;
  /** How a list pages when the query does not say; every row unless told (SPEC section 7). */
  listDefaults?: { size: number; allByDefault: boolean };
  list: (db: DbOrTx, parentId: number, paging: Paging, q: Query) => Promise<Listed>;
  find: (db: DbOrTx, parentId: number, id: number) => Promise<View | null>;
  insert: (tx: Tx, values: Insert) => Promise<Row>;
  update: (tx: Tx, parentId: number, id: number, values: Partial<Insert>) => Promise<void>;
  remove?: (tx: Tx, parentId: number, id: number) => Promise<void>;
  /** The item's own row inside the joined view the repository finds. */
  row: (view: View) => Row;
  /** The columns an update body sets; only what it names, so a diff shows what really changes. */
  toColumns: (input: Update) => Partial<Insert>;
  /** The full row of a create: the body with its defaults, plus the owner columns given. */
  toNewRow: (input: Create, owner: Record<Owner, number> & { created_by: number }) => Insert;
  /** The fields a history entry shows. */
  audited: (row: Row) => Record<string, unknown>;
  /** How a field's value reads in the history (a masked account number, say); as it is by default. */
  historyValue?: (field: string, value: unknown) => unknown;
  /** Another record whose history shows the same entries (a case's due-diligence comment written from its client). */
  mirror?: { record: HistoryWriter; id: (row: Row) => number; action: string };
  /** Checks a create needs beyond the body's schema (a referenced row exists, say); throws to refuse. */
  checkCreate?: (tx: Tx, input: Create, parent: P) => Promise<void>;
  /**
   * Runs before the row of a create (id null) or an update is written, for rules across the
   * parent's items (one default account, say); what it changes elsewhere joins the history entry.
   */
  beforeWrite?: (
    tx: Tx,
    target: { parentId: number; id: number | null },
    values: Partial<Insert>,
  ) => Promise<Changes | undefined>;
  /**
   * Set for the items through which a record is worked on together (comments, to-dos): anyone who
   * may read the parent adds them; its editors, the author and the assignee change them.
   */
  contribution?: { authorId: (view: View) => number | null; assigneeId?: (view: View) => number | null };
  /** Checks an update needs against the stored item; throws to refuse. */
  checkUpdate?: (
    tx: Tx,
    before: View,
    input: Update,
    values: Partial<Insert>,
    parent: P,
  ) => Promise<void> | void;
}

/**
 * The list/get/create/update/delete use cases every simple item shares, so each item's service
 * states only what differs. Reads go through the parent's read check; writes through its write
 * and leave one history entry, none when an update changes nothing.
 */
export function itemService<
  P,
  Owner extends string,
  Row extends { id: number },
  Insert,
  View,
  Create,
  Update,
  Listed,
  Query extends PageInput = PageInput,
>(parent: ItemParent<P, Owner>, spec: ItemSpec<P, Owner, Row, Insert, View, Create, Update, Listed, Query>) {
  async function found(db: DbOrTx, parentId: number, id: number): Promise<View> {
    const view = await spec.find(db, parentId, id);
    if (!view) throw new AppError(spec.notFound);
    return view;
  }
  const access: ItemAccess = spec.contribution ? 'contribute' : 'edit';
  const listDefaults = spec.listDefaults ?? { size: 20, allByDefault: true };

  /** A contribution is changed only by whom the parent allows (its editors, the author, the assignee). */
  function checkChange(p: P, actor: StaffActor, view: View) {
    const c = spec.contribution;
    if (!c || !parent.mayChange) return;
    const facts = { authorId: c.authorId(view), assigneeId: c.assigneeId?.(view) ?? null };
    if (!parent.mayChange(p, actor, facts)) throw new AppError('FORBIDDEN');
  }

  function shown(changes: Changes): Changes {
    const show = spec.historyValue;
    if (!show) return changes;
    return Object.fromEntries(
      Object.entries(changes).map(([field, c]) => [
        field,
        { from: show(field, c.from), to: show(field, c.to) },
      ]),
    );
  }

  async function record(
    tx: Tx,
    ctx: ServiceContext,
    parentId: number,
    row: Row,
    verb: string,
    changes: Changes,
  ) {
    const entry = shown(changes);
    await parent.record(tx, ctx, parentId, `${spec.action}.${verb}`, entry);
    const m = spec.mirror;
    if (m) await m.record(tx, ctx, m.id(row), `${m.action}.${verb}`, entry);
  }

  return {
    async list(ctx: ServiceContext, parentId: number, q: Query): Promise<Listed> {
      return parent.read(ctx, parentId, () => spec.list(ctx.db, parentId, paging(q, listDefaults), q));
    },

    async get(ctx: ServiceContext, parentId: number, id: number): Promise<View> {
      return parent.read(ctx, parentId, () => found(ctx.db, parentId, id));
    },

    async create(ctx: ServiceContext, parentId: number, input: Create): Promise<View> {
      return parent.write(
        ctx,
        parentId,
        async (tx, p, actor) => {
          await spec.checkCreate?.(tx, input, p);
          const owner = { [parent.owner]: parentId, created_by: actor.id } as Record<Owner, number> & {
            created_by: number;
          };
          const values = spec.toNewRow(input, owner);
          const also = await spec.beforeWrite?.(tx, { parentId, id: null }, values);
          const row = await spec.insert(tx, values);
          await record(tx, ctx, parentId, row, 'create', {
            ...createdChanges(row.id, spec.audited(row)),
            ...also,
          });
          return found(tx, parentId, row.id);
        },
        access,
      );
    },

    async update(ctx: ServiceContext, parentId: number, id: number, input: Update): Promise<View> {
      return parent.write(
        ctx,
        parentId,
        async (tx, p, actor) => {
          const before = await found(tx, parentId, id);
          checkChange(p, actor, before);
          const values = spec.toColumns(input);
          await spec.checkUpdate?.(tx, before, input, values, p);
          const row = spec.row(before);
          const changes = updatedChanges(id, spec.audited(row), values);
          if (!changes) return before;
          const also = await spec.beforeWrite?.(tx, { parentId, id }, values);
          await spec.update(tx, parentId, id, values);
          await record(tx, ctx, parentId, row, 'update', { ...changes, ...also });
          return found(tx, parentId, id);
        },
        access,
      );
    },

    async remove(ctx: ServiceContext, parentId: number, id: number): Promise<void> {
      const remove = spec.remove;
      if (!remove) throw new Error(`${spec.action} items are not removed`);
      await parent.write(
        ctx,
        parentId,
        async (tx, p, actor) => {
          const before = await found(tx, parentId, id);
          checkChange(p, actor, before);
          await remove(tx, parentId, id);
          const row = spec.row(before);
          await record(tx, ctx, parentId, row, 'delete', deletedChanges(id, spec.audited(row)));
        },
        access,
      );
    },
  };
}
