import { alias } from 'drizzle-orm/pg-core';
import { type SQL, and, asc, count, eq, sql } from 'drizzle-orm';
import { messagePreview, type MessageSender } from '@dealflow/domain';
import type { DbOrTx } from '../../db/client.ts';
import { type Paging, preparedList } from '../../db/paging.ts';
import { preparedQuery } from '../../db/prepared.ts';
import {
  cases,
  clients,
  employees,
  serviceMessages,
  serviceThreads,
  startupUsers,
} from '../../db/schema/index.ts';

export type ThreadRow = typeof serviceThreads.$inferSelect;
export type MessageRow = typeof serviceMessages.$inferSelect;
/** What a thread shows (not who created it or when its row last changed). */
const threadFields = {
  id: serviceThreads.id,
  client_id: serviceThreads.client_id,
  case_id: serviceThreads.case_id,
  subject: serviceThreads.subject,
  message_count: serviceThreads.message_count,
  last_message_at: serviceThreads.last_message_at,
  last_from: serviceThreads.last_from,
  last_message_id: serviceThreads.last_message_id,
  last_preview: serviceThreads.last_preview,
  last_employee_id: serviceThreads.last_employee_id,
  staff_unread: serviceThreads.staff_unread,
  client_unread: serviceThreads.client_unread,
  created_at: serviceThreads.created_at,
};
type ThreadFields = Pick<ThreadRow, keyof typeof threadFields>;
export type ThreadView = {
  thread: ThreadFields;
  client_name: string | null;
  case_name: string | null;
  last_employee_name: string | null;
};
export type MessageView = { message: MessageRow; employee_name: string | null };

const lastEmployee = alias(employees, 'last_employee');

function selectThreads(db: DbOrTx) {
  return (
    db
      .select({
        // Only the presented columns: an inbox page maps (and dates) fewer values per row.
        thread: threadFields,
        client_name: clients.name,
        case_name: cases.name,
        last_employee_name: lastEmployee.name,
      })
      .from(serviceThreads)
      // The party is one of the two (the party check of migration 0034).
      .leftJoin(clients, eq(clients.id, serviceThreads.client_id))
      .leftJoin(cases, eq(cases.id, serviceThreads.case_id))
      .leftJoin(lastEmployee, eq(lastEmployee.id, serviceThreads.last_employee_id))
  );
}

/**
 * Newest last message first (SPEC section 4). `desc nulls last` as the indexes of migration 0018
 * are built, so PostgreSQL reads a page straight off the index, whatever the tab.
 */
const newestFirst = [
  sql`${serviceThreads.last_message_at} desc nulls last`,
  sql`${serviceThreads.id} desc nulls last`,
];

/** Shapes: `<all|unreplied|replied>|<any|client|case>` (every party's threads, one client's, one case's). */
function whereOf(shape: string): SQL | undefined {
  const [type, party] = shape.split('|');
  const conditions: SQL[] = [];
  if (type === 'unreplied') conditions.push(eq(serviceThreads.last_from, 'client'));
  if (type === 'replied') conditions.push(eq(serviceThreads.last_from, 'employee'));
  if (party === 'client') conditions.push(sql`${serviceThreads.client_id} = ${sql.placeholder('client_id')}`);
  if (party === 'case') conditions.push(sql`${serviceThreads.case_id} = ${sql.placeholder('case_id')}`);
  return conditions.length ? and(...conditions) : undefined;
}

const threadList = preparedList('services.threads', {
  where: whereOf,
  rows: (db, where) =>
    selectThreads(db)
      .where(where)
      .orderBy(...newestFirst),
  count: (db, where) => db.select({ n: count() }).from(serviceThreads).where(where),
});

export async function listThreads(
  db: DbOrTx,
  paging: Paging,
  filter: { type: 'unreplied' | 'replied' | undefined; clientId?: number; caseId?: number },
) {
  if (filter.caseId !== undefined)
    return threadList(db, paging, { case_id: filter.caseId }, `${filter.type ?? 'all'}|case`);
  const shape = `${filter.type ?? 'all'}|${filter.clientId === undefined ? 'any' : 'client'}`;
  return threadList(db, paging, filter.clientId === undefined ? {} : { client_id: filter.clientId }, shape);
}

const threadById = preparedQuery('services.thread', (db) =>
  selectThreads(db)
    .where(eq(serviceThreads.id, sql.placeholder('id')))
    .limit(1),
);

export async function findThread(db: DbOrTx, id: number): Promise<ThreadView | null> {
  const [row] = await threadById(db, { id });
  return row ?? null;
}

/** The thread row locked for a write (a new message, a read mark), so two replies do not interleave. */
export async function lockThread(db: DbOrTx, id: number): Promise<ThreadRow | null> {
  const [row] = await db
    .select()
    .from(serviceThreads)
    .where(eq(serviceThreads.id, id))
    .for('update')
    .limit(1);
  return row ?? null;
}

const messagesOf = preparedQuery('services.messages', (db) =>
  db
    .select({ message: serviceMessages, employee_name: employees.name })
    .from(serviceMessages)
    .leftJoin(employees, eq(employees.id, serviceMessages.employee_id))
    .where(eq(serviceMessages.thread_id, sql.placeholder('thread_id')))
    .orderBy(asc(serviceMessages.id)),
);

/** A thread's messages, oldest first. */
export async function listMessages(db: DbOrTx, threadId: number): Promise<MessageView[]> {
  return messagesOf(db, { thread_id: threadId });
}

export async function insertThread(
  db: DbOrTx,
  values: {
    party: { client_id: number } | { case_id: number };
    subject: string;
    from: MessageSender;
    created_by: number | null;
  },
): Promise<number> {
  const [row] = await db
    .insert(serviceThreads)
    .values({
      ...values.party,
      subject: values.subject,
      last_from: values.from,
      created_by: values.created_by,
    })
    .returning({ id: serviceThreads.id });
  return row!.id;
}

/**
 * Appends a message and moves the thread's last-message columns to it, in the caller's
 * transaction: the writer's side has read the thread, the other side has something unread.
 */
export async function appendMessage(
  db: DbOrTx,
  threadId: number,
  values: { from: MessageSender; employee_id: number | null; content: string },
): Promise<MessageRow> {
  const [message] = await db
    .insert(serviceMessages)
    .values({
      thread_id: threadId,
      sender: values.from,
      employee_id: values.employee_id,
      content: values.content,
    })
    .returning();
  const m = message!;
  const byStaff = values.from === 'employee';
  await db
    .update(serviceThreads)
    .set({
      message_count: sql`${serviceThreads.message_count} + 1`,
      last_message_at: m.created_at,
      last_from: values.from,
      last_message_id: m.id,
      last_preview: messagePreview(values.content),
      last_employee_id: values.employee_id,
      staff_unread: !byStaff,
      client_unread: byStaff,
      updated_at: sql`now()`,
    })
    .where(eq(serviceThreads.id, threadId));
  return m;
}

export async function markRead(db: DbOrTx, threadId: number, side: 'staff' | 'client', read: boolean) {
  await db
    .update(serviceThreads)
    .set(side === 'staff' ? { staff_unread: !read } : { client_unread: !read })
    .where(eq(serviceThreads.id, threadId));
}

/**
 * Three counts, each read off an index (the tab's part of the inbox index, the partial index of
 * unread threads) rather than one grouped pass over every thread.
 */
const countsQuery = preparedQuery('services.counts', (db) =>
  db
    .select({
      unreplied:
        sql<number>`(select count(*) from ${serviceThreads} where ${serviceThreads.last_from} = 'client')`.mapWith(
          Number,
        ),
      replied:
        sql<number>`(select count(*) from ${serviceThreads} where ${serviceThreads.last_from} = 'employee')`.mapWith(
          Number,
        ),
      unread:
        sql<number>`(select count(*) from ${serviceThreads} where ${serviceThreads.staff_unread})`.mapWith(
          Number,
        ),
    })
    .from(sql`(select 1) as one`),
);

/** Threads per tab, and how many staff have not read. */
export async function countThreads(db: DbOrTx) {
  const [row] = await countsQuery(db);
  const unreplied = Number(row?.unreplied ?? 0);
  const replied = Number(row?.replied ?? 0);
  return { all: unreplied + replied, unreplied, replied, unread: Number(row?.unread ?? 0) };
}

/** The live channel (modules/live): delivered to every instance when the transaction commits. */
export async function notifyLive(db: DbOrTx, payload: object) {
  await db.execute(sql`select pg_notify('dealflow_live', ${JSON.stringify(payload)})`);
}

export async function clientMailOf(db: DbOrTx, clientId: number) {
  const [row] = await db
    .select({ email: clients.email, name: clients.name, is_deleted: clients.is_deleted })
    .from(clients)
    .where(eq(clients.id, clientId))
    .limit(1);
  return row ?? null;
}

/**
 * Where to tell a startup that the firm wrote: the active sign-ins of the case (usually one). An
 * account past its expiry cannot sign in to read it, so it is not mailed either.
 */
export async function startupMailsOf(db: DbOrTx, caseId: number) {
  return db
    .select({ email: startupUsers.email, name: startupUsers.name })
    .from(startupUsers)
    .where(
      and(
        eq(startupUsers.case_id, caseId),
        eq(startupUsers.status, 'active'),
        sql`(${startupUsers.expiry_at} is null or ${startupUsers.expiry_at} > now())`,
      ),
    )
    .orderBy(asc(startupUsers.id));
}

/** The case a staff member opens a startup thread on: there and not deleted. */
export async function caseOf(db: DbOrTx, caseId: number) {
  const [row] = await db
    .select({ id: cases.id, is_deleted: cases.is_deleted })
    .from(cases)
    .where(eq(cases.id, caseId))
    .limit(1);
  return row ?? null;
}
