import {
  canBeAssigned,
  canSeeClient,
  clientStagesVisibleTo,
  type ContactStage,
  type PageQuery,
  type StaffRole,
  staffCan,
  type TodoCreateBody,
  type TodoSearchQuery,
  type TodoUpdateBody,
} from '@dealflow/domain';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { findActiveEmployee } from '../items/repository.ts';
import { caseParent, staffActor } from '../caseItems/service.ts';
import { clientParent } from '../clients/itemParent.ts';
import { invalidField, itemService, paging } from '../items/service.ts';
import * as repo from './repository.ts';
import type { TodoInsert, TodoRow } from './repository.ts';

type PageInput = z.infer<typeof PageQuery>;

/** A to-do goes to an active employee who can work on what it belongs to (`works`). */
async function checkAssignee(
  db: DbOrTx,
  id: number | null | undefined,
  works: { who: string; can: (role: StaffRole) => boolean },
) {
  if (id === null || id === undefined) return;
  const employee = await findActiveEmployee(db, id);
  if (!employee || !works.can(employee.role)) {
    throw invalidField(
      'body.assignee_id',
      `No active employee with this id who works on ${works.who}`,
      'unknown_reference',
    );
  }
}
const onCases = { who: 'cases', can: (role: StaffRole) => canBeAssigned(role, 'case') };
/** Someone who works clients and sees this client's stage (sa p0–p4, ir p5–p6, admin all). */
const onClient = (client: { process_status: string }) => ({
  who: 'this client',
  can: (role: StaffRole) =>
    canBeAssigned(role, 'client') && canSeeClient(role, client.process_status as ContactStage),
});

/** The to-do columns a body sets, the same for a case's and a client's to-dos. */
type TodoColumns = Pick<TodoInsert, 'title' | 'content' | 'due_at' | 'done' | 'assignee_id'>;

function toColumns(input: TodoUpdateBody): Partial<TodoColumns> {
  const values: Partial<TodoColumns> = {};
  if (input.title !== undefined) values.title = input.title;
  if (input.content !== undefined) values.content = input.content || null;
  if (input.due_at !== undefined) values.due_at = input.due_at === null ? null : new Date(input.due_at);
  if (input.done !== undefined) values.done = input.done;
  if (input.assignee_id !== undefined) values.assignee_id = input.assignee_id;
  return values;
}

/** The fields a to-do's history shows. */
function audited(row: Pick<TodoRow, keyof TodoColumns>) {
  return {
    title: row.title,
    content: row.content,
    due_at: row.due_at,
    done: row.done,
    assignee_id: row.assignee_id,
  };
}

export const caseTodos = itemService(caseParent, {
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
  checkCreate: (tx, input) => checkAssignee(tx, input.assignee_id, onCases),
  // Only a new assignee is checked: a to-do keeps one who has since left or lost case access.
  checkUpdate: async (tx, before, input) => {
    if (input.assignee_id !== before.todo.assignee_id) await checkAssignee(tx, input.assignee_id, onCases);
  },
  audited,
});

export const { list: listCaseTodos, create: createTodo, update: updateTodo, remove: deleteTodo } = caseTodos;

/**
 * A client's to-dos (issue 9): whoever may work the client writes and changes them; the assignee
 * is someone who may work that client too (a client handed from sa to ir keeps its old assignee
 * until someone picks another).
 */
export const clientTodos = itemService(clientParent, {
  notFound: 'TODO_NOT_FOUND',
  action: 'client.todo',
  list: repo.listClientTodos,
  find: repo.findClientTodo,
  // insert, update and remove, each addressed with the client.
  ...repo.clientTodoRows,
  row: (view) => view.todo,
  toColumns,
  toNewRow: (input: TodoCreateBody, owner) => ({ ...toColumns(input), title: input.title, ...owner }),
  checkCreate: (tx, input, client) => checkAssignee(tx, input.assignee_id, onClient(client)),
  checkUpdate: async (tx, before, input, _values, client) => {
    if (input.assignee_id !== before.todo.assignee_id)
      await checkAssignee(tx, input.assignee_id, onClient(client));
  },
  audited,
});

/** What a staff member reads of the to-do centre: cases' to-dos if they read cases, clients' of their stages. */
function acrossFor(actor: { role: StaffRole }) {
  return { cases: staffCan(actor.role, 'cases.read'), clientStages: clientStagesVisibleTo(actor.role) };
}

/** The caller's to-dos across cases and clients: assigned to them or written by them, open ones first. */
export async function listMyTodos(ctx: ServiceContext, q: PageInput) {
  const actor = staffActor(ctx);
  return repo.searchTodosAcross(
    ctx.db,
    { type: 'all', employeeId: actor.id, now: new Date(), ...acrossFor(actor) },
    paging(q, { size: 20, allByDefault: true }),
  );
}

/** `v2/todos`: by state, by employee (assigned or written), by case, over what the caller may read. */
export async function searchTodos(ctx: ServiceContext, q: TodoSearchQuery) {
  const actor = staffActor(ctx);
  return repo.searchTodosAcross(
    ctx.db,
    { type: q.type, employeeId: q.employee_id, caseId: q.case_id, now: new Date(), ...acrossFor(actor) },
    paging(q, { size: 20, allByDefault: true }),
  );
}
