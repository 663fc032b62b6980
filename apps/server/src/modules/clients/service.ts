import {
  CLIENT_LIST_DEFAULTS,
  CLIENT_NAME_LIMIT,
  CLIENT_SORT_FIELDS,
  CONTACT_STAGES,
  type ClientCreateBody,
  type ClientDuplicate,
  type ClientDuplicateQuery,
  type ClientLogQuery,
  type ClientNameQuery,
  type ClientSearchQuery,
  type ClientStageStats,
  type ClientStatsQuery,
  type ClientUpdateBody,
  type ContactStage,
  LOG_PAGE_SIZE,
  canDeleteClient,
  canSeeClient,
  clientStagesVisibleTo,
  contactMoveNeedsReason,
  contactMoveTargets,
  validationIssue,
} from '@dealflow/domain';
import type { DbOrTx } from '../../db/client.ts';
import { describeDatabaseError } from '../../db/errors.ts';
import { type ServiceContext, type StaffActor, staffActor } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { storeClientInvitation } from '../accounts/service.ts';
import { type Changes, diff } from '../activity/repository.ts';
import { readOfClient, writeOnClient } from './access.ts';
import { recordClientActivity } from './history.ts';
import { ownerIdsInChanges } from './presenter.ts';
import * as repo from './repository.ts';
import type { ClientFilters, ClientInsert, ClientSort, ClientSortField } from './repository.ts';

/**
 * Client names for pickers: `ids` resolves the values a form already holds (every one found, in
 * name order); otherwise the first CLIENT_NAME_LIMIT active clients matching `q`, with the total.
 */
export async function listClientNames(ctx: ServiceContext, q: ClientNameQuery) {
  if (q.ids) {
    const rows = await repo.clientNamesByIds(ctx.db, q.ids);
    return { rows, count: rows.length };
  }
  return repo.searchClientNames(ctx.db, q.q || undefined, CLIENT_NAME_LIMIT);
}

// ── The client book (issue 9) ─────────────────────────────────────────────────────────────────

function parseSort(sort: string | undefined): ClientSort {
  const [field, dir] = (sort ?? CLIENT_LIST_DEFAULTS.sort).split(':') as [ClientSortField, 'asc' | 'desc'];
  if (!(CLIENT_SORT_FIELDS as readonly string[]).includes(field)) throw new AppError('INVALID_SORT');
  return { field, dir };
}

/** SPEC section 9: page 1 of 10 unless asked; `all=1` every row. */
function paging(q: { page?: number; size?: number; all?: boolean }) {
  const size = q.size ?? CLIENT_LIST_DEFAULTS.size;
  const page = q.page ?? CLIENT_LIST_DEFAULTS.page;
  return { limit: q.all ? null : size, offset: (page - 1) * size };
}

/**
 * The filters of a list as the asking staff member may see it (clientStagesVisibleTo, the rule the
 * get-by-id applies too): only their stages, and among deleted clients only those they may restore.
 */
function filtersFor(actor: StaffActor, q: ClientStatsQuery & { process_status?: ContactStage | 'all' }) {
  const visible = clientStagesVisibleTo(actor.role);
  const wanted = q.process_status && q.process_status !== 'all' ? q.process_status : null;
  const stages =
    actor.role === 'admin' && !wanted
      ? ('all' as const)
      : visible.filter((stage) => wanted === null || stage === wanted);
  const deleted = q.is_deleted ?? false;
  return {
    stages,
    text: q.q || undefined,
    membership: q.membership,
    type: q.type || undefined,
    employeeId: q.employee_id,
    domain: q.domain || undefined,
    industry: q.industry || undefined,
    expiry: q.expiry,
    groupId: q.group_id,
    application: q.application,
    deleted,
    ...(deleted && actor.role !== 'admin' ? { deletedOwner: actor.id } : {}),
  } satisfies ClientFilters;
}

/** `v1/clients` (paging and sort only) and `v2/clients` (with the filters). */
export async function listClients(ctx: ServiceContext, q: ClientSearchQuery) {
  const actor = staffActor(ctx);
  return repo.listClients(ctx.db, filtersFor(actor, q), parseSort(q.sort), paging(q));
}

/** Count and `check_size` sum per contact stage; stages the actor does not work count 0. */
export async function clientStageStats(ctx: ServiceContext, q: ClientStatsQuery): Promise<ClientStageStats> {
  const actor = staffActor(ctx);
  const rows = await repo.statsByStage(ctx.db, filtersFor(actor, q));
  const stats = Object.fromEntries(
    CONTACT_STAGES.map((stage) => [stage, { count: 0, check_size: {} }]),
  ) as ClientStageStats;
  for (const r of rows) stats[r.stage] = { count: r.count, check_size: r.checkSize };
  return stats;
}

/** One client with its owner's name; deleted ones only when asked, for who may restore them. */
export async function getClient(ctx: ServiceContext, id: number, options: { includeDeleted?: boolean } = {}) {
  const found = await readOfClient(ctx, id, () => repo.findClientWithOwner(ctx.db, id), options);
  if (!found) throw new AppError('CLIENT_NOT_FOUND');
  return found;
}

type ClientFields = Omit<ClientCreateBody, 'process_status' | 'invite' | 'employee_id'>;

/** Body fields as columns: the web's camelCase names, dates as dates, an empty phone as none. */
function toColumns(input: Partial<ClientFields>): Partial<ClientInsert> {
  const { firstName, lastName, expiry_at, phone, ...rest } = input;
  const values: Partial<ClientInsert> = { ...rest };
  if (firstName !== undefined) values.first_name = firstName || null;
  if (lastName !== undefined) values.last_name = lastName || null;
  if (phone !== undefined) values.phone = phone || null;
  if (expiry_at !== undefined) values.expiry_at = expiry_at ? new Date(expiry_at) : null;
  return values;
}

/**
 * An owner must be an active colleague who works clients in the client's stage (admin, sa or ir
 * per clientRules): 400 on `employee_id` otherwise.
 */
async function checkOwner(db: DbOrTx, ownerId: number | null, stage: ContactStage) {
  if (ownerId === null) return;
  const role = await repo.activeEmployeeRole(db, ownerId);
  if (role && canSeeClient(role, stage)) return;
  throw new AppError('VALIDATION_FAILED', {
    details: [
      validationIssue(
        'body.employee_id',
        'unknown_reference',
        `No active employee with id ${ownerId} who works clients in ${stage}`,
      ),
    ],
  });
}

/** Whether an owner still works the stage a client moves to (else the client is left without). */
async function ownerWorks(db: DbOrTx, ownerId: number, stage: ContactStage) {
  const role = await repo.activeEmployeeRole(db, ownerId);
  return role !== null && canSeeClient(role, stage);
}

/** A creation in the history: every field given, from null (an absent `from` would not survive JSON). */
function creationChanges(values: Record<string, unknown>): Changes {
  const changes: Changes = {};
  for (const [field, to] of Object.entries(values)) {
    if (to !== undefined && to !== null) changes[field] = { from: null, to };
  }
  return changes;
}

/** The unique index on email answers a race two duplicate checks both passed: 409 all the same. */
function emailRace(err: unknown): never {
  const db = describeDatabaseError(err);
  if (db?.code === '23505' && db.constraint === 'clients_email_key') throw new AppError('EMAIL_TAKEN');
  throw err;
}

/**
 * A new client, in a stage the creator works (CLIENT_STAGE_NOT_ALLOWED otherwise); an sa or ir
 * owns what they create unless they name someone else. `invite` mails a set-password link
 * (no password is ever chosen by staff or mailed) once the client is stored.
 */
export async function createClient(ctx: ServiceContext, input: ClientCreateBody) {
  const actor = staffActor(ctx);
  const stage = input.process_status ?? 'p0';
  if (!canSeeClient(actor.role, stage)) {
    throw new AppError('CLIENT_STAGE_NOT_ALLOWED', { details: { process_status: stage } });
  }
  if (input.invite && input.status === 'inactive') {
    throw new AppError('VALIDATION_FAILED', {
      details: [validationIssue('body.invite', 'invalid', 'An inactive client cannot be invited to sign in')],
    });
  }
  const ownerId =
    input.employee_id !== undefined ? input.employee_id : actor.role === 'admin' ? null : actor.id;
  const { process_status: _stage, invite, employee_id: _owner, ...fields } = input;
  const { id, mail } = await ctx.db
    .transaction(async (tx) => {
      if (await repo.emailTaken(tx, fields.email)) throw new AppError('EMAIL_TAKEN');
      await checkOwner(tx, ownerId, stage);
      const values: ClientInsert = {
        ...(toColumns(fields) as ClientInsert),
        process_status: stage,
        employee_id: ownerId,
        must_change_password: Boolean(invite),
      };
      const id = await repo.insertClient(tx, values);
      await recordClientActivity(tx, ctx, id, 'client.create', creationChanges(values));
      const mail = invite
        ? await storeClientInvitation(ctx, tx, { id, email: fields.email, name: fields.name })
        : null;
      return { id, mail };
    })
    .catch(emailRace);
  if (mail) await mail();
  return getClient(ctx, id);
}

/**
 * Edits a client; a new `process_status` moves it through the contact pipeline: only to the
 * stages contactMoveTargets gives the actor, with a reason where contactMoveNeedsReason asks, the
 * stage left remembered when dropped. An owner who does not work the new stage is let go (the
 * hand-over p4 → p5 from sa to ir), unless the body names the new one. Field edits and the move
 * are recorded apart, in the transaction of the write, with the client row locked.
 */
export async function updateClient(ctx: ServiceContext, id: number, input: ClientUpdateBody) {
  await writeOnClient(ctx, id, async (tx, _access, actor) => {
    const before = await repo.findClient(tx, id);
    if (!before) throw new AppError('CLIENT_NOT_FOUND');
    const { process_status: to, reason, employee_id: ownerId, ...fields } = input;
    const values = toColumns(fields);
    if (values.email !== undefined && values.email !== before.email) {
      if (await repo.emailTaken(tx, values.email, id)) throw new AppError('EMAIL_TAKEN');
    }
    const from = before.process_status as ContactStage;
    const moved = to !== undefined && to !== from ? { from, to } : null;
    if (moved) {
      const allowed = contactMoveTargets(actor.role, from);
      if (!allowed.includes(moved.to)) {
        throw new AppError('CLIENT_MOVE_NOT_ALLOWED', { details: { from, to: moved.to, allowed } });
      }
      if (contactMoveNeedsReason(from, moved.to) && !reason?.trim()) {
        throw new AppError('VALIDATION_FAILED', {
          details: [
            validationIssue(
              'body.reason',
              'required',
              `Moving a client from ${from} to ${moved.to} needs a reason`,
            ),
          ],
        });
      }
    }
    const stage = moved?.to ?? from;
    let owner = before.employee_id;
    if (ownerId !== undefined && (ownerId !== before.employee_id || moved)) {
      await checkOwner(tx, ownerId, stage);
      owner = ownerId;
    } else if (moved && owner !== null && !(await ownerWorks(tx, owner, stage))) {
      owner = null;
    }

    const changes = diff(before as unknown as Record<string, unknown>, values as Record<string, unknown>);
    const ownerChange = owner !== before.employee_id ? { from: before.employee_id, to: owner } : null;
    // An owner change is part of the move when there is one (the hand-over), else an edit.
    if (ownerChange && !moved) changes.employee_id = ownerChange;
    if (Object.keys(changes).length === 0 && !moved) return;

    const moveValues: Partial<ClientInsert> = moved
      ? {
          process_status: moved.to,
          stage_entered_at: new Date(),
          dropped_from: moved.to === 'drop' ? from : null,
        }
      : {};
    const deactivated = values.status === 'inactive' && before.status !== 'inactive';
    await repo.updateClient(
      tx,
      id,
      { ...values, ...moveValues, employee_id: owner },
      { bumpTokenVersion: deactivated },
    );
    if (Object.keys(changes).length > 0) {
      await recordClientActivity(tx, ctx, id, 'client.update', changes);
    }
    if (moved) {
      await recordClientActivity(
        tx,
        ctx,
        id,
        'client.move',
        {
          process_status: { from: moved.from, to: moved.to },
          ...(ownerChange ? { employee_id: ownerChange } : {}),
        },
        { reason: reason?.trim() || null },
      );
    }
  });
  // Status, email and token version decide this client's sign-in: from now on, in this instance
  // at once (others hear the accounts trigger).
  ctx.principals.forget('client', id);
  return readAfterWrite(ctx, id);
}

/**
 * The client as a write left it, for its reply: read without the stage check, since a write may
 * take the client out of the actor's book (the hand-over) and they still get what they did.
 */
async function readAfterWrite(ctx: ServiceContext, id: number) {
  const found = await repo.findClientWithOwner(ctx.db, id);
  if (!found) throw new AppError('CLIENT_NOT_FOUND');
  return found;
}

/**
 * Soft delete and restore (admin, or the client's owner: canDeleteClient); a deleted client keeps
 * its history, cannot sign in, and can be restored with everything it had.
 */
export async function setClientDeleted(ctx: ServiceContext, id: number, deleted: boolean) {
  await writeOnClient(
    ctx,
    id,
    async (tx, access, actor) => {
      const facts = { processStatus: access.process_status as ContactStage, ownerId: access.employee_id };
      if (!canDeleteClient(actor, facts)) {
        throw new AppError('FORBIDDEN', { message: 'Only an admin or the client’s owner can do this' });
      }
      if (access.is_deleted === deleted) return;
      await repo.updateClient(
        tx,
        id,
        { is_deleted: deleted, deleted_at: deleted ? new Date() : null },
        { bumpTokenVersion: deleted },
      );
      await recordClientActivity(tx, ctx, id, deleted ? 'client.delete' : 'client.restore', {
        is_deleted: { from: !deleted, to: deleted },
      });
    },
    { includeDeleted: !deleted },
  );
  ctx.principals.forget('client', id);
  return readAfterWrite(ctx, id);
}

/**
 * Mails a client a (new) set-password link to the investor area; an older link stops working.
 * A client without a password yet must choose one (`must_change_password`).
 */
export async function inviteClient(ctx: ServiceContext, id: number) {
  const mail = await writeOnClient(ctx, id, async (tx) => {
    const row = await repo.findClient(tx, id);
    if (!row) throw new AppError('CLIENT_NOT_FOUND');
    if (row.status !== 'active') {
      throw new AppError('CONFLICT', { message: 'Activate the client before inviting them to sign in' });
    }
    if (row.password_hash === null && !row.must_change_password) {
      await repo.updateClient(tx, id, { must_change_password: true });
    }
    await recordClientActivity(tx, ctx, id, 'client.invite');
    return storeClientInvitation(ctx, tx, row);
  });
  await mail();
  return getClient(ctx, id);
}

/** Below this many digits a phone number is too short to say two clients are one. */
const PHONE_MIN_DIGITS = 6;
const DUPLICATES_LIMIT = 20;

/**
 * Clients already holding this email or phone (digits compared), deleted ones included. One the
 * actor may not open is named only (`visible: false`): they learn that it exists, so that they do
 * not create it twice, and nothing more.
 */
export async function findClientDuplicates(
  ctx: ServiceContext,
  q: ClientDuplicateQuery,
): Promise<ClientDuplicate[]> {
  const actor = staffActor(ctx);
  const email = q.email?.trim().toLowerCase() || undefined;
  const digits = q.phone?.replace(/\D/g, '') ?? '';
  const rows = await repo.findDuplicates(
    ctx.db,
    {
      email,
      digits: digits.length >= PHONE_MIN_DIGITS ? digits : undefined,
      excludeId: q.exclude_id,
    },
    DUPLICATES_LIMIT,
  );
  return rows.map((r) => {
    const stage = r.process_status as ContactStage;
    const visible =
      canSeeClient(actor.role, stage) &&
      (!r.is_deleted || canDeleteClient(actor, { processStatus: stage, ownerId: r.employee_id }));
    return {
      id: r.id,
      name: r.name,
      matched: [
        ...(r.email_match ? (['email'] as const) : []),
        ...(r.phone_match ? (['phone'] as const) : []),
      ],
      visible,
      is_deleted: r.is_deleted,
    };
  });
}

/** A client's history, 20 a page, newest first; a deleted client's for who may restore it. */
export async function clientHistory(ctx: ServiceContext, id: number, q: ClientLogQuery) {
  const size = q.size ?? LOG_PAGE_SIZE;
  const page = q.page ?? 1;
  const { rows, count } = await readOfClient(
    ctx,
    id,
    () => repo.clientLog(ctx.db, id, { limit: size, offset: (page - 1) * size }, q.action),
    { includeDeleted: true },
  );
  const ownerIds = [...new Set(rows.flatMap((r) => ownerIdsInChanges(r.changes)))];
  return { rows, count, employeeNames: await repo.employeeNames(ctx.db, ownerIds) };
}
