import type { preValidationAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  type ErrorCode,
  ErrorResponse,
  OkResponse,
  PageQuery,
  type StaffPermission,
  dataOf,
  listOf,
} from '@dealflow/domain';
import { AppError } from '../../lib/errors.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { requireStaff, requireStartupOrStaff, serviceContext } from '../../plugins/auth.ts';

export const OK = { data: { ok: true as const } };

/** The answers every item route may give besides its 200. */
export const itemErrors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };

/** A kind of record whose items hang under its path: `/api/internal/v1/cases/:id/<items>`. */
export interface ItemRouteParent {
  /** The parents' collection path (`/api/internal/v1/cases`). */
  base: string;
  /** The path parameter naming the parent. */
  param: string;
  /** Names the operations: `list<name><many>`, `create<name><one>`… */
  name: string;
  /** Who reads and who writes the parent's items (the policy table's permissions). */
  policies: { read: StaffPermission; write: StaffPermission };
}

/**
 * An empty id in the path (`clients//contact`) gets the SPEC section 8 message rather than a
 * generic validation error; it runs after authentication, before the params are validated.
 */
export function requireIds(code: ErrorCode, names: readonly string[]): preValidationAsyncHookHandler {
  return async (request) => {
    const params = request.params as Record<string, string | undefined>;
    if (names.some((n) => (params[n] ?? '').trim() === '')) throw new AppError(code);
  };
}

/** What an item's service offers the routes (see `itemService`). */
export interface ItemRouteService<View, Create, Update, Query> {
  list: (ctx: ServiceContext, parentId: number, q: Query) => Promise<{ rows: View[]; count: number }>;
  get?: (ctx: ServiceContext, parentId: number, id: number) => Promise<View>;
  create: (ctx: ServiceContext, parentId: number, input: Create) => Promise<View>;
  update: (ctx: ServiceContext, parentId: number, id: number, input: Update) => Promise<View>;
  remove?: (ctx: ServiceContext, parentId: number, id: number) => Promise<void>;
}

/** One kind of item: its path, contracts, service and presenter; the routes are the same for all. */
export interface ItemRouteSpec<
  Item extends z.ZodType,
  Params extends z.ZodObject,
  Create extends z.ZodType,
  Update extends z.ZodType,
  Query extends z.ZodType,
  View,
> {
  /** OpenAPI tag. */
  tag: string;
  /** The segment after the parent's path (`todo` in `/cases/:id/todo`). */
  path: string;
  /** Names the operations: `list<Parent><many>`, `create<Parent><one>`, `update…`, `get…`, `delete…`. */
  names: { one: string; many: string };
  /** One summary per operation; the optional ones are served only when summarized. */
  summaries: { list: string; create: string; update: string; get?: string; remove?: string };
  contracts: {
    item: Item;
    /** The parent's id and one item id. */
    params: Params;
    create: Create;
    update: Update;
    /** The list query; paging by default. */
    query?: Query;
  };
  service: ItemRouteService<View, z.output<Create>, z.output<Update>, z.output<Query>>;
  present: (view: View) => z.output<Item>;
  /** Who reads and who writes, when not the parent's permissions. */
  policies?: { read: StaffPermission; write: StaffPermission };
  /** The SPEC section 8 errors of an empty id in the path: of the parent, of parent or item. */
  missingIds?: { parent: ErrorCode; item: ErrorCode };
  /**
   * A list path SPEC section 7 shares with a startup call (`v1/cases/{userId}/info`): with a
   * startup token the parameter is the startup's user id and this answers instead. The principal
   * decides; the OpenAPI document lists both answers.
   */
  startupList?: {
    summary: string;
    response: z.ZodType;
    handler: (ctx: ReturnType<typeof serviceContext>, parentId: number) => Promise<unknown>;
  };
}

/**
 * The list/create/update(/get/delete) routes of one kind of item, at
 * `<parent base>/:<parent param>/<path>[/:<item param>]`: a missing parent or item is 404, a body
 * or query the contract refuses is 400, and each answer goes through the item's presenter.
 */
export function defineItemRoutes<
  Item extends z.ZodType,
  Params extends z.ZodObject,
  Create extends z.ZodType,
  Update extends z.ZodType,
  View,
  Query extends z.ZodType = typeof PageQuery,
>(
  parent: ItemRouteParent,
  spec: ItemRouteSpec<Item, Params, Create, Update, Query, View>,
): FastifyPluginAsyncZod {
  const { tag, path, names, contracts, service, present, summaries } = spec;
  const policies = spec.policies ?? parent.policies;
  // The one path parameter besides the parent's names the item (`calendarId`…).
  const keys = Object.keys(contracts.params.shape);
  const [itemParam, ...others] = keys.filter((key) => key !== parent.param);
  if (!itemParam || others.length || !keys.includes(parent.param)) {
    throw new Error(`${tag}: params must be the ${parent.name} id and one item id`);
  }
  if (summaries.remove && !service.remove) throw new Error(`${tag}: a delete route needs service.remove`);
  if (summaries.get && !service.get) throw new Error(`${tag}: a get route needs service.get`);
  const base = `${parent.base}/:${parent.param}/${path}`;
  const one = `${base}/:${itemParam}`;
  const tags = [tag];
  const read = { onRequest: requireStaff(policies.read) };
  const write = { onRequest: requireStaff(policies.write) };
  const missing = spec.missingIds;
  const parentOnly = missing ? { preValidation: requireIds(missing.parent, [parent.param]) } : {};
  const both = missing ? { preValidation: requireIds(missing.item, [parent.param, itemParam]) } : {};
  const params = contracts.params as z.ZodObject;
  const parentParams = params.pick({ [parent.param]: true } as Record<string, true>);
  // Typed through the spec (present returns the item's type); the routes see plain schemas.
  const item: z.ZodType = contracts.item;
  // The zod provider cannot follow generic contracts: the values are validated by them all the same.
  type ItemParams = Record<string, number>;
  const ids = (request: { params: unknown }) => {
    const p = request.params as ItemParams;
    return { parentId: p[parent.param] as number, id: p[itemParam] as number };
  };
  const op = (verb: string, noun: string) => `${verb}${parent.name}${noun}`;

  const startupList = spec.startupList;
  const listRead = startupList ? { onRequest: requireStartupOrStaff(policies.read) } : read;

  return async (app) => {
    app.get(
      base,
      {
        ...listRead,
        ...parentOnly,
        schema: {
          tags,
          operationId: op('list', names.many),
          summary: startupList
            ? `${summaries.list}. With a startup token: ${startupList.summary}`
            : summaries.list,
          params: parentParams,
          querystring: contracts.query ?? PageQuery,
          response: {
            200: startupList ? z.union([listOf(item), dataOf(startupList.response)]) : listOf(item),
            ...itemErrors,
          },
        },
      },
      async (request) => {
        const ctx = serviceContext(request);
        if (startupList && ctx.actor?.kind === 'startup') {
          return { data: await startupList.handler(ctx, ids(request).parentId) };
        }
        const { rows, count } = await service.list(
          serviceContext(request),
          ids(request).parentId,
          request.query as z.output<Query>,
        );
        return { data: { result: rows.map(present), count } };
      },
    );

    app.post(
      base,
      {
        ...write,
        ...parentOnly,
        schema: {
          tags,
          operationId: op('create', names.one),
          summary: summaries.create,
          params: parentParams,
          body: contracts.create,
          response: { 200: dataOf(item), ...itemErrors },
        },
      },
      async (request) => ({
        data: present(
          await service.create(
            serviceContext(request),
            ids(request).parentId,
            request.body as z.output<Create>,
          ),
        ),
      }),
    );

    const get = service.get;
    if (summaries.get && get) {
      app.get(
        one,
        {
          ...read,
          ...both,
          schema: {
            tags,
            operationId: op('get', names.one),
            summary: summaries.get,
            params,
            response: { 200: dataOf(item), ...itemErrors },
          },
        },
        async (request) => {
          const { parentId, id } = ids(request);
          return { data: present(await get(serviceContext(request), parentId, id)) };
        },
      );
    }

    app.put(
      one,
      {
        ...write,
        ...both,
        schema: {
          tags,
          operationId: op('update', names.one),
          summary: summaries.update,
          params,
          body: contracts.update,
          response: { 200: dataOf(item), ...itemErrors },
        },
      },
      async (request) => {
        const { parentId, id } = ids(request);
        const view = await service.update(
          serviceContext(request),
          parentId,
          id,
          request.body as z.output<Update>,
        );
        return { data: present(view) };
      },
    );

    const remove = service.remove;
    if (summaries.remove && remove) {
      app.delete(
        one,
        {
          ...write,
          ...both,
          schema: {
            tags,
            operationId: op('delete', names.one),
            summary: summaries.remove,
            params,
            response: { 200: OkResponse, ...itemErrors },
          },
        },
        async (request) => {
          const { parentId, id } = ids(request);
          await remove(serviceContext(request), parentId, id);
          return OK;
        },
      );
    }
  };
}
