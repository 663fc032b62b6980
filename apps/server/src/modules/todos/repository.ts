import { and, asc, count, eq, lt, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { TodoFilter } from '@dealflow/domain';
import type { DbOrTx } from '../../db/client.ts';
import { caseTodos, cases, clients, clientTodos, employees } from '../../db/schema/index.ts';
import { type Paging, preparedList, withCount } from '../../db/paging.ts';
import { ownedRows } from '../items/repository.ts';

export type TodoRow = typeof caseTodos.$inferSelect;
export type TodoInsert = typeof caseTodos.$inferInsert;

const author = alias(employees, 'author');
const assignee = alias(employees, 'assignee');
const columns = {
  todo: caseTodos,
  author_name: author.name,
  assignee_name: assignee.name,
  case_name: cases.name,
};
export type TodoView = {
  todo: TodoRow;
  author_name: string | null;
  assignee_name: string | null;
  case_name: string;
};

/** Open to-dos first, then by due date (undated last). */
const openFirst = (t: typeof caseTodos | typeof clientTodos) => [
  asc(t.done),
  sql`${t.due_at} asc nulls last`,
  asc(t.id),
];
const ORDER = openFirst(caseTodos);

function select(db: DbOrTx) {
  return db
    .select(columns)
    .from(caseTodos)
    .innerJoin(cases, eq(cases.id, caseTodos.case_id))
    .leftJoin(author, eq(author.id, caseTodos.created_by))
    .leftJoin(assignee, eq(assignee.id, caseTodos.assignee_id));
}

async function page(db: DbOrTx, where: SQL | undefined, paging: Paging) {
  const query = select(db)
    .where(where)
    .orderBy(...ORDER);
  return withCount(
    paging.limit === null ? query : query.limit(paging.limit).offset(paging.offset),
    () =>
      db
        .select({ n: count() })
        .from(caseTodos)
        .innerJoin(cases, eq(cases.id, caseTodos.case_id))
        .where(where),
    paging,
  );
}

const todoList = preparedList('todos.list', {
  where: () => eq(caseTodos.case_id, sql.placeholder('caseId')),
  rows: (db, where) =>
    select(db)
      .where(where)
      .orderBy(...ORDER),
  count: (db, where) => db.select({ n: count() }).from(caseTodos).where(where),
});
export async function listTodos(db: DbOrTx, caseId: number, paging: Paging) {
  return todoList(db, paging, { caseId });
}

/** A to-do of this case only: an id of another case's to-do is not found. */
export async function findTodo(db: DbOrTx, caseId: number, id: number): Promise<TodoView | null> {
  const [row] = await select(db)
    .where(and(eq(caseTodos.case_id, caseId), eq(caseTodos.id, id)))
    .limit(1);
  return row ?? null;
}

export interface TodoSearch {
  type: TodoFilter;
  /** Assigned to or created by this employee. */
  employeeId?: number | undefined;
  caseId?: number | undefined;
  now: Date;
}

/** To-dos across the cases that are not deleted. */
export async function searchTodos(db: DbOrTx, f: TodoSearch, paging: Paging) {
  const conds: SQL[] = [eq(cases.is_deleted, false)];
  if (f.type === 'open') conds.push(eq(caseTodos.done, false));
  if (f.type === 'done') conds.push(eq(caseTodos.done, true));
  if (f.type === 'overdue') conds.push(eq(caseTodos.done, false), lt(caseTodos.due_at, f.now));
  if (f.employeeId !== undefined) {
    conds.push(or(eq(caseTodos.assignee_id, f.employeeId), eq(caseTodos.created_by, f.employeeId))!);
  }
  if (f.caseId !== undefined) conds.push(eq(caseTodos.case_id, f.caseId));
  return page(db, and(...conds), paging);
}

export async function insertTodo(db: DbOrTx, values: TodoInsert) {
  const [row] = await db.insert(caseTodos).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function updateTodo(db: DbOrTx, caseId: number, id: number, values: Partial<TodoInsert>) {
  await db
    .update(caseTodos)
    .set({ ...values, updated_at: new Date() })
    .where(and(eq(caseTodos.case_id, caseId), eq(caseTodos.id, id)));
}

export async function deleteTodo(db: DbOrTx, caseId: number, id: number) {
  await db.delete(caseTodos).where(and(eq(caseTodos.case_id, caseId), eq(caseTodos.id, id)));
}

// ── To-dos of a client (issue 9): the same fields, under a client ──────────────────────────────

export type ClientTodoRow = typeof clientTodos.$inferSelect;
export type ClientTodoInsert = typeof clientTodos.$inferInsert;
export type ClientTodoView = Omit<TodoView, 'todo' | 'case_name'> & { todo: ClientTodoRow };

export const clientTodoRows = ownedRows(clientTodos, clientTodos.client_id);

function selectOfClient(db: DbOrTx) {
  return db
    .select({ todo: clientTodos, author_name: author.name, assignee_name: assignee.name })
    .from(clientTodos)
    .leftJoin(author, eq(author.id, clientTodos.created_by))
    .leftJoin(assignee, eq(assignee.id, clientTodos.assignee_id));
}

export const listClientTodos = clientTodoRows.lister('clientTodos.list', (db, where) =>
  selectOfClient(db)
    .where(where)
    .orderBy(...openFirst(clientTodos)),
);

/** A to-do of this client only. */
export const findClientTodo = clientTodoRows.finder<ClientTodoView>(selectOfClient);

// ── The to-do centre (issue 11): cases' and clients' to-dos in one list ──────────────────────

export interface TodoAcrossSearch extends TodoSearch {
  /** Whether the reader may read cases (their to-dos are in the list). */
  cases: boolean;
  /** The contact stages whose clients' to-dos the reader may read. */
  clientStages: readonly string[];
}

export interface TodoAcrossRow {
  kind: 'case' | 'client';
  id: number;
  parent_id: number;
  parent_name: string;
  title: string;
  content: string | null;
  due_at: Date | string | null;
  done: boolean;
  assignee_id: number | null;
  assignee_name: string | null;
  created_by: number | null;
  author_name: string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

/** The filters of one side (a case's or a client's to-dos, aliased `t`). */
function acrossWhere(f: TodoAcrossSearch): SQL {
  const conds: SQL[] = [sql`true`];
  if (f.type === 'open') conds.push(sql`t.done = false`);
  if (f.type === 'done') conds.push(sql`t.done = true`);
  if (f.type === 'overdue') conds.push(sql`t.done = false and t.due_at < ${f.now}`);
  if (f.employeeId !== undefined)
    conds.push(sql`(t.assignee_id = ${f.employeeId} or t.created_by = ${f.employeeId})`);
  return sql.join(conds, sql` and `);
}

/**
 * The to-dos of the cases and clients a reader may read, in one list: open first, then by due
 * date (the most overdue first, undated last). A deleted case or client takes its to-dos away.
 */
export async function searchTodosAcross(db: DbOrTx, f: TodoAcrossSearch, paging: Paging) {
  const where = acrossWhere(f);
  const parts: SQL[] = [];
  const fields = sql`t.id, t.title, t.content, t.due_at, t.done, t.assignee_id, t.created_by, t.created_at, t.updated_at`;
  if (f.cases)
    parts.push(sql`select 'case' as kind, t.case_id as parent_id, p.name as parent_name, ${fields}
      from ${caseTodos} t join ${cases} p on p.id = t.case_id and p.is_deleted = false
      where ${where} ${f.caseId === undefined ? sql`` : sql`and t.case_id = ${f.caseId}`}`);
  if (f.clientStages.length > 0 && f.caseId === undefined)
    parts.push(sql`select 'client' as kind, t.client_id as parent_id, p.name as parent_name, ${fields}
      from ${clientTodos} t join ${clients} p on p.id = t.client_id and p.is_deleted = false
        and p.process_status = any(string_to_array(${f.clientStages.join(',')}, ','))
      where ${where}`);
  if (parts.length === 0) return { rows: [] as TodoAcrossRow[], count: 0 };
  const union = sql.join(parts, sql` union all `);
  const limit = paging.limit === null ? sql`` : sql`limit ${paging.limit} offset ${paging.offset}`;
  const run = async <T>(query: SQL) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;
  const [rows, total] = await Promise.all([
    run<TodoAcrossRow>(sql`select x.*, a.name as author_name, s.name as assignee_name
        from (${union}) x
        left join ${employees} a on a.id = x.created_by
        left join ${employees} s on s.id = x.assignee_id
       order by x.done asc, x.due_at asc nulls last, x.kind asc, x.id asc ${limit}`),
    run<{ n: number }>(sql`select count(*)::int as n from (${union}) x`),
  ]);
  return { rows, count: Number(total[0]?.n ?? 0) };
}
