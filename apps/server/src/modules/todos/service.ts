import {
  staffCan,
  type PageQuery,
  type TodoCreateBody,
  type TodoSearchQuery,
  type TodoUpdateBody,
} from '@dealflow/domain';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { findActiveEmployee } from '../caseItems/repository.ts';
import {
  createdChanges,
  deletedChanges,
  invalidField,
  paging,
  readableCase,
  recordCaseActivity,
  staffActor,
  updatedChanges,
  writeOnCase,
} from '../caseItems/service.ts';
import * as repo from './repository.ts';
import type { TodoInsert, TodoRow, TodoView } from './repository.ts';

type PageInput = z.infer<typeof PageQuery>;

/** A to-do goes to an active employee who can open the case it belongs to. */
async function checkAssignee(db: DbOrTx, id: number | null | undefined) {
  if (id === null || id === undefined) return;
  const employee = await findActiveEmployee(db, id);
  if (!employee || !staffCan(employee.role, 'cases.read')) {
    throw invalidField('body.assignee_id', 'No active employee with this id who works on cases');
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

/** The fields a history entry shows. */
function audited(row: TodoRow) {
  return {
    title: row.title,
    content: row.content,
    due_at: row.due_at,
    done: row.done,
    assignee_id: row.assignee_id,
  };
}

async function found(db: DbOrTx, caseId: number, id: number): Promise<TodoView> {
  const view = await repo.findTodo(db, caseId, id);
  if (!view) throw new AppError('TODO_NOT_FOUND');
  return view;
}

export async function listCaseTodos(ctx: ServiceContext, caseId: number, q: PageInput) {
  await readableCase(ctx, caseId);
  return repo.listTodos(ctx.db, caseId, paging(q, { size: 20, allByDefault: true }));
}

export async function createTodo(ctx: ServiceContext, caseId: number, input: TodoCreateBody) {
  return writeOnCase(ctx, caseId, async (tx, _kase, actor) => {
    await checkAssignee(tx, input.assignee_id);
    const row = await repo.insertTodo(tx, {
      ...toColumns(input),
      title: input.title,
      case_id: caseId,
      created_by: actor.id,
    });
    await recordCaseActivity(tx, ctx, caseId, 'todo.create', createdChanges(row.id, audited(row)));
    return found(tx, caseId, row.id);
  });
}

export async function updateTodo(ctx: ServiceContext, caseId: number, id: number, input: TodoUpdateBody) {
  return writeOnCase(ctx, caseId, async (tx) => {
    const before = await found(tx, caseId, id);
    if (input.assignee_id !== before.todo.assignee_id) await checkAssignee(tx, input.assignee_id);
    const values = toColumns(input);
    const changes = updatedChanges(id, audited(before.todo), values);
    if (!changes) return before;
    await repo.updateTodo(tx, caseId, id, values);
    await recordCaseActivity(tx, ctx, caseId, 'todo.update', changes);
    return found(tx, caseId, id);
  });
}

export async function deleteTodo(ctx: ServiceContext, caseId: number, id: number) {
  return writeOnCase(ctx, caseId, async (tx) => {
    const before = await found(tx, caseId, id);
    await repo.deleteTodo(tx, caseId, id);
    await recordCaseActivity(tx, ctx, caseId, 'todo.delete', deletedChanges(id, audited(before.todo)));
  });
}

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
