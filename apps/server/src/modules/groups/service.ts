import {
  CONTACT_STAGES,
  type ContactStage,
  GROUP_LIST_DEFAULTS,
  GROUP_MEMBER_LIST_DEFAULTS,
  type GroupCreateBody,
  type GroupListQuery,
  type GroupMemberListQuery,
  type GroupMemberSortField,
  type GroupSortField,
  type GroupUpdateBody,
  clientStagesVisibleTo,
} from '@dealflow/domain';
import type { Tx } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { type ServiceContext, type StaffActor, staffActor } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { type Changes, diff, recordActivity } from '../activity/repository.ts';
import { paging } from '../caseItems/service.ts';
import { readableClient, writeOnClient } from '../clients/access.ts';
import { recordClientActivity } from '../clients/history.ts';
import * as repo from './repository.ts';

/**
 * Client groups (SPEC section 7 "Groups", issue 9). Groups are the firm's, shared by everyone who
 * works investors; their members are clients, and a member is only ever shown to, added or
 * removed by someone who may see that client (the one client access rule, clients/access.ts).
 */

/** The stages whose clients this staff member sees; admin's "every stage" skips the filter. */
function stagesOf(actor: StaffActor): readonly ContactStage[] | 'all' {
  const stages = clientStagesVisibleTo(actor.role);
  return stages.length === CONTACT_STAGES.length ? 'all' : stages;
}

function sortOf<F extends string>(sort: string | undefined, fallback: string) {
  const [field, dir] = (sort ?? fallback).split(':') as [F, 'asc' | 'desc'];
  return { field, dir };
}

/** The unique name index answers a concurrent create or rename with the same name: a 409, not a 500. */
async function guardNameTaken<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (isUniqueViolation(err, 'client_groups_name_key')) throw new AppError('GROUP_NAME_TAKEN');
    throw err;
  }
}

export async function listGroups(ctx: ServiceContext, q: GroupListQuery) {
  const actor = staffActor(ctx);
  // Asking for a client's groups tells that the client exists: only for someone who may see it.
  if (q.client_id !== undefined) await readableClient(ctx, q.client_id);
  return repo.listGroups(
    ctx.db,
    {
      stages: stagesOf(actor),
      text: q.q || undefined,
      clientId: q.client_id,
      sort: sortOf<GroupSortField>(q.sort, GROUP_LIST_DEFAULTS.sort),
    },
    paging(q, { size: GROUP_LIST_DEFAULTS.size, allByDefault: true }),
  );
}

export async function getGroup(ctx: ServiceContext, id: number) {
  const row = await repo.findGroup(ctx.db, id, stagesOf(staffActor(ctx)));
  if (!row) throw new AppError('GROUP_NOT_FOUND');
  return row;
}

/** A group locked for a write in this transaction, or 404. */
async function lockedGroup(tx: Tx, actor: StaffActor, id: number) {
  const row = await repo.findGroup(tx, id, stagesOf(actor), { lock: true });
  if (!row) throw new AppError('GROUP_NOT_FOUND');
  return row;
}

const audited = (row: { name: string; description: string | null }) => ({
  name: row.name,
  description: row.description,
});

export async function createGroup(ctx: ServiceContext, input: GroupCreateBody) {
  const actor = staffActor(ctx);
  return guardNameTaken(() =>
    ctx.db.transaction(async (tx) => {
      const row = await repo.insertGroup(tx, {
        name: input.name,
        description: input.description || null,
        created_by: actor.id,
      });
      await recordActivity(tx, ctx.actor, {
        entity_type: 'group',
        entity_id: row.id,
        action: 'create',
        changes: diff({}, audited(row)),
      });
      return { ...row, member_count: 0 };
    }),
  );
}

export async function updateGroup(ctx: ServiceContext, id: number, input: GroupUpdateBody) {
  const actor = staffActor(ctx);
  return guardNameTaken(() =>
    ctx.db.transaction(async (tx) => {
      const before = await lockedGroup(tx, actor, id);
      const values: { name?: string; description?: string | null } = {};
      if (input.name !== undefined) values.name = input.name;
      if (input.description !== undefined) values.description = input.description || null;
      const changes = diff(audited(before), values);
      if (Object.keys(changes).length === 0) return before;
      await repo.updateGroup(tx, id, values);
      await recordActivity(tx, ctx.actor, { entity_type: 'group', entity_id: id, action: 'update', changes });
      return lockedGroup(tx, actor, id);
    }),
  );
}

/** What a membership change reads as in a client's history: the group by id and name. */
const membershipChanges = (group: { id: number; name: string }, joined: boolean): Changes => ({
  group_id: joined ? { from: null, to: group.id } : { from: group.id, to: null },
  group: joined ? { from: null, to: group.name } : { from: group.name, to: null },
});

/**
 * Deletes a group and its memberships (not its clients). Each member's history says it left the
 * group, including members the deleting staff member does not work: the history is the record.
 */
export async function deleteGroup(ctx: ServiceContext, id: number) {
  const actor = staffActor(ctx);
  await ctx.db.transaction(async (tx) => {
    const before = await lockedGroup(tx, actor, id);
    const members = await repo.allMembers(tx, id);
    await repo.deleteGroup(tx, id);
    await recordActivity(tx, ctx.actor, {
      entity_type: 'group',
      entity_id: id,
      action: 'delete',
      changes: {
        name: { from: before.name, to: null },
        description: { from: before.description, to: null },
        member_count: { from: members.length, to: 0 },
      },
    });
    await recordClientActivity(
      tx,
      ctx,
      members.map((m) => m.client_id),
      'group_remove',
      membershipChanges(before, false),
    );
  });
}

export async function listMembers(ctx: ServiceContext, groupId: number, q: GroupMemberListQuery) {
  const actor = staffActor(ctx);
  const stages = stagesOf(actor);
  // The group check and the page run side by side; a missing group answers 404 whatever the page held.
  const [group, page] = await Promise.all([
    repo.findGroup(ctx.db, groupId, stages),
    repo.listMembers(
      ctx.db,
      groupId,
      { stages, sort: sortOf<GroupMemberSortField>(q.sort, GROUP_MEMBER_LIST_DEFAULTS.sort) },
      paging(q, { size: GROUP_MEMBER_LIST_DEFAULTS.size, allByDefault: true }),
    ),
  ]);
  if (!group) throw new AppError('GROUP_NOT_FOUND');
  return page;
}

/**
 * Adds a client the actor may see to a group (refused by the client access rule otherwise, as
 * everywhere: 404 when missing or deleted, 403 CLIENT_STAGE_NOT_ALLOWED outside their stages).
 * Joining twice is not an error: the client is a member either way, and only the first join is
 * recorded.
 */
export async function joinGroup(ctx: ServiceContext, groupId: number, clientId: number) {
  return writeOnClient(ctx, clientId, async (tx, client, actor) => {
    const group = await lockedGroup(tx, actor, groupId);
    const added = await repo.addMember(tx, groupId, clientId, actor.id);
    if (added) {
      await repo.touchGroup(tx, groupId);
      await recordClientActivity(tx, ctx, client.id, 'group_join', membershipChanges(group, true));
      await recordActivity(tx, ctx.actor, {
        entity_type: 'group',
        entity_id: groupId,
        action: 'member_join',
        changes: { client_id: { from: null, to: client.id } },
      });
    }
    const member = await repo.findMember(tx, groupId, clientId);
    if (!member) throw new Error('the member just added is missing');
    return { member, added };
  });
}

/** Takes a client the actor may see out of a group; a client that is not a member is a 404. */
export async function leaveGroup(ctx: ServiceContext, groupId: number, clientId: number) {
  await writeOnClient(ctx, clientId, async (tx, client, actor) => {
    const group = await lockedGroup(tx, actor, groupId);
    if (!(await repo.removeMember(tx, groupId, clientId))) throw new AppError('GROUP_MEMBER_NOT_FOUND');
    await repo.touchGroup(tx, groupId);
    await recordClientActivity(tx, ctx, client.id, 'group_remove', membershipChanges(group, false));
    await recordActivity(tx, ctx.actor, {
      entity_type: 'group',
      entity_id: groupId,
      action: 'member_remove',
      changes: { client_id: { from: client.id, to: null } },
    });
  });
}
