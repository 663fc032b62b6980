import type { Readable } from 'node:stream';
import {
  CARD_EXPORT_MAX_ROWS,
  CARD_IMAGE_MAX_BYTES,
  CARD_IMAGE_TYPES,
  CARD_LIST_DEFAULTS,
  type CardAccess,
  type CardCreateBody,
  type CardExportQuery,
  type CardGroupCreateBody,
  type CardListQuery,
  type CardPermission,
  type CardSortField,
  type CardUpdateBody,
  type CaseLogQuery,
  LOG_PAGE_SIZE,
  UPLOAD_FILE_TYPES,
  cardAccessOf,
  canManageCardGroup,
} from '@dealflow/domain';
import type { Tx } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { type ServiceContext, type StaffActor, staffActor } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { identifyFile } from '../../lib/fileTypes.ts';
import { StoredFileMissing, type StoredFile } from '../../lib/storage.ts';
import { type Changes, diff, entityLog, recordActivities, recordActivity } from '../activity/repository.ts';
import { createdChanges, paging } from '../items/service.ts';
import * as repo from './repository.ts';
import type { CardView, CardViewer } from './repository.ts';
import { formatVCard } from './vcard.ts';

/**
 * The business-card book (issue 11). A card belongs to its creator (edit and grant), admin sees
 * and manages all, anyone else what their grant on the card says; a card they may not read does
 * not exist for them (404, never listed or counted). Every write is in the card's history
 * (entity `card`; groups under `card_group`).
 */

export const viewerOf = (actor: StaffActor): CardViewer => ({ id: actor.id, admin: actor.role === 'admin' });

/** What the actor may do with a card they found, or null. */
export const accessTo = (actor: StaffActor, view: CardView): CardAccess | null =>
  cardAccessOf(actor, { ownerId: view.card.owner_id, grant: view.grant });

/** The fields of a card as the history and the import report see them. */
export const cardFields = (c: {
  name: string;
  company: string | null;
  title: string | null;
  phones: string[];
  emails: string[];
  address: string | null;
  notes: string | null;
  tags: string[];
}) => ({
  name: c.name,
  company: c.company,
  title: c.title,
  phones: c.phones,
  emails: c.emails,
  address: c.address,
  notes: c.notes,
  tags: c.tags,
});

const orNull = (v: string | null | undefined) => (v ? v : null);
/** The same text twice (any case for emails and tags) is kept once, in the order given. */
function unique(list: readonly string[] | undefined, fold = false): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const item of list ?? []) {
    const key = fold ? item.toLowerCase() : item;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(item);
  }
  return out;
}

/** A card's stored values from a create body (or an imported row). */
export function cardValues(input: {
  name: string;
  company?: string | null | undefined;
  title?: string | null | undefined;
  phones?: readonly string[] | undefined;
  emails?: readonly string[] | undefined;
  address?: string | null | undefined;
  notes?: string | null | undefined;
  tags?: readonly string[] | undefined;
}) {
  return {
    name: input.name,
    company: orNull(input.company),
    title: orNull(input.title),
    phones: unique(input.phones),
    emails: unique(input.emails, true),
    address: orNull(input.address),
    notes: orNull(input.notes),
    tags: unique(input.tags, true),
  };
}

function sortOf(sort: string | undefined) {
  const [field, dir] = (sort ?? CARD_LIST_DEFAULTS.sort).split(':') as [CardSortField, 'asc' | 'desc'];
  return { field, dir };
}

export async function listCards(ctx: ServiceContext, q: CardListQuery) {
  const actor = staffActor(ctx);
  const page = await repo.listCards(
    ctx.db,
    viewerOf(actor),
    { text: q.q || undefined, tag: q.tag, groupId: q.group_id },
    sortOf(q.sort),
    paging(q, { size: CARD_LIST_DEFAULTS.size, allByDefault: false }),
  );
  return {
    rows: page.rows.map((view) => ({ view, access: accessTo(actor, view) ?? 'read' })),
    count: page.count,
  };
}

/** A card the actor may read, with what they may do with it; anything else is 404. */
async function readable(ctx: ServiceContext, db: ServiceContext['db'] | Tx, id: number, lock = false) {
  const actor = staffActor(ctx);
  const view = await repo.findCard(db, id, viewerOf(actor), { lock });
  const access = view ? accessTo(actor, view) : null;
  if (!view || !access) throw new AppError('CARD_NOT_FOUND');
  return { view, access, actor };
}

export async function getCard(ctx: ServiceContext, id: number) {
  const { view, access } = await readable(ctx, ctx.db, id);
  return { view, access };
}

/** Runs a write on a card the actor may edit (`manage` for permissions), locked for the transaction. */
async function writeOnCard<T>(
  ctx: ServiceContext,
  id: number,
  need: 'edit' | 'manage',
  work: (tx: Tx, view: CardView, actor: StaffActor) => Promise<T>,
): Promise<T> {
  return ctx.db.transaction(async (tx) => {
    const { view, access, actor } = await readable(ctx, tx, id, true);
    if (access === 'read') throw new AppError('CARD_READ_ONLY');
    if (need === 'manage' && access !== 'manage') throw new AppError('CARD_OWNER_ONLY');
    return work(tx, view, actor);
  });
}

async function reread(ctx: ServiceContext, tx: Tx, id: number) {
  const { view, access } = await readable(ctx, tx, id);
  return { view, access };
}

/** The groups named exist (all of them, or 404), locked so none is deleted under the write. */
async function existingGroups(tx: Tx, ids: readonly number[]) {
  const wanted = [...new Set(ids)];
  const found = await repo.lockCardGroups(tx, wanted);
  if (found.length !== wanted.length) {
    const missing = wanted.filter((id) => !found.some((g) => g.id === id));
    throw new AppError('CARD_GROUP_NOT_FOUND', { details: { group_ids: missing } });
  }
  return found;
}

const groupChanges = (
  before: Array<{ id: number; name: string }>,
  after: Array<{ id: number; name: string }>,
) => ({
  groups: { from: before.map((g) => g.name), to: after.map((g) => g.name) },
  group_ids: { from: before.map((g) => g.id), to: after.map((g) => g.id) },
});

export async function createCard(ctx: ServiceContext, input: CardCreateBody) {
  const actor = staffActor(ctx);
  return ctx.db.transaction(async (tx) => {
    const values = cardValues(input);
    const groups = await existingGroups(tx, input.group_ids ?? []);
    const id = await repo.insertCard(tx, { ...values, owner_id: actor.id });
    if (groups.length > 0)
      await repo.replaceCardGroups(
        tx,
        id,
        groups.map((g) => g.id),
      );
    // Every field from nothing (null: a JSON history keeps no undefined "from").
    const changes: Changes = createdChanges(id, values);
    if (groups.length > 0) Object.assign(changes, groupChanges([], groups));
    await recordActivity(tx, ctx.actor, { entity_type: 'card', entity_id: id, action: 'create', changes });
    return reread(ctx, tx, id);
  });
}

export async function updateCard(ctx: ServiceContext, id: number, input: CardUpdateBody) {
  return writeOnCard(ctx, id, 'edit', async (tx, view) => {
    const before = cardFields(view.card);
    const merged = cardValues({ ...before, ...input });
    // Only the fields sent are compared: the rest stay as they are.
    const sent = Object.fromEntries(
      Object.keys(input).map((k) => [k, merged[k as keyof typeof merged]]),
    ) as Partial<typeof merged>;
    const changes = diff(before, sent);
    if (Object.keys(changes).length === 0) return { view, access: accessTo(staffActor(ctx), view) ?? 'read' };
    await repo.updateCard(tx, id, sent);
    await recordActivity(tx, ctx.actor, { entity_type: 'card', entity_id: id, action: 'update', changes });
    return reread(ctx, tx, id);
  });
}

/** Deleting is the owner's (and admin's): an edit grant changes a card, it does not take it away. */
export async function deleteCard(ctx: ServiceContext, id: number) {
  const key = await writeOnCard(ctx, id, 'manage', async (tx, view) => {
    await repo.deleteCard(tx, id);
    const changes: Changes = {};
    for (const [k, v] of Object.entries(cardFields(view.card))) changes[k] = { from: v, to: null };
    if (view.groups.length > 0) Object.assign(changes, groupChanges(view.groups, []));
    await recordActivity(tx, ctx.actor, { entity_type: 'card', entity_id: id, action: 'delete', changes });
    return view.card.image_key;
  });
  if (key) await discardImage(ctx, key);
}

/** `PUT cards/{id}/groups`: the card is in exactly these groups from now on. */
export async function setCardGroups(ctx: ServiceContext, id: number, groupIds: readonly number[]) {
  return writeOnCard(ctx, id, 'edit', async (tx, view) => {
    const groups = await existingGroups(tx, groupIds);
    const sameSet =
      groups.length === view.groups.length && groups.every((g) => view.groups.some((h) => h.id === g.id));
    if (sameSet) return { view, access: accessTo(staffActor(ctx), view) ?? 'read' };
    await repo.replaceCardGroups(
      tx,
      id,
      groups.map((g) => g.id),
    );
    await repo.updateCard(tx, id, {});
    await recordActivity(tx, ctx.actor, {
      entity_type: 'card',
      entity_id: id,
      action: 'groups',
      changes: groupChanges(view.groups, groups),
    });
    return reread(ctx, tx, id);
  });
}

// ── Permissions ───────────────────────────────────────────────────────────────────────────────

/** The owner first, then every grant: for the owner and admin. */
export async function listPermissions(ctx: ServiceContext, id: number) {
  const { view, access } = await readable(ctx, ctx.db, id);
  if (access !== 'manage') throw new AppError('CARD_OWNER_ONLY');
  const grants = await repo.listGrants(ctx.db, id);
  const owner =
    view.card.owner_id === null
      ? []
      : [{ employee_id: view.card.owner_id, employee_name: view.owner_name, permission: 'owner' as const }];
  return [...owner, ...grants.map((g) => ({ ...g, permission: g.permission as 'read' | 'edit' }))];
}

/** One employee's permission: the owner and admin ask about anyone, anyone else about themselves. */
export async function getPermission(ctx: ServiceContext, id: number, employeeId: number) {
  const { view, access, actor } = await readable(ctx, ctx.db, id);
  if (access !== 'manage' && employeeId !== actor.id) throw new AppError('CARD_OWNER_ONLY');
  const [employee] = await repo.activeEmployees(ctx.db, [employeeId]);
  if (view.card.owner_id === employeeId) {
    return { employee_id: employeeId, employee_name: view.owner_name, permission: 'owner' as const };
  }
  if (!employee && employeeId !== actor.id) throw new AppError('EMPLOYEE_NOT_FOUND');
  const grant = await repo.findGrant(ctx.db, id, employeeId);
  return {
    employee_id: employeeId,
    employee_name: employee?.name ?? null,
    permission: grant ?? ('none' as const),
  };
}

/** Sets several employees' permissions on a card, each change in its history. */
export async function setPermissions(
  ctx: ServiceContext,
  id: number,
  entries: ReadonlyArray<{ employee_id: number; permission: CardPermission }>,
) {
  await writeOnCard(ctx, id, 'manage', async (tx, view, actor) => {
    // The last entry for an employee wins, as if sent one after the other.
    const wanted = new Map(entries.map((e) => [e.employee_id, e.permission]));
    if (view.card.owner_id !== null && wanted.has(view.card.owner_id))
      throw new AppError('CARD_OWNER_PERMISSION');
    const ids = [...wanted.keys()];
    const staff = await repo.activeEmployees(tx, ids);
    const missing = ids.filter((e) => !staff.some((s) => s.id === e));
    // Taking a grant away from someone no longer active is allowed; giving one is not.
    const refused = missing.filter((e) => wanted.get(e) !== 'none');
    if (refused.length > 0) throw new AppError('EMPLOYEE_NOT_FOUND', { details: { employee_ids: refused } });
    for (const [employeeId, permission] of wanted) {
      const before = (await repo.findGrant(tx, id, employeeId)) ?? 'none';
      if (before === permission) continue;
      await repo.setGrant(tx, id, employeeId, permission, actor.id);
      await recordActivity(tx, ctx.actor, {
        entity_type: 'card',
        entity_id: id,
        action: 'permission',
        changes: {
          employee_id: { from: employeeId, to: employeeId },
          permission: { from: before, to: permission },
        },
      });
    }
  });
  return listPermissions(ctx, id);
}

// ── Card groups ───────────────────────────────────────────────────────────────────────────────

async function guardGroupName<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (isUniqueViolation(err, 'card_groups_name_key')) throw new AppError('CARD_GROUP_NAME_TAKEN');
    throw err;
  }
}

export async function listCardGroups(ctx: ServiceContext) {
  staffActor(ctx);
  return repo.listCardGroups(ctx.db);
}

export async function createCardGroup(ctx: ServiceContext, input: CardGroupCreateBody) {
  const actor = staffActor(ctx);
  return guardGroupName(() =>
    ctx.db.transaction(async (tx) => {
      const id = await repo.insertCardGroup(tx, { name: input.name, created_by: actor.id });
      await recordActivity(tx, ctx.actor, {
        entity_type: 'card_group',
        entity_id: id,
        action: 'create',
        changes: { name: { from: null, to: input.name } },
      });
      const row = await repo.findCardGroup(tx, id);
      if (!row) throw new Error('the group just made is missing');
      return row;
    }),
  );
}

async function managedGroup(tx: Tx, actor: StaffActor, id: number) {
  const row = await repo.findCardGroup(tx, id, { lock: true });
  if (!row) throw new AppError('CARD_GROUP_NOT_FOUND');
  if (!canManageCardGroup(actor, { createdBy: row.group.created_by }))
    throw new AppError('CARD_GROUP_NOT_YOURS');
  return row;
}

export async function renameCardGroup(ctx: ServiceContext, id: number, name: string) {
  const actor = staffActor(ctx);
  return guardGroupName(() =>
    ctx.db.transaction(async (tx) => {
      const before = await managedGroup(tx, actor, id);
      if (before.group.name === name) return before;
      await repo.renameCardGroup(tx, id, name);
      await recordActivity(tx, ctx.actor, {
        entity_type: 'card_group',
        entity_id: id,
        action: 'update',
        changes: { name: { from: before.group.name, to: name } },
      });
      const row = await repo.findCardGroup(tx, id);
      if (!row) throw new Error('the group just renamed is missing');
      return row;
    }),
  );
}

/** Deletes a group (its cards stay); each card's history says it left the group. */
export async function deleteCardGroup(ctx: ServiceContext, id: number) {
  const actor = staffActor(ctx);
  await ctx.db.transaction(async (tx) => {
    const before = await managedGroup(tx, actor, id);
    const cardIds = await repo.cardsOfGroup(tx, id);
    await repo.deleteCardGroup(tx, id);
    await recordActivity(tx, ctx.actor, {
      entity_type: 'card_group',
      entity_id: id,
      action: 'delete',
      changes: { name: { from: before.group.name, to: null }, card_count: { from: cardIds.length, to: 0 } },
    });
    await recordActivities(
      tx,
      ctx.actor,
      cardIds.map((cardId) => ({
        entity_type: 'card',
        entity_id: cardId,
        action: 'group_deleted',
        changes: { group: { from: before.group.name, to: null }, group_id: { from: id, to: null } },
      })),
    );
  });
}

// ── The photo of the card ─────────────────────────────────────────────────────────────────────

type CardImageType = (typeof CARD_IMAGE_TYPES)[number];
export type StoredImage = StoredFile<CardImageType>;

/** Before any byte of a photo is read: the card is there and the actor may edit it. */
export async function checkImageAllowed(ctx: ServiceContext, id: number) {
  const { access } = await readable(ctx, ctx.db, id);
  if (access === 'read') throw new AppError('CARD_READ_ONLY');
}

/** Streams a photo into the file store: refused past 5 MB while it arrives, and unless its bytes are an image. */
export async function storeImage(
  ctx: ServiceContext,
  source: Readable,
  filename: string,
): Promise<StoredImage> {
  return ctx.files.put(source, {
    maxBytes: CARD_IMAGE_MAX_BYTES,
    tooLarge: () => new AppError('CARD_IMAGE_TOO_LARGE', { details: { max_bytes: CARD_IMAGE_MAX_BYTES } }),
    inspect: async (staged) => {
      const type = await identifyFile(staged, filename).catch(() => null);
      if (!type || !(CARD_IMAGE_TYPES as readonly string[]).includes(type))
        throw new AppError('CARD_IMAGE_TYPE');
      return type as CardImageType;
    },
  });
}

export async function discardImage(ctx: ServiceContext, key: string) {
  await ctx.files.delete(key).catch((err: unknown) => {
    ctx.log.error({ err, key }, 'removing the bytes of a card photo failed');
  });
}

/** Puts the photo on the card (replacing one it had: those bytes are removed after the commit). */
export async function setCardImage(ctx: ServiceContext, id: number, stored: StoredImage) {
  let previous: string | null = null;
  try {
    const result = await writeOnCard(ctx, id, 'edit', async (tx, view) => {
      previous = view.card.image_key;
      const mime = UPLOAD_FILE_TYPES[stored.inspected].mime;
      await repo.updateCard(tx, id, {
        image_key: stored.key,
        image_mime: mime,
        image_size: stored.size,
        image_sha256: stored.sha256,
        image_updated_at: new Date(),
      });
      await recordActivity(tx, ctx.actor, {
        entity_type: 'card',
        entity_id: id,
        action: 'image',
        changes: {
          image: { from: view.card.image_sha256, to: stored.sha256 },
          image_size: { from: view.card.image_size, to: stored.size },
        },
      });
      return reread(ctx, tx, id);
    });
    if (previous) await discardImage(ctx, previous);
    return result;
  } catch (err) {
    await discardImage(ctx, stored.key);
    throw err;
  }
}

export async function deleteCardImage(ctx: ServiceContext, id: number) {
  const key = await writeOnCard(ctx, id, 'edit', async (tx, view) => {
    if (!view.card.image_key) throw new AppError('CARD_IMAGE_NOT_FOUND');
    await repo.updateCard(tx, id, {
      image_key: null,
      image_mime: null,
      image_size: null,
      image_sha256: null,
      image_updated_at: null,
    });
    await recordActivity(tx, ctx.actor, {
      entity_type: 'card',
      entity_id: id,
      action: 'image',
      changes: { image: { from: view.card.image_sha256, to: null } },
    });
    return view.card.image_key;
  });
  await discardImage(ctx, key);
}

/** The photo's bytes, for someone who may read the card now. */
export async function openCardImage(ctx: ServiceContext, id: number) {
  const { view } = await readable(ctx, ctx.db, id);
  const { image_key: key, image_mime: mime, image_size: size } = view.card;
  if (!key || !mime) throw new AppError('CARD_IMAGE_NOT_FOUND');
  try {
    const { stream } = await ctx.files.get(key);
    return { mime, size: size ?? 0, stream, name: `card-${id}` };
  } catch (err) {
    if (!(err instanceof StoredFileMissing)) throw err;
    ctx.log.error({ cardId: id, key }, 'the bytes of a card photo are missing');
    throw new AppError('CARD_IMAGE_NOT_FOUND');
  }
}

// ── Export ────────────────────────────────────────────────────────────────────────────────────

/** The readable cards the filters match, as one vCard file (at most CARD_EXPORT_MAX_ROWS). */
export async function exportCards(ctx: ServiceContext, q: CardExportQuery) {
  const actor = staffActor(ctx);
  const viewer = viewerOf(actor);
  const filters = { text: q.q || undefined, tag: q.tag, groupId: q.group_id };
  const n = await repo.countCards(ctx.db, viewer, filters, CARD_EXPORT_MAX_ROWS);
  if (n > CARD_EXPORT_MAX_ROWS) {
    throw new AppError('CARD_EXPORT_TOO_LARGE', { details: { max_rows: CARD_EXPORT_MAX_ROWS } });
  }
  const { rows } = await repo.listCards(
    ctx.db,
    viewer,
    filters,
    { field: 'name', dir: 'asc' },
    {
      limit: null,
      offset: 0,
    },
  );
  return { text: rows.map((r) => formatVCard(cardFields(r.card))).join(''), count: rows.length };
}

// ── History ───────────────────────────────────────────────────────────────────────────────────

/** A card's history, newest first (20 a page), for anyone who may read the card now. */
export async function cardHistory(ctx: ServiceContext, id: number, q: CaseLogQuery) {
  await readable(ctx, ctx.db, id);
  const size = q.size ?? LOG_PAGE_SIZE;
  const page = q.page ?? 1;
  return entityLog(ctx.db, 'card', id, { limit: size, offset: (page - 1) * size }, q.action);
}
