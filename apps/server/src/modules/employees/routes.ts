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
import { presentEmployee } from './presenter.ts';
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
        tags,
        security: bearerSecurity,
        querystring: EmployeeListQuery,
        response: { 200: listOf(Employee), ...errors },
      },
    },
    async (request) => {
      const { rows, count } = await service.listEmployees(serviceContext(request), request.query);
      return { data: { result: rows.map(presentEmployee), count } };
    },
  );

  app.get(
    `${base}/directory`,
    {
      onRequest: requireStaff('employees.directory'),
      schema: {
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
        tags,
        security: bearerSecurity,
        body: EmployeeCreateBody,
        response: { 200: dataOf(Employee), 409: ErrorResponse, ...errors },
      },
    },
    async (request) => ({
      data: presentEmployee(await service.createEmployee(serviceContext(request), request.body)),
    }),
  );

  app.get(
    `${base}/:id`,
    {
      ...read,
      schema: {
        tags,
        security: bearerSecurity,
        params: IdParam,
        response: { 200: dataOf(Employee), 404: ErrorResponse, ...errors },
      },
    },
    async (request) => ({
      data: presentEmployee(await service.getEmployee(serviceContext(request), request.params.id)),
    }),
  );

  app.put(
    `${base}/:id`,
    {
      ...write,
      schema: {
        tags,
        security: bearerSecurity,
        params: IdParam,
        body: EmployeeUpdateBody,
        response: { 200: dataOf(Employee), 404: ErrorResponse, 409: ErrorResponse, ...errors },
      },
    },
    async (request) => ({
      data: presentEmployee(
        await service.updateEmployee(serviceContext(request), request.params.id, request.body),
      ),
    }),
  );

  app.delete(
    `${base}/:id`,
    {
      ...write,
      schema: {
        tags,
        security: bearerSecurity,
        params: IdParam,
        response: { 200: dataOf(Employee), 404: ErrorResponse, 409: ErrorResponse, ...errors },
      },
    },
    async (request) => ({
      data: presentEmployee(await service.deactivateEmployee(serviceContext(request), request.params.id)),
    }),
  );
};
