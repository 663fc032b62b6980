import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  Employee,
  EmployeeCreateBody,
  EmployeeListQuery,
  EmployeeUpdateBody,
  ErrorResponse,
  IdParam,
  StaffDirectoryEntry,
  StaffDirectoryQuery,
  dataOf,
  listOf,
} from '@dealflow/domain';
import { bearerSecurity, requireStaff, serviceContext } from '../../plugins/auth.ts';
import * as service from './service.ts';

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse };
const base = '/api/internal/v1/employees';

export const employeeRoutes: FastifyPluginAsyncZod = async (app) => {
  const read = { onRequest: requireStaff('employees.read') };
  const write = { onRequest: requireStaff('employees.write') };
  const tags = ['employees'];

  app.get(
    base,
    {
      ...read,
      schema: {
        operationId: 'listEmployees',
        summary: 'Staff accounts, paged and filtered',
        tags,
        security: bearerSecurity,
        querystring: EmployeeListQuery,
        response: { 200: listOf(Employee), ...errors },
      },
    },
    async (request) => {
      const ctx = serviceContext(request);
      const { rows, count } = await service.listEmployees(ctx, request.query);
      return { data: { result: await service.presentEmployees(ctx, rows), count } };
    },
  );

  app.get(
    `${base}/directory`,
    {
      onRequest: requireStaff('employees.directory'),
      schema: {
        operationId: 'listStaffDirectory',
        tags,
        summary: 'Active colleagues (id, name, role) for pickers',
        security: bearerSecurity,
        querystring: StaffDirectoryQuery,
        response: { 200: listOf(StaffDirectoryEntry), ...errors },
      },
    },
    async (request) => {
      const rows = await service.listStaffDirectory(serviceContext(request), request.query);
      return { data: { result: rows, count: rows.length } };
    },
  );

  app.post(
    base,
    {
      ...write,
      schema: {
        operationId: 'createEmployee',
        summary: 'Create a staff account',
        tags,
        security: bearerSecurity,
        body: EmployeeCreateBody,
        response: { 200: dataOf(Employee), 409: ErrorResponse, ...errors },
      },
    },
    async (request) => {
      const ctx = serviceContext(request);
      return { data: await service.presentOne(ctx, await service.createEmployee(ctx, request.body)) };
    },
  );

  app.get(
    `${base}/:id`,
    {
      ...read,
      schema: {
        operationId: 'getEmployee',
        summary: 'One staff account',
        tags,
        security: bearerSecurity,
        params: IdParam,
        response: { 200: dataOf(Employee), 404: ErrorResponse, ...errors },
      },
    },
    async (request) => {
      const ctx = serviceContext(request);
      return { data: await service.presentOne(ctx, await service.getEmployee(ctx, request.params.id)) };
    },
  );

  app.put(
    `${base}/:id`,
    {
      ...write,
      schema: {
        operationId: 'updateEmployee',
        summary: 'Edit a staff account',
        tags,
        security: bearerSecurity,
        params: IdParam,
        body: EmployeeUpdateBody,
        response: { 200: dataOf(Employee), 404: ErrorResponse, 409: ErrorResponse, ...errors },
      },
    },
    async (request) => {
      const ctx = serviceContext(request);
      return {
        data: await service.presentOne(
          ctx,
          await service.updateEmployee(ctx, request.params.id, request.body),
        ),
      };
    },
  );

  app.delete(
    `${base}/:id`,
    {
      ...write,
      schema: {
        operationId: 'deactivateEmployee',
        summary: 'Deactivate a staff account (kept for history, no longer signs in)',
        tags,
        security: bearerSecurity,
        params: IdParam,
        response: { 200: dataOf(Employee), 404: ErrorResponse, 409: ErrorResponse, ...errors },
      },
    },
    async (request) => {
      const ctx = serviceContext(request);
      return {
        data: await service.presentOne(ctx, await service.deactivateEmployee(ctx, request.params.id)),
      };
    },
  );

  app.post(
    `${base}/:id/invitation`,
    {
      ...write,
      schema: {
        tags,
        summary:
          'Mail the staff member a new invitation to set their password (the previous link stops working)',
        operationId: 'resendEmployeeInvitation',
        security: bearerSecurity,
        params: IdParam,
        response: { 200: dataOf(Employee), 404: ErrorResponse, 409: ErrorResponse, ...errors },
      },
    },
    async (request) => {
      const ctx = serviceContext(request);
      return { data: await service.presentOne(ctx, await service.resendInvitation(ctx, request.params.id)) };
    },
  );
};
