import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ErrorResponse,
  IdParam,
  ServiceCounts,
  ServiceListQuery,
  CaseParam,
  CaseServiceParams,
  CaseServiceThreadCreateBody,
  ServiceMessageCreateBody,
  ServiceThread,
  ServiceThreadCreateBody,
  ServiceThreadUpdateBody,
  dataOf,
  listOf,
} from '@dealflow/domain';
import { requirePartyOrStaff, requireStaff, serviceContext } from '../../plugins/auth.ts';
import { presentThread } from './presenter.ts';
import * as service from './service.ts';

const base = '/api/internal/v1/services';
const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse };
const notFound = { 404: ErrorResponse };
const tags = ['services'];

/**
 * SPEC section 7 "Messages" (issue 11): the message inbox. Staff of the inbox (admin, ir: SPEC
 * section 6 keeps ao and sa off it) see every thread; an investor or a startup (issue 14) sees and
 * writes only their own. Staff who read a case (admin, ao) reach its startup's threads under
 * `cases/{id}/services`.
 */
export const serviceRoutes: FastifyPluginAsyncZod = async (app) => {
  const either = { onRequest: requirePartyOrStaff('services.inbox') };

  app.get(
    base,
    {
      ...either,
      schema: {
        operationId: 'listServiceThreads',
        summary:
          'Message threads, newest last message first (page 1, size 20; all=1). type=unreplied keeps the threads whose last message is the client’s, type=replied those whose last is staff’s; client_id one client’s. An investor or a startup gets only their own threads. In a list `messages` holds the last message alone, its content cut to a preview',
        tags,
        querystring: ServiceListQuery,
        response: { 200: listOf(ServiceThread), ...errors },
      },
    },
    async (request) => {
      const ctx = serviceContext(request);
      const { rows, count } = await service.listThreads(ctx, request.query);
      const viewer = service.viewerOf(ctx);
      return { data: { result: rows.map((r) => presentThread(r, viewer)), count } };
    },
  );

  app.post(
    base,
    {
      ...either,
      schema: {
        operationId: 'createServiceThread',
        summary:
          'Start a thread with its first message: staff name the client (client_id) and the investor is mailed a link; an investor or a startup writes as themself',
        tags,
        body: ServiceThreadCreateBody,
        response: { 200: dataOf(ServiceThread), ...notFound, ...errors },
      },
    },
    async (request) => {
      const ctx = serviceContext(request);
      const { thread, messages } = await service.createThread(ctx, request.body);
      return { data: presentThread(thread, service.viewerOf(ctx), messages) };
    },
  );

  app.get(
    `${base}/:id`,
    {
      ...either,
      schema: {
        operationId: 'getServiceThread',
        summary:
          'One thread with all its messages, oldest first (another investor’s or startup’s thread is 404)',
        tags,
        params: IdParam,
        response: { 200: dataOf(ServiceThread), ...notFound, ...errors },
      },
    },
    async (request) => {
      const ctx = serviceContext(request);
      const { thread, messages } = await service.getThread(ctx, request.params.id);
      return { data: presentThread(thread, service.viewerOf(ctx), messages) };
    },
  );

  app.post(
    `${base}/:id`,
    {
      ...either,
      schema: {
        operationId: 'postServiceMessage',
        summary:
          'Append a message to the thread (a staff reply mails the investor or the startup a link, never the text); the thread moves to the top of the inbox',
        tags,
        params: IdParam,
        body: ServiceMessageCreateBody,
        response: { 200: dataOf(ServiceThread), ...notFound, ...errors },
      },
    },
    async (request) => {
      const ctx = serviceContext(request);
      const { thread, messages } = await service.postMessage(ctx, request.params.id, request.body.content);
      return { data: presentThread(thread, service.viewerOf(ctx), messages) };
    },
  );

  app.put(
    `${base}/:id`,
    {
      ...either,
      schema: {
        operationId: 'updateServiceThread',
        summary:
          'Mark the thread read (read: true) or unread again for the caller’s side, and/or append a message (content), as SPEC section 4 says an update does',
        tags,
        params: IdParam,
        body: ServiceThreadUpdateBody,
        response: { 200: dataOf(ServiceThread), ...notFound, ...errors },
      },
    },
    async (request) => {
      const ctx = serviceContext(request);
      const { thread, messages } = await service.updateThread(ctx, request.params.id, request.body);
      return { data: presentThread(thread, service.viewerOf(ctx), messages) };
    },
  );

  // The case page's messages with the case's startup (issue 14): staff who read the case.
  const caseBase = '/api/internal/v1/cases/:id/services';
  const caseStaff = { onRequest: requireStaff('cases.read') };
  const scopeOf = (params: { id: number }) => ({ caseId: params.id });

  app.get(
    caseBase,
    {
      ...caseStaff,
      schema: {
        operationId: 'listCaseServiceThreads',
        summary:
          'The case’s message threads with its startup, newest last message first (page 1, size 20; all=1; type=unreplied|replied), for staff who read the case; `unread` is staff’s side',
        tags,
        params: CaseParam,
        querystring: ServiceListQuery,
        response: { 200: listOf(ServiceThread), ...notFound, ...errors },
      },
    },
    async (request) => {
      const ctx = serviceContext(request);
      const scope = scopeOf(request.params);
      const { rows, count } = await service.listThreads(ctx, request.query, scope);
      return { data: { result: rows.map((r) => presentThread(r, 'staff')), count } };
    },
  );

  app.post(
    caseBase,
    {
      ...caseStaff,
      schema: {
        operationId: 'createCaseServiceThread',
        summary:
          'Start a thread with the case’s startup, with its first message; the startup’s sign-ins are mailed a link, never the text',
        tags,
        params: CaseParam,
        body: CaseServiceThreadCreateBody,
        response: { 200: dataOf(ServiceThread), ...notFound, ...errors },
      },
    },
    async (request) => {
      const ctx = serviceContext(request);
      const scope = scopeOf(request.params);
      const { thread, messages } = await service.createThread(ctx, request.body, scope);
      return { data: presentThread(thread, 'staff', messages) };
    },
  );

  app.get(
    `${caseBase}/:threadId`,
    {
      ...caseStaff,
      schema: {
        operationId: 'getCaseServiceThread',
        summary:
          'One of the case’s startup threads with all its messages, oldest first (another case’s is 404)',
        tags,
        params: CaseServiceParams,
        response: { 200: dataOf(ServiceThread), ...notFound, ...errors },
      },
    },
    async (request) => {
      const ctx = serviceContext(request);
      const { thread, messages } = await service.getThread(
        ctx,
        request.params.threadId,
        scopeOf(request.params),
      );
      return { data: presentThread(thread, 'staff', messages) };
    },
  );

  app.post(
    `${caseBase}/:threadId`,
    {
      ...caseStaff,
      schema: {
        operationId: 'postCaseServiceMessage',
        summary:
          'Answer the case’s startup in one of its threads (the startup is mailed a link, never the text)',
        tags,
        params: CaseServiceParams,
        body: ServiceMessageCreateBody,
        response: { 200: dataOf(ServiceThread), ...notFound, ...errors },
      },
    },
    async (request) => {
      const ctx = serviceContext(request);
      const { thread, messages } = await service.postMessage(
        ctx,
        request.params.threadId,
        request.body.content,
        scopeOf(request.params),
      );
      return { data: presentThread(thread, 'staff', messages) };
    },
  );

  app.put(
    `${caseBase}/:threadId`,
    {
      ...caseStaff,
      schema: {
        operationId: 'updateCaseServiceThread',
        summary:
          'Mark one of the case’s startup threads read (or unread again) for staff, and/or append a message',
        tags,
        params: CaseServiceParams,
        body: ServiceThreadUpdateBody,
        response: { 200: dataOf(ServiceThread), ...notFound, ...errors },
      },
    },
    async (request) => {
      const ctx = serviceContext(request);
      const { thread, messages } = await service.updateThread(
        ctx,
        request.params.threadId,
        request.body,
        scopeOf(request.params),
      );
      return { data: presentThread(thread, 'staff', messages) };
    },
  );

  app.get(
    '/api/internal/v2/services/counts',
    {
      onRequest: requireStaff('services.inbox'),
      schema: {
        operationId: 'countServiceThreads',
        summary:
          'Threads per inbox tab (all, unreplied, replied) and how many staff have not read (unread: the side menu’s badge)',
        tags,
        response: { 200: dataOf(ServiceCounts), ...errors },
      },
    },
    async (request) => ({ data: await service.countThreads(serviceContext(request)) }),
  );
};
