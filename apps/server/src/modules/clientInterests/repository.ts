import { and, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { ContactStage } from '@dealflow/domain';
import type { DbOrTx } from '../../db/client.ts';
import { cases, clientInterests, clients, employees } from '../../db/schema/index.ts';
import { type Paging, withCount } from '../../db/paging.ts';
import { ownedRows } from '../items/repository.ts';

export type InterestRow = typeof clientInterests.$inferSelect;
export type InterestInsert = typeof clientInterests.$inferInsert;
export type InterestView = {
  interest: InterestRow;
  client_name: string;
  case_name: string;
  currency: string;
  author_name: string | null;
};

export const interestRows = ownedRows(clientInterests, clientInterests.client_id);

/** Interests count only for clients and cases that are not deleted. */
const liveClient = and(eq(clients.id, clientInterests.client_id), eq(clients.is_deleted, false));
const liveCase = and(eq(cases.id, clientInterests.case_id), eq(cases.is_deleted, false));

/** Interests with the names a list shows. */
function select(db: DbOrTx) {
  return db
    .select({
      interest: clientInterests,
      client_name: clients.name,
      case_name: cases.name,
      currency: cases.currency,
      author_name: employees.name,
    })
    .from(clientInterests)
    .innerJoin(clients, liveClient)
    .innerJoin(cases, liveCase)
    .leftJoin(employees, eq(employees.id, clientInterests.created_by));
}

export interface InterestFilter {
  clientId?: number | undefined;
  caseId?: number | undefined;
  /** The contact stages whose clients the reader works (clientStagesVisibleTo); all when not given. */
  stages?: readonly ContactStage[] | undefined;
}

/** The keenest first, then the latest touched. */
export async function listInterests(db: DbOrTx, f: InterestFilter, paging: Paging) {
  const conds: SQL[] = [];
  if (f.stages) conds.push(inArray(clients.process_status, [...f.stages]));
  if (f.clientId !== undefined) conds.push(eq(clientInterests.client_id, f.clientId));
  if (f.caseId !== undefined) conds.push(eq(clientInterests.case_id, f.caseId));
  const where = and(...conds);
  const rows = select(db)
    .where(where)
    .orderBy(desc(clientInterests.level), desc(clientInterests.updated_at), desc(clientInterests.id));
  return withCount(
    paging.limit === null ? rows : rows.limit(paging.limit).offset(paging.offset),
    () =>
      db
        .select({ n: count() })
        .from(clientInterests)
        .innerJoin(clients, liveClient)
        .innerJoin(cases, liveCase)
        .where(where),
    paging,
  );
}

/** An interest of this client only. */
export const findInterest = interestRows.finder<InterestView>(select);

/** The client an interest belongs to, or null: the interest routes name the interest alone. */
export async function clientOfInterest(db: DbOrTx, id: number): Promise<number | null> {
  const [row] = await db
    .select({ client_id: clientInterests.client_id })
    .from(clientInterests)
    .where(eq(clientInterests.id, id))
    .limit(1);
  return row?.client_id ?? null;
}

/** Whether the client already has an interest in the case. */
export async function interestExists(db: DbOrTx, clientId: number, caseId: number): Promise<boolean> {
  const rows = await db
    .select({ id: clientInterests.id })
    .from(clientInterests)
    .where(and(eq(clientInterests.client_id, clientId), eq(clientInterests.case_id, caseId)))
    .limit(1);
  return rows.length > 0;
}
