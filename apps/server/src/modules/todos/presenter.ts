import type { ClientTodo, Todo, TodoAcross, TodoWithCase } from '@dealflow/domain';
import { iso, isoOrNull, presentPerson } from '../items/presenter.ts';
import type { ClientTodoView, TodoAcrossRow, TodoView } from './repository.ts';

/** What a case's and a client's to-do show alike. */
function presentFields({ todo, author_name, assignee_name }: TodoView | ClientTodoView) {
  return {
    id: todo.id,
    title: todo.title,
    content: todo.content,
    due_at: isoOrNull(todo.due_at),
    done: todo.done,
    assignee_id: todo.assignee_id,
    assignee: presentPerson(todo.assignee_id, assignee_name),
    author: presentPerson(todo.created_by, author_name),
    created_at: iso(todo.created_at),
    updated_at: iso(todo.updated_at),
  };
}

export function presentTodo(view: TodoView): Todo {
  return { ...presentFields(view), case_id: view.todo.case_id };
}

export function presentTodoWithCase(view: TodoView): TodoWithCase {
  return { ...presentTodo(view), case: { id: view.todo.case_id, name: view.case_name } };
}

export function presentClientTodo(view: ClientTodoView): ClientTodo {
  return { ...presentFields(view), client_id: view.todo.client_id };
}

const isoOf = (value: Date | string) => new Date(value).toISOString();

/** A to-do of the centre, with its case or client; `overdue` when open and past due at `now`. */
export function presentTodoAcross(row: TodoAcrossRow, now: Date): TodoAcross {
  const due = row.due_at === null ? null : new Date(row.due_at);
  const parent = { id: row.parent_id, name: row.parent_name };
  return {
    id: row.id,
    title: row.title,
    content: row.content,
    due_at: due === null ? null : due.toISOString(),
    done: row.done,
    assignee_id: row.assignee_id,
    assignee: presentPerson(row.assignee_id, row.assignee_name),
    author: presentPerson(row.created_by, row.author_name),
    created_at: isoOf(row.created_at),
    updated_at: isoOf(row.updated_at),
    case_id: row.kind === 'case' ? row.parent_id : null,
    client_id: row.kind === 'client' ? row.parent_id : null,
    case: row.kind === 'case' ? parent : null,
    client: row.kind === 'client' ? parent : null,
    overdue: !row.done && due !== null && due < now,
  };
}
