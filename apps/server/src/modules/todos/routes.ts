import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ClientTodo,
  ClientTodoCreateBody,
  ClientTodoParams,
  ClientTodoUpdateBody,
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
import { caseItemRoute as r, caseRouteParent } from '../caseItems/routes.ts';
import { clientRouteParent } from '../clients/itemParent.ts';
import { defineItemRoutes } from '../items/routes.ts';
import { presentClientTodo, presentTodo, presentTodoWithCase } from './presenter.ts';
import * as service from './service.ts';

const caseTodoRoutes = defineItemRoutes(caseRouteParent, {
  tag: 'todos',
  path: 'todo',
  names: { one: 'Todo', many: 'Todos' },
  summaries: {
    list: 'To-dos of a case, open ones first, by due date',
    create: 'Add a to-do to a case',
    update: 'Edit a to-do of a case',
    remove: 'Delete a to-do of a case',
  },
  contracts: { item: Todo, params: TodoParams, create: TodoCreateBody, update: TodoUpdateBody },
  service: service.caseTodos,
  present: presentTodo,
});

/** `v1/clients/{id}/todo` (SPEC section 7): the web refetches the list after each change. */
const clientTodoRoutes = defineItemRoutes(clientRouteParent, {
  tag: 'clients',
  path: 'todo',
  names: { one: 'Todo', many: 'Todos' },
  summaries: {
    list: 'To-dos of a client, open ones first, by due date',
    create: 'Add a to-do to a client (the assignee must work this client)',
    update: 'Edit a to-do of a client',
    remove: 'Delete a to-do of a client',
  },
  contracts: {
    item: ClientTodo,
    params: ClientTodoParams,
    create: ClientTodoCreateBody,
    update: ClientTodoUpdateBody,
  },
  service: service.clientTodos,
  present: presentClientTodo,
});

export const todoRoutes: FastifyPluginAsyncZod = async (app, options) => {
  await caseTodoRoutes(app, options);
  await clientTodoRoutes(app, options);

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
