import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { ContactStage } from '@dealflow/domain';
import type { DbOrTx } from '../../db/client.ts';
import { cases, clientInterests, clients, employees, legalDocuments } from '../../db/schema/index.ts';
import { type Paging, preparedList } from '../../db/paging.ts';
import { ownedRows } from '../items/repository.ts';

export type InterestRow = typeof clientInterests.$inferSelect;
export type InterestInsert = typeof clientInterests.$inferInsert;
export type InterestView = {
  interest: InterestRow;
  client_name: string;
  case_name: string;
  currency: string;
  author_name: string | null;
  recused: boolean;
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
      // A signed COI of the client on the case declaring a conflict (issue 13).
      recused: sql<boolean>`exists (select 1 from ${legalDocuments} d where d.case_id = ${clientInterests.case_id} and d.client_id = ${clientInterests.client_id} and d.kind = 'coi' and d.status = 'signed' and (d.conflict_declaration->>'conflict') = 'true')`,
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

/**
 * The keenest first, then the latest touched; as prepared statements by shape (which of the stage,
 * client and case filters the call has), values through placeholders.
 */
const interestList = preparedList('clientInterests.list', {
  where: (shape) =>
    and(
      shape.includes('s') ? sql`${clients.process_status} = any(${sql.placeholder('stages')})` : undefined,
      shape.includes('c') ? eq(clientInterests.client_id, sql.placeholder('clientId')) : undefined,
      shape.includes('k') ? eq(clientInterests.case_id, sql.placeholder('caseId')) : undefined,
    ),
  rows: (db, where) =>
    select(db)
      .where(where)
      .orderBy(desc(clientInterests.level), desc(clientInterests.updated_at), desc(clientInterests.id)),
  count: (db, where) =>
    db
      .select({ n: count() })
      .from(clientInterests)
      .innerJoin(clients, liveClient)
      .innerJoin(cases, liveCase)
      .where(where),
});

export function listInterests(db: DbOrTx, f: InterestFilter, paging: Paging) {
  const shape = `${f.stages ? 's' : ''}${f.clientId !== undefined ? 'c' : ''}${f.caseId !== undefined ? 'k' : ''}`;
  return interestList(
    db,
    paging,
    { stages: f.stages ? [...f.stages] : undefined, clientId: f.clientId, caseId: f.caseId },
    shape || 'base',
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
