import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { calendarFeeds, caseCalendars, caseRoles, cases, clients, employees } from '../../db/schema/index.ts';

/**
 * The firm calendar (issue 11): case calendar events across every case a reader may see, found by
 * time (`case_calendars_start_idx`, `case_calendars_end_idx`), and the employees' feed secrets.
 */

/** The most events one range answers with; a busier range is narrowed by its filters. */
export const FIRM_CALENDAR_LIMIT = 2000;

export interface FirmEventSearch {
  /** Events overlapping [from, to). */
  from: Date;
  to: Date;
  /** The reader reads every case (admin, ao); otherwise only through their clients. */
  readsCases: boolean;
  /** The contact stages of the clients through whom a reader who does not read cases sees events. */
  clientStages: readonly string[];
  caseId?: number | undefined;
  clientId?: number | undefined;
  /** Events this colleague wrote, or on the cases they are the ao of. */
  employeeId?: number | undefined;
}

export interface FirmEventRow {
  id: number;
  case_id: number;
  title: string;
  start_at: Date | string;
  end_at: Date | string;
  location: string | null;
  created_by: number | null;
  author_name: string | null;
  created_at: Date | string;
  updated_at: Date | string;
  case_name: string;
  ao_id: number | null;
  ao_name: string | null;
  agent_ids: number[] | null;
  client_id: number | null;
  client_name: string | null;
}

/**
 * The events a reader may see in a range, in the order they happen. A reader who does not read
 * cases sees an event only through a client of their stages taking part in its case, and gets
 * that client (the lowest id) to link to; with `clientId` every reader sees only that client's
 * cases, and only when the client is one of theirs.
 */
export async function searchFirmEvents(db: DbOrTx, f: FirmEventSearch): Promise<FirmEventRow[]> {
  const conds: SQL[] = [sql`e.start_at < ${f.to}`, sql`e.end_at >= ${f.from}`];
  if (f.caseId !== undefined) conds.push(sql`e.case_id = ${f.caseId}`);
  if (f.employeeId !== undefined)
    conds.push(sql`(e.created_by = ${f.employeeId} or c.ao_id = ${f.employeeId})`);
  const needClient = !f.readsCases || f.clientId !== undefined;
  if (needClient && f.clientStages.length === 0) return [];
  const stages = sql`string_to_array(${f.clientStages.join(',')}, ',')`;
  const through = needClient
    ? sql`join lateral (
        select k.id as client_id, k.name as client_name
          from ${caseRoles} r join ${clients} k on k.id = r.client_id
         where r.case_id = e.case_id and k.is_deleted = false and k.process_status = any(${stages})
           ${f.clientId === undefined ? sql`` : sql`and r.client_id = ${f.clientId}`}
         order by k.id limit 1) k on true`
    : sql`left join lateral (select null::int as client_id, null::text as client_name) k on true`;
  const result = await db.execute(sql`
    select e.id, e.case_id, e.title, e.start_at, e.end_at, e.location, e.created_by, e.created_at,
           e.updated_at, a.name as author_name, c.name as case_name, c.ao_id, o.name as ao_name,
           c.agent_ids, k.client_id, k.client_name
      from ${caseCalendars} e
      join ${cases} c on c.id = e.case_id and c.is_deleted = false
      ${through}
      left join ${employees} a on a.id = e.created_by
      left join ${employees} o on o.id = c.ao_id
     where ${sql.join(conds, sql` and `)}
     order by e.start_at asc, e.id asc
     limit ${FIRM_CALENDAR_LIMIT}`);
  return (result as unknown as { rows: FirmEventRow[] }).rows;
}

// ── The feed secrets ──────────────────────────────────────────────────────────────────────────

export async function findFeed(db: DbOrTx, employeeId: number) {
  const [row] = await db
    .select()
    .from(calendarFeeds)
    .where(eq(calendarFeeds.employee_id, employeeId))
    .limit(1);
  return row ?? null;
}

/** A new secret for the employee; the old one (if any) stops working in the same statement. */
export async function replaceFeed(db: DbOrTx, employeeId: number, tokenHash: string) {
  const now = new Date();
  const [row] = await db
    .insert(calendarFeeds)
    .values({ employee_id: employeeId, token_hash: tokenHash, created_at: now })
    .onConflictDoUpdate({
      target: calendarFeeds.employee_id,
      set: { token_hash: tokenHash, created_at: now, last_read_at: null },
    })
    .returning();
  if (!row) throw new Error('upsert returned no row');
  return row;
}

export async function deleteFeed(db: DbOrTx, employeeId: number) {
  await db.delete(calendarFeeds).where(eq(calendarFeeds.employee_id, employeeId));
}

/** The active employee a secret belongs to, marking the read; null for an unknown or ended one. */
export async function readFeedOwner(db: DbOrTx, tokenHash: string) {
  const [row] = await db
    .update(calendarFeeds)
    .set({ last_read_at: new Date() })
    .where(
      and(
        eq(calendarFeeds.token_hash, tokenHash),
        sql`exists (select 1 from ${employees} x where x.id = ${calendarFeeds.employee_id} and x.status = 'active')`,
      ),
    )
    .returning({ employee_id: calendarFeeds.employee_id });
  if (!row) return null;
  const [owner] = await db
    .select({ id: employees.id, name: employees.name, role: employees.role })
    .from(employees)
    .where(eq(employees.id, row.employee_id))
    .limit(1);
  return owner ?? null;
}
