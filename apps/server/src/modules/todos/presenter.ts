import type { Todo, TodoWithCase } from '@dealflow/domain';
import { iso, isoOrNull, presentPerson } from '../caseItems/presenter.ts';
import type { TodoView } from './repository.ts';

export function presentTodo({ todo, author_name, assignee_name }: TodoView): Todo {
  return {
    id: todo.id,
    case_id: todo.case_id,
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

export function presentTodoWithCase(view: TodoView): TodoWithCase {
  return { ...presentTodo(view), case: { id: view.todo.case_id, name: view.case_name } };
}
