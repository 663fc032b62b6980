import type { CardPermission, CardSortField } from '@dealflow/domain';
import { and, asc, eq, getTableColumns, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { type Paging, withCount } from '../../db/paging.ts';
import { cardGrants, cardGroupMembers, cardGroups, cards, employees } from '../../db/schema/index.ts';
import { likePattern } from '../../lib/sql.ts';

/** `readers` is left out: derived for the filters, never shown, and not worth carrying per row. */
const { readers: _readers, ...cardColumns } = getTableColumns(cards);
export type CardRow = Omit<typeof cards.$inferSelect, 'readers'>;
/** What the service writes: readers is the triggers' (migration 0036). */
type CardValues = Omit<typeof cards.$inferInsert, 'readers'>;
export type CardGroupRow = typeof cardGroups.$inferSelect;

/** Who is looking: admin sees every card, anyone else the cards they own or were granted. */
export interface CardViewer {
  id: number;
  admin: boolean;
}

/**
 * The cards a viewer may read, in SQL (so a list, its count and a search never hold a card the
 * viewer may not open): those whose `readers` (the owner and everyone with a grant, kept by the
 * triggers of migration 0036) hold the viewer. Its GIN index also holds the search's grams, so a
 * search by someone who is not admin meets only the matching cards they may read.
 */
function readableBy(viewer: CardViewer): SQL | undefined {
  if (viewer.admin) return undefined;
  return sql`${cards.readers} @> array[${viewer.id}]::int[]`;
}

/** The viewer's grant on the row's card (null: none), for the card's `access`. */
const grantOf = (viewer: CardViewer) =>
  sql<CardPermission | null>`(select ${cardGrants.permission} from ${cardGrants} where ${cardGrants.card_id} = ${cards.id} and ${cardGrants.employee_id} = ${viewer.id})`;

/** The card's groups by name, as JSON (a subquery per row of the page only). */
const groupsOf = sql<
  Array<{ id: number; name: string }>
>`(select coalesce(json_agg(json_build_object('id', ${cardGroups.id}, 'name', ${cardGroups.name}) order by lower(${cardGroups.name}), ${cardGroups.id}), '[]'::json)
  from ${cardGroupMembers} join ${cardGroups} on ${cardGroups.id} = ${cardGroupMembers.group_id}
  where ${cardGroupMembers.card_id} = ${cards.id})`;

const viewColumns = (viewer: CardViewer) => ({
  card: cardColumns,
  owner_name: employees.name,
  grant: grantOf(viewer),
  groups: groupsOf,
});
export type CardView = {
  card: CardRow;
  owner_name: string | null;
  grant: CardPermission | null;
  groups: Array<{ id: number; name: string }>;
};

/**
 * The searched text of a card, written exactly as the expression of `cards_search_readers_idx`
 * (migration 0036, as 0019 wrote it): any other spelling and the planner no longer uses the index.
 */
const cardSearchText = sql`${cards.name} || E'\\n' || coalesce(${cards.company}, '') || E'\\n' || ${cards.emails}::text || E'\\n' || ${cards.phones}::text`;

export interface CardFilters {
  text?: string | undefined;
  tag?: string | undefined;
  groupId?: number | undefined;
  /** Only these cards (an export of chosen cards, the import's reply). */
  ids?: readonly number[] | undefined;
}

/**
 * Text: cards whose name, company, an email or a phone contains it, ignoring case; the grams narrow
 * the rows through the index, the ILIKE decides (whitespace alone has no grams: no index).
 */
function filtersOf(viewer: CardViewer, f: CardFilters): SQL | undefined {
  const conds: Array<SQL | undefined> = [readableBy(viewer)];
  if (f.text) {
    if (/\S/.test(f.text))
      conds.push(sql`case_search_grams(${cardSearchText}) @> case_search_grams(${f.text})`);
    const p = likePattern(f.text);
    conds.push(
      sql`(${cards.name} ilike ${p} or ${cards.company} ilike ${p} or ${cards.emails}::text ilike ${p} or ${cards.phones}::text ilike ${p})`,
    );
  }
  if (f.tag) conds.push(sql`${cards.tags} @> ${JSON.stringify([f.tag])}::jsonb`);
  if (f.groupId !== undefined) {
    conds.push(
      sql`exists (select 1 from ${cardGroupMembers} where ${cardGroupMembers.group_id} = ${f.groupId} and ${cardGroupMembers.card_id} = ${cards.id})`,
    );
  }
  if (f.ids) conds.push(inArray(cards.id, [...f.ids]));
  return and(...conds);
}

const SORT: Record<CardSortField, SQL> = {
  name: sql`${cards.name}`,
  company: sql`${cards.company}`,
  created_at: sql`${cards.created_at}`,
  updated_at: sql`${cards.updated_at}`,
  id: sql`${cards.id}`,
};

/**
 * The same orders as expressions no index holds, for a viewer who is not admin: their readable
 * cards are found through the readers index, then sorted. Were the planner offered the order of
 * cards_name_idx (or the primary key), it would walk it and drop the cards the viewer may not read,
 * expecting the page after a few hundred; but whose cards they are is not spread evenly over the
 * names (at 100k cards, the bench ao's 10k all come last: 80k cards read for a page, 50 ms, instead
 * of 10k found and sorted, 4 ms).
 */
const SORT_FOUND: Record<CardSortField, SQL> = {
  ...SORT,
  name: sql`(${cards.name} || '')`,
  id: sql`(${cards.id} + 0)`,
};

export async function listCards(
  db: DbOrTx,
  viewer: CardViewer,
  f: CardFilters,
  sort: { field: CardSortField; dir: 'asc' | 'desc' },
  paging: Paging,
) {
  const where = filtersOf(viewer, f);
  const everyCard = viewer.admin && !f.text && !f.tag && f.groupId === undefined && !f.ids;
  const key = (viewer.admin ? SORT : SORT_FOUND)[sort.field];
  const dir = sort.dir === 'asc' ? sql`asc` : sql`desc`;
  const nulls = sort.field === 'company' ? sql` nulls last` : sql``;
  const order = [
    sql`${key} ${dir}${nulls}`,
    sort.dir === 'asc' ? sql`${cards.id} asc` : sql`${cards.id} desc`,
  ] as const;
  const count = () => db.select({ n: sql<number>`count(*)` }).from(cards).where(where);
  if (paging.limit === null || everyCard) {
    // Every card (admin, no filter): the page walks an index and stops, the count reads the index.
    const query = db
      .select(viewColumns(viewer))
      .from(cards)
      .leftJoin(employees, eq(employees.id, cards.owner_id))
      .where(where)
      .orderBy(...order);
    return withCount<CardView>(
      paging.limit === null ? query : query.limit(paging.limit).offset(paging.offset),
      count,
      paging,
    );
  }
  // Anything that narrows (a search, someone who is not admin, a tag or group): the matching cards
  // are found once, counted and cut to the page in one statement, and only the page's rows are
  // joined and described (at 10k matches: 13 ms instead of 16 for the page and 8 for the count).
  const found = db
    .select({ id: sql<number>`${cards.id}`.as('found_id'), total: sql<number>`count(*) over ()`.as('total') })
    .from(cards)
    .where(where)
    .orderBy(...order)
    .limit(paging.limit)
    .offset(paging.offset)
    .as('found');
  const rows = await db
    .select({ ...viewColumns(viewer), total: found.total })
    .from(found)
    .innerJoin(cards, eq(cards.id, found.id))
    .leftJoin(employees, eq(employees.id, cards.owner_id))
    .orderBy(...order);
  // A page past the end holds no row to carry the count.
  const total = rows[0]?.total ?? (paging.offset > 0 ? Number((await count())[0]?.n ?? 0) : 0);
  return { rows: rows.map(({ total: _, ...row }) => row as CardView), count: Number(total) };
}

/** How many cards an export would hold (counted up to `cap + 1`). */
export async function countCards(db: DbOrTx, viewer: CardViewer, f: CardFilters, cap: number) {
  const result = await db.execute(
    sql`select count(*)::int as n from (select 1 from ${cards} where ${filtersOf(viewer, f) ?? sql`true`} limit ${cap + 1}) t`,
  );
  return (result as unknown as { rows: Array<{ n: number }> }).rows[0]?.n ?? 0;
}

/** One card with what the viewer needs to know of it, whether or not they may read it. */
export async function findCard(
  db: DbOrTx,
  id: number,
  viewer: CardViewer,
  options: { lock?: boolean } = {},
): Promise<CardView | null> {
  const query = db
    .select(viewColumns(viewer))
    .from(cards)
    .leftJoin(employees, eq(employees.id, cards.owner_id))
    .where(eq(cards.id, id));
  const [row] = await (options.lock ? query.for('update', { of: cards }) : query).limit(1);
  return row ?? null;
}

export async function insertCard(db: DbOrTx, values: CardValues) {
  const [row] = await db.insert(cards).values(values).returning({ id: cards.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

/** Many cards at once (an import), in statements of at most 500 rows. */
export async function insertCards(db: DbOrTx, values: CardValues[]) {
  const ids: number[] = [];
  for (let start = 0; start < values.length; start += 500) {
    const rows = await db
      .insert(cards)
      .values(values.slice(start, start + 500))
      .returning({ id: cards.id });
    ids.push(...rows.map((r) => r.id));
  }
  return ids;
}

export async function updateCard(db: DbOrTx, id: number, values: Partial<CardValues>) {
  await db
    .update(cards)
    .set({ ...values, updated_at: new Date() })
    .where(eq(cards.id, id));
}

export async function deleteCard(db: DbOrTx, id: number) {
  await db.delete(cards).where(eq(cards.id, id));
}

// ── Grants ────────────────────────────────────────────────────────────────────────────────────

export async function listGrants(db: DbOrTx, cardId: number) {
  return db
    .select({
      employee_id: cardGrants.employee_id,
      employee_name: employees.name,
      permission: cardGrants.permission,
    })
    .from(cardGrants)
    .leftJoin(employees, eq(employees.id, cardGrants.employee_id))
    .where(eq(cardGrants.card_id, cardId))
    .orderBy(asc(employees.name), asc(cardGrants.employee_id));
}

export async function findGrant(db: DbOrTx, cardId: number, employeeId: number) {
  const [row] = await db
    .select({ permission: cardGrants.permission })
    .from(cardGrants)
    .where(and(eq(cardGrants.card_id, cardId), eq(cardGrants.employee_id, employeeId)))
    .limit(1);
  return (row?.permission as 'read' | 'edit' | undefined) ?? null;
}

/** Sets one employee's permission: `none` removes the grant. */
export async function setGrant(
  db: DbOrTx,
  cardId: number,
  employeeId: number,
  permission: CardPermission,
  grantedBy: number,
) {
  if (permission === 'none') {
    await db
      .delete(cardGrants)
      .where(and(eq(cardGrants.card_id, cardId), eq(cardGrants.employee_id, employeeId)));
    return;
  }
  await db
    .insert(cardGrants)
    .values({ card_id: cardId, employee_id: employeeId, permission, granted_by: grantedBy })
    .onConflictDoUpdate({
      target: [cardGrants.card_id, cardGrants.employee_id],
      set: { permission, granted_by: grantedBy, updated_at: new Date() },
    });
}

/** Active staff among these ids, with their names. */
export async function activeEmployees(db: DbOrTx, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: employees.id, name: employees.name })
    .from(employees)
    .where(and(inArray(employees.id, [...ids]), eq(employees.status, 'active')));
}

// ── Groups ────────────────────────────────────────────────────────────────────────────────────

const groupColumns = {
  group: cardGroups,
  creator_name: employees.name,
};
export type CardGroupView = { group: CardGroupRow; creator_name: string | null };

export async function listCardGroups(db: DbOrTx) {
  return db
    .select(groupColumns)
    .from(cardGroups)
    .leftJoin(employees, eq(employees.id, cardGroups.created_by))
    .orderBy(sql`lower(${cardGroups.name})`, asc(cardGroups.id));
}

export async function findCardGroup(
  db: DbOrTx,
  id: number,
  options: { lock?: boolean } = {},
): Promise<CardGroupView | null> {
  const query = db
    .select(groupColumns)
    .from(cardGroups)
    .leftJoin(employees, eq(employees.id, cardGroups.created_by))
    .where(eq(cardGroups.id, id));
  const [row] = await (options.lock ? query.for('update', { of: cardGroups }) : query).limit(1);
  return row ?? null;
}

/** The groups among these ids that exist, locked against a concurrent delete. */
export async function lockCardGroups(db: DbOrTx, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: cardGroups.id, name: cardGroups.name })
    .from(cardGroups)
    .where(inArray(cardGroups.id, [...ids]))
    .orderBy(asc(cardGroups.id))
    .for('share');
}

export async function insertCardGroup(db: DbOrTx, values: typeof cardGroups.$inferInsert) {
  const [row] = await db.insert(cardGroups).values(values).returning({ id: cardGroups.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

export async function renameCardGroup(db: DbOrTx, id: number, name: string) {
  await db.update(cardGroups).set({ name, updated_at: new Date() }).where(eq(cardGroups.id, id));
}

export async function deleteCardGroup(db: DbOrTx, id: number) {
  await db.delete(cardGroups).where(eq(cardGroups.id, id));
}

/** The cards in a group (what a deletion takes them out of). */
export async function cardsOfGroup(db: DbOrTx, groupId: number) {
  const rows = await db
    .select({ card_id: cardGroupMembers.card_id })
    .from(cardGroupMembers)
    .where(eq(cardGroupMembers.group_id, groupId));
  return rows.map((r) => r.card_id);
}

/** Makes a card's groups exactly these. */
export async function replaceCardGroups(db: DbOrTx, cardId: number, groupIds: readonly number[]) {
  await db.delete(cardGroupMembers).where(eq(cardGroupMembers.card_id, cardId));
  if (groupIds.length > 0) {
    await db
      .insert(cardGroupMembers)
      .values(groupIds.map((group_id) => ({ group_id, card_id: cardId })))
      .onConflictDoNothing();
  }
}
