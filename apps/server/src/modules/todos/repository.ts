import { and, asc, count, eq, lt, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { TodoFilter } from '@dealflow/domain';
import type { DbOrTx } from '../../db/client.ts';
import { caseTodos, cases, clientTodos, employees } from '../../db/schema/index.ts';
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
