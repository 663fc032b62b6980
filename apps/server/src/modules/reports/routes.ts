import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ActivityQuery,
  CaseAnalyticsQuery,
  CaseSeriesQuery,
  ClientAnalyticsQuery,
  ClientSeriesQuery,
  CaseActivityEntry,
  CaseBreakdown,
  CaseSummaryReport,
  ClientActivityEntry,
  ClientBreakdown,
  ErrorResponse,
  PipelineAnalytics,
  SnapshotDayQuery,
  StatusSeries,
  dataOf,
  listOf,
} from '@dealflow/domain';
import { bearerSecurity, requireStaff, serviceContext } from '../../plugins/auth.ts';
import { presentCaseActivity, presentClientActivity } from './presenter.ts';
import * as service from './service.ts';

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse };
const tags = ['reports'];
const v1 = '/api/internal/v1';
const snapshots = '/api/internal/v2/snapshots';
const analytics = '/api/internal/v2/analytics';

/**
 * The report page's calls (SPEC section 7 "Reports and snapshots", issue 10), all GET. Case
 * reports are for admin and ao (`reports.cases`), investor reports for admin, ir and sa
 * (`reports.investors`), which count only the contact stages the caller works. Past days come
 * from the stored daily snapshots, today's figures live (modules/reports/service.ts).
 */
export const reportRoutes: FastifyPluginAsyncZod = async (app) => {
  const cases = { onRequest: requireStaff('reports.cases') };
  const investors = { onRequest: requireStaff('reports.investors') };
  const schema = { tags, security: bearerSecurity };

  app.get(
    `${v1}/caseActivity`,
    {
      ...cases,
      schema: {
        ...schema,
        operationId: 'listCaseActivity',
        summary: 'Recent history of every case, newest first (page 1 of 10 unless given), each with its case',
        querystring: ActivityQuery,
        response: { 200: listOf(CaseActivityEntry), ...errors },
      },
    },
    async (request) => {
      const { rows, count, clientNames } = await service.caseActivityFeed(
        serviceContext(request),
        request.query,
      );
      return { data: { result: rows.map((r) => presentCaseActivity(r, clientNames)), count } };
    },
  );

  app.get(
    `${v1}/clientActivity`,
    {
      ...investors,
      schema: {
        ...schema,
        operationId: 'listClientActivity',
        summary:
          'Recent history of the clients one works (their contact stages), newest first (page 1 of 10 unless given)',
        querystring: ActivityQuery,
        response: { 200: listOf(ClientActivityEntry), ...errors },
      },
    },
    async (request) => {
      const { rows, count, employeeNames } = await service.clientActivityFeed(
        serviceContext(request),
        request.query,
      );
      return { data: { result: rows.map((r) => presentClientActivity(r, employeeNames)), count } };
    },
  );

  const series = (pipeline: 'cases' | 'clients', path: string, operationId: string, summary: string) =>
    app.get(
      `${snapshots}/${path}`,
      {
        ...(pipeline === 'cases' ? cases : investors),
        schema: {
          ...schema,
          operationId,
          summary,
          querystring: pipeline === 'cases' ? CaseSeriesQuery : ClientSeriesQuery,
          response: { 200: dataOf(StatusSeries), ...errors },
        },
      },
      async (request) => ({
        data: await service.statusSeries(serviceContext(request), pipeline, request.query),
      }),
    );
  series(
    'cases',
    'cases/status',
    'getCaseStatusSeries',
    'Cases per stage on each day of a period (start_at, end_at), optionally of one AO (ao_id) or domain: stored days, today live',
  );
  series(
    'clients',
    'client/status',
    'getClientStatusSeries',
    'Clients per contact stage (those one works) on each day of a period, optionally of one owner (employee_id) or domain: stored days, today live',
  );

  const caseGroups = (
    dimension: 'cases.ao' | 'cases.round' | 'cases.domain',
    path: string,
    operationId: string,
    summary: string,
  ) =>
    app.get(
      `${snapshots}/${path}`,
      {
        ...cases,
        schema: {
          ...schema,
          operationId,
          summary,
          querystring: SnapshotDayQuery,
          response: { 200: dataOf(CaseBreakdown), ...errors },
        },
      },
      async (request) => ({
        data: await service.caseBreakdown(serviceContext(request), dimension, request.query),
      }),
    );
  caseGroups(
    'cases.ao',
    'cases/ao',
    'getCasesByAo',
    'Cases per AO by stage, with the fund raising of those in progress',
  );
  caseGroups('cases.round', 'cases/round', 'getCasesByRound', 'Cases per round by stage');
  caseGroups('cases.domain', 'cases/domain', 'getCasesByDomain', 'Cases per domain by stage');

  app.get(
    `${snapshots}/cases/summary`,
    {
      ...cases,
      schema: {
        ...schema,
        operationId: 'getCaseSummaryReport',
        summary: 'Cases in progress and their fund raising, funded and dropped this year',
        querystring: SnapshotDayQuery,
        response: { 200: dataOf(CaseSummaryReport), ...errors },
      },
    },
    async (request) => ({ data: await service.caseSummary(serviceContext(request), request.query) }),
  );

  const clientGroups = (
    dimension: 'clients.owner' | 'clients.type' | 'clients.domain',
    path: string,
    operationId: string,
    summary: string,
  ) =>
    app.get(
      `${snapshots}/${path}`,
      {
        ...investors,
        schema: {
          ...schema,
          operationId,
          summary,
          querystring: SnapshotDayQuery,
          response: { 200: dataOf(ClientBreakdown), ...errors },
        },
      },
      async (request) => ({
        data: await service.clientBreakdown(serviceContext(request), dimension, request.query),
      }),
    );
  clientGroups(
    'clients.owner',
    'client/ao',
    'getClientsByOwner',
    'Clients per owner (sa or ir) by contact stage',
  );
  clientGroups(
    'clients.type',
    'client/type',
    'getClientsByMembership',
    'Clients per membership tier by contact stage',
  );
  clientGroups(
    'clients.domain',
    'client/domain',
    'getClientsByDomain',
    'Clients per domain by contact stage',
  );

  const pipelineRoute = (pipeline: 'cases' | 'clients', operationId: string, summary: string) =>
    app.get(
      `${analytics}/${pipeline}`,
      {
        ...(pipeline === 'cases' ? cases : investors),
        schema: {
          ...schema,
          operationId,
          summary,
          querystring: pipeline === 'cases' ? CaseAnalyticsQuery : ClientAnalyticsQuery,
          response: { 200: dataOf(PipelineAnalytics), ...errors },
        },
      },
      async (request) => ({
        data: await service.pipelineAnalytics(serviceContext(request), pipeline, request.query),
      }),
    );
  pipelineRoute(
    'cases',
    'getCasePipelineAnalytics',
    'Case pipeline over a period, optionally of one AO (ao_id) or domain: conversion, time in stage (median, p90), funnel; cases stuck now',
  );
  pipelineRoute(
    'clients',
    'getClientPipelineAnalytics',
    'Contact pipeline p0–p6 over a period, optionally of one owner (employee_id) or domain: conversion, time in stage, funnel; clients stuck now',
  );
};
