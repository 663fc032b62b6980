import { and, asc, count, desc, eq, gte, inArray, isNotNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { caseCodeName, type SignerKind } from '@dealflow/domain';
import {
  caseRoles,
  cases,
  clients,
  employees,
  legalDocumentEvents,
  legalDocumentSignCodes,
  legalDocuments,
  startupUsers,
} from '../../db/schema/index.ts';
import type { ChainEvent } from '../../lib/auditChain.ts';

export type DocumentRow = typeof legalDocuments.$inferSelect;
export type DocumentInsert = typeof legalDocuments.$inferInsert;
export interface DocumentView {
  doc: DocumentRow;
  case_name: string;
  /** The signer's name and sign-in email: the investor client's, or the startup user's. */
  signer_name: string;
  signer_email: string;
  creator_name: string | null;
}

/** Who signs a document: an investor client, or a startup user (a startup LOI, issue 14). */
export interface Signer {
  kind: SignerKind;
  id: number;
}

/** The signer of a document row (the table's check keeps exactly one of the two set). */
export function signerOf(row: Pick<DocumentRow, 'client_id' | 'startup_user_id'>): Signer {
  if (row.client_id !== null) return { kind: 'client', id: row.client_id };
  if (row.startup_user_id !== null) return { kind: 'startup', id: row.startup_user_id };
  throw new Error('legal document without a signer');
}

export const isSignedBy = (row: Pick<DocumentRow, 'client_id' | 'startup_user_id'>, signer: Signer) => {
  const own = signerOf(row);
  return own.kind === signer.kind && own.id === signer.id;
};

/** The signer's name and email, from whichever of the two signer tables the document names. */
const signerColumns = {
  signer_name: sql<string>`coalesce(${clients.name}, ${startupUsers.name})`,
  signer_email: sql<string>`coalesce(${clients.email}, ${startupUsers.email})`,
};

const select = (db: DbOrTx) =>
  db
    .select({
      doc: legalDocuments,
      case_name: cases.name,
      ...signerColumns,
      creator_name: employees.name,
    })
    .from(legalDocuments)
    .innerJoin(cases, eq(cases.id, legalDocuments.case_id))
    .leftJoin(clients, eq(clients.id, legalDocuments.client_id))
    .leftJoin(startupUsers, eq(startupUsers.id, legalDocuments.startup_user_id))
    .leftJoin(employees, eq(employees.id, legalDocuments.created_by));

export async function findDocument(db: DbOrTx, id: number): Promise<DocumentView | null> {
  const [row] = await select(db).where(eq(legalDocuments.id, id)).limit(1);
  return row ?? null;
}

/** A case's documents, newest first. */
export async function listCaseDocuments(db: DbOrTx, caseId: number, page: { limit: number; offset: number }) {
  const where = eq(legalDocuments.case_id, caseId);
  const [rows, [total]] = await Promise.all([
    select(db)
      .where(where)
      .orderBy(desc(legalDocuments.created_at), desc(legalDocuments.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(legalDocuments).where(where),
  ]);
  return { rows, count: total?.n ?? 0 };
}

export async function insertDocument(db: DbOrTx, values: DocumentInsert): Promise<number> {
  const [row] = await db.insert(legalDocuments).values(values).returning({ id: legalDocuments.id });
  if (!row) throw new Error('legal document insert returned no row');
  return row.id;
}

/** The document row locked for a write (events are appended one at a time per document). */
export async function lockDocument(db: DbOrTx, id: number): Promise<DocumentRow | null> {
  const [row] = await db
    .select()
    .from(legalDocuments)
    .where(eq(legalDocuments.id, id))
    .for('update')
    .limit(1);
  return row ?? null;
}

export async function updateDocument(db: DbOrTx, id: number, values: Partial<DocumentInsert>) {
  await db.update(legalDocuments).set(values).where(eq(legalDocuments.id, id));
}

const toChainEvent = (row: typeof legalDocumentEvents.$inferSelect): ChainEvent => ({
  subject_id: row.document_id,
  seq: row.seq,
  kind: row.kind,
  at: row.at.toISOString(),
  actor: { type: row.actor_type, id: row.actor_id },
  ip: row.ip,
  user_agent: row.user_agent,
  data: row.data as Record<string, unknown>,
  prev_hash: row.prev_hash,
  hash: row.hash,
});

export async function lastEvent(db: DbOrTx, documentId: number): Promise<ChainEvent | null> {
  const [row] = await db
    .select()
    .from(legalDocumentEvents)
    .where(eq(legalDocumentEvents.document_id, documentId))
    .orderBy(desc(legalDocumentEvents.seq))
    .limit(1);
  return row ? toChainEvent(row) : null;
}

export async function listEvents(db: DbOrTx, documentId: number): Promise<ChainEvent[]> {
  const rows = await db
    .select()
    .from(legalDocumentEvents)
    .where(eq(legalDocumentEvents.document_id, documentId))
    .orderBy(asc(legalDocumentEvents.seq));
  return rows.map(toChainEvent);
}

export async function insertEvent(db: DbOrTx, event: ChainEvent) {
  await db.insert(legalDocumentEvents).values({
    document_id: event.subject_id,
    seq: event.seq,
    kind: event.kind,
    at: new Date(event.at),
    actor_type: event.actor.type,
    actor_id: event.actor.id,
    ip: event.ip,
    user_agent: event.user_agent,
    data: event.data,
    prev_hash: event.prev_hash,
    hash: event.hash,
  });
  await db
    .update(legalDocuments)
    .set({ events: sql`${legalDocuments.events} + 1` })
    .where(eq(legalDocuments.id, event.subject_id));
}

const signedBy = (signer: Signer) =>
  signer.kind === 'client'
    ? eq(legalDocuments.client_id, signer.id)
    : eq(legalDocuments.startup_user_id, signer.id);

/**
 * What a signer sees of their documents: those sent to them, signed, or voided after they were
 * sent (a draft is staff's until it is sent).
 */
const shownToSigner = (signer: Signer) =>
  and(
    signedBy(signer),
    or(
      inArray(legalDocuments.status, ['sent', 'signed']),
      and(eq(legalDocuments.status, 'void'), isNotNull(legalDocuments.sent_at)),
    ),
  );

/**
 * A de-identified case keeps its code name in what its investor reads until their NDA is signed
 * (or they hold a role on it): the company's name is what the NDA protects (issue 13). The
 * startup reads its own company's name.
 */
const maskedToClient = (clientId: number) =>
  sql<boolean>`(${cases.de_identification}
    and not exists (select 1 from ${legalDocuments} n where n.case_id = ${sql.raw('"cases"."id"')} and n.client_id = ${clientId} and n.kind = 'nda' and n.status = 'signed')
    and not exists (select 1 from ${caseRoles} r where r.case_id = ${sql.raw('"cases"."id"')} and r.client_id = ${clientId}))`;

const maskedToSigner = (signer: Signer) =>
  signer.kind === 'startup' ? sql<boolean>`false` : maskedToClient(signer.id);

const signerSelect = (db: DbOrTx, signer: Signer) =>
  db
    .select({
      doc: legalDocuments,
      case_name: cases.name,
      ...signerColumns,
      creator_name: employees.name,
      case_masked: maskedToSigner(signer),
    })
    .from(legalDocuments)
    .innerJoin(cases, eq(cases.id, legalDocuments.case_id))
    .leftJoin(clients, eq(clients.id, legalDocuments.client_id))
    .leftJoin(startupUsers, eq(startupUsers.id, legalDocuments.startup_user_id))
    .leftJoin(employees, eq(employees.id, legalDocuments.created_by));

function signerView({ case_masked, ...view }: DocumentView & { case_masked: boolean }): DocumentView {
  return case_masked ? { ...view, case_name: caseCodeName(view.doc.case_id) } : view;
}

export async function findSignerDocument(db: DbOrTx, id: number, signer: Signer) {
  const [row] = await signerSelect(db, signer)
    .where(and(eq(legalDocuments.id, id), shownToSigner(signer)))
    .limit(1);
  return row ? signerView(row) : null;
}

/** An investor's documents on one case that are alive (sent or signed), newest first. */
export async function signerDocumentsOfCase(db: DbOrTx, clientId: number, caseId: number) {
  const rows = await signerSelect(db, { kind: 'client', id: clientId })
    .where(
      and(
        eq(legalDocuments.case_id, caseId),
        eq(legalDocuments.client_id, clientId),
        inArray(legalDocuments.status, ['sent', 'signed']),
      ),
    )
    .orderBy(desc(legalDocuments.created_at), desc(legalDocuments.id));
  return rows.map(signerView);
}

/** A signer's documents: waiting for their signature first, then newest first. */
export async function listSignerDocuments(
  db: DbOrTx,
  signer: Signer,
  page: { limit: number; offset: number },
) {
  const where = shownToSigner(signer);
  const [rows, [total]] = await Promise.all([
    signerSelect(db, signer)
      .where(where)
      .orderBy(
        sql`case when ${legalDocuments.status} = 'sent' then 0 else 1 end`,
        desc(legalDocuments.sent_at),
        desc(legalDocuments.id),
      )
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(legalDocuments).where(where),
  ]);
  return { rows: rows.map(signerView), count: total?.n ?? 0 };
}

export type SignCodeRow = typeof legalDocumentSignCodes.$inferSelect;

export async function insertSignCode(db: DbOrTx, values: typeof legalDocumentSignCodes.$inferInsert) {
  await db.insert(legalDocumentSignCodes).values(values);
}

/** The newest code of a document for its signer (only the newest is ever alive). */
export async function latestSignCode(db: DbOrTx, documentId: number, signer: Signer) {
  const [row] = await db
    .select()
    .from(legalDocumentSignCodes)
    .where(
      and(
        eq(legalDocumentSignCodes.document_id, documentId),
        signer.kind === 'client'
          ? eq(legalDocumentSignCodes.client_id, signer.id)
          : eq(legalDocumentSignCodes.startup_user_id, signer.id),
      ),
    )
    .orderBy(desc(legalDocumentSignCodes.created_at), desc(legalDocumentSignCodes.id))
    .limit(1);
  return row ?? null;
}

/** When the codes of a document asked for since `since` were created, oldest first. */
export async function signCodesSince(db: DbOrTx, documentId: number, since: Date): Promise<Date[]> {
  const rows = await db
    .select({ at: legalDocumentSignCodes.created_at })
    .from(legalDocumentSignCodes)
    .where(
      and(eq(legalDocumentSignCodes.document_id, documentId), gte(legalDocumentSignCodes.created_at, since)),
    )
    .orderBy(asc(legalDocumentSignCodes.created_at));
  return rows.map((r) => r.at);
}

export async function updateSignCode(db: DbOrTx, id: number, values: Partial<SignCodeRow>) {
  await db.update(legalDocumentSignCodes).set(values).where(eq(legalDocumentSignCodes.id, id));
}

/** Names of staff members by id (the actors of a trail). */
export async function employeeNames(db: DbOrTx, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: employees.id, name: employees.name })
    .from(employees)
    .where(inArray(employees.id, ids));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** The startup user a case's startup LOI is addressed to: the case's active owner (the oldest first). */
export async function caseStartupUser(db: DbOrTx, caseId: number) {
  const [row] = await db
    .select({ id: startupUsers.id, name: startupUsers.name, email: startupUsers.email })
    .from(startupUsers)
    .where(and(eq(startupUsers.case_id, caseId), eq(startupUsers.status, 'active')))
    .orderBy(asc(startupUsers.id))
    .limit(1);
  return row ?? null;
}
