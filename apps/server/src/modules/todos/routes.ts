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
  TodoAcross,
  listOf,
} from '@dealflow/domain';
import { bearerSecurity, requireStaff, serviceContext } from '../../plugins/auth.ts';
import { caseItemRoute as r, caseRouteParent } from '../caseItems/routes.ts';
import { clientRouteParent } from '../clients/itemParent.ts';
import { defineItemRoutes } from '../items/routes.ts';
import { presentClientTodo, presentTodo, presentTodoAcross } from './presenter.ts';
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

  // The to-do centre (issue 11): every staff member, over the cases and clients they may read.
  const centre = { onRequest: requireStaff('todos.centre') };
  app.get(
    '/api/internal/v1/me/todo',
    {
      ...centre,
      schema: {
        tags: ['todos'],
        security: bearerSecurity,
        operationId: 'listMyTodos',
        summary:
          'My to-dos across cases and clients (assigned to me or written by me), open ones first, the most overdue first',
        querystring: PageQuery,
        response: { 200: listOf(TodoAcross), ...r.errors },
      },
    },
    async (request) => {
      const { rows, count } = await service.listMyTodos(serviceContext(request), request.query);
      const now = new Date();
      return { data: { result: rows.map((row) => presentTodoAcross(row, now)), count } };
    },
  );

  app.get(
    '/api/internal/v2/todos',
    {
      ...centre,
      schema: {
        tags: ['todos'],
        security: bearerSecurity,
        operationId: 'searchTodos',
        summary:
          'To-dos across the cases and clients one may read: open, done, overdue or all; employee_id: assigned to or written by',
        querystring: TodoSearchQuery,
        response: { 200: listOf(TodoAcross), ...r.errors },
      },
    },
    async (request) => {
      const { rows, count } = await service.searchTodos(serviceContext(request), request.query);
      const now = new Date();
      return { data: { result: rows.map((row) => presentTodoAcross(row, now)), count } };
    },
  );
};
