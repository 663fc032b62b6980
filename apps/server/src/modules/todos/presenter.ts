import type { ClientTodo, Todo, TodoWithCase } from '@dealflow/domain';
import { iso, isoOrNull, presentPerson } from '../items/presenter.ts';
import type { ClientTodoView, TodoView } from './repository.ts';

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
