import {
  canBeAssigned,
  type PageQuery,
  type TodoCreateBody,
  type TodoSearchQuery,
  type TodoUpdateBody,
} from '@dealflow/domain';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { findActiveEmployee } from '../caseItems/repository.ts';
import { caseItemService, invalidField, paging, staffActor } from '../caseItems/service.ts';
import * as repo from './repository.ts';
import type { TodoInsert, TodoRow } from './repository.ts';

type PageInput = z.infer<typeof PageQuery>;

/** A to-do goes to an active employee who can open the case it belongs to. */
async function checkAssignee(db: DbOrTx, id: number | null | undefined) {
  if (id === null || id === undefined) return;
  const employee = await findActiveEmployee(db, id);
  if (!employee || !canBeAssigned(employee.role, 'case')) {
    throw invalidField(
      'body.assignee_id',
      'No active employee with this id who works on cases',
      'unknown_reference',
    );
  }
}

function toColumns(input: TodoUpdateBody): Partial<TodoInsert> {
  const values: Partial<TodoInsert> = {};
  if (input.title !== undefined) values.title = input.title;
  if (input.content !== undefined) values.content = input.content || null;
  if (input.due_at !== undefined) values.due_at = input.due_at === null ? null : new Date(input.due_at);
  if (input.done !== undefined) values.done = input.done;
  if (input.assignee_id !== undefined) values.assignee_id = input.assignee_id;
  return values;
}

export const caseTodos = caseItemService({
  notFound: 'TODO_NOT_FOUND',
  action: 'todo',
  list: repo.listTodos,
  find: repo.findTodo,
  insert: repo.insertTodo,
  update: repo.updateTodo,
  remove: repo.deleteTodo,
  row: (view) => view.todo,
  contribution: { authorId: (view) => view.todo.created_by, assigneeId: (view) => view.todo.assignee_id },
  toColumns,
  toNewRow: (input: TodoCreateBody, owner) => ({ ...toColumns(input), title: input.title, ...owner }),
  checkCreate: (tx, input) => checkAssignee(tx, input.assignee_id),
  // Only a new assignee is checked: a to-do keeps one who has since left or lost case access.
  checkUpdate: async (tx, before, input) => {
    if (input.assignee_id !== before.todo.assignee_id) await checkAssignee(tx, input.assignee_id);
  },
  audited: (row: TodoRow) => ({
    title: row.title,
    content: row.content,
    due_at: row.due_at,
    done: row.done,
    assignee_id: row.assignee_id,
  }),
});

export const { list: listCaseTodos, create: createTodo, update: updateTodo, remove: deleteTodo } = caseTodos;

/** The caller's to-dos across cases: assigned to them or written by them, open ones first. */
export async function listMyTodos(ctx: ServiceContext, q: PageInput) {
  const actor = staffActor(ctx);
  return repo.searchTodos(
    ctx.db,
    { type: 'all', employeeId: actor.id, now: new Date() },
    paging(q, { size: 20, allByDefault: true }),
  );
}

export async function searchTodos(ctx: ServiceContext, q: TodoSearchQuery) {
  return repo.searchTodos(
    ctx.db,
    { type: q.type, employeeId: q.employee_id, caseId: q.case_id, now: new Date() },
    paging(q, { size: 20, allByDefault: true }),
  );
}
