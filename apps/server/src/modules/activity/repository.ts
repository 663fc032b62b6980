import { and, count, desc, eq, or, sql } from 'drizzle-orm';
import type { ContactStage } from '@dealflow/domain';
import type { DbOrTx } from '../../db/client.ts';
import { preparedQuery, preparedShapes } from '../../db/prepared.ts';
import { activityLogs, cases, clients, employees, startupUsers } from '../../db/schema/index.ts';
import type { Principal } from '../auth/principal.ts';

export type Changes = Record<string, { from: unknown; to: unknown }>;

/** Field-by-field differences between a row before and after a write (secrets are masked). */
export function diff<T extends Record<string, unknown>>(
  before: T,
  after: Partial<T>,
  secret: readonly string[] = [],
): Changes {
  const changes: Changes = {};
  for (const [key, to] of Object.entries(after)) {
    if (to === undefined) continue;
    const from = before[key];
    if (JSON.stringify(from) === JSON.stringify(to)) continue;
    changes[key] = secret.includes(key) ? { from: '***', to: '***' } : { from, to };
  }
  return changes;
}

/**
 * When an entry is written: the database clock at the insert, not the transaction's start
 * (`now()`). Two writes of one record are serialized by its row lock; the second transaction
 * started while waiting, so `now()` dated its entry before the first one's and the history
 * showed the moves in the wrong order.
 */
const ENTRY_TIME = sql`clock_timestamp()`;

export async function recordActivity(
  db: DbOrTx,
  // Who acted: a signed-in principal, or an account acting before it has a session (a registration).
  actor: Pick<Principal, 'kind' | 'id'> | null,
  entry: {
    entity_type: string;
    entity_id: number;
    action: string;
    changes?: Changes;
    reason?: string | null;
  },
) {
  await db.insert(activityLogs).values({
    actor_type: actor?.kind ?? 'system',
    actor_id: actor?.id ?? null,
    entity_type: entry.entity_type,
    entity_id: entry.entity_id,
    action: entry.action,
    changes: entry.changes ?? {},
    reason: entry.reason ?? null,
    created_at: ENTRY_TIME,
  });
}

/** The name of who wrote a history entry (staff, client or startup), as they are named now. */
export const activityActorName = sql<string | null>`case ${activityLogs.actor_type}
    when 'employee' then (select ${employees.name} from ${employees} where ${employees.id} = ${activityLogs.actor_id})
    when 'client' then (select ${clients.name} from ${clients} where ${clients.id} = ${activityLogs.actor_id})
    when 'startup' then (select ${startupUsers.name} from ${startupUsers} where ${startupUsers.id} = ${activityLogs.actor_id})
  end`;
/** Several entries by one actor, in few statements (a change that touches many records at once). */
export async function recordActivities(
  db: DbOrTx,
  actor: Principal | null,
  entries: ReadonlyArray<{
    entity_type: string;
    entity_id: number;
    action: string;
    changes?: Changes;
    reason?: string | null;
  }>,
) {
  // A statement takes at most 65,535 parameters: 1,000 rows of 7 stay well under it.
  for (let start = 0; start < entries.length; start += 1000) {
    await db.insert(activityLogs).values(
      entries.slice(start, start + 1000).map((entry) => ({
        actor_type: actor?.kind ?? 'system',
        actor_id: actor?.id ?? null,
        entity_type: entry.entity_type,
        entity_id: entry.entity_id,
        action: entry.action,
        changes: entry.changes ?? {},
        reason: entry.reason ?? null,
        created_at: ENTRY_TIME,
      })),
    );
  }
}

/** One record's history (`entity_type` given by the shape), optionally only some actions. */
const entityLogWhere = (shape: string) => {
  const [entityType, filter] = shape.split('|');
  return and(
    eq(activityLogs.entity_type, entityType ?? ''),
    eq(activityLogs.entity_id, sql.placeholder('entityId')),
    filter === 'actions' ? sql`${activityLogs.action} = any(${sql.placeholder('actions')})` : undefined,
  );
};
const entityLogRows = preparedShapes('activity.log', (db, shape) =>
  db
    .select({
      id: activityLogs.id,
      action: activityLogs.action,
      actor_type: activityLogs.actor_type,
      actor_id: activityLogs.actor_id,
      actor_name: activityActorName,
      changes: activityLogs.changes,
      reason: activityLogs.reason,
      created_at: activityLogs.created_at,
    })
    .from(activityLogs)
    .where(entityLogWhere(shape))
    .orderBy(desc(activityLogs.created_at), desc(activityLogs.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset')),
);
const entityLogCount = preparedShapes('activity.logCount', (db, shape) =>
  db.select({ n: count() }).from(activityLogs).where(entityLogWhere(shape)),
);

/**
 * A page of one case's or client's history, newest first (`actions` keeps only those), and how
 * many entries it has: the timeline of a record page, as prepared statements per entity type.
 */
export async function entityLog(
  db: DbOrTx,
  entityType: 'case' | 'client' | 'card',
  entityId: number,
  page: { limit: number; offset: number },
  actions?: string[],
) {
  const shape = `${entityType}|${actions?.length ? 'actions' : 'all'}`;
  const values = { entityId, actions, limit: page.limit, offset: page.offset };
  const [rows, total] = await Promise.all([
    entityLogRows(db, shape, values),
    entityLogCount(db, shape, values),
  ]);
  return { rows, count: Number(total[0]?.n ?? 0) };
}

// ── The report feeds (issue 10): every case's, every visible client's history ────────────────────────────────────────────────────────────────────────────

const entryColumns = {
  id: activityLogs.id,
  action: activityLogs.action,
  actor_type: activityLogs.actor_type,
  actor_id: activityLogs.actor_id,
  actor_name: activityActorName,
  changes: activityLogs.changes,
  reason: activityLogs.reason,
  created_at: activityLogs.created_at,
};

// Both feeds are prepared statements (the page, and the count up to a cap): an empty or short
// feed costs little more than building its query did.
const feedColumns = {
  case: {
    case_id: cases.id,
    case_name: cases.name,
    case_status: cases.status,
    case_deleted: cases.is_deleted,
  },
  client: {
    client_id: clients.id,
    client_name: clients.name,
    client_stage: clients.process_status,
    client_deleted: clients.is_deleted,
  },
};
/** Which entries of a feed: every case's; the clients in `stages` (deleted ones only the viewer's, unless admin). */
const clientFeedWhere = (shape: string) =>
  and(
    eq(activityLogs.entity_type, 'client'),
    sql`${clients.process_status} = any(${sql.placeholder('stages')})`,
    shape === 'admin'
      ? undefined
      : or(eq(clients.is_deleted, false), eq(clients.employee_id, sql.placeholder('viewer'))),
  );
const caseFeedWhere = eq(activityLogs.entity_type, 'case');

const caseFeedRows = preparedQuery('activity.caseFeed', (db) =>
  db
    .select({ ...entryColumns, ...feedColumns.case })
    .from(activityLogs)
    .innerJoin(cases, eq(cases.id, activityLogs.entity_id))
    .where(caseFeedWhere)
    .orderBy(desc(activityLogs.created_at), desc(activityLogs.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset')),
);
const caseFeedCount = preparedQuery('activity.caseFeedCount', (db) =>
  db
    .select({ n: count() })
    .from(
      db
        .select({ one: sql`1` })
        .from(activityLogs)
        .innerJoin(cases, eq(cases.id, activityLogs.entity_id))
        .where(caseFeedWhere)
        .limit(sql.placeholder('cap'))
        .as('t'),
    ),
);
const clientFeedRows = preparedShapes('activity.clientFeed', (db, shape) =>
  db
    .select({ ...entryColumns, ...feedColumns.client })
    .from(activityLogs)
    .innerJoin(clients, eq(clients.id, activityLogs.entity_id))
    .where(clientFeedWhere(shape))
    .orderBy(desc(activityLogs.created_at), desc(activityLogs.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset')),
);
const clientFeedCount = preparedShapes('activity.clientFeedCount', (db, shape) =>
  db
    .select({ n: count() })
    .from(
      db
        .select({ one: sql`1` })
        .from(activityLogs)
        .innerJoin(clients, eq(clients.id, activityLogs.entity_id))
        .where(clientFeedWhere(shape))
        .limit(sql.placeholder('cap'))
        .as('t'),
    ),
);

/** The case history of every case, newest first, with the case each entry belongs to; counted up to `cap`. */
export async function caseActivity(db: DbOrTx, page: { limit: number; offset: number }, cap: number) {
  const values = { limit: page.limit, offset: page.offset, cap };
  const [rows, total] = await Promise.all([caseFeedRows(db, values), caseFeedCount(db, values)]);
  return { rows, count: Number(total[0]?.n ?? 0) };
}

/**
 * The history of the clients a staff member may open now: clients in `stages`, and among deleted
 * ones only those they may restore (admin: all; others: their own), newest first; counted up to `cap`.
 */
export async function clientActivity(
  db: DbOrTx,
  viewer: { stages: readonly ContactStage[]; admin: boolean; id: number },
  page: { limit: number; offset: number },
  cap: number,
) {
  if (viewer.stages.length === 0) return { rows: [], count: 0 };
  const shape = viewer.admin ? 'admin' : 'own';
  const values = {
    stages: [...viewer.stages],
    viewer: viewer.id,
    limit: page.limit,
    offset: page.offset,
    cap,
  };
  const [rows, total] = await Promise.all([
    clientFeedRows(db, shape, values),
    clientFeedCount(db, shape, values),
  ]);
  return { rows, count: Number(total[0]?.n ?? 0) };
}
