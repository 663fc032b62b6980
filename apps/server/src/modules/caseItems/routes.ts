import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  CaseParam,
  ErrorResponse,
  OkResponse,
  PageQuery,
  type StaffPermission,
  dataOf,
  listOf,
} from '@dealflow/domain';
import { bearerSecurity, requireStaff, serviceContext } from '../../plugins/auth.ts';
import type { ServiceContext } from '../../lib/context.ts';

/** Pieces every sub-resource route of a case repeats. */
export const caseItemRoute = {
  v1: '/api/internal/v1/cases',
  errors: { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse },
  notFound: { 404: ErrorResponse },
  ok: OkResponse,
  read: { onRequest: requireStaff('cases.read') },
  write: { onRequest: requireStaff('cases.write') },
  /** ir and sa read these too (client-facing summaries). */
  summary: { onRequest: requireStaff('cases.summary') },
  schema: (tag: string) => ({ tags: [tag], security: bearerSecurity }),
} as const;

export const OK = { data: { ok: true as const } };

/** What a case item's service offers the routes (see `caseItemService`). */
export interface CaseItemRouteService<View, Create, Update, Query> {
  list: (ctx: ServiceContext, caseId: number, q: Query) => Promise<{ rows: View[]; count: number }>;
  create: (ctx: ServiceContext, caseId: number, input: Create) => Promise<View>;
  update: (ctx: ServiceContext, caseId: number, id: number, input: Update) => Promise<View>;
  remove: (ctx: ServiceContext, caseId: number, id: number) => Promise<void>;
}

/** One kind of case item: its path, contracts, service and presenter; the routes are the same for all. */
export interface CaseItemRouteSpec<
  Item extends z.ZodType,
  Params extends z.ZodObject,
  Create extends z.ZodType,
  Update extends z.ZodType,
  Query extends z.ZodType,
  View,
> {
  /** OpenAPI tag. */
  tag: string;
  /** The segment after `/api/internal/v1/cases/:id/`. */
  path: string;
  /** Names the operations: `listCase<many>`, `createCase<one>`, `updateCase<one>`, `deleteCase<one>`. */
  names: { one: string; many: string };
  /** Summaries of the list, create, update and delete operations. */
  summaries: readonly [list: string, create: string, update: string, remove: string];
  contracts: {
    item: Item;
    /** `{ id, <itemParam> }`. */
    params: Params;
    create: Create;
    update: Update;
    /** The list query; paging by default. */
    query?: Query;
  };
  service: CaseItemRouteService<View, z.output<Create>, z.output<Update>, z.output<Query>>;
  present: (view: View) => z.output<Item>;
  /** Who reads and who writes (the policy table's permissions); cases.read / cases.write by default. */
  policies?: { read: StaffPermission; write: StaffPermission };
}

/**
 * The list/create/update/delete routes of one kind of case item, at
 * `/api/internal/v1/cases/:id/<path>[/:<itemParam>]`: a missing case or item is 404, a body or
 * query the contract refuses is 400, and each answer goes through the item's presenter.
 */
export function defineCaseItemRoutes<
  Item extends z.ZodType,
  Params extends z.ZodObject,
  Create extends z.ZodType,
  Update extends z.ZodType,
  View,
  Query extends z.ZodType = typeof PageQuery,
>(spec: CaseItemRouteSpec<Item, Params, Create, Update, Query, View>): FastifyPluginAsyncZod {
  const { tag, path, names, contracts, service, present } = spec;
  const [listSummary, createSummary, updateSummary, removeSummary] = spec.summaries;
  const policies = spec.policies ?? { read: 'cases.read', write: 'cases.write' };
  // The one path parameter besides the case's `id` names the item (`calendarId`…).
  const [itemParam, ...others] = Object.keys(contracts.params.shape).filter((key) => key !== 'id');
  if (!itemParam || others.length || !('id' in contracts.params.shape)) {
    throw new Error(`${tag}: params must be the case id and one item id`);
  }
  const base = `${caseItemRoute.v1}/:id/${path}`;
  const one = `${base}/:${itemParam}`;
  const tags = [tag];
  const errors = { ...caseItemRoute.errors, ...caseItemRoute.notFound };
  const read = { onRequest: requireStaff(policies.read) };
  const write = { onRequest: requireStaff(policies.write) };
  const params = contracts.params as z.ZodObject;
  // Typed through the spec (present returns the item's type); the routes see plain schemas.
  const item: z.ZodType = contracts.item;
  // The zod provider cannot follow generic contracts: the values are validated by them all the same.
  type ItemParams = { id: number } & Record<string, number>;
  const itemId = (request: { params: unknown }) => (request.params as ItemParams)[itemParam] as number;

  return async (app) => {
    app.get(
      base,
      {
        ...read,
        schema: {
          tags,
          operationId: `listCase${names.many}`,
          summary: listSummary,
          params: CaseParam,
          querystring: contracts.query ?? PageQuery,
          response: { 200: listOf(item), ...errors },
        },
      },
      async (request) => {
        const { rows, count } = await service.list(
          serviceContext(request),
          request.params.id,
          request.query as z.output<Query>,
        );
        return { data: { result: rows.map(present), count } };
      },
    );

    app.post(
      base,
      {
        ...write,
        schema: {
          tags,
          operationId: `createCase${names.one}`,
          summary: createSummary,
          params: CaseParam,
          body: contracts.create,
          response: { 200: dataOf(item), ...errors },
        },
      },
      async (request) => ({
        data: present(
          await service.create(serviceContext(request), request.params.id, request.body as z.output<Create>),
        ),
      }),
    );

    app.put(
      one,
      {
        ...write,
        schema: {
          tags,
          operationId: `updateCase${names.one}`,
          summary: updateSummary,
          params,
          body: contracts.update,
          response: { 200: dataOf(item), ...errors },
        },
      },
      async (request) => {
        const { id } = request.params as ItemParams;
        const view = await service.update(
          serviceContext(request),
          id,
          itemId(request),
          request.body as z.output<Update>,
        );
        return { data: present(view) };
      },
    );

    app.delete(
      one,
      {
        ...write,
        schema: {
          tags,
          operationId: `deleteCase${names.one}`,
          summary: removeSummary,
          params,
          response: { 200: OkResponse, ...errors },
        },
      },
      async (request) => {
        const { id } = request.params as ItemParams;
        await service.remove(serviceContext(request), id, itemId(request));
        return OK;
      },
    );
  };
}
