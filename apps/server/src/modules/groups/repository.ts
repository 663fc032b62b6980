import {
  CONTACT_STAGES,
  type ContactStage,
  type GroupMemberSortField,
  type GroupSortField,
  MEMBERSHIP_TIERS,
} from '@dealflow/domain';
import { and, asc, count, desc, eq, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { type Paging, withCount } from '../../db/paging.ts';
import { clientGroupMembers, clientGroups, clients } from '../../db/schema/index.ts';
import { likePattern } from '../../lib/sql.ts';

export type GroupRow = typeof clientGroups.$inferSelect;
export type GroupView = GroupRow & { member_count: number };
export type MemberView = {
  id: number;
  name: string;
  email: string;
  membership: string;
  process_status: string;
  joined_at: Date;
};

/**
 * The members someone may see: clients not deleted, in one of their contact stages (SPEC section
 * 6, `clientStagesVisibleTo`). Admin's "every stage" needs no stage test.
 */
function visibleMember(stages: readonly ContactStage[] | 'all'): SQL {
  const alive = eq(clients.is_deleted, false);
  return stages === 'all' ? alive : and(alive, inArray(clients.process_status, [...stages]))!;
}

/**
 * The outer group's id, spelled with its table: in a single-table select Drizzle writes columns
 * bare, and a bare "id" inside a subquery over clients would be the client's id.
 */
const outerGroupId = sql`${sql.identifier('client_groups')}.${sql.identifier('id')}`;

/** How many of a group's members someone may see: a subquery correlated with the group row. */
function memberCount(stages: readonly ContactStage[] | 'all') {
  return sql<number>`(select count(*) from ${clientGroupMembers} inner join ${clients} on ${clients.id} = ${clientGroupMembers.client_id} where ${clientGroupMembers.group_id} = ${outerGroupId} and ${visibleMember(stages)})`.mapWith(
    Number,
  );
}

const groupColumns = (stages: readonly ContactStage[] | 'all') => ({
  id: clientGroups.id,
  name: clientGroups.name,
  description: clientGroups.description,
  created_by: clientGroups.created_by,
  created_at: clientGroups.created_at,
  updated_at: clientGroups.updated_at,
  member_count: memberCount(stages),
});

export interface GroupSearch {
  stages: readonly ContactStage[] | 'all';
  text?: string | undefined;
  /** Only groups this client belongs to. */
  clientId?: number | undefined;
  sort: { field: GroupSortField; dir: 'asc' | 'desc' };
}

export async function listGroups(db: DbOrTx, f: GroupSearch, paging: Paging) {
  const conds: SQL[] = [];
  if (f.text) conds.push(ilike(clientGroups.name, likePattern(f.text)));
  if (f.clientId !== undefined) {
    conds.push(
      sql`exists (select 1 from ${clientGroupMembers} where ${clientGroupMembers.group_id} = ${outerGroupId} and ${clientGroupMembers.client_id} = ${f.clientId})`,
    );
  }
  const where = conds.length > 0 ? and(...conds) : undefined;
  const columns = groupColumns(f.stages);
  // Names sort as people read them, whatever their case; the id keeps equal keys in a stable order.
  const key =
    f.sort.field === 'member_count'
      ? columns.member_count
      : f.sort.field === 'name'
        ? sql`lower(${clientGroups.name})`
        : clientGroups[f.sort.field];
  const by = f.sort.dir === 'asc' ? asc : desc;
  const query = db.select(columns).from(clientGroups).where(where).orderBy(by(key), asc(clientGroups.id));
  return withCount<GroupView>(
    paging.limit === null ? query : query.limit(paging.limit).offset(paging.offset),
    () => db.select({ n: count() }).from(clientGroups).where(where),
    paging,
  );
}

export async function findGroup(
  db: DbOrTx,
  id: number,
  stages: readonly ContactStage[] | 'all',
  options: { lock?: boolean } = {},
): Promise<GroupView | null> {
  const query = db.select(groupColumns(stages)).from(clientGroups).where(eq(clientGroups.id, id));
  // The count is a subquery, so only the group row itself is locked.
  const [row] = await (options.lock ? query.for('update', { of: clientGroups }) : query).limit(1);
  return row ?? null;
}

export async function insertGroup(db: DbOrTx, values: typeof clientGroups.$inferInsert) {
  const [row] = await db.insert(clientGroups).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function updateGroup(db: DbOrTx, id: number, values: Partial<typeof clientGroups.$inferInsert>) {
  await db
    .update(clientGroups)
    .set({ ...values, updated_at: new Date() })
    .where(eq(clientGroups.id, id));
}

/** A group's membership changed: its list shows it as updated. */
export async function touchGroup(db: DbOrTx, id: number) {
  await db.update(clientGroups).set({ updated_at: new Date() }).where(eq(clientGroups.id, id));
}

export async function deleteGroup(db: DbOrTx, id: number) {
  await db.delete(clientGroups).where(eq(clientGroups.id, id));
}

/** Every member of a group, whoever may see them: what a deletion takes away. */
export async function allMembers(db: DbOrTx, groupId: number) {
  return db
    .select({ client_id: clientGroupMembers.client_id })
    .from(clientGroupMembers)
    .where(eq(clientGroupMembers.group_id, groupId));
}

/** A fixed order of values (tiers from the top, stages along the pipeline), as a sort key. */
const orderOf = (
  column: typeof clients.membership | typeof clients.process_status,
  values: readonly string[],
) =>
  sql`array_position(array[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[], ${column})`;

const MEMBER_SORT: Record<GroupMemberSortField, SQL | typeof clients.name> = {
  name: clients.name,
  membership: orderOf(clients.membership, MEMBERSHIP_TIERS),
  process_status: orderOf(clients.process_status, CONTACT_STAGES),
  joined_at: sql`${clientGroupMembers.created_at}`,
};

export async function listMembers(
  db: DbOrTx,
  groupId: number,
  f: { stages: readonly ContactStage[] | 'all'; sort: { field: GroupMemberSortField; dir: 'asc' | 'desc' } },
  paging: Paging,
) {
  const where = and(eq(clientGroupMembers.group_id, groupId), visibleMember(f.stages));
  const by = f.sort.dir === 'asc' ? asc : desc;
  const query = db
    .select({
      id: clients.id,
      name: clients.name,
      email: clients.email,
      membership: clients.membership,
      process_status: clients.process_status,
      joined_at: clientGroupMembers.created_at,
    })
    .from(clientGroupMembers)
    .innerJoin(clients, eq(clients.id, clientGroupMembers.client_id))
    .where(where)
    .orderBy(by(MEMBER_SORT[f.sort.field]), asc(clients.name), asc(clients.id));
  return withCount<MemberView>(
    paging.limit === null ? query : query.limit(paging.limit).offset(paging.offset),
    () =>
      db
        .select({ n: count() })
        .from(clientGroupMembers)
        .innerJoin(clients, eq(clients.id, clientGroupMembers.client_id))
        .where(where),
    paging,
  );
}

/** Adds a client to a group; false when it was a member already (joining twice changes nothing). */
export async function addMember(db: DbOrTx, groupId: number, clientId: number, addedBy: number) {
  const rows = await db
    .insert(clientGroupMembers)
    .values({ group_id: groupId, client_id: clientId, added_by: addedBy })
    .onConflictDoNothing()
    .returning({ client_id: clientGroupMembers.client_id });
  return rows.length > 0;
}

/** Removes a client from a group; false when it was not a member. */
export async function removeMember(db: DbOrTx, groupId: number, clientId: number) {
  const rows = await db
    .delete(clientGroupMembers)
    .where(and(eq(clientGroupMembers.group_id, groupId), eq(clientGroupMembers.client_id, clientId)))
    .returning({ client_id: clientGroupMembers.client_id });
  return rows.length > 0;
}

/** The member row of a client, with when it joined (for the join's reply). */
export async function findMember(db: DbOrTx, groupId: number, clientId: number): Promise<MemberView | null> {
  const [row] = await db
    .select({
      id: clients.id,
      name: clients.name,
      email: clients.email,
      membership: clients.membership,
      process_status: clients.process_status,
      joined_at: clientGroupMembers.created_at,
    })
    .from(clientGroupMembers)
    .innerJoin(clients, eq(clients.id, clientGroupMembers.client_id))
    .where(and(eq(clientGroupMembers.group_id, groupId), eq(clientGroupMembers.client_id, clientId)))
    .limit(1);
  return row ?? null;
}
