import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CaseParam,
  PageQuery,
  Todo,
  TodoCreateBody,
  TodoParams,
  TodoSearchQuery,
  TodoUpdateBody,
  TodoWithCase,
  dataOf,
  listOf,
} from '@dealflow/domain';
import { serviceContext } from '../../plugins/auth.ts';
import { OK, caseItemRoute as r } from '../caseItems/routes.ts';
import { presentTodo, presentTodoWithCase } from './presenter.ts';
import * as service from './service.ts';

export const todoRoutes: FastifyPluginAsyncZod = async (app) => {
  const schema = r.schema('todos');
  const base = `${r.v1}/:id/todo`;

  app.get(
    base,
    {
      ...r.read,
      schema: {
        ...schema,
        summary: 'To-dos of a case, open ones first, by due date',
        params: CaseParam,
        querystring: PageQuery,
        response: { 200: listOf(Todo), ...r.errors, ...r.notFound },
      },
    },
    async (request) => {
      const { rows, count } = await service.listCaseTodos(
        serviceContext(request),
        request.params.id,
        request.query,
      );
      return { data: { result: rows.map(presentTodo), count } };
    },
  );

  app.post(
    base,
    {
      ...r.write,
      schema: {
        ...schema,
        summary: 'Add a to-do to a case',
        params: CaseParam,
        body: TodoCreateBody,
        response: { 200: dataOf(Todo), ...r.errors, ...r.notFound },
      },
    },
    async (request) => ({
      data: presentTodo(await service.createTodo(serviceContext(request), request.params.id, request.body)),
    }),
  );

  app.put(
    `${base}/:todoId`,
    {
      ...r.write,
      schema: {
        ...schema,
        summary: 'Edit a to-do of a case',
        params: TodoParams,
        body: TodoUpdateBody,
        response: { 200: dataOf(Todo), ...r.errors, ...r.notFound },
      },
    },
    async (request) => ({
      data: presentTodo(
        await service.updateTodo(
          serviceContext(request),
          request.params.id,
          request.params.todoId,
          request.body,
        ),
      ),
    }),
  );

  app.delete(
    `${base}/:todoId`,
    {
      ...r.write,
      schema: {
        ...schema,
        summary: 'Delete a to-do of a case',
        params: TodoParams,
        response: { 200: r.ok, ...r.errors, ...r.notFound },
      },
    },
    async (request) => {
      await service.deleteTodo(serviceContext(request), request.params.id, request.params.todoId);
      return OK;
    },
  );

  app.get(
    '/api/internal/v1/me/todo',
    {
      ...r.read,
      schema: {
        ...schema,
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
        ...schema,
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
