import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  PageQuery,
  Todo,
  TodoCreateBody,
  TodoParams,
  TodoSearchQuery,
  TodoUpdateBody,
  TodoWithCase,
  listOf,
} from '@dealflow/domain';
import { serviceContext } from '../../plugins/auth.ts';
import { caseItemRoute as r, defineCaseItemRoutes } from '../caseItems/routes.ts';
import { presentTodo, presentTodoWithCase } from './presenter.ts';
import * as service from './service.ts';

const caseTodoRoutes = defineCaseItemRoutes({
  tag: 'todos',
  path: 'todo',
  names: { one: 'Todo', many: 'Todos' },
  summaries: [
    'To-dos of a case, open ones first, by due date',
    'Add a to-do to a case',
    'Edit a to-do of a case',
    'Delete a to-do of a case',
  ],
  contracts: { item: Todo, params: TodoParams, create: TodoCreateBody, update: TodoUpdateBody },
  service: service.caseTodos,
  present: presentTodo,
});

export const todoRoutes: FastifyPluginAsyncZod = async (app, options) => {
  await caseTodoRoutes(app, options);

  app.get(
    '/api/internal/v1/me/todo',
    {
      ...r.read,
      schema: {
        tags: ['todos'],
        operationId: 'listMyTodos',
        summary: 'My to-dos across cases (assigned to me or written by me), open ones first, by due date',
        querystring: PageQuery,
        response: { 200: listOf(TodoWithCase), ...r.errors },
      },
    },
    async (request) => {
      const { rows, count } = await service.listMyTodos(serviceContext(request), request.query);
      return { data: { result: rows.map(presentTodoWithCase), count } };
    },
  );

  app.get(
    '/api/internal/v2/todos',
    {
      ...r.read,
      schema: {
        tags: ['todos'],
        operationId: 'searchTodos',
        summary: 'To-dos across cases: open, done, overdue or all; employee_id: assigned to or written by',
        querystring: TodoSearchQuery,
        response: { 200: listOf(TodoWithCase), ...r.errors },
      },
    },
    async (request) => {
      const { rows, count } = await service.searchTodos(serviceContext(request), request.query);
      return { data: { result: rows.map(presentTodoWithCase), count } };
    },
  );
};
